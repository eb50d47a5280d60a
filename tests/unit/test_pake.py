"""SPAKE2 (RFC 9382) and the join-code handshake of static/js/pake.js: tests/js/pake.test.mjs under node.

The JS runs on the same bundled @noble/curves / @noble/hashes (static/vendor/noble.mjs) as the page;
the RFC's four P-256 test vectors are checked value by value.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.long   # over ~4 s: in `make test`, not in `make check`'s loop
def test_spake2_vectors_and_code_handshake_under_node():
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py"), "--step", "noble", "-q"], check=True)
    out = subprocess.run([node, "--test", str(ROOT / "tests" / "js" / "pake.test.mjs")],
                         capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]
    passed = re.search(r"^# pass (\d+)$", out.stdout, re.M)
    assert passed and int(passed.group(1)) >= 10 and "# fail 0" in out.stdout, out.stdout[-2000:]


def test_python_and_js_agree_on_the_number_of_wrong_codes():
    """The save's bound on wrong codes (tapete.net.joincode.CODE_TRIES) is pake.js's MAX_FAILURES."""
    from tapete.net.joincode import CODE_TRIES
    js = (ROOT / "static" / "js" / "pake.js").read_text()
    assert int(re.search(r"export const MAX_FAILURES = (\d+);", js).group(1)) == CODE_TRIES


def test_python_and_js_read_join_codes_alike():
    """normalize_join_code (Python) and parseCode (pake.js) take the same alphabet and secret length."""
    from tapete.net.joincode import LETTERS, SECRET_LENGTH
    js = (ROOT / "static" / "js" / "pake.js").read_text()
    assert re.search(r'export const LETTERS = "([A-Z]+)";', js).group(1) == LETTERS
    assert int(re.search(r"export const SECRET_LENGTH = (\d+);", js).group(1)) == SECRET_LENGTH
    assert "[A-Z]{4,5}" in js and SECRET_LENGTH == 5
