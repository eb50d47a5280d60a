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
    for name in ("index.html", "pyscript.toml", "main.py", "static/js/shell.js", "static/js/boot.mjs"):
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
