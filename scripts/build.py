#!/usr/bin/env python3
"""Build Tapete's static site (standard library only).

Steps, each skipped when its output is already up to date:

1. vendor: copy the Pyodide core runtime (npm ``pyodide``) into
   ``static/vendor/pyodide/`` and PyScript's dist files (npm ``@pyscript/core``)
   into ``static/vendor/pyscript/``;
2. trystero, noble: bundle npm ``trystero`` (the Nostr strategy, the package's default
   entry) with esbuild into ``static/vendor/trystero.mjs``, and what static/js/pake.js takes from
   ``@noble/curves`` and ``@noble/hashes`` into ``static/vendor/noble.mjs`` (ESM, minified);
3. zip: pack ``py/tapete/**`` (``.py`` and ``.json`` files) into
   ``build/tapete.zip``, deterministically (sorted names, fixed timestamps and
   permissions), so the same sources always give the same bytes. The zip also
   carries ``__pycache__/*.cpython-3XX.pyc`` compiled by the vendored Pyodide
   itself (scripts/compile_pyc.mjs, run with node; unchecked-hash pycs, redone
   whenever a source changes), so the page does not compile Python at boot.
   ``TAPETE_NO_PYC=1`` leaves them out;
4. dist: assemble ``dist/``, a self-contained static folder: index.html,
   pyscript.toml, main.py, tapete.zip and static/ (vendor included). Files in
   dist/ that no longer have a source are removed. Last, ``dist/sw.js``, the
   service worker for offline play: the template ``sw.js`` headed by this
   build's version (a hash of every other file in dist/) and its precache list
   (what the page loads to boot and play against bots, found from index.html,
   pyscript.toml and the JS modules' imports).

The vendor step also copies npm ``axe-core``'s ``axe.min.js`` into
``static/vendor/axe/`` (a dev dependency: the browser tests inject it, the page
never loads it). The rules step renders the "How to play" pages with
``tapete.ui.rules`` under this CPython into ``build/rules/<game>.<lang>.html``,
copied to ``dist/rules/`` (static HTML: the page shows them without Python).

Usage: python3 scripts/build.py [--step vendor|trystero|noble|zip|rules|dist ...] [-q]
``npm ci`` must have run first (the Makefile does it).
"""

from __future__ import annotations

import argparse
import hashlib
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
# Files of the page itself, copied to the root of dist/.
PAGE_FILES = ("index.html", "pyscript.toml", "main.py")
# What goes into tapete.zip besides Python sources.
ZIP_SUFFIXES = (".py", ".json")
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
# The service worker: template at the root, written to dist/sw.js (its scope is the whole site).
SW_TEMPLATE = ROOT / "sw.js"
SW_NAME = "sw.js"
# Precached although index.html does not name them: the peer-to-peer settings (read when a room opens).
SW_EXTRA = ("static/config.json",)
# A module imported with import() is precached only up to this size: PyScript's plugins and TOML
# parser (a few KB, fetched at every boot) are; CodeMirror, xterm and the like (never requested by
# this page) are not.
SW_DYNAMIC_MAX = 16 * 1024
REF_RE = re.compile(r'(?:href|src|config)="\./([^"?#]+)"')
TOML_RE = re.compile(r'"\./([^"*?#]+)"')
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
def step_vendor() -> None:
    pyodide = need_node_modules("pyodide")
    pairs = {pyodide / name: VENDOR / "pyodide" / name for name in PYODIDE_FILES}
    missing = [rel(s) for s in pairs if not s.exists()]
    if missing:
        sys.exit(f"[build] npm pyodide lacks {missing}")
    n = sync_tree(pairs, VENDOR / "pyodide")

    pyscript_dist = need_node_modules("@pyscript/core") / "dist"
    pairs = {
        src: VENDOR / "pyscript" / src.relative_to(pyscript_dist)
        for src in sorted(pyscript_dist.rglob("*"))
        if src.is_file() and src.suffix != ".map"
    }
    n += sync_tree(pairs, VENDOR / "pyscript")

    axe = NODE_MODULES / "axe-core" / "axe.min.js"        # for the browser tests only (never loaded by the page)
    if axe.exists():
        n += sync_tree({axe: VENDOR / "axe" / "axe.min.js"}, VENDOR / "axe")
    else:
        log("vendor: node_modules/axe-core missing (npm ci): accessibility tests will fail")
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
    # patches/ (patch-package, applied by `npm ci`'s postinstall) fixes Trystero's stale offers and caps
    # what a peer may make us buffer (docs/multiplayer.md): never bundle an unpatched copy.
    if "tapete patch" not in (core / "offer-pool.mjs").read_text():
        sys.exit("[build] node_modules/@trystero-p2p/core is not patched: run `npm ci` (applies patches/)")
    bundle("trystero", 'export * from "trystero";\n', VENDOR / "trystero.mjs", ("trystero",),
           (*sorted((ROOT / "patches").glob("*.patch")), *sorted(core.glob("*.mjs"))))


