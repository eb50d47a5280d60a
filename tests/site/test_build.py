"""scripts/build.py: deterministic package zip and a self-contained, CDN-free dist/.

Fast, no browser. The dist checks need `make dist` (or any browser test run) first and
are skipped when dist/ has not been built.
"""

import importlib.util
import re
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"

spec = importlib.util.spec_from_file_location("tapete_build", ROOT / "scripts" / "build.py")
build = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build)
build.QUIET = True


def test_zip_is_deterministic_and_holds_the_package():
    files = build.package_files()
    first = build.zip_bytes(files)
    assert build.zip_bytes(files) == first
    with zipfile.ZipFile(__import__("io").BytesIO(first)) as zf:
        names = zf.namelist()
        assert "tapete/__init__.py" in names
        assert names == sorted(names)
        assert all(not n.endswith(".pyc") and "__pycache__" not in n for n in names)
        assert {info.date_time for info in zf.infolist()} == {build.ZIP_DATE}


def test_page_sources_name_no_other_host():
    for name in ("index.html", "main.py", "sw.js", "static/js/shell.js", "static/js/boot.mjs",
                 "static/manifest.webmanifest", "pyscript.toml"):
        text = (ROOT / name).read_text()
        urls = re.findall(r"""(?:https?|wss?)://[^\s"'<>)]+""", text)
        assert not urls, f"{name} names another host: {urls}"


def test_page_boots_through_pyscript_with_pyscript_toml():
    """index.html runs main.py with <script type="py"> and the top-level pyscript.toml; boot.mjs loads the
    vendored PyScript and starts (not imports) Pyodide through interpreter.mjs, the config's interpreter,
    which is the vendored Pyodide's loadPyodide (started once the page has parsed); the config keeps PyScript's
    banners and unused plugins off; PyScript and polyscript are pinned exactly, polyscript patched."""
    import json
    import tomllib
    html = (ROOT / "index.html").read_text()
    assert re.findall(r"<script [^>]*>", html).count('<script type="py" src="./main.py" config="./pyscript.toml">') == 1
    assert html.count('<mpy-config src="./pyscript.toml" hidden></mpy-config>') == 1
    boot = (ROOT / "static" / "js" / "boot.mjs").read_text()
    assert 'import("../vendor/pyscript/core.js")' in boot and "pyodide.mjs" not in boot
    assert "hooks.main.onReady.add(" in boot
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    # the vendored Pyodide's loadPyodide, started early by boot.mjs (from <head>, async)
    assert config["interpreter"] == "./static/js/interpreter.mjs" and "packages" not in config
    interpreter = (ROOT / "static" / "js" / "interpreter.mjs").read_text()
    assert 'from "../vendor/pyodide/pyodide.mjs"' in interpreter
    assert 'import("./interpreter.mjs")' in boot
    # from <head> only PyScript's database opened (prefetch; the preloads download); Pyodide's
    # main-thread set-up and its own compile of the wasm (start) once the page has parsed; no global
    # swapped to hand Pyodide a module (docs/shell.md, "Boot sequence")
    assert "export function prefetch()" in interpreter
    assert "compileStreaming" not in interpreter and "window.fetch" not in interpreter
    assert boot.index("interpreter.prefetch()") < boot.index("await parsed;") < boot.index("interpreter.start()")
    assert '<script type="module" async src="./static/js/boot.mjs"></script>' in html
    assert config["files"] == {"./tapete.zip": "./tapete.zip"}
    assert {"!error", "!py-editor", "!py-terminal", "!py-game", "!codemirror"} <= set(config["plugins"])
    assert not (ROOT / "py" / "pyscript.py").exists(), "the UI imports PyScript's own package"
    package = json.loads((ROOT / "package.json").read_text())["dependencies"]
    lock = json.loads((ROOT / "package-lock.json").read_text())["packages"]
    for name in ("@pyscript/core", "polyscript"):
        assert re.fullmatch(r"\d+\.\d+\.\d+", package[name]), f"{name} pinned exactly"
        assert lock[f"node_modules/{name}"]["version"] == package[name]
    patch = ROOT / "patches" / f"polyscript+{package['polyscript']}.patch"
    assert patch.is_file() and "esm/worker/hook.js" in patch.read_text()
    hook, line = build.POLYSCRIPT_PATCHED
    assert line in patch.read_text() and line in (ROOT / "node_modules" / "polyscript" / hook).read_text()


