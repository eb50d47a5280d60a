#!/usr/bin/env python3
"""Build Tapete's static site (standard library only).

Steps, each skipped when its output is already up to date:

1. vendor: copy the Pyodide core runtime (npm ``pyodide``) into
   ``static/vendor/pyodide/``: the loader, the wasm and its JS glue as they are;
   ``pyodide-lock.json`` cut to its ``info`` (Tapete loads no packages); the
   standard library is step 3's;
2. trystero, noble: bundle npm ``trystero`` (the Nostr strategy, the package's default
   entry, patched by patches/ through ``npm ci``) with esbuild into ``static/vendor/trystero.mjs``,
   and what static/js/pake.js and keys.js take from ``@noble/curves`` and ``@noble/hashes`` into
   ``static/vendor/noble.mjs`` (ESM, minified); qr: npm ``qrcode-generator`` into
   ``static/vendor/qrcode.mjs`` (the join link's QR code, loaded on demand by static/js/qr.js);
   pyscript: bundle npm ``@pyscript/core`` from
   its sources with esbuild (split into chunks: its plugins, the editor and the terminal
   stay lazy) into ``static/vendor/pyscript/``, with npm ``polyscript`` as patched by
   patches/ (its worker hooks are read only when a worker is made: no ``Function()`` on
   the page, so the CSP needs no 'unsafe-eval'). Step 5 writes ``pyscript.toml`` into
   dist/index.html as JSON, with a ``<link rel=modulepreload>`` for every chunk PyScript
   loads at boot with that config (docs/shell.md, "Boot sequence");
3. stdlib: the standard library cut to what runs. scripts/trace_stdlib.mjs runs what
   the page runs before main.py (boot.mjs's missing-import recorder, PyScript's start-up:
   its package written and imported), then
   scripts/stdlib_exercise.py (every import written in the sources, every module,
   the self-test of every game, whole games with every bot level, a room played
   out, the error path) in the vendored Pyodide under node and lists the stdlib
   files loaded; ``static/vendor/pyodide/python_stdlib.zip`` holds just those,
   as bytecode compiled by the vendored Pyodide (stored, not deflated: the wire
   compression does better on the whole file).
   Cached in ``build/stdlib.json`` by a hash of its inputs;
4. zip: pack ``py/tapete/**`` into ``build/tapete.zip``
   (stored, for the same reason; ``.json`` files and sourceless bytecode, no
   ``.py``), deterministically (sorted names, fixed timestamps and
   permissions), so the same sources always give the same bytes. The zip also
   carries ``__pycache__/*.cpython-3XX.pyc`` compiled by the vendored Pyodide
   itself (scripts/compile_pyc.mjs, run with node; unchecked-hash pycs, redone
   whenever a source changes), so the page does not compile Python at boot; and
   ``pyscript/__pycache__/*.cpython-3XX.pyc`` for PyScript's own Python package, which
   PyScript writes as source into the working directory at every boot (the pycs beside
   it are used unchecked). ``TAPETE_NO_PYC=1`` leaves them out;
5. dist: assemble ``dist/``, a self-contained static folder: index.html (with
   the boot download sizes written in), main.py, tapete.zip, static/ (vendor
   included) and the icons drawn by scripts/icons.py. Files in dist/ that no
   longer have a source are removed. Then ``dist/sw.js``, the service worker for
   offline play: the template ``sw.js`` headed by this build's version (a hash
   of every other file in dist/) and its precache list (what the page loads to
   boot and play against bots, found from index.html and the JS modules'
   imports). Last, every compressible file gets a ``.br`` (node's zlib, quality
   11) and a ``.gz`` (level 9) beside it, for hosts that serve precompressed
   files (docs/shell.md).

The vendor step also copies npm ``morphdom``'s UMD build into ``static/vendor/morphdom/`` (the
table is patched with it: docs/shell.md, "Keyed updates and motion") and npm ``axe-core``'s ``axe.min.js`` into
``static/vendor/axe/`` (a dev dependency: the browser tests inject it, the page
never loads it). The rules step renders the "How to play" pages with
``tapete.ui.rules`` under this CPython into ``build/rules/<game>.<lang>.html``,
copied to ``dist/rules/`` (static HTML: the page shows them without Python).

Usage: python3 scripts/build.py [--step vendor|trystero|noble|qr|pyscript|zip|stdlib|rules|dist ...] [-q]
``npm ci`` must have run first (the Makefile does it).
"""

from __future__ import annotations

import argparse
import fcntl
import functools
import gzip
import hashlib
import html as htmllib
import io
import json
import os
import posixpath
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import icons  # noqa: E402  (scripts/icons.py: the app icons, drawn in Python)

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
STATIC = ROOT / "static"
VENDOR = STATIC / "vendor"
BUILD = ROOT / "build"
DIST = ROOT / "dist"
PY_SRC = ROOT / "py"
PACKAGE = PY_SRC / "tapete"

# Files of the npm `pyodide` package that the loader (pyodide.mjs) fetches.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
PYODIDE_COPIED = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")  # as npm has them
PYODIDE_VENDOR = VENDOR / "pyodide"
# Files of the page itself, copied to the root of dist/ (index.html: see write_index).
PAGE_FILES = ("index.html", "main.py")
# The Python shipped in tapete.zip: the package (and bytecode for PyScript's package, see step_zip).
ZIP_ROOTS = (PACKAGE,)
# PyScript: npm @pyscript/core bundled from its sources (step_pyscript), configured by pyscript.toml.
PYSCRIPT_NPM = "@pyscript/core"
PYSCRIPT_VENDOR = VENDOR / "pyscript"
PYSCRIPT_TOML = ROOT / "pyscript.toml"
PYSCRIPT_META = BUILD / "pyscript-meta.json"     # esbuild's metafile: which chunk imports which
# patches/polyscript+<version>.patch (applied by `npm ci`) makes polyscript's Hook read worker hooks
# lazily; this line of it must be in node_modules before anything is bundled.
POLYSCRIPT_PATCHED = ("esm/worker/hook.js", "get: () => worker?.[key]")
# Boot downloads whose sizes the progress line counts (index.html data-boot-sizes).
BOOT_FILES = ("static/vendor/pyodide/pyodide.asm.wasm", "static/vendor/pyodide/python_stdlib.zip",
              "static/vendor/pyodide/pyodide.asm.mjs", "tapete.zip")
