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
    for name in ("index.html", "pyscript.toml", "main.py", "sw.js", "static/js/shell.js", "static/js/boot.mjs"):
        text = (ROOT / name).read_text()
        urls = re.findall(r"""(?:https?|wss?)://[^\s"'<>)]+""", text)
        assert not urls, f"{name} names another host: {urls}"


def test_config_points_at_vendored_pyodide():
    toml = (ROOT / "pyscript.toml").read_text()
    assert 'interpreter = "./static/vendor/pyodide/pyodide.mjs"' in toml
    assert '"./tapete.zip" = "./*"' in toml


@pytest.mark.skipif(not (DIST / "index.html").exists(), reason="dist/ not built (make dist)")
def test_dist_is_self_contained():
    for name in ("index.html", "pyscript.toml", "main.py", "tapete.zip", "static/css/tapete.css",
                 "static/js/shell.js", "static/js/boot.mjs", "static/vendor/trystero.mjs",
                 "static/vendor/pyscript/core.js", "static/vendor/pyscript/core.css"):
        assert (DIST / name).is_file(), name
    for name in build.PYODIDE_FILES:
        assert (DIST / "static" / "vendor" / "pyodide" / name).is_file(), name
    # Every local file the page references exists in dist/.
    html = (DIST / "index.html").read_text()
    for ref in re.findall(r'(?:href|src)="(\./[^"]+)"', html):
        assert (DIST / ref[2:]).is_file(), ref


@pytest.mark.skipif(not (DIST / "tapete.zip").exists(), reason="dist/ not built (make dist)")
def test_zip_carries_bytecode_for_every_module():
    with zipfile.ZipFile(DIST / "tapete.zip") as zf:
        names = set(zf.namelist())
    sources = sorted(n for n in names if n.endswith(".py"))
    assert sources
    for src in sources:
        folder, _, module = src.rpartition("/")
        pyc = [n for n in names if n.startswith(f"{folder}/__pycache__/{module[:-3]}.cpython-") and n.endswith(".pyc")]
        assert len(pyc) == 1, f"no bytecode for {src}"
        with zipfile.ZipFile(DIST / "tapete.zip") as zf:
            flags = int.from_bytes(zf.read(pyc[0])[4:8], "little")
        assert flags == 0b01, f"{pyc[0]} is not an unchecked-hash pyc (flags {flags:#b})"


def fake_site(root: Path) -> Path:
    """A tiny built site: a page, a toml, modules importing others statically and with import()."""
    files = {
        "index.html": '<link href="./a.css"><script type="module" src="./js/a.mjs"></script>'
                      '<script>import("./js/lazy.js")</script><script type="py" src="./main.py" config="./pyscript.toml"></script>',
        "pyscript.toml": '[files]\n"./app.zip" = "./*"\n',
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
        "a.css", "app.zip", "index.html", "js/a.mjs", "js/b.js", "js/c.js", "js/plugin.js", "main.py",
        "pyscript.toml"]  # not: unused.js, big.js (import() of a large file), lazy.js (inline import)


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
    for name in ("index.html", "main.py", "pyscript.toml", "tapete.zip", "static/config.json",
                 "static/js/shell.js", "static/vendor/pyscript/core.js", *(
                     f"static/vendor/pyodide/{n}" for n in build.PYODIDE_FILES)):
        assert name in precache and f'"{name}"' in text, name
    assert not [p for p in precache if "codemirror" in p or p.startswith("static/vendor/pyscript/xterm-")]
    assert "static/js/p2p.js" not in precache and "static/vendor/trystero.mjs" not in precache
