// The interpreter module PyScript loads (pyscript.toml: interpreter = "./static/js/interpreter.mjs"):
// the vendored Pyodide's loadPyodide, started early. static/js/boot.mjs calls start() as soon as the
// page's <head> runs it: Pyodide's downloads and the wasm compile (off the main thread) run while
// the rest of the page parses and PyScript's chunks load and run. CPython's start-up, which holds
// the main thread for a long while in one go, waits (Pyodide's fsInit hook) until release(): boot.mjs
// calls it when PyScript's boot reaches its engine ("Loading Pyodide"), so that CPython starts while
// PyScript opens its IndexedDB cache, and PyScript's JS is not held up behind it. When PyScript
// calls loadPyodide() it gets that same load (and releases it, if nothing had).
// Output Python writes before PyScript has handed over its stdout/stderr goes to the console.
// docs/shell.md, "Boot sequence".
import { loadPyodide as load, version } from "../vendor/pyodide/pyodide.mjs";

export { version };

const indexURL = new URL("../vendor/pyodide/", import.meta.url).href;
let io = { stdout: (line) => console.log(line), stderr: (line) => console.warn(line) };
let started = null;
let release = null;
const released = new Promise((resolve) => { release = resolve; });

export { release };

/** Start loading Pyodide (once): Promise<PyodideAPI>. CPython starts once release() was called. */
export function start() {
  if (!started) {
    performance.mark("interpreter:loadPyodide");
    started = load({
      indexURL,
      stdout: (...args) => io.stdout(...args),
      stderr: (...args) => io.stderr(...args),
      // Pyodide waits for this before CPython starts; the downloads and the compile go on meanwhile
      fsInit: () => released.then(() => performance.mark("interpreter:python")),
    });
    started.then(() => performance.mark("interpreter:up"), () => {});  // a failure reaches PyScript
  }
  return started;
}

/** What PyScript calls: the load start() began, with PyScript's stdout/stderr from now on. PyScript
 *  passes only those and indexURL while pyscript.toml lists no packages (scripts/build.py refuses a
 *  config that does); anything else would need a loadPyodide of its own, so it fails the boot. */
export function loadPyodide({ stdout, stderr, indexURL: _ignored, ...rest } = {}) {
  const unknown = Object.keys(rest);
  if (unknown.length) {
    return Promise.reject(new Error(`static/js/interpreter.mjs: PyScript passed loadPyodide options it cannot take: ${unknown.join(", ")}`));
  }
  if (stdout) io.stdout = stdout;
  if (stderr) io.stderr = stderr;
  release();
  return start();
}