# Written beside every file with one of these suffixes, when smaller: .br and .gz.
COMPRESSIBLE = (".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".svg", ".wasm", ".zip", ".py",
                ".txt", ".md")
COMPRESSED = (".gz", ".br")
# What goes into tapete.zip besides Python sources.
ZIP_SUFFIXES = (".py", ".json")
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
# The service worker: template at the root, written to dist/sw.js (its scope is the whole site).
SW_TEMPLATE = ROOT / "sw.js"
SW_NAME = "sw.js"
# Precached although index.html does not name them: the peer-to-peer settings (read when a room opens);
# the bot lab's page module and its Web Worker (imported only when the lab is used, so no boot cost, but
# the lab must work offline too; the worker's Pyodide and tapete.zip are precached already).
# The lab's editor module and stylesheet too; not the editor's CodeMirror chunks nor their map
# (static/vendor/pyscript/editor.json): offline, the lab's editor is a plain text box (docs/bots-lab.md).
SW_EXTRA = ("static/config.json", "static/js/lab.mjs", "static/js/lab_worker.mjs", "static/js/lab_editor.mjs",
            "static/css/lab.css")
# A module imported with import() is precached only up to this size: small lazy modules are; big
# ones only rooms need (p2p.js's Trystero) are not.
SW_DYNAMIC_MAX = 16 * 1024
PYSCRIPT_DIST = "static/vendor/pyscript/"
REF_RE = re.compile(r'(?:href|src|config)="\./([^"?#]+)"')
IMPORT_RE = re.compile(r"""\b(?:from|import)\s*(\(\s*)?["'](\.{1,2}/[^"'\s?#]+)["']""")

QUIET = False


def log(msg: str) -> None:
    if not QUIET:
        print(f"[build] {msg}", flush=True)


def rel(path: Path) -> str:
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)


def up_to_date(src: Path, dst: Path) -> bool:
    if not dst.exists():
        return False
    s, d = src.stat(), dst.stat()
    return s.st_size == d.st_size and int(s.st_mtime) == int(d.st_mtime)


def copy_file(src: Path, dst: Path) -> bool:
    """Copy src to dst keeping mtime; return True if anything was written."""
    if up_to_date(src, dst):
        return False
    dst.parent.mkdir(parents=True, exist_ok=True)
    tmp = dst.with_name(dst.name + ".tmp")
    shutil.copy2(src, tmp)
    os.replace(tmp, dst)
    return True


def sync_tree(pairs: dict[Path, Path], dst_root: Path, keep: tuple[Path, ...] = ()) -> int:
    """Copy every src->dst pair, then delete files under dst_root not in pairs nor in keep."""
    copied = sum(copy_file(s, d) for s, d in pairs.items())
    wanted = set(pairs.values()) | set(keep)
    if dst_root.exists():
        for path in sorted(dst_root.rglob("*"), reverse=True):
            if path.is_file() and path not in wanted:
                path.unlink()
                log(f"removed stale {rel(path)}")
            elif path.is_dir() and not any(path.iterdir()):
                path.rmdir()
    return copied


def need_node_modules(pkg: str) -> Path:
    path = NODE_MODULES / pkg
    if not (path / "package.json").exists():
        sys.exit(f"[build] missing node_modules/{pkg}: run `npm ci` (or `make setup`) first")
    return path


# 1. vendor ---------------------------------------------------------------
def minimal_lock(text: str) -> str:
    """pyodide-lock.json without its package list: loadPyodide fetches it at every boot and reads
    ``info`` (versions); Tapete installs no package, so the 120 KB list is never used."""
    return json.dumps({"info": json.loads(text)["info"], "packages": {}}, indent=1, sort_keys=True) + "\n"


def write_if_changed(path: Path, data: bytes) -> bool:
    if path.exists() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)
    return True


def step_vendor() -> None:
    pyodide = need_node_modules("pyodide")
    pairs = {pyodide / name: PYODIDE_VENDOR / name for name in PYODIDE_COPIED}
    missing = [rel(s) for s in [*pairs, pyodide / "pyodide-lock.json"] if not s.exists()]
    if missing:
        sys.exit(f"[build] npm pyodide lacks {missing}")
    keep = (PYODIDE_VENDOR / "pyodide-lock.json", PYODIDE_VENDOR / "python_stdlib.zip")
    n = sync_tree(pairs, PYODIDE_VENDOR, keep=keep)
    n += write_if_changed(keep[0], minimal_lock((pyodide / "pyodide-lock.json").read_text()).encode())
    axe = NODE_MODULES / "axe-core" / "axe.min.js"        # for the browser tests only (never loaded by the page)
    if axe.exists():
        n += sync_tree({axe: VENDOR / "axe" / "axe.min.js"}, VENDOR / "axe")
    else:
        log("vendor: node_modules/axe-core missing (npm ci): accessibility tests will fail")
    morph = need_node_modules("morphdom") / "dist" / "morphdom-umd.min.js"   # the table's keyed DOM patching
    n += sync_tree({morph: VENDOR / "morphdom" / "morphdom.min.js"}, VENDOR / "morphdom")
    log(f"vendor: {n} file(s) copied" if n else "vendor: up to date")