def test_boot_chunks_follow_the_config_plugins(tmp_path, monkeypatch):
    """What index.html preloads: core.js and its static imports, plus each plugin the config leaves on
    and `error` (PyScript imports it even when switched off), with their static imports; a plugin name
    PyScript does not have fails the build."""
    import json
    src = "node_modules/@pyscript/core/src/"
    meta = {"outputs": {
        "static/vendor/pyscript/core.js": {"imports": [{"path": "static/vendor/pyscript/chunk-A.js",
                                                        "kind": "import-statement"}],
                                           "entryPoint": src + "core.js"},
        "static/vendor/pyscript/chunk-A.js": {"imports": [
            {"path": "static/vendor/pyscript/error-1.js", "kind": "dynamic-import"},
            {"path": "static/vendor/pyscript/py-editor-2.js", "kind": "dynamic-import"}]},
        "static/vendor/pyscript/error-1.js": {"imports": [{"path": "static/vendor/pyscript/chunk-B.js",
                                                           "kind": "import-statement"}],
                                              "entryPoint": src + "plugins/error.js"},
        "static/vendor/pyscript/py-editor-2.js": {"imports": [{"path": "static/vendor/pyscript/chunk-C.js",
                                                               "kind": "import-statement"},
                                                              {"path": "static/vendor/pyscript/cm-3.js",
                                                               "kind": "dynamic-import"}],
                                                  "entryPoint": src + "plugins/py-editor.js"},
        "static/vendor/pyscript/chunk-B.js": {"imports": []},
        "static/vendor/pyscript/chunk-C.js": {"imports": []},
        "static/vendor/pyscript/cm-3.js": {"imports": [], "entryPoint": src + "3rd-party/codemirror.js"},
    }}
    (tmp_path / "meta.json").write_text(json.dumps(meta))
    monkeypatch.setattr(build, "PYSCRIPT_META", tmp_path / "meta.json")
    monkeypatch.setattr(build, "PYSCRIPT_TOML", tmp_path / "pyscript.toml")
    v = "static/vendor/pyscript/"
    (tmp_path / "pyscript.toml").write_text('plugins = ["!error", "!py-editor"]\n')
    assert build.boot_chunks() == [v + "core.js", v + "error-1.js", v + "chunk-A.js", v + "chunk-B.js"]
    (tmp_path / "pyscript.toml").write_text('plugins = ["!error"]\n')
    assert set(build.boot_chunks()) == {v + "core.js", v + "chunk-A.js", v + "error-1.js", v + "chunk-B.js",
                                        v + "py-editor-2.js", v + "chunk-C.js"}       # still not cm-3.js
    (tmp_path / "pyscript.toml").write_text('plugins = ["!py-editr"]\n')
    with pytest.raises(SystemExit, match="py-editr"):
        build.boot_chunks()


@pytest.mark.skipif(not (DIST / "index.html").exists(), reason="dist/ not built (make dist)")
def test_dist_is_self_contained():
    for name in ("index.html", "main.py", "tapete.zip", "static/css/tapete.css",
                 "static/js/shell.js", "static/js/boot.mjs", "static/vendor/trystero.mjs",
                 "static/manifest.webmanifest"):
        assert (DIST / name).is_file(), name
    assert (DIST / "static" / "vendor" / "pyscript" / "core.js").is_file(), "PyScript is vendored"
    for name in build.PYODIDE_FILES:
        assert (DIST / "static" / "vendor" / "pyodide" / name).is_file(), name
    # Every local file the page references exists in dist/.
    html = (DIST / "index.html").read_text()
    for ref in re.findall(r'(?:href|src)="(\./[^"]+)"', html):
        assert (DIST / ref[2:]).is_file(), ref


@pytest.mark.skipif(not (DIST / "tapete.zip").exists(), reason="dist/ not built (make dist)")
def test_zip_carries_bytecode_for_every_module():
    """Every module of the package as sourceless, unchecked-hash bytecode where Python loads it without
    a source (``tapete/x.pyc``); no .py travels. PyScript's package, which PyScript writes as sources at
    boot, gets its bytecode where Python looks beside a source (``pyscript/__pycache__/``), for every
    module ``import pyscript`` loads."""
    import json
    with zipfile.ZipFile(DIST / "tapete.zip") as zf:
        names = set(zf.namelist())
        expected = {p.relative_to(build.PY_SRC).with_suffix(".pyc").as_posix()
                    for p in build.package_files() if p.suffix == ".py"}
        pyscript = {f"pyscript/__pycache__/{m.removeprefix('pyscript/')[:-3]}" for m in build.pyscript_boot_modules()}
        assert {"pyscript/__pycache__/__init__", "pyscript/__pycache__/context", "pyscript/__pycache__/display"} <= pyscript
        assert "pyscript/__pycache__/web" not in pyscript, "only what `import pyscript` loads"
        cached = {n for n in names if "__pycache__" in n}
        assert {n.rsplit(".", 2)[0] for n in cached} == pyscript
        python = json.loads((DIST / "static" / "vendor" / "pyodide" / "pyodide-lock.json").read_text())["info"]["python"]
        tag = "cpython-" + "".join(python.split(".")[:2])
        assert {n.rsplit(".", 2)[1] for n in cached} == {tag}, f"Pyodide's Python ({python}) looks for {tag}"
        assert expected <= names
        assert not [n for n in names if n.endswith(".py") or ("__pycache__" in n and not n.startswith("pyscript/"))]
        magic = {zf.read(n)[:4] for n in expected | cached}
        assert len(magic) == 1, "one interpreter compiled them all"
        for name in expected | cached:
            flags = int.from_bytes(zf.read(name)[4:8], "little")
            assert flags == 0b01, f"{name} is not an unchecked-hash pyc (flags {flags:#b})"


