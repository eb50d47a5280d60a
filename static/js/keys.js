/* Signing keys this browser holds: Ed25519 (WebCrypto), generated non-extractable and kept in
 * IndexedDB ("tapete-keys"), so no script, extension-free copy of storage or saved file can carry
 * the private half away; only this origin in this browser profile can sign with it.
 *
 *   "seat": the key a guest's seats are bound to (the host files them under its hash, tapete.net.keys)
 *   "host": the current hosted room's key; the room link's `k` is its public half
 *
 *   await keys.seatKey()             -> public key (base64url, 32 bytes), made on first use
 *   await keys.newHostKey()          -> a fresh host key's public half (replaces the previous one)
 *   await keys.hostKey()             -> the stored host key's public half, or null
 *   await keys.sign(name, dataB64)   -> signature (base64url, 64 bytes)
 *   keys.verify(pubB64, dataB64, sigB64) -> true/false, synchronously (the room protocol's checks)
 *   keys.isHostKey(kB64)             -> true/false: a link's `k` that is a real key (no small-order point)
 *
 * Verification is @noble/curves' Ed25519 in strict RFC 8032 mode (`zip215: false`: canonical
 * encodings only), and a public key or an R of small order (the 8 points of the curve's torsion
 * subgroup: the identity key with R = identity and S = 0 "verifies" any message) is refused
 * outright. WebCrypto's verify is asynchronous and its small-order policy is the browser's: the
 * Python room protocol needs an answer now, the same in every browser. Checked against RFC 8032's
 * test vectors in tests/js/keys.test.mjs.
 *
 * Without IndexedDB (blocked storage) keys live in memory for this page only: seats then last as
 * long as the page. See docs/multiplayer.md ("Seats and keys").
 */
import { ed25519 } from "../vendor/noble.mjs";

const DB_NAME = "tapete-keys";
const STORE = "keys";
const memory = new Map(); // name -> Promise<{pair, pub}>

export const b64 = (bytes) =>
  btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
export const unb64 = (text) =>
  Uint8Array.from(atob(String(text).replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

let dbPromise = null;
function database() {
  if (!dbPromise) {
    const open = indexedDB.open(DB_NAME, 1);
    open.onupgradeneeded = () => open.result.createObjectStore(STORE);
    dbPromise = request(open);
  }
  return dbPromise;
}

async function stored(name) {
  try {
    const db = await database();
    return (await request(db.transaction(STORE).objectStore(STORE).get(name))) || null;
  } catch (err) {
    console.warn("tapete keys: IndexedDB unavailable, keys last this page only", err);
    return null;
  }
}

async function store(name, pair) {
  try {
    const db = await database();
    await request(db.transaction(STORE, "readwrite").objectStore(STORE).put(pair, name));
  } catch (err) {
    console.warn("tapete keys: could not keep the key", err);
  }
}

async function entry(pair) {
  return { pair, pub: b64(new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey))) };
}

async function generate(name) {
  // extractable = false: the private key can sign, never be exported (the public half always can)
  const pair = await crypto.subtle.generateKey({ name: "Ed25519" }, false, ["sign", "verify"]);
  await store(name, pair);
  return entry(pair);
}

function load(name, { create = true, fresh = false } = {}) {
  if (fresh || !memory.has(name)) {
    memory.set(name, (async () => {
      const pair = fresh ? null : await stored(name);
      if (pair) return entry(pair);
      return create || fresh ? generate(name) : null;
    })());
  }
  return memory.get(name);
}

export async function seatKey() {
  return (await load("seat")).pub;
}

export async function newHostKey() {
  return (await load("host", { fresh: true })).pub;
}

export async function hostKey() {
  const found = await load("host", { create: false });
  if (!found) memory.delete("host");
  return found ? found.pub : null;
}

export async function sign(name, dataB64) {
  const found = await load(name, { create: false });
  if (!found) throw new Error(`no ${name} key`);
  return b64(new Uint8Array(await crypto.subtle.sign({ name: "Ed25519" }, found.pair.privateKey, unb64(dataB64))));
}

const { Point } = ed25519;
const smallOrder = (bytes) => Point.fromBytes(bytes, false).isSmallOrder(); // throws on a non-canonical encoding

/** Can `kB64` be a room link's `k` (a host's public key)? 32 bytes in canonical base64url that decode to a
 * point (canonical y < p, on the curve) not of small order. Never throws. A link or a join-code answer
 * whose `k` is not is refused (static/js/codes.js; the same rule in Python: tapete.net.links.host_public). */
export function isHostKey(kB64) {
  try {
    const k = unb64(kB64);
    return typeof kB64 === "string" && k.length === 32 && b64(k) === kB64 && !smallOrder(k);
  } catch {
    return false;
  }
}

/** Is `sigB64` an Ed25519 signature of `dataB64` by `pubB64`? Never throws: anything malformed is false. */
export function verify(pubB64, dataB64, sigB64) {
  try {
    const pub = unb64(pubB64), data = unb64(dataB64), sig = unb64(sigB64);
    if (pub.length !== 32 || sig.length !== 64) return false;
    if (smallOrder(pub) || smallOrder(sig.subarray(0, 32))) return false;
    return ed25519.verify(sig, data, pub, { zip215: false }) === true;
  } catch {
    return false;
  }
}

export default { seatKey, newHostKey, hostKey, sign, verify, isHostKey };