# 2. trystero, noble ------------------------------------------------------------
def bundle(name: str, entry_text: str, out: Path, packages: tuple[str, ...], extra: tuple[Path, ...] = ()) -> None:
    """Bundle ``entry_text`` (re-exports from npm ``packages``) with esbuild into ``out`` (ESM, minified),
    unless ``out`` is newer than those packages, the lock file, ``extra`` files and this script."""
    inputs = [need_node_modules(pkg) / "package.json" for pkg in packages]
    inputs += [ROOT / "package-lock.json", Path(__file__), *extra]
    if out.exists() and all(p.stat().st_mtime <= out.stat().st_mtime for p in inputs if p.exists()):
        log(f"{name}: up to date")
        return
    esbuild = NODE_MODULES / ".bin" / "esbuild"
    if not esbuild.exists():
        sys.exit("[build] node_modules/.bin/esbuild missing: run `npm ci`")
    out.parent.mkdir(parents=True, exist_ok=True)
    entry = VENDOR / f".{name}-entry.mjs"
    entry.write_text(entry_text)
    try:
        subprocess.run(
            [
                str(esbuild),
                str(entry),
                "--bundle",
                "--format=esm",
                "--minify",
                "--platform=browser",
                "--target=es2022",
                "--legal-comments=none",
                "--log-level=warning",
                f"--outfile={out}",
            ],
            check=True,
            cwd=ROOT,
        )
    finally:
        entry.unlink(missing_ok=True)
    log(f"{name}: bundled {rel(out)} ({out.stat().st_size // 1024} KiB)")


def step_trystero() -> None:
    # The package's default entry (the Nostr strategy) as one ESM file.
    core = need_node_modules("@trystero-p2p/core") / "dist"
    # patches/ (patch-package, applied by `npm ci`'s postinstall) fixes Trystero's stale offers, caps
    # what a peer may make us buffer and keeps retrying a relay after an outage (docs/multiplayer.md):
    # never bundle an unpatched copy.
    if any("tapete patch" not in (core / name).read_text() for name in ("offer-pool.mjs", "utils.mjs")):
        sys.exit("[build] node_modules/@trystero-p2p/core is not patched: run `npm ci` (applies patches/)")
    bundle("trystero", 'export * from "trystero";\n', VENDOR / "trystero.mjs", ("trystero",),
           (*sorted((ROOT / "patches").glob("*.patch")), *sorted(core.glob("*.mjs"))))


def step_noble() -> None:
    # What static/js/pake.js needs for SPAKE2 (RFC 9382, P-256, SHA-256, HKDF, HMAC), and static/js/keys.js
    # to verify Ed25519 signatures (RFC 8032) synchronously.
    bundle("noble", 'export { p256 } from "@noble/curves/nist.js";\n'
                    'export { ed25519 } from "@noble/curves/ed25519.js";\n'
                    'export { sha256, sha512 } from "@noble/hashes/sha2.js";\n'
                    'export { hkdf } from "@noble/hashes/hkdf.js";\n'
                    'export { hmac } from "@noble/hashes/hmac.js";\n',
           VENDOR / "noble.mjs", ("@noble/curves", "@noble/hashes"))


def step_qr() -> None:
    # The join link's QR code (issue 32): npm qrcode-generator as one ESM file, static/vendor/qrcode.mjs,
    # imported only by static/js/qr.js, which the page loads on demand (a room's lobby), never at boot.
    bundle("qr", 'export { qrcode } from "qrcode-generator";\n', VENDOR / "qrcode.mjs", ("qrcode-generator",))


# pyscript -------------------------------------------------------------------
def step_pyscript() -> None:
    """npm ``@pyscript/core`` bundled from its sources (``src/core.js``) with esbuild into
    static/vendor/pyscript/: ``core.js`` and chunks, every ``import()`` of PyScript (its plugins, the
    editor's CodeMirror, the terminal's xterm, polyscript's TOML and zip readers) a chunk of its own
    that loads only when asked for. From the sources, not npm's prebuilt ``dist/``, so that npm
    ``polyscript`` goes in as patched by patches/ (no ``Function()`` on a page that runs no worker).
    esbuild's metafile (build/pyscript-meta.json) says which chunks the boot needs (boot_chunks)."""
    core = need_node_modules(PYSCRIPT_NPM)
    polyscript = need_node_modules("polyscript")
    hook, patched = POLYSCRIPT_PATCHED
    if patched not in (polyscript / hook).read_text():
        sys.exit("[build] node_modules/polyscript is not patched: run `npm ci` (applies patches/)")
    out = PYSCRIPT_VENDOR / "core.js"
    inputs = [core / "package.json", polyscript / "package.json", polyscript / hook, ROOT / "package-lock.json",
              Path(__file__), *sorted((ROOT / "patches").glob("polyscript+*.patch"))]
    if out.exists() and PYSCRIPT_META.exists() and all(p.stat().st_mtime <= out.stat().st_mtime for p in inputs):
        log("pyscript: up to date")
        write_editor_map()
        return
    esbuild = NODE_MODULES / ".bin" / "esbuild"
    if not esbuild.exists():
        sys.exit("[build] node_modules/.bin/esbuild missing: run `npm ci`")
    staging = BUILD / "pyscript-out"
    shutil.rmtree(staging, ignore_errors=True)
    subprocess.run(
        [str(esbuild), str(core / "src" / "core.js"), "--bundle", "--splitting", "--format=esm", "--minify",
         "--platform=browser", "--target=es2022", "--legal-comments=none", "--log-level=warning",
         f"--outdir={staging}", "--entry-names=[name]", "--chunk-names=[name]-[hash]",
         # an import() polyscript's zip reader makes for streams only (MicroPython): npm's dist leaves it too
         "--external:@zip.js/zip.js",
         f"--metafile={PYSCRIPT_META}"],
        check=True, cwd=ROOT)
    shutil.rmtree(PYSCRIPT_VENDOR, ignore_errors=True)       # chunk names carry hashes: no stale ones
    staging.rename(PYSCRIPT_VENDOR)
    write_editor_map()
    boot = boot_chunks()
    size = sum((ROOT / "static" / p.removeprefix("static/")).stat().st_size for p in boot)
    log(f"pyscript: bundled {rel(PYSCRIPT_VENDOR)} ({len(list(PYSCRIPT_VENDOR.glob('*.js')))} chunks; "
        f"{len(boot)} load at boot, {size // 1024} KiB)")


