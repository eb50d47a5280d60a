// Compile Python sources to bytecode with the vendored Pyodide's own CPython, so the page
// imports tapete from .pyc instead of compiling every module at every boot.
//
// Usage: node scripts/compile_pyc.mjs <sources-dir> <out-dir> [optimize]
// optimize: 0 (default) or 2 (as `python -OO`: no docstrings, no asserts; the .pyc is still named
// <module>.cpython-3XX.opt-2.pyc by compileall).
// Writes <out-dir>/<same relative path>/__pycache__/<module>.cpython-3XX.pyc for every .py
// under <sources-dir>. The .pyc files are "unchecked-hash" based (PEP 552): Python uses them
// without comparing against the source's mtime (which unzipping in the browser would not
// keep); scripts/build.py recompiles whenever any source changes. Exit 1 on a syntax error.
import { readdirSync, readFileSync, mkdirSync, writeFileSync, statSync } from "node:fs";
import { join, dirname, relative } from "node:path";
import { fileURLToPath } from "node:url";

const [srcDir, outDir, optimizeArg] = process.argv.slice(2);
const optimize = Number(optimizeArg || 0);
if (!srcDir || !outDir) {
  console.error("usage: node scripts/compile_pyc.mjs <sources-dir> <out-dir>");
  process.exit(2);
}
const here = dirname(fileURLToPath(import.meta.url));
const indexURL = join(here, "..", "node_modules", "pyodide") + "/";
const { loadPyodide } = await import(join(indexURL, "pyodide.mjs"));
// No column tables in the bytecode (as `python -X no_debug_ranges`): a traceback loses its ^^^ marks,
// the files a third of their size.
const py = await loadPyodide({ indexURL, env: { PYTHONNODEBUGRANGES: "1" }, stdout: () => {}, stderr: (s) => console.error(s) });

const walk = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });

const ROOT = "/tmp/tapete-src";
const files = walk(srcDir).filter((p) => p.endsWith(".py") && !p.includes("__pycache__"));
for (const path of files) {
  const target = `${ROOT}/${relative(srcDir, path)}`;
  py.FS.mkdirTree(dirname(target));
  py.FS.writeFile(target, new Uint8Array(readFileSync(path)));
}

const result = py.runPython(`
import compileall, os, py_compile, sys
ok = compileall.compile_dir(${JSON.stringify(ROOT)}, quiet=1, workers=1, optimize=${optimize},
                            invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
pycs = []
for base, dirs, names in os.walk(${JSON.stringify(ROOT)}):
    dirs.sort()
    pycs += [os.path.join(base, n) for n in sorted(names) if n.endswith(".pyc")]
[bool(ok), sys.implementation.cache_tag, pycs]
`).toJs();
const [ok, tag, pycs] = result;
if (!ok) {
  console.error("[compile_pyc] compileall reported errors");
  process.exit(1);
}
for (const pyc of pycs) {
  const out = join(outDir, relative(ROOT, pyc));
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, py.FS.readFile(pyc));
}
console.log(`[compile_pyc] ${pycs.length} module(s) compiled for ${tag}`);
