// Boots Tapete through PyScript: loads the vendored PyScript (static/vendor/pyscript/core.js), which
// finds <script type="py" src="./main.py" config="…"> in index.html, loads Pyodide through the
// interpreter module the config names (pyscript.toml, written in as JSON by scripts/build.py:
// static/js/interpreter.mjs, the vendored Pyodide's loadPyodide), writes tapete.zip into Python's
// working directory ([files]; unpacked there by unzip() below) and runs main.py. docs/shell.md, "Boot sequence".
//
// index.html runs this module from <head> (async), before the page has parsed. At once it
// - counts the bytes of every file of the site fetched while booting (on a clone of each response,
//   so the wasm still compiles while it downloads, its body never passing through JS) and reports them with their
//   Content-Encoding to tapeteShell.received() (kept until shell.js, at the end of <body>, has run);
//   pyodide.asm.mjs, an import(), is counted by the shell when its resource timing entry appears, as
//   is a preload that finished before anyone fetched it. The shell shows "Preparing the cards… 1.2 / 3.9 MB";
// - opens the IndexedDB database PyScript opens at boot (static/js/interpreter.mjs prefetch());
//   the boot downloads were started by index.html's preloads.
// Once the page has parsed (DOMContentLoaded, so the page paints first) it starts Pyodide's
// main-thread set-up (interpreter.mjs start(): pyodide.asm.mjs run, the preloaded wasm compiled and
// instantiated) and imports PyScript; CPython's start-up waits until PyScript calls loadPyodide(), which gets that
// load.
// It adds to PyScript's hooks (its API for this): once
// Python is up (hooks.main.onReady, before PyScript imports its own Python package and before
// main.py) the missing-import recorder goes on sys.meta_path, Python's stderr goes to console.warn
// (PyScript sends it to console.error), a Python error PyScript reports fails the boot visibly, and
// the shell moves to "Setting the table…".
// PyScript's error banners are off (plugins "!error" in pyscript.toml): the shell shows boot errors.
const site = new URL("../../", import.meta.url);
const parsed = document.readyState === "loading"
  ? new Promise((resolve) => document.addEventListener("DOMContentLoaded", resolve, { once: true }))
  : Promise.resolve();
const early = new Map();        // path -> [bytes, encoding] that arrived before shell.js ran
function received(name, bytes, encoding) {
  if (window.tapeteShell) window.tapeteShell.received(name, bytes, encoding);
  else early.set(name, [bytes, encoding]);
}

// The standard library is cut to what Tapete runs (scripts/build.py, step stdlib). So that a path the
// cut missed is seen, every import that finds no module is recorded (a finder last on sys.meta_path),
// PyScript's own imports included: window.tapeteMissingImports() returns them as JSON; the browser
// tests compare them with the full standard library. scripts/trace_stdlib.mjs runs this code too.
const RECORD_MISSING = `
import json
import sys

import js
from pyodide.ffi import create_proxy

MISSING = []


class _RecordMissing:
    """Last on sys.meta_path: sees only imports no other finder could satisfy."""

    @staticmethod
    def find_spec(name, path=None, target=None):
        MISSING.append(name)
        return None


sys.meta_path.append(_RecordMissing)
js.tapeteMissingImports = create_proxy(lambda: json.dumps(MISSING))
`;