# The CodeMirror modules PyScript's editor imports (src/3rd-party/codemirror*.js), by the name the bot lab
# asks for: static/js/lab_editor.mjs reads static/vendor/pyscript/editor.json when the lab opens.
EDITOR_MODULES = ("codemirror", "codemirror_state", "codemirror_view", "codemirror_commands",
                  "codemirror_language", "codemirror_lang-python")


def editor_chunks() -> dict[str, str]:
    """{module: its chunk's file name in static/vendor/pyscript/} for EDITOR_MODULES (from esbuild's
    metafile: the names carry hashes). None of them is a boot chunk (tests/site/test_build.py)."""
    outputs = json.loads(PYSCRIPT_META.read_text())["outputs"]
    found = {}
    for path, meta in outputs.items():
        entry = meta.get("entryPoint", "")
        match = re.search(r"/src/3rd-party/([\w-]+)\.js$", entry)
        if match and match.group(1) in EDITOR_MODULES and path.endswith(".js"):
            found[match.group(1)] = Path(path).name
    missing = [m for m in EDITOR_MODULES if m not in found]
    if missing:
        sys.exit(f"[build] PyScript's bundle has no chunk for {missing}")
    return found


def write_editor_map() -> None:
    """static/vendor/pyscript/editor.json: the bot lab's editor chunks (editor_chunks), for the page to
    import on the lab screen only (never preloaded, never imported at boot)."""
    write_if_changed(PYSCRIPT_VENDOR / "editor.json", json.dumps(editor_chunks(), indent=1, sort_keys=True).encode())


def pyscript_config() -> dict:
    """pyscript.toml, parsed (the source of the JSON that dist/index.html carries)."""
    import tomllib
    with PYSCRIPT_TOML.open("rb") as fh:
        return tomllib.load(fh)


def boot_chunks() -> list[str]:
    """The files of static/vendor/pyscript/ PyScript loads at boot with pyscript.toml, as dist paths,
    ``core.js`` first: core.js and what it imports statically, and every plugin the config does not
    switch off with ``!name`` plus ``error`` (PyScript imports it even when switched off, to keep it
    off the page), with what those import. The build preloads exactly these; the rest (the editor,
    the terminal, CodeMirror, xterm, the TOML and zip readers) loads only when a page asks."""
    outputs = json.loads(PYSCRIPT_META.read_text())["outputs"]
    by_name = {Path(path).name: meta for path, meta in outputs.items() if path.endswith(".js")}
    plugins = {}
    for name, meta in by_name.items():
        entry = meta.get("entryPoint", "")
        if re.search(r"/src/plugins/[\w-]+\.js$", entry):
            plugins[Path(entry).stem] = name
    wanted = pyscript_config().get("plugins", [])
    unknown = [p for p in wanted if p.lstrip("!") not in plugins]
    if unknown:
        sys.exit(f"[build] pyscript.toml names plugins PyScript does not have: {unknown} (it has {sorted(plugins)})")
    todo = ["core.js", *(chunk for key, chunk in sorted(plugins.items()) if key == "error" or f"!{key}" not in wanted)]
    seen: list[str] = []
    while todo:
        name = todo.pop(0)
        if name in seen:
            continue
        seen.append(name)
        todo += [Path(i["path"]).name for i in by_name[name]["imports"] if i["kind"] == "import-statement"]
    return [f"static/vendor/pyscript/{name}" for name in seen]


@functools.cache
def pyscript_python() -> dict[str, bytes]:
    """PyScript's Python package as PyScript writes it into the working directory at every boot
    (``{"pyscript/context.py": source, ...}``): @pyscript/core's ``src/stdlib/pyscript.js``, read by node."""
    node = shutil.which("node")
    if node is None:
        sys.exit("[build] PyScript's Python package is read with node (apt-get install nodejs)")
    module = (need_node_modules(PYSCRIPT_NPM) / "src" / "stdlib" / "pyscript.js").as_uri()
    text = subprocess.run([node, "--input-type=module", "-e",
                           f"const m = await import({json.dumps(module)}); process.stdout.write(JSON.stringify(m.default))"],
                          check=True, capture_output=True, text=True, cwd=ROOT).stdout
    files: dict[str, bytes] = {}

    def walk(prefix: str, tree: dict) -> None:
        for name, value in tree.items():
            if isinstance(value, str):
                files[f"{prefix}{name}"] = value.encode()
            else:
                walk(f"{prefix}{name}/", value)

    walk("", json.loads(text))
    if "pyscript/__init__.py" not in files:
        sys.exit("[build] @pyscript/core's src/stdlib/pyscript.js has no pyscript/__init__.py")
    return files


