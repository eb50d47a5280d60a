"""The join link's QR code in real Chromium: static/js/qr.js, imported on demand the way Python's
``pyodide.code.run_js("import('./static/js/qr.js')")`` does (an ``import()`` in global code), renders
as an SVG; a screenshot of it is decoded by a decoder library (npm jsqr) back to the exact link."""

from __future__ import annotations

import base64
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]
KEY = "Xq3v9bN2kT0pLm8sR4wZ1cY7uE5hG6jD-_aFoQiPtMn"
LINKS = [
    f"http://127.0.0.1:8000/#room=ABCDEF&k={KEY}",
    "https://games.school.example/tapete/?relay=wss%3A%2F%2Frelay.school.example%2Fnostr#room=QWERTY"
    f"&k={KEY}&ice=turn%3Ateacher%3Alongpassword123%40turn.school.example%3A3478&watch=1",
]

DECODE = """async (png) => {
  const img = new Image();
  img.src = "data:image/png;base64," + png;
  await img.decode();
  const canvas = document.createElement("canvas");
  canvas.width = img.naturalWidth; canvas.height = img.naturalHeight;
  const ctx = canvas.getContext("2d");
  ctx.drawImage(img, 0, 0);
  const data = ctx.getImageData(0, 0, canvas.width, canvas.height);
  const found = window.jsQR(data.data, canvas.width, canvas.height);
  return found ? found.data : null;
}"""


def decode_png(png: bytes, new_page, site_url: str) -> str | None:
    """A screenshot decoded by npm jsqr, in a page of the site without the app's CSP (the app's page
    forbids an injected script). The wall's and the watchers' tests read their QR codes with it."""
    decoder = new_page()
    decoder.goto(site_url + "static/config.json")
    decoder.add_script_tag(path=str(ROOT / "node_modules" / "jsqr" / "dist" / "jsQR.js"))
    try:
        return decoder.evaluate(DECODE, base64.b64encode(png).decode())
    finally:
        decoder.close()


@pytest.mark.parametrize("link", LINKS, ids=["short", "long-fragment"])
def test_the_qr_svg_rendered_by_chromium_decodes_to_the_link(new_page, site_url, link):
    page = new_page()
    page.goto(site_url + "static/config.json")               # any page of the site: no boot needed
    svg = page.evaluate("""async ([url, link]) => {
        const qr = await (0, eval)(`import(${JSON.stringify(url)})`);   // as pyodide.code.run_js does
        return qr.qrSvg(link, "Join link");
    }""", [site_url + "static/js/qr.js", link])
    assert svg.startswith("<svg ") and 'aria-label="Join link"' in svg
    page.evaluate("""(svg) => {
        document.documentElement.innerHTML = '<body style="margin:0;background:#fff">'
          + '<div id="qr" style="width:360px;height:360px">' + svg + '</div></body>';
    }""", svg)
    png = page.locator("#qr").screenshot()
    page.add_script_tag(path=str(ROOT / "node_modules" / "jsqr" / "dist" / "jsQR.js"))
    assert page.evaluate(DECODE, base64.b64encode(png).decode()) == link
    assert page.evaluate("() => document.querySelector('#qr svg').getAttribute('role')") == "img"