// tapete.zip is written by PyScript's [files] as one file (pyscript.toml), not unpacked by it: PyScript's
// unpack (Pyodide's unpackArchive: Python's shutil and zipfile imported and run) cost ~45 ms in node.
// The zip is *stored* (scripts/build.py: no member is deflated), so its members are plain slices of
// it: unzip() writes them into the working directory straight through Emscripten's FS, from JS, before
// PyScript writes its own package there (its bytecode, pyscript/__pycache__/, comes in the zip).
// Importing the zip in place instead (zipimport, the zip on sys.path) was measured slower: zipimport
// reads each module through pure Python (docs/benchmarks.md). A deflated member (never built) falls
// back to Pyodide's unpackArchive.
const ZIP = "tapete.zip";
function unzip(pyodide) {
  const { FS } = pyodide;
  const cwd = FS.cwd();
  const bytes = FS.readFile(`${cwd}/${ZIP}`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = bytes.byteLength - 22;                      // the end record (the build writes no comment)
  if (end < 0 || view.getUint32(end, true) !== 0x06054b50) throw new Error(`${ZIP}: no end of central directory`);
  const count = view.getUint16(end + 10, true);
  const members = [];
  let at = view.getUint32(end + 16, true);
  for (let i = 0; i < count; i++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error(`${ZIP}: bad central directory`);
    const method = view.getUint16(at + 10, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (method !== 0) {                                   // deflated: let Pyodide do it all
      pyodide.unpackArchive(bytes, "zip", { extractDir: cwd });
      return;
    }
    const data = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    members.push([name, data, size]);
  }
  for (const [name, data, size] of members) {
    if (name.endsWith("/")) continue;
    const slash = name.lastIndexOf("/");
    if (slash > 0) FS.mkdirTree(`${cwd}/${name.slice(0, slash)}`);
    FS.writeFile(`${cwd}/${name}`, bytes.subarray(data, data + size));
  }
  FS.unlink(`${cwd}/${ZIP}`);                             // its members are copies: 1.4 MB freed
}

const realFetch = window.fetch;
function counting(response) {
  const url = new URL(response.url, location.href);
  if (!response.body || url.origin !== site.origin || !url.pathname.startsWith(site.pathname)) return response;
  // a file whose download has finished (a preload: tapete.zip by the time PyScript asks for it) was
  // counted from its resource timing entry: nothing to stream through the counter
  if (performance.getEntriesByName(url.href, "resource").some((e) => e.responseEnd > 0)) return response;
  const name = url.pathname.slice(site.pathname.length);
  const encoding = response.headers.get("content-encoding") || "";
  // The bytes are counted on a copy (Response.clone(): the browser tees the body below JS); the page
  // gets the response itself, whose body still flows natively into the wasm compiler or arrayBuffer().
  const reader = response.clone().body.getReader();
  let seen = 0;
  const pump = () => reader.read().then(({ done, value }) => {
    if (done) return;
    seen += value.byteLength;
    received(name, seen, encoding);
    pump();
  }, () => {});     // the page's own read of the body reports a failed download
  pump();
  return response;
}
window.fetch = function (input, init) {
  return realFetch.call(this, input, init).then(counting);
};

function pythonUp({ interpreter, io }) {
  const shell = window.tapeteShell;
  window.fetch = realFetch;                 // every boot download has been asked for
  shell.stage("app");
  unzip(interpreter);
  interpreter.runPython(RECORD_MISSING, { globals: interpreter.toPy({}) });
  const stderr = io.stderr;
  io.stderr = (value, ...rest) => {
    if (typeof value === "string") return console.warn(value);   // Python's sys.stderr, line by line
    // an exception PyScript caught around Python it ran (its package, main.py): the boot cannot go on
    shell.fail((value && (value.message || value.stack)) || String(value));
    return stderr(value, ...rest);
  };
}

let failure = null;
let interpreter = null;
try {
  interpreter = await import("./interpreter.mjs");
  interpreter.prefetch();
} catch (error) {
  failure = error;
}
await parsed;
for (const [name, [bytes, encoding]] of early) window.tapeteShell.received(name, bytes, encoding);
early.clear();
try {
  if (failure) throw failure;
  interpreter.start();
  const { hooks } = await import("../vendor/pyscript/core.js");
  hooks.main.onReady.add(pythonUp);
} catch (error) {
  window.fetch = realFetch;
  window.tapeteShell.fail((error && (error.stack || error.message)) || String(error));
}