def fake_site(root: Path) -> Path:
    """A tiny built site: a page, a toml, modules importing others statically and with import()."""
    files = {
        "index.html": '<link href="./a.css"><script type="module" src="./js/a.mjs"></script>'
                      '<script>import("./js/lazy.js")</script><link rel="preload" href="./main.py" as="fetch">'
                      '<link rel="preload" href="./app.zip" as="fetch"><link rel="manifest" href="./m/app.webmanifest">',
        "m/app.webmanifest": '{"icons": [{"src": "icons/i.png"}, {"src": "../top.png"}]}',
        "m/icons/i.png": "", "top.png": "",
        "a.css": "", "main.py": "", "app.zip": "", "unused.js": "",
        "js/a.mjs": 'import{x}from"./b.js";const p=import("./plugin.js"),q=import("../big.js");',
        "js/b.js": 'import "./c.js";',
        "js/c.js": "", "js/plugin.js": "", "js/lazy.js": "",
        "big.js": "x" * (build.SW_DYNAMIC_MAX + 1),
    }
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


def test_precache_list_follows_the_page_and_its_imports(tmp_path):
    files = build.dist_files(fake_site(tmp_path))
    assert build.precache_list(files) == [
        "a.css", "app.zip", "index.html", "js/a.mjs", "js/b.js", "js/c.js", "js/plugin.js", "m/app.webmanifest",
        "m/icons/i.png", "main.py", "top.png",
    ]  # not: unused.js, big.js (import() of a large file), lazy.js (inline import)


def test_service_worker_version_changes_with_any_file(tmp_path):
    site = fake_site(tmp_path)
    first = build.write_service_worker(site)
    text = (site / "sw.js").read_text()
    assert f'const VERSION = "{first}";' in text and '"js/plugin.js"' in text
    assert build.write_service_worker(site) == first               # same files, same version
    (site / "unused.js").write_text("changed")                       # not precached, still a new build
    second = build.write_service_worker(site)
    assert second != first and f'const VERSION = "{second}";' in (site / "sw.js").read_text()


@pytest.mark.skipif(not (DIST / "sw.js").exists(), reason="dist/ not built (make dist)")
def test_dist_service_worker_precaches_the_boot_files_only():
    text = (DIST / "sw.js").read_text()
    files = build.dist_files(DIST)
    precache = build.precache_list(files)
    assert f'const VERSION = "{build.build_version({**files, "sw.js": build.SW_TEMPLATE})}";' in text
    for name in ("index.html", "main.py", "tapete.zip", "static/config.json", "static/js/shell.js",
                 "static/js/boot.mjs", "static/manifest.webmanifest", "static/icons/icon-192.png",
                 "static/icons/icon-512.png", "static/icons/favicon-32.png",
                 *(f"static/vendor/pyodide/{n}" for n in build.PYODIDE_FILES)):
        assert name in precache and f'"{name}"' in text, name
    assert not [p for p in precache if p.endswith(build.COMPRESSED)], "the worker asks for files, not encodings"
    assert "static/js/p2p.js" not in precache and "static/vendor/trystero.mjs" not in precache
    pyscript = {p for p in files if p.startswith("static/vendor/pyscript/")}
    assert pyscript & set(precache) == set(build.boot_chunks()), "PyScript: the chunks the boot loads, no others"


# ----- what ships (issue 13) ---------------------------------------------------------------------
FULL_STDLIB = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"