# 3. stdlib ------------------------------------------------------------------
def traced_stdlib() -> list[str]:
    """Paths inside npm pyodide's python_stdlib.zip that Tapete loads (scripts/trace_stdlib.mjs runs
    build/tapete.zip and main.py; it reads the sources in py/ for the imports they write). Cached in
    build/stdlib.json by a hash of every input."""
    pyodide = NODE_MODULES / "pyodide"
    tapete_zip, main_py = BUILD / "tapete.zip", ROOT / "main.py"
    if not tapete_zip.exists():
        step_zip()
    key = hashlib.sha256()
    for path in (pyodide / "package.json", NODE_MODULES / PYSCRIPT_NPM / "package.json", ROOT / "scripts" / "trace_stdlib.mjs",
                 ROOT / "scripts" / "stdlib_exercise.py", ROOT / "static" / "js" / "boot.mjs", tapete_zip, main_py,
                 *package_files()):
        key.update(path.read_bytes() + b"\0")
    digest = key.hexdigest()
    cache = BUILD / "stdlib.json"
    if cache.exists():
        cached = json.loads(cache.read_text())
        if cached.get("key") == digest:
            return cached["files"]
    node = shutil.which("node")
    if node is None:
        sys.exit("[build] the stdlib trace needs node (apt-get install nodejs)")
    out = BUILD / "stdlib-trace.json"
    subprocess.run([node, str(ROOT / "scripts" / "trace_stdlib.mjs"), str(tapete_zip), str(main_py), str(PY_SRC),
                    str(out)],
                   check=True, cwd=ROOT, stdout=subprocess.DEVNULL if QUIET else None)
    files = json.loads(out.read_text())["files"]
    out.unlink()
    cache.write_text(json.dumps({"key": digest, "files": files}, indent=1) + "\n")
    return files


def stdlib_bytes(full_zip: Path, names: list[str]) -> bytes:
    """A deterministic, stored (uncompressed) zip of ``names`` taken from ``full_zip``, as bytecode:
    ``a/b.py`` becomes ``a/b.pyc`` (compiled by the vendored Pyodide, unchecked-hash), which
    zipimport loads with no source beside it. Python then compiles nothing of its standard library
    at boot (the bare npm zip makes every boot compile what it imports). Compiled as ``python -OO
    -X no_debug_ranges`` would (no docstrings, no asserts, no column tables: CPython's own test
    suite runs its library under -OO): 0.62 MB brotli instead of 0.98. ``TAPETE_NO_PYC=1`` keeps
    the sources instead."""
    with zipfile.ZipFile(full_zip) as src:
        sources = {name: src.read(name) for name in names}
    if os.environ.get("TAPETE_NO_PYC"):
        return zip_bytes([], sources)
    compiled = pyodide_bytecode({n: d for n, d in sources.items() if n.endswith(".py")}, "stdlib-pyc", optimize=2)
    entries = {n: d for n, d in sources.items() if not n.endswith(".py")}
    entries.update({legacy_pyc_name(pyc): data for pyc, data in compiled.items()})
    missing = [n for n in sources if n.endswith(".py") and n[:-3] + ".pyc" not in entries]
    if missing:
        sys.exit(f"[build] no bytecode for {missing[:5]}")
    return zip_bytes([], entries)


def step_stdlib() -> None:
    full = need_node_modules("pyodide") / "python_stdlib.zip"
    names = traced_stdlib()
    data = stdlib_bytes(full, names)
    if write_if_changed(PYODIDE_VENDOR / "python_stdlib.zip", data):
        log(f"stdlib: {len(names)} of {len(zipfile.ZipFile(full).namelist())} entries, "
            f"{len(data)} bytes stored ({full.stat().st_size} deflated in npm pyodide)")
    else:
        log("stdlib: up to date")


# 4. zip --------------------------------------------------------------------
def package_files() -> list[Path]:
    if not PACKAGE.is_dir():
        sys.exit(f"[build] {rel(PACKAGE)} not found")
    files = [p for root in ZIP_ROOTS for p in ([root] if root.is_file() else root.rglob("*"))]
    return sorted(
        p
        for p in files
        if p.is_file()
        and p.suffix in ZIP_SUFFIXES
        and "__pycache__" not in p.parts
        and not any(part.startswith(".") for part in p.relative_to(PY_SRC).parts)
    )


def zip_bytes(files: list[Path], extra: dict[str, bytes] | None = None) -> bytes:
    """Deterministic zip of `files` (named relative to py/) plus `extra` {name: bytes}, stored: the
    server compresses the whole file (brotli/gzip), which beats deflating each member."""
    entries = {path.relative_to(PY_SRC).as_posix(): path.read_bytes() for path in files}
    entries.update(extra or {})
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as zf:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.compress_type = zipfile.ZIP_STORED
            info.external_attr = 0o100644 << 16
            info.create_system = 3
            zf.writestr(info, entries[name])
    return buf.getvalue()


def pyodide_bytecode(sources: dict[str, bytes], name: str, optimize: int = 0) -> dict[str, bytes]:
    """``{path/x.py: source}`` compiled by the vendored Pyodide under node (scripts/compile_pyc.mjs,
    without column tables) into ``{path/__pycache__/x.cpython-3XX[.opt-2].pyc: bytecode}``; cached
    under build/<name>/ by a hash of the sources, the compiler and the Pyodide version."""
    pyodide = NODE_MODULES / "pyodide" / "package.json"
    key = hashlib.sha256()
    key.update(pyodide.read_bytes() if pyodide.exists() else b"")
    key.update((ROOT / "scripts" / "compile_pyc.mjs").read_bytes() + str(optimize).encode())
    for path, data in sorted(sources.items()):
        key.update(path.encode() + b"\0" + data + b"\0")
    digest = key.hexdigest()
    cache = BUILD / name
    stamp = cache / ".key"
    if not (stamp.exists() and stamp.read_text() == digest):
        node = shutil.which("node")
        if node is None or not pyodide.exists():
            sys.exit("[build] bytecode needs node and node_modules/pyodide (npm ci), or set TAPETE_NO_PYC=1")
        staging = BUILD / f"{name}-src"
        shutil.rmtree(staging, ignore_errors=True)
        shutil.rmtree(cache, ignore_errors=True)
        for path, data in sources.items():
            target = staging / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        subprocess.run([node, str(ROOT / "scripts" / "compile_pyc.mjs"), str(staging), str(cache), str(optimize)],
                       check=True, cwd=ROOT, stdout=subprocess.DEVNULL if QUIET else None)
        shutil.rmtree(staging, ignore_errors=True)
        cache.mkdir(parents=True, exist_ok=True)
        stamp.write_text(digest)
    return {p.relative_to(cache).as_posix(): p.read_bytes() for p in sorted(cache.rglob("*.pyc"))}


