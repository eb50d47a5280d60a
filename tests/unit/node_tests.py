"""Running a tests/js/*.test.mjs file under node from pytest (the page's own modules, node's WebCrypto)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def node() -> str:
    """The node binary, or the test is skipped (a unit-only machine)."""
    found = shutil.which("node")
    if found is None:
        pytest.skip("node is not installed")
    return found


def run_node_test(name: str, step: str, at_least: int) -> None:
    """Build ``step`` (scripts/build.py: the vendored bundle the file imports), run tests/js/``name`` with
    ``node --test`` and fail unless it exits 0 with at least ``at_least`` tests passed and none failed."""
    binary = node()
    subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py"), "--step", step, "-q"], check=True)
    out = subprocess.run([binary, "--test", str(ROOT / "tests" / "js" / name)],
                         capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]
    passed = re.search(r"^# pass (\d+)$", out.stdout, re.M)
    assert passed and int(passed.group(1)) >= at_least and "# fail 0" in out.stdout, out.stdout[-2000:]