@pytest.mark.skipif(not (DIST / "index.html").exists(), reason="dist/ not built (make dist)")
def test_stdlib_is_the_traced_subset_stored():
    traced = build.traced_stdlib()
    shipped = DIST / "static" / "vendor" / "pyodide" / "python_stdlib.zip"
    with zipfile.ZipFile(shipped) as zf, zipfile.ZipFile(FULL_STDLIB) as full, \
            zipfile.ZipFile(DIST / "tapete.zip") as package:
        names = zf.namelist()
        assert all(n in full.namelist() for n in traced)
        # every traced module as sourceless bytecode (a/b.py -> a/b.pyc), nothing else
        assert names == sorted(n[:-3] + ".pyc" if n.endswith(".py") else n for n in traced)
        assert len(names) < len(full.namelist()) / 3
        assert {i.compress_type for i in zf.infolist()} == {zipfile.ZIP_STORED}
        magic = package.read("tapete/__init__.pyc")[:4]
        for name in names:                     # Pyodide's own magic number, unchecked-hash pycs
            data = zf.read(name)
            assert data[:4] == magic and int.from_bytes(data[4:8], "little") == 0b01, name
    # the modules the app imports by name are in; ones it never touches are out
    for needed in ("json/__init__.py", "asyncio/__init__.py", "random.py", "hashlib.py", "html/__init__.py",
                   "traceback.py", "dataclasses.py", "secrets.py", "base64.py", "pyodide/ffi/__init__.py"):
        assert needed in traced, needed
    for unused in ("sqlite3/__init__.py", "unittest/__init__.py", "xml/__init__.py", "email/__init__.py",
                   "http/__init__.py", "tomllib/__init__.py", "pydoc.py"):
        assert unused not in traced, unused


@pytest.mark.skipif(not (DIST / "index.html").exists(), reason="dist/ not built (make dist)")
def test_every_compressible_file_has_br_and_gz_beside_it():
    import gzip
    import subprocess
    compressible = [p for p in DIST.rglob("*") if p.is_file() and p.suffix in build.COMPRESSIBLE]
    assert len(compressible) > 15
    for path in compressible:
        gz, br = build.compressed_siblings(path)
        data = path.read_bytes()
        if len(data) > 1024:
            assert gz.exists() and br.exists(), path
        if gz.exists():
            assert gzip.decompress(gz.read_bytes()) == data, gz
    # brotli decodes back (node's zlib, as the build wrote it) and beats gzip on the big ones
    wasm = DIST / "static" / "vendor" / "pyodide" / "pyodide.asm.wasm"
    script = ("const z=require('zlib'),fs=require('fs');"
              "process.stdout.write(z.brotliDecompressSync(fs.readFileSync(process.argv[1])))")
    out = subprocess.run(["node", "-e", script, str(wasm) + ".br"], capture_output=True, check=True).stdout
    assert out == wasm.read_bytes()
    for big in (wasm, DIST / "static" / "vendor" / "pyodide" / "python_stdlib.zip", DIST / "tapete.zip"):
        gz, br = build.compressed_siblings(big)
        assert br.stat().st_size < gz.stat().st_size < big.stat().st_size, big
    assert not list(DIST.rglob("*.png.gz")) and not list(DIST.rglob("*.png.br"))


@pytest.mark.skipif(not (DIST / "index.html").exists(), reason="dist/ not built (make dist)")
def test_first_visit_is_under_the_wire_goal():
    """Issue 30's goal (13's was 4.5 MB): a first visit through PyScript moves at most 4.0 MB when the host
    serves brotli (bodies; bench/boot.py measures with headers)."""
    html = (DIST / "index.html").read_text()
    boot = set(re.findall(r'(?:href|src)="\./([^"]+)"', html)) | {"static/vendor/pyodide/pyodide-lock.json"}
    total = 0
    for name in boot:
        path = DIST / name
        br = build.compressed_siblings(path)[1]
        total += (br if br.exists() else path).stat().st_size
    assert any(name.startswith("static/vendor/pyscript/") for name in boot)
    assert total <= 4.0e6, total


@pytest.mark.skipif(not (DIST / "index.html").exists(), reason="dist/ not built (make dist)")
def test_index_carries_boot_sizes_and_a_strict_csp():
    import html as htmllib
    import json
    text = (DIST / "index.html").read_text()
    sizes = json.loads(htmllib.unescape(re.search(r'data-boot-sizes="([^"]+)"', text).group(1)))
    assert sorted(sizes) == sorted(build.BOOT_FILES)
    for name, (raw, gz, br) in sizes.items():
        path = DIST / name
        assert raw == path.stat().st_size
        assert gz == build.compressed_siblings(path)[0].stat().st_size
        assert br == build.compressed_siblings(path)[1].stat().st_size
    csp = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', text).group(1)
    assert "script-src 'self' 'wasm-unsafe-eval';" in csp
    assert "unsafe-inline" not in csp and "'unsafe-eval'" not in csp and "blob:" not in csp
    # nothing inline for the policy to block: no inline scripts, no on* handlers
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text), "inline script"
    assert not re.search(r"\son[a-z]+=", text), "inline handler"