def compiled_pycs(files: list[Path]) -> dict[str, bytes]:
    """Bytecode for the package `files`, compiled by the vendored Pyodide; cached under build/pyc/."""
    if os.environ.get("TAPETE_NO_PYC"):
        log("zip: TAPETE_NO_PYC set, no bytecode")
        return {}
    return pyodide_bytecode({p.relative_to(PY_SRC).as_posix(): p.read_bytes() for p in files if p.suffix == ".py"},
                            "pyc", optimize=2)


def legacy_pyc_name(pyc: str) -> str:
    """``a/__pycache__/b.cpython-314[.opt-2].pyc`` -> ``a/b.pyc``: where Python (and zipimport) load
    bytecode that has no source beside it."""
    folder, _, leaf = pyc.rpartition("__pycache__/")
    return folder + leaf.split(".", 1)[0] + ".pyc"


def package_entries(files: list[Path]) -> dict[str, bytes]:
    """What tapete.zip holds: the package's data files and, for every module, sourceless bytecode
    (``tapete/x.pyc``): 0.16 MB brotli, where sources + bytecode were 0.22 and sources alone 0.08
    (but compiled at every boot). Tracebacks keep file names and line numbers, not the line text.
    Compiled as ``-OO`` (no docstrings: 0.31 MB brotli where plain bytecode was 0.36 in December 2026),
    so the package never relies on ``assert`` or ``__doc__`` (tests/unit/test_optimized_bytecode.py checks).
    ``TAPETE_NO_PYC=1``: the sources instead."""
    data = {p.relative_to(PY_SRC).as_posix(): p.read_bytes() for p in files if p.suffix != ".py"}
    pycs = compiled_pycs(files)
    if not pycs:
        return {**data, **{p.relative_to(PY_SRC).as_posix(): p.read_bytes() for p in files if p.suffix == ".py"}}
    data.update({legacy_pyc_name(name): code for name, code in pycs.items()})
    missing = [p for p in files if p.suffix == ".py" and p.relative_to(PY_SRC).with_suffix(".pyc").as_posix() not in data]
    if missing:
        sys.exit(f"[build] no bytecode for {missing[:5]}")
    data.update(pyscript_pycs())
    return data


def pyscript_boot_modules() -> set[str]:
    """The files of PyScript's package that ``import pyscript`` loads: ``pyscript/__init__.py`` and the
    ``pyscript.*`` modules it imports when imported (not inside functions), transitively (read with
    ``ast``). The others (``pyscript.web``, ``.fs``, ``.media``) compile when a page first imports them."""
    import ast

    def imported(node) -> list[str]:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            return []
        names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                 else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else [])
        return names + [n for child in ast.iter_child_nodes(node) for n in imported(child)]

    sources = pyscript_python()
    todo, seen = ["pyscript/__init__.py"], set()
    while todo:
        name = todo.pop()
        if name in seen or name not in sources:
            continue
        seen.add(name)
        todo += [m.replace(".", "/") + ".py" for m in imported(ast.parse(sources[name])) if m.startswith("pyscript.")]
    return seen


def pyscript_pycs() -> dict[str, bytes]:
    """Bytecode for PyScript's Python package where Python looks for it beside a source,
    ``pyscript/__pycache__/<module>.cpython-3XX.pyc`` (unchecked-hash): PyScript writes the sources into
    the working directory at every boot, after static/js/boot.mjs has unpacked tapete.zip there
    (unzip(): the zip must stay *stored*), and ``import pyscript``
    then compiles nothing. Compiled from the very sources PyScript writes (pyscript_python), for the
    modules ``import pyscript`` loads (pyscript_boot_modules)."""
    sources = {name: code for name, code in pyscript_python().items() if name in pyscript_boot_modules()}
    pycs = pyodide_bytecode(sources, "pyscript-pyc")
    expected = {f"{posixpath.dirname(n)}/__pycache__/{posixpath.basename(n)[:-3]}" for n in sources if n.endswith(".py")}
    if {n.rsplit(".", 2)[0] for n in pycs} != expected:
        sys.exit(f"[build] PyScript's package compiled to {sorted(pycs)}")
    return pycs


def step_zip() -> Path:
    out = BUILD / "tapete.zip"
    data = zip_bytes([], package_entries(package_files()))
    if out.exists() and out.read_bytes() == data:
        log("zip: up to date")
        return out
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, out)
    log(f"zip: wrote {rel(out)} ({len(data)} bytes, sha256 {hashlib.sha256(data).hexdigest()[:12]})")
    return out


# rules -----------------------------------------------------------------------
RULES_BUILD = BUILD / "rules"


def step_rules() -> None:
    """Render the "How to play" pages (tapete.ui.rules, pure Python) into build/rules/."""
    if str(PY_SRC) not in sys.path:
        sys.path.insert(0, str(PY_SRC))
    from tapete.ui import rules
    files = rules.write_all(RULES_BUILD)
    for stale in set(RULES_BUILD.glob("*.html")) - set(files):
        stale.unlink()
    log(f"rules: {len(files)} page(s) in {rel(RULES_BUILD)}")


# 5. dist -------------------------------------------------------------------
def compressed_siblings(path: Path) -> tuple[Path, ...]:
    return tuple(path.with_name(path.name + ext) for ext in COMPRESSED)


