// Which standard-library files does Tapete need? Run, in the vendored Pyodide (full standard library)
// under node, what the page runs in Python: the missing-import recorder of static/js/boot.mjs,
// PyScript's own start-up (it writes its Python package into the working directory and imports it),
// then scripts/stdlib_exercise.py; list every module loaded from the stdlib zip.
//
// Usage: node scripts/trace_stdlib.mjs <tapete.zip> <main.py> <py-sources-dir> <out.json>
// The zip is unpacked as PyScript does with pyscript.toml's [files] (pyodide.unpackArchive into the
// working directory /home/pyodide), so that path's imports count too; main.py is put beside it; the
// sources (py/, the zip carries only bytecode) go to /tapete-src, where the exercise reads the
// imports they write. PyScript's JS side is not here: the two modules it registers before running
// Python (polyscript's `polyscript`, PyScript's `_pyscript`) are stubbed with the names its package
// reads. Writes {"python": "3.14", "files": [paths inside python_stdlib.zip]}: the modules in
// sys.modules whose file lies in the zip, with the __init__.py of every package on their way.
// Exit 1 if anything fails.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, dirname, relative } from "node:path";
import { fileURLToPath } from "node:url";

const [zipFile, mainFile, srcDir, outFile] = process.argv.slice(2);
if (!zipFile || !mainFile || !srcDir || !outFile) {
  console.error("usage: node scripts/trace_stdlib.mjs <tapete.zip> <main.py> <py-sources-dir> <out.json>");
  process.exit(2);
}
const here = dirname(fileURLToPath(import.meta.url));
const indexURL = join(here, "..", "node_modules", "pyodide") + "/";
// PyScript's package and the UI use `window` and `document`: give node a window and a document.
globalThis.window = globalThis;
globalThis.document = { baseURI: "http://localhost/" };
const { loadPyodide } = await import(join(indexURL, "pyodide.mjs"));
const py = await loadPyodide({ indexURL, stdout: () => {}, stderr: (s) => console.error(s) });
// What PyScript runs before main.py: its package's sources written into the working directory and
// `import pyscript` (@pyscript/core's src/stdlib.js builds that Python).
const { stdlib } = await import(join(here, "..", "node_modules", "@pyscript", "core", "src", "stdlib.js"));
const bootModule = readFileSync(join(here, "..", "static", "js", "boot.mjs"), "utf8");
const recorder = /const RECORD_MISSING = `([^`]*)`;/.exec(bootModule);
if (!recorder) {
  console.error("[trace_stdlib] static/js/boot.mjs has no RECORD_MISSING");
  process.exit(1);
}
py.registerJsModule("polyscript", {
  config: {}, js_modules: {}, workers: {}, currentScript: null, XWorker() {}, IDBMap: class {}, IDBMapSync: class {},
  lazy_py_modules: async () => [], storage: async () => ({}), JSON,
});
py.registerJsModule("_pyscript", {
  PyWorker() {}, fs: { ERROR: "", NAMESPACE: "" }, interpreter: {}, target: "",
  js_import: (...urls) => Promise.all(urls.map((url) => import(url))),
});

const ROOT = "/home/pyodide";
py.unpackArchive(new Uint8Array(readFileSync(zipFile)), "zip", { extractDir: ROOT });
py.FS.writeFile(`${ROOT}/main.py`, new Uint8Array(readFileSync(mainFile)));
const SOURCES = "/tapete-src";
const walk = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? (name === "__pycache__" ? [] : walk(path)) : [path];
  });
for (const path of walk(srcDir).filter((p) => p.endsWith(".py"))) {
  const target = `${SOURCES}/${relative(srcDir, path)}`;
  py.FS.mkdirTree(dirname(target));
  py.FS.writeFile(target, new Uint8Array(readFileSync(path)));
}
py.FS.writeFile(`${SOURCES}/main.py`, new Uint8Array(readFileSync(mainFile)));
const exercise = readFileSync(join(here, "stdlib_exercise.py"), "utf8");
try {
  py.FS.chdir(ROOT);
  py.runPython(recorder[1], { globals: py.toPy({}) });
  await py.runPythonAsync(stdlib, { filename: "pyscript-stdlib.py" });
  await py.runPythonAsync(`import sys\nsys.argv = ["stdlib_exercise", ${JSON.stringify(SOURCES)}, ${JSON.stringify(ROOT)}]`);
  await py.runPythonAsync(exercise, { filename: "stdlib_exercise.py" });
} catch (error) {
  console.error("[trace_stdlib] the exercise failed:", error.message || error);
  process.exit(1);
}
const result = py.runPython(`
import sys
zip_path = next(p for p in sys.path if p.endswith(".zip"))
files = set()
for name, module in list(sys.modules.items()):
    origin = getattr(getattr(module, "__spec__", None), "origin", None) or getattr(module, "__file__", None)
    if not origin or not origin.startswith(zip_path + "/"):
        continue
    inner = origin[len(zip_path) + 1:]
    files.add(inner)
    parts = inner.split("/")[:-1]
    for i in range(1, len(parts) + 1):
        files.add("/".join(parts[:i]) + "/__init__.py")
[f"{sys.version_info[0]}.{sys.version_info[1]}", sorted(files)]
`).toJs();
const [version, files] = result;
writeFileSync(outFile, JSON.stringify({ python: version, files }, null, 1) + "\n");
console.log(`[trace_stdlib] ${files.length} standard-library files used (Python ${version})`);
