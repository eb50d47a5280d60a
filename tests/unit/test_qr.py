"""The join link's QR code: static/js/qr.js (npm qrcode-generator, bundled by scripts/build.py's qr step)
decoded back to the exact link by a decoder library (npm jsqr) under node: tests/js/qr.test.mjs.
The same in a real Chromium page, from a screenshot: tests/browser/test_qr_browser.py."""

from __future__ import annotations

from pathlib import Path

import pytest
from node_tests import run_node_test

ROOT = Path(__file__).resolve().parents[2]


def test_the_qr_code_decodes_to_the_exact_link_under_node():
    run_node_test("qr.test.mjs", "qr", 4)


def test_the_qr_library_is_pinned_and_loaded_on_demand_only():
    """Pinned exactly in package.json; static/js/qr.js is the only importer of the bundle, and nothing the
    page loads at boot imports qr.js (it comes with a lobby)."""
    import json
    package = json.loads((ROOT / "package.json").read_text())
    assert package["dependencies"]["qrcode-generator"] == "2.0.4"
    assert package["devDependencies"]["jsqr"] == "1.4.0"
    importers = [p for p in (ROOT / "static").rglob("*.*js") if "vendor" not in p.parts
                 and "qrcode.mjs" in p.read_text(errors="replace")]
    assert [p.name for p in importers] == ["qr.js"]
    boot = (ROOT / "index.html").read_text() + "".join(p.read_text() for p in (ROOT / "static" / "js").glob("*.*js")
                                                       if p.name != "qr.js")
    assert "qr.js" not in boot
