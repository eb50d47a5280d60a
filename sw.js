/* Tapete's service worker: offline play after the first visit (docs/shell.md).
 *
 * scripts/build.py writes dist/sw.js as this file headed by two constants: VERSION (a hash of
 * every file of the build) and PRECACHE (paths, relative to this file, of what the page loads to
 * boot and play against bots). One cache per version, "tapete-<VERSION>"; older ones are deleted
 * when this worker activates.
 *
 * index.html and static/config.json: network first (cache when the network fails or is slower than
 * NETWORK_TIMEOUT_MS). Every other precached file: cache first. Anything else, and any other
 * origin, is left to the browser.
 */
const CACHE = "tapete-" + VERSION;
const NETWORK_FIRST = new Set(["index.html", "static/config.json"]);
const NETWORK_TIMEOUT_MS = 4000;
const PRECACHED = new Set(PRECACHE);
const BASE = new URL("./", self.location.href);

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    // no-cache: revalidate with the server, so a stale HTTP-cache copy never lands in a new version.
    await cache.addAll(PRECACHE.map((path) => new Request(new URL(path, BASE), { cache: "no-cache" })));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("tapete-") && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== BASE.origin || !url.pathname.startsWith(BASE.pathname)) return;
  let path = url.pathname.slice(BASE.pathname.length);
  if (path === "" && request.mode === "navigate") path = "index.html";
  if (NETWORK_FIRST.has(path)) event.respondWith(networkFirst(request, new URL(path, BASE).href));
  else if (PRECACHED.has(path)) event.respondWith(cacheFirst(request, new URL(path, BASE).href));
});

async function cacheFirst(request, key) {
  return (await caches.match(key, { cacheName: CACHE })) || fetch(request);
}

async function networkFirst(request, key) {
  const cache = await caches.open(CACHE);
  const network = fetch(request).then((response) => {
    if (response.ok) cache.put(key, response.clone());
    return response;
  });
  const timeout = new Promise((resolve) => setTimeout(resolve, NETWORK_TIMEOUT_MS));
  try {
    const response = await Promise.race([network, timeout]);
    if (response) return response;
  } catch (error) {
    /* offline or server gone: the cached copy below */
  }
  return (await cache.match(key)) || network;
}
