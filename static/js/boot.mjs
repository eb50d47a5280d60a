// Boots Tapete: loads the vendored Pyodide directly (no PyScript), unpacks tapete.zip into Python's
// working directory and runs main.py, telling the shell (static/js/shell.js) how far it got.
//
// Why not PyScript: its own start-up (config fetch, plugins, its Python package) was most of the
// gap between the page and a bare loadPyodide() (docs/benchmarks.md); the UI keeps PyScript's API
// for the DOM through py/pyscript.py (`from pyscript import document, window`).
//
// Progress: while booting, every fetch of the page's own files is counted as its body streams in
// (a pass-through TransformStream, so the wasm still compiles while it downloads) and reported with
// its Content-Encoding to tapeteShell.received(); pyodide.asm.mjs, an import(), is reported when
// its resource timing entry appears. The shell turns that into "Preparing the cards… 1.2 / 3.9 MB".
const shell = window.tapeteShell;
const pyodideDir = new URL("../vendor/pyodide/", import.meta.url);
const site = new URL("../../", import.meta.url);

// pyscript.js_import (py/pyscript.py) needs import() from JavaScript.
window.tapeteImport = (url) => import(url);

const realFetch = window.fetch;
function counting(response) {
  const url = new URL(response.url, location.href);
  if (!response.body || url.origin !== site.origin || !url.pathname.startsWith(site.pathname)) return response;
  const name = url.pathname.slice(site.pathname.length);
  const encoding = response.headers.get("content-encoding") || "";
  let seen = 0;
  const counter = new TransformStream({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      shell.received(name, seen, encoding);
      controller.enqueue(chunk);
    },
  });
  return new Response(response.body.pipeThrough(counter), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
window.fetch = function (input, init) {
  return realFetch.call(this, input, init).then(counting);
};

async function fetchOk(path) {
  const response = await fetch(new URL(path, site));
  if (!response.ok) throw new Error(`Failed to load ${path}: HTTP ${response.status}`);
  return response;
}

try {
  const zip = fetchOk("tapete.zip").then((r) => r.arrayBuffer());
  const main = fetchOk("main.py").then((r) => r.text());
  zip.catch(() => {});   // reported by the await below, not as an unhandled rejection first
  main.catch(() => {});
  const { loadPyodide } = await import("../vendor/pyodide/pyodide.mjs");
  const pyodide = await loadPyodide({
    indexURL: pyodideDir.href,
    stdout: (line) => console.log(line),
    stderr: (line) => console.warn(line),
  });
  shell.stage("app");
  pyodide.unpackArchive(await zip, "zip", { extractDir: "/home/pyodide" });
  const source = await main;
  window.fetch = realFetch;
  await pyodide.runPythonAsync(source, { filename: "/home/pyodide/main.py" });
} catch (error) {
  window.fetch = realFetch;
  shell.fail((error && (error.stack || error.message)) || String(error));
}