def sync_dist(dist: Path = DIST) -> None:
    pairs: dict[Path, Path] = {}
    for name in PAGE_FILES:
        src = ROOT / name
        if not src.exists():
            sys.exit(f"[build] {name} missing")
        if name != "index.html":  # written by write_index
            pairs[src] = dist / name
    pairs[BUILD / "tapete.zip"] = dist / "tapete.zip"
    for src in sorted(RULES_BUILD.glob("*.html")):
        pairs[src] = dist / "rules" / src.name
    for src in sorted(STATIC.rglob("*")):
        if src.is_file() and not src.name.startswith(".") and not src.name.endswith(".tmp"):
            pairs[src] = dist / "static" / src.relative_to(STATIC)
    for src in icons.write_icons(BUILD / "icons"):
        pairs[src] = dist / "static" / "icons" / src.name
    written = [dist / SW_NAME, dist / "index.html"]
    keep = tuple(written) + tuple(c for d in [*pairs.values(), *written] for c in compressed_siblings(d))
    n = sync_tree(pairs, dist, keep=keep)
    log(f"dist: {n} file(s) copied into {rel(dist)}" if n else f"dist: {rel(dist)} up to date")


def boot_sizes(dist: Path) -> dict[str, list[int]]:
    """{path: [bytes, gzip bytes, brotli bytes]} of the big boot downloads, for the progress line."""
    sizes = {}
    for name in BOOT_FILES:
        path = dist / name
        raw = path.stat().st_size
        sizes[name] = [raw, *((c.stat().st_size if c.exists() else raw) for c in compressed_siblings(path))]
    return sizes


SETUP_MARKER = "<!-- build: setup forms -->"


def setup_templates() -> str:
    """The new-game form of every game in both languages, as the Python UI renders it with its
    defaults (tapete.ui.setup + the friends box), each in a ``<template data-setup="<game>"
    data-lang="<lang>">``: the shell shows them before Python is up (docs/shell.md). Rendered by the
    build's own CPython from py/ (the UI's HTML builders are pure Python)."""
    sys.path.insert(0, str(PY_SRC))
    try:
        from tapete.core import get, ids
        from tapete.ui.room_ui import render_friends_box
        from tapete.ui.setup import default_settings, render_setup
    finally:
        sys.path.remove(str(PY_SRC))
    out = []
    for game_id in ids():
        game = get(game_id)
        for lang in ("es", "en"):
            html = render_setup(lang, game, default_settings(game)) + render_friends_box(lang, "")
            out.append(f'<template data-setup="{game_id}" data-lang="{lang}">{html}</template>')
    return "\n  ".join(out)


PYSCRIPT_PRELOAD_MARKER = "<!-- build: pyscript modulepreload -->"
# the config's interpreter: the vendored Pyodide's loadPyodide, started by boot.mjs (docs/shell.md)
PYSCRIPT_INTERPRETER = "./static/js/interpreter.mjs"
PYSCRIPT_CONFIG_ATTR = 'config="./pyscript.toml"'
MPY_CONFIG = '<mpy-config src="./pyscript.toml" hidden></mpy-config>'


def pyscript_json(dist: Path = DIST) -> tuple[str, str]:
    """(the ``py`` config, the ``mpy`` config) as JSON: pyscript.toml as it is, and for MicroPython, which
    Tapete does not run, only its ``plugins`` (without an ``<mpy-config>`` PyScript imports every plugin
    for it). The interpreter named must be the vendored one (the page loads nothing from another host)."""
    config = pyscript_config()
    interpreter = config.get("interpreter", "")
    if interpreter != PYSCRIPT_INTERPRETER or not (dist / interpreter[2:]).is_file():
        sys.exit(f"[build] pyscript.toml: interpreter must be {PYSCRIPT_INTERPRETER} (the vendored Pyodide, "
                 f"started early by boot.mjs), not {interpreter!r}")
    if config.get("packages") or config.get("index_urls"):
        sys.exit("[build] pyscript.toml: no packages (static/js/interpreter.mjs passes PyScript no loadPyodide "
                 "options but stdout/stderr; a package belongs in tapete.zip)")
    compact = (",", ":")
    return json.dumps(config, separators=compact), json.dumps({"plugins": config.get("plugins", [])}, separators=compact)


def write_index(dist: Path = DIST) -> None:
    """dist/index.html: index.html with ``data-boot-sizes`` filled in (see boot_sizes), the
    pre-rendered setup forms in place of SETUP_MARKER (see setup_templates), pyscript.toml written in
    as JSON (the ``config`` of ``<script type="py">`` and the ``<mpy-config>``: no fetch, no TOML
    parser at boot) and a ``<link rel="modulepreload">`` for each chunk PyScript loads at boot
    (boot_chunks) in place of PYSCRIPT_PRELOAD_MARKER. (The rules pages need no list:
    static/js/ui.js fetches rules/<game>.<lang>.html when a ``data-rules`` button is pressed.)"""
    text = (ROOT / "index.html").read_text()
    marker = 'data-boot-sizes=""'
    for needed in (marker, SETUP_MARKER, PYSCRIPT_PRELOAD_MARKER, PYSCRIPT_CONFIG_ATTR, MPY_CONFIG):
        if text.count(needed) != 1:
            sys.exit(f"[build] index.html must hold {needed} once")
    sizes = json.dumps(boot_sizes(dist), separators=(",", ":")).replace('"', "&quot;")
    text = text.replace(marker, f'data-boot-sizes="{sizes}"')
    text = text.replace(SETUP_MARKER, setup_templates())
    py_config, mpy_config = pyscript_json(dist)
    text = text.replace(PYSCRIPT_CONFIG_ATTR, f'config="{htmllib.escape(py_config)}"')
    text = text.replace(MPY_CONFIG, f"<mpy-config hidden>{htmllib.escape(mpy_config, quote=False)}</mpy-config>")
    preloads = "\n  ".join(f'<link rel="modulepreload" href="./{path}">' for path in boot_chunks())
    text = text.replace(PYSCRIPT_PRELOAD_MARKER, preloads)
    write_if_changed(dist / "index.html", text.encode())