def step_noble() -> None:
    # What static/js/pake.js needs for SPAKE2 (RFC 9382, P-256, SHA-256, HKDF, HMAC).
    bundle("noble", 'export { p256 } from "@noble/curves/nist.js";\n'
                    'export { sha256, sha512 } from "@noble/hashes/sha2.js";\n'
                    'export { hkdf } from "@noble/hashes/hkdf.js";\n'
                    'export { hmac } from "@noble/hashes/hmac.js";\n',
           VENDOR / "noble.mjs", ("@noble/curves", "@noble/hashes"))


# 3. zip --------------------------------------------------------------------
def package_files() -> list[Path]:
    if not PACKAGE.is_dir():
        sys.exit(f"[build] {rel(PACKAGE)} not found")
    return sorted(
        p
        for p in PACKAGE.rglob("*")
        if p.is_file()
        and p.suffix in ZIP_SUFFIXES
        and "__pycache__" not in p.parts
        and not any(part.startswith(".") for part in p.relative_to(PY_SRC).parts)
    )


def zip_bytes(files: list[Path], extra: dict[str, bytes] | None = None) -> bytes:
    """Deterministic zip of `files` (named relative to py/) plus `extra` {name: bytes}."""
    entries = {path.relative_to(PY_SRC).as_posix(): path.read_bytes() for path in files}
    entries.update(extra or {})
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o100644 << 16
            info.create_system = 3
            zf.writestr(info, entries[name])
    return buf.getvalue()


