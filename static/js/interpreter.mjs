// The interpreter module PyScript loads (pyscript.toml: interpreter = "./static/js/interpreter.mjs"):
// the vendored Pyodide's loadPyodide, in three steps so that the page paints and PyScript's JS runs
// before Pyodide's long main-thread work:
// - prefetch(), which static/js/boot.mjs calls as soon as the page's <head> runs it: it opens the
//   IndexedDB database PyScript opens at boot (below). The boot downloads (the wasm included) were
//   started by index.html's preloads. Nothing here holds the main thread.
// - start(), which boot.mjs calls once the page has parsed (DOMContentLoaded): loadPyodide() of the
//   vendored Pyodide, whose main-thread set-up (pyodide.asm.mjs run, the wasm compiled from its
//   preload with WebAssembly.instantiateStreaming, the standard library written) then runs while
//   PyScript's chunks load and run. CPython's start-up, which holds the main thread for a long while
//   in one go, waits (Pyodide's fsInit hook) until PyScript calls loadPyodide(): PyScript's own JS,
//   and its IndexedDB cache, are then done and not held up behind it.
// - loadPyodide(), what PyScript calls: it gets the load already under way.
// The wasm is not compiled from <head> any more (issue 30, third round): measured, that moved the
// streaming compile's main-thread part before DOMContentLoaded (the page parsed ~300 ms later) and
// the boot was no faster (docs/benchmarks.md, "Where the boot's time goes").
// Output Python writes before PyScript has handed over its stdout/stderr goes to the console.
// docs/shell.md, "Boot sequence".
import { loadPyodide as load, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

const indexURL = new URL("../vendor/pyodide/", import.meta.url).href;
let io = { stdout: (line) => console.log(line), stderr: (line) => console.warn(line) };
let started = null;
let release = null;
const released = new Promise((resolve) => { release = resolve; });
let cache = null;

// PyScript (polyscript's pyodide engine) keeps a package cache in IndexedDB, "IDBMap/" + the
// directory of the config's interpreter URL as written there + "@" + Pyodide's version, with one
// object store "entries", and opens it before it calls loadPyodide(), even with no packages. Creating
// a database is slow on a first visit (the browser sets up the site's IndexedDB on disk): done here,
// while the page parses, PyScript's own open finds it. Same name and store as PyScript's, so nothing
// else is stored; if they ever differ, PyScript just creates its own as before.
function openCache() {
  return new Promise((resolve) => {
    try {
      const request = indexedDB.open(`IDBMap/./static/js@${version}`);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.length) request.result.createObjectStore("entries");
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
    } catch {
      resolve(null);           // no IndexedDB here: PyScript copes (or fails) on its own
    }
  });
}

/** From <head>: PyScript's database opened (created on a first visit) while the page parses. */
export function prefetch() {
  if (!cache) cache = openCache();
}

/** Start loading Pyodide (once): Promise<PyodideAPI>. CPython starts once PyScript calls loadPyodide(). */
export function start() {
  if (!started) {
    performance.mark("interpreter:loadPyodide");
    started = load({
      indexURL,
      stdout: (...args) => io.stdout(...args),
      stderr: (...args) => io.stderr(...args),
      // Pyodide waits for this before CPython starts; PyScript's JS runs meanwhile
      fsInit: () => {
        performance.mark("interpreter:set-up");
        return released.then(() => performance.mark("interpreter:python"));
      },
    });
    started.then(() => performance.mark("interpreter:up"), () => {});  // a failure reaches PyScript
    if (!cache) cache = openCache();
  }
  return started;
}

/** What PyScript calls: the load start() began, CPython now starting, with PyScript's stdout/stderr
 *  from now on. PyScript passes only those and indexURL while pyscript.toml lists no packages
 *  (scripts/build.py refuses a config that does); anything else would need a loadPyodide of its
 *  own, so it fails the boot. */
export function loadPyodide({ stdout, stderr, indexURL: _ignored, ...rest } = {}) {
  const unknown = Object.keys(rest);
  if (unknown.length) {
    return Promise.reject(new Error(`static/js/interpreter.mjs: PyScript passed loadPyodide options it cannot take: ${unknown.join(", ")}`));
  }
  if (stdout) io.stdout = stdout;
  if (stderr) io.stderr = stderr;
  release();
  const pyodide = start();
  cache.then((db) => db && db.close());      // PyScript has opened its own by now
  return pyodide;
}