def compress_dist(dist: Path = DIST) -> None:
    """Write ``<file>.gz`` (gzip -9, no timestamp) and ``<file>.br`` (brotli quality 11, by node's zlib:
    scripts/brotli.mjs) beside every COMPRESSIBLE file of dist/, when smaller than the file. A sibling
    carries its source's mtime and is redone when that differs."""
    todo: list[tuple[Path, Path]] = []
    for path in sorted(dist.rglob("*")):
        if not path.is_file() or path.suffix not in COMPRESSIBLE or path.name.endswith(".tmp"):
            continue
        stamp = path.stat().st_mtime_ns
        gz, br = compressed_siblings(path)
        if not (gz.exists() and gz.stat().st_mtime_ns == stamp):
            data = path.read_bytes()
            packed = gzip.compress(data, 9, mtime=0)
            if len(packed) < len(data):
                write_if_changed(gz, packed)
                os.utime(gz, ns=(stamp, stamp))
            else:
                gz.unlink(missing_ok=True)
        if not (br.exists() and br.stat().st_mtime_ns == stamp):
            br.unlink(missing_ok=True)
            todo.append((path, br))
    if not todo:
        return
    node = shutil.which("node")
    if node is None:
        sys.exit("[build] brotli needs node (apt-get install nodejs)")
    jobs = json.dumps([[str(src), str(dst)] for src, dst in todo])
    subprocess.run([node, str(ROOT / "scripts" / "brotli.mjs")], input=jobs, text=True, check=True, cwd=ROOT)
    for src, dst in todo:
        if dst.exists():
            stamp = src.stat().st_mtime_ns
            os.utime(dst, ns=(stamp, stamp))
    log(f"compress: {len(todo)} file(s) brotli'd")


def dist_files(dist: Path) -> dict[str, Path]:
    """Every file of a built dist/ but the service worker and the .br/.gz copies, by URL path."""
    return {
        p.relative_to(dist).as_posix(): p
        for p in sorted(dist.rglob("*"))
        if p.is_file() and p.name != SW_NAME and not p.name.endswith((".tmp", *COMPRESSED))
    }


def build_version(files: dict[str, Path]) -> str:
    """A hash of every file's path and bytes: any change to the site gives a new version."""
    digest = hashlib.sha256()
    for path, src in sorted(files.items()):
        digest.update(path.encode() + b"\0" + hashlib.sha256(src.read_bytes()).digest())
    return digest.hexdigest()[:16]


def precache_list(files: dict[str, Path]) -> list[str]:
    """What the page needs to boot and play against bots: index.html's local references (stylesheets,
    scripts, preloads, icons, manifest), Pyodide's runtime, SW_EXTRA, and every module those scripts
    import (static imports always, import() up to SW_DYNAMIC_MAX bytes; none of PyScript's: the chunks
    it loads at boot are index.html's modulepreloads, its editor, terminal and other plugins are left
    to the network)."""
    todo = ["index.html", *SW_EXTRA, *(f"static/vendor/pyodide/{name}" for name in PYODIDE_FILES)]
    todo += [path for path in files if path.startswith("rules/")]   # the rules pages, when built
    todo += REF_RE.findall(files["index.html"].read_text())
    seen: set[str] = set()
    while todo:
        path = todo.pop()
        if path in seen or path not in files:
            continue
        seen.add(path)
        if path.endswith(".webmanifest"):   # the install icons
            icons_ = json.loads(files[path].read_text()).get("icons", [])
            todo += [posixpath.normpath(posixpath.join(posixpath.dirname(path), i["src"])) for i in icons_]
        if path.endswith((".js", ".mjs")):
            for dynamic, spec in IMPORT_RE.findall(files[path].read_text(errors="replace")):
                target = posixpath.normpath(posixpath.join(posixpath.dirname(path), spec))
                if dynamic and path.startswith(PYSCRIPT_DIST):
                    continue    # PyScript's lazy chunks: index.html preloads each one the boot loads
                if target in files and not (dynamic and files[target].stat().st_size > SW_DYNAMIC_MAX):
                    todo.append(target)
    return sorted(seen)


def write_service_worker(dist: Path = DIST) -> str:
    """(Re)write dist/sw.js for the files now in dist: the template sw.js headed by this build's
    VERSION and PRECACHE list. Returns the version."""
    files = dist_files(dist)
    version = build_version({**files, SW_NAME: SW_TEMPLATE})  # the worker's own code counts too
    precache = precache_list(files)
    text = (f"// Written by scripts/build.py from sw.js: this build's version and precache list.\n"
            f"const VERSION = {json.dumps(version)};\n"
            f"const PRECACHE = {json.dumps(precache, indent=1)};\n\n" + SW_TEMPLATE.read_text())
    out = dist / SW_NAME
    if not out.exists() or out.read_text() != text:
        tmp = out.with_name(out.name + ".tmp")
        tmp.write_text(text)
        os.replace(tmp, out)
        size = sum(files[p].stat().st_size for p in precache)
        log(f"sw: version {version}, {len(precache)} files to precache ({size / 2**20:.1f} MiB)")
    return version


def step_dist(dist: Path = DIST) -> None:
    sync_dist(dist)
    compress_dist(dist)      # first the files whose sizes index.html carries
    write_index(dist)
    write_service_worker(dist)
    compress_dist(dist)      # then index.html and sw.js


STEPS = {"vendor": step_vendor, "trystero": step_trystero, "noble": step_noble, "qr": step_qr,  # qr: issue 32
         "pyscript": step_pyscript, "zip": step_zip, "stdlib": step_stdlib,
         "rules": step_rules,
         "dist": step_dist}


def main(argv: list[str] | None = None) -> int:
    global QUIET
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--step", action="append", choices=list(STEPS), help="run only these steps (repeatable)")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    QUIET = args.quiet
    BUILD.mkdir(exist_ok=True)
    # One build at a time: parallel test workers (pytest-xdist) each ask for dist/ at start, and a test
    # runs one step; the second waits here and then finds everything up to date (a no-op).
    with open(BUILD / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        for name in args.step or list(STEPS):
            STEPS[name]()
    return 0


if __name__ == "__main__":
    sys.exit(main())