def compiled_pycs(files: list[Path]) -> dict[str, bytes]:
    """Bytecode for `files`, compiled by the vendored Pyodide; cached under build/pyc/."""
    if os.environ.get("TAPETE_NO_PYC"):
        log("zip: TAPETE_NO_PYC set, no bytecode")
        return {}
    pyodide = NODE_MODULES / "pyodide" / "package.json"
    key = hashlib.sha256()
    key.update(pyodide.read_bytes() if pyodide.exists() else b"")
    key.update((ROOT / "scripts" / "compile_pyc.mjs").read_bytes())
    for path in files:
        if path.suffix == ".py":
            key.update(path.relative_to(PY_SRC).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    digest = key.hexdigest()
    cache = BUILD / "pyc"
    stamp = cache / ".key"
    if not (stamp.exists() and stamp.read_text() == digest):
        node = shutil.which("node")
        if node is None or not pyodide.exists():
            sys.exit("[build] bytecode needs node and node_modules/pyodide (npm ci), or set TAPETE_NO_PYC=1")
        staging = BUILD / "pyc-src"
        shutil.rmtree(staging, ignore_errors=True)
        shutil.rmtree(cache, ignore_errors=True)
        for path in files:
            if path.suffix == ".py":
                target = staging / path.relative_to(PY_SRC)
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(path.read_bytes())
        subprocess.run([node, str(ROOT / "scripts" / "compile_pyc.mjs"), str(staging), str(cache)],
                       check=True, cwd=ROOT, stdout=subprocess.DEVNULL if QUIET else None)
        shutil.rmtree(staging, ignore_errors=True)
        cache.mkdir(parents=True, exist_ok=True)
        stamp.write_text(digest)
    return {
        p.relative_to(cache).as_posix(): p.read_bytes()
        for p in sorted(cache.rglob("*.pyc"))
    }


def step_zip() -> Path:
    out = BUILD / "tapete.zip"
    files = package_files()
    data = zip_bytes(files, compiled_pycs(files))
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


# 4. dist -------------------------------------------------------------------
def sync_dist(dist: Path = DIST) -> None:
    pairs: dict[Path, Path] = {}
    for name in PAGE_FILES:
        src = ROOT / name
        if not src.exists():
            sys.exit(f"[build] {name} missing")
        pairs[src] = dist / name
    pairs[BUILD / "tapete.zip"] = dist / "tapete.zip"
    for src in sorted(RULES_BUILD.glob("*.html")):
        pairs[src] = dist / "rules" / src.name
    for src in sorted(STATIC.rglob("*")):
        if src.is_file() and not src.name.startswith(".") and not src.name.endswith(".tmp"):
            pairs[src] = dist / "static" / src.relative_to(STATIC)
    n = sync_tree(pairs, dist, keep=(dist / SW_NAME,))  # sw.js: write_service_worker
    log(f"dist: {n} file(s) copied into {rel(dist)}" if n else f"dist: {rel(dist)} up to date")


def dist_files(dist: Path) -> dict[str, Path]:
    """Every file of a built dist/ but the service worker, by its URL path relative to the site."""
    return {
        p.relative_to(dist).as_posix(): p
        for p in sorted(dist.rglob("*"))
        if p.is_file() and p.name != SW_NAME and not p.name.endswith(".tmp")
    }


def build_version(files: dict[str, Path]) -> str:
    """A hash of every file's path and bytes: any change to the site gives a new version."""
    digest = hashlib.sha256()
    for path, src in sorted(files.items()):
        digest.update(path.encode() + b"\0" + hashlib.sha256(src.read_bytes()).digest())
    return digest.hexdigest()[:16]


def precache_list(files: dict[str, Path]) -> list[str]:
    """What the page needs to boot and play against bots: index.html's local references (stylesheets,
    scripts, preloads), pyscript.toml's files, Pyodide's runtime, SW_EXTRA, and every module those
    scripts import (static imports always, import() up to SW_DYNAMIC_MAX bytes)."""
    todo = ["index.html", *SW_EXTRA, *(f"static/vendor/pyodide/{name}" for name in PYODIDE_FILES)]
    todo += REF_RE.findall(files["index.html"].read_text())
    todo += [path for path in files if path.startswith("rules/")]    # "How to play", fetched by static/js/ui.js
    if "pyscript.toml" in files:
        todo += TOML_RE.findall(files["pyscript.toml"].read_text())
    seen: set[str] = set()
    while todo:
        path = todo.pop()
        if path in seen or path not in files:
            continue
        seen.add(path)
        if path.endswith((".js", ".mjs")):
            for dynamic, spec in IMPORT_RE.findall(files[path].read_text(errors="replace")):
                target = posixpath.normpath(posixpath.join(posixpath.dirname(path), spec))
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
    write_service_worker(dist)


STEPS = {"vendor": step_vendor, "trystero": step_trystero, "noble": step_noble, "zip": step_zip, "rules": step_rules,
         "dist": step_dist}


def main(argv: list[str] | None = None) -> int:
    global QUIET
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--step", action="append", choices=list(STEPS), help="run only these steps (repeatable)")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args(argv)
    QUIET = args.quiet
    for name in args.step or list(STEPS):
        STEPS[name]()
    return 0


if __name__ == "__main__":
    sys.exit(main())
