"""SPAKE2 (RFC 9382) and the join-code handshake of static/js/pake.js: tests/js/pake.test.mjs under node.

The JS runs on the same bundled @noble/curves / @noble/hashes (static/vendor/noble.mjs) as the page;
the RFC's four P-256 test vectors are checked value by value.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from node_tests import run_node_test

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.long   # over ~4 s: in `make test`, not in `make check`'s loop
def test_spake2_vectors_and_code_handshake_under_node():
    run_node_test("pake.test.mjs", "noble", 10)


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
