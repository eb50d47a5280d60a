// bench/boot.py's reference page: Tapete booted as it was before issue 30 (main 2397937's
// static/js/boot.mjs), without PyScript: Pyodide loaded directly (loadPyodide), tapete.zip unpacked
// with pyodide.unpackArchive, main.py run with runPythonAsync, the same byte counting for the
// progress line. What PyScript does for the page is done here by hand, as the old page did: the
// missing-import recorder, and `from pyscript import document, window` (then a shim in tapete.zip,
// here a module made in sys.modules). The bench copies it to static/js/direct-boot.mjs.
const shell = window.tapeteShell;
const pyodideDir = new URL("../vendor/pyodide/", import.meta.url);
const site = new URL("../../", import.meta.url);

const RECORD_MISSING = `
import json, sys
import js
from pyodide.ffi import create_proxy
MISSING = []
class _RecordMissing:
    @staticmethod
    def find_spec(name, path=None, target=None):
        MISSING.append(name)
        return None
sys.meta_path.append(_RecordMissing)
js.tapeteMissingImports = create_proxy(lambda: json.dumps(MISSING))
`;

// `from pyscript import document, window` (main.py, the UI), as the old shim gave them. In sys.modules:
// tapete.zip's pyscript/__pycache__/ (PyScript's bytecode) would otherwise be found as a namespace package.
const PYSCRIPT_API = `
import types
shim = types.ModuleType("pyscript")
shim.document = js.document
shim.window = js
sys.modules["pyscript"] = shim
`;

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
  zip.catch(() => {});
  main.catch(() => {});
  const { loadPyodide } = await import("../vendor/pyodide/pyodide.mjs");
  performance.mark("direct:loadPyodide");
  const pyodide = await loadPyodide({
    indexURL: pyodideDir.href,
    stdout: (line) => console.log(line),
    stderr: (line) => console.warn(line),
  });
  performance.mark("direct:loaded");
  shell.stage("app");
  pyodide.unpackArchive(await zip, "zip", { extractDir: "/home/pyodide" });
  performance.mark("direct:unpacked");
  pyodide.runPython(RECORD_MISSING + PYSCRIPT_API, { globals: pyodide.toPy({}) });
  const source = await main;
  window.fetch = realFetch;
  await pyodide.runPythonAsync(source, { filename: "/home/pyodide/main.py" });
} catch (error) {
  window.fetch = realFetch;
  shell.fail((error && (error.stack || error.message)) || String(error));
}