@pytest.mark.skipif(not (DIST / "index.html").exists(), reason="dist/ not built (make dist)")
def test_dist_index_carries_pyscript_toml_as_json_and_preloads_only_the_boot_chunks():
    """pyscript.toml stays the source: dist/index.html carries it as JSON (no config fetch, no TOML parser),
    MicroPython gets only its plugin list, and the page preloads exactly the PyScript chunks the boot
    loads: none of the editor, the terminal, CodeMirror, xterm, the TOML or zip readers."""
    import html as htmllib
    import json
    import tomllib
    text = (DIST / "index.html").read_text()
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    (attr,) = re.findall(r'<script type="py" src="\./main\.py" config="([^"]+)"></script>', text)
    assert json.loads(htmllib.unescape(attr)) == config
    (mpy,) = re.findall(r"<mpy-config hidden>([^<]+)</mpy-config>", text)
    assert json.loads(htmllib.unescape(mpy)) == {"plugins": config["plugins"]}
    assert "pyscript.toml" not in re.sub(r"<!--.*?-->", "", text, flags=re.S), "nothing left to fetch"
    preloads = re.findall(r'<link rel="modulepreload" href="\./(static/vendor/pyscript/[^"]+)">', text)
    assert preloads == build.boot_chunks() and preloads[0] == "static/vendor/pyscript/core.js"
    vendored = {p.name for p in (DIST / "static" / "vendor" / "pyscript").glob("*.js")}
    lazy = vendored - {Path(p).name for p in preloads}
    for kind in ("py-editor", "py-terminal", "codemirror_view", "xterm", "toml", "zip", "py-game", "donkey"):
        assert any(n.startswith(kind + "-") for n in lazy), f"{kind} is vendored, lazily"
        assert not any(Path(p).name.startswith(kind + "-") for p in preloads), f"{kind} loads at boot"
    assert any(Path(p).name.startswith("error-") for p in preloads), "PyScript imports its error plugin (off)"


@pytest.mark.skipif(not (DIST / "index.html").exists(), reason="dist/ not built (make dist)")
def test_manifest_and_icons():
    import json
    import struct
    manifest = json.loads((DIST / "static" / "manifest.webmanifest").read_text())
    for key in ("name", "short_name", "start_url", "display", "theme_color", "background_color", "icons"):
        assert manifest.get(key), key
    assert manifest["display"] in ("standalone", "fullscreen", "minimal-ui")
    sizes = set()
    for icon in manifest["icons"]:
        png = (DIST / "static" / icon["src"]).read_bytes()
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", png[16:24])
        assert icon["sizes"] == f"{width}x{height}" and icon["type"] == "image/png"
        sizes.add((width, icon.get("purpose", "any")))
    assert {(192, "any"), (512, "any"), (512, "maskable")} <= sizes
    html = (DIST / "index.html").read_text()
    assert f'<meta name="theme-color" content="{manifest["theme_color"]}">' in html
    assert '<link rel="manifest" href="./static/manifest.webmanifest">' in html
    assert re.search(r'<link rel="icon" href="\./static/icons/favicon-32\.png"', html)


def test_icons_are_drawn_not_stored(tmp_path):
    """The PNGs come from scripts/icons.py: same drawing, same bytes; pixels where the design puts them."""
    import zlib
    import icons  # scripts/ is on sys.path: build.py put it there
    data = icons.draw(32, False)
    assert data == icons.draw(32, False)
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    idat = data[data.index(b"IDAT") + 4:data.index(b"IEND") - 8]
    raw = zlib.decompress(idat)
    row = width * 4 + 1

    def pixel(x, y):
        return tuple(raw[y * row + 1 + x * 4: y * row + 1 + x * 4 + 4])

    assert width == height == 32
    assert pixel(0, 0)[3] == 0                      # rounded corner: transparent
    assert pixel(16, 0) == (*icons.FELT_EDGE, 255)  # the felt's rim
    assert pixel(19, 16) == (*icons.VERMILLION, 255)  # the suit mark of the front card
    assert pixel(7, 16)[:3] == icons.BLUE           # the card behind
    full = icons.draw(16, True)
    raw = zlib.decompress(full[full.index(b"IDAT") + 4:full.index(b"IEND") - 8])
    assert all(raw[i * 65 + 4::4][:16] == bytes([255]) * 16 for i in range(16)), "maskable icons are full-bleed"
