"""The wall (issue 39): the projector lobby and the projector game view on a 16:9 screen, over real parts
(a real Nostr relay on loopback, real WebRTC between headless Chromium pages, Pyodide in each).

test_wall_lobby_fits_16_9: a host's lobby in projector mode at 1920×1080 and 1280×720, scrolled to the
top: the join code on ONE line box, the game, its options, the WHOLE QR code and every seat's name inside
the viewport, code and names at least 1/20 of the screen's height, side by side (the QR code beside the
code, not under it), no scroll; a VIEWPORT screenshot (not an element's, which would scroll it into view)
decodes with npm jsqr to the join link; axe 0 serious or critical.

test_wall_game_fits_16_9 (one room per game, a watcher in projector mode, both sizes on the same page):
mid-game, no scroll (scrollHeight <= innerHeight, scrollWidth <= innerWidth), the table's play area at
least 70 % of the width with the log beside it and its newest line inside the viewport and not clipped by
the log's box, every label a player reads (names, counts, whose turn, colour, direction, the piles' words
and counts, Skypo's and DOS's labels) at least 1/20 of the height; axe 0 serious or critical.
"""

from __future__ import annotations


import pytest

from conftest import ARTIFACTS
from test_accessibility import Axe
from test_qr_browser import decode_png
from test_watch_browser import watcher_url

pytestmark = pytest.mark.browser
SIZES = ((1920, 1080), (1280, 720))
GAMES = ("chupate", "skypo", "francesa", "taki", "dos")
SETTLED = """async () => {
  const finite = document.getAnimations().filter((a) => a.effect && isFinite(a.effect.getComputedTiming().endTime));
  await Promise.all(finite.map((a) => a.finished.catch(() => null)));
  return true;
}"""

# The text's own line boxes (a Range over an element's text): what a reader sees, whatever the box around it.
TEXT_BOXES = """(node) => {
  const range = document.createRange();
  range.selectNodeContents(node);
  return [...range.getClientRects()].filter(r => r.width > 0 && r.height > 0)
    .map(r => ({top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height}));
}"""

LOBBY = """() => {
  const box = (sel) => { const n = document.querySelector(sel); if (!n) return null;
    const r = n.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
    width: r.width, height: r.height}; };
  const textBoxes = (n) => { const range = document.createRange(); range.selectNodeContents(n);
    return [...range.getClientRects()].filter(r => r.width > 0 && r.height > 0); };
  const code = document.querySelector('[data-testid="room-join-code"]');
  const lines = new Set(textBoxes(code).map(r => Math.round(r.top)));
  const style = getComputedStyle(code);
  return {
    W: innerWidth, H: innerHeight, scrollX: scrollX, scrollY: scrollY,
    scrollW: document.documentElement.scrollWidth, scrollH: document.documentElement.scrollHeight,
    codeLines: lines.size, codeRects: code.getClientRects().length,
    codeHeight: code.getBoundingClientRect().height, codeLineHeight: parseFloat(style.lineHeight),
    codeFont: parseFloat(style.fontSize), codeGlyphs: Math.min(...textBoxes(code).map(r => r.height)),
    code: box('[data-testid="room-join-code"]'), qr: box('[data-testid="lobby-qr"] .qr-box'),
    game: box('[data-testid="lobby-game"]'), options: box('[data-testid="lobby-options"]'),
    seats: [...document.querySelectorAll('[data-testid^="lobby-seat-"]')].map(n => {
      const t = textBoxes(n); const r = n.getBoundingClientRect();
      return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
              glyphs: t.length ? Math.min(...t.map(x => x.height)) : 0, text: n.innerText}; }),
  };
}"""

WALL = """() => {
  const rect = (n) => { const r = n.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height}; };
  const textBoxes = (n) => { const range = document.createRange(); range.selectNodeContents(n);
    return [...range.getClientRects()].filter(r => r.width > 0 && r.height > 0); };
  const table = document.querySelector('[data-testid="watch-screen"] [data-testid="table"]');
  const logBox = table.querySelector('.log-box');
  const play = [...table.children].filter(n => n !== logBox && !n.matches('dialog') && n.getClientRects().length);
  const union = play.map(rect).reduce((a, b) => ({left: Math.min(a.left, b.left), right: Math.max(a.right, b.right),
    top: Math.min(a.top, b.top), bottom: Math.max(a.bottom, b.bottom)}));
  const log = logBox.querySelector('.log');
  const newest = log.querySelector('li');
  const LABELS = '.seat .name, .seat .count, .status, .table-info > *, .pile-word, .pile-count, '
    + '.discard-count, .seat .points, .seat .badge, .seat .score, .seat-info > *, .drawn-label, .bonus-badge';
  const labels = [...table.querySelectorAll(LABELS)].filter(n => n.getClientRects().length
      && getComputedStyle(n).visibility !== 'hidden' && n.innerText.trim() && !n.closest('dialog, .log-box'))
    .map(n => { const t = textBoxes(n);
      return {cls: n.className, text: n.innerText.trim().slice(0, 40),
              height: t.length ? Math.min(...t.map(x => x.height)) : 0}; });
  return {
    W: innerWidth, H: innerHeight,
    scrollW: document.documentElement.scrollWidth, scrollH: document.documentElement.scrollHeight,
    play: union, log: rect(log), logBox: rect(logBox), newest: newest ? rect(newest) : null,
    logItems: log.querySelectorAll('li').length, labels,
  };
}"""


@pytest.fixture
def axe(request):
    return Axe(request.node.name)


def decode_viewport(page, new_page, site_url) -> str | None:
    """The viewport as a camera sees the wall (page.screenshot, never an element's, which would scroll
    it into view), decoded by npm jsqr in a page of the site without the app's CSP."""
    return decode_png(page.screenshot(), new_page, site_url)


def open_room(host, game: str, bots: int) -> str:
    host.click(f'[data-testid="game-{game}"]')
    if host.locator('[data-testid="opt-mode-quick"]').count():
        host.check('[data-testid="opt-mode-quick"]')
    host.fill('[data-testid="room-name"]', "Maximiliana Fernández")
    host.click('[data-testid="btn-create-room"]')
    host.wait_for_selector('[data-testid="lobby"] [data-testid="lobby-seat-0"]')
    for i in range(bots):
        host.click('[data-testid="btn-add-bot"]')
        host.wait_for_selector(f'[data-testid="lobby-seat-{i + 1}"][data-kind="bot"]')
    return host.input_value('[data-testid="room-link"]')


def test_wall_lobby_fits_16_9(new_page, boot, site_url, nostr_relay, axe):
    query = f"?relay={nostr_relay}&ice=none&bot_delay=0"
    host = boot(new_page(locale="es-ES", viewport={"width": 1920, "height": 1080}), f"{site_url}{query}")
    link = open_room(host, "chupate", 3)
    host.wait_for_selector('[data-testid="lobby-qr"] svg')
    host.click('[data-testid="btn-projector"]')
    host.wait_for_selector('[data-testid="lobby"][data-projector="1"]')
    host.wait_for_selector('[data-testid="lobby-qr"] svg')
    ARTIFACTS.mkdir(exist_ok=True)
    for w, h in SIZES:
        host.set_viewport_size({"width": w, "height": h})
        host.evaluate("window.scrollTo(0, 0)")
        host.wait_for_function(f"() => innerWidth === {w} && innerHeight === {h}")
        m = host.evaluate(LOBBY)
        where = f"{w}x{h}: {m}"
        assert m["scrollW"] <= w and m["scrollH"] <= h, f"the lobby scrolls at {where}"
        # ONE line box: the code's text has one line and its box is one line-height tall.
        assert m["codeLines"] == 1 and m["codeRects"] == 1, f"the code wraps at {where}"
        assert m["codeHeight"] <= 1.5 * m["codeLineHeight"], f"the code's box is more than one line at {where}"
        assert m["codeGlyphs"] >= h / 20, f"the code is smaller than 1/20 of the height at {where}"
        for part in ("code", "qr", "game", "options"):
            r = m[part]
            assert r and r["top"] >= 0 and r["left"] >= 0 and r["bottom"] <= h and r["right"] <= w, \
                f"the lobby's {part} is not wholly on screen at {where}"
        assert m["qr"]["left"] >= m["code"]["right"] or m["qr"]["right"] <= m["code"]["left"], \
            f"the QR code is not beside the code (16:9: side by side) at {where}"
        assert len(m["seats"]) == 4, where
        for seat in m["seats"]:
            assert seat["top"] >= 0 and seat["bottom"] <= h and seat["left"] >= 0 and seat["right"] <= w, \
                f"seat {seat['text']!r} is off screen at {where}"
            assert seat["glyphs"] >= h / 20, f"seat {seat['text']!r} is smaller than 1/20 of the height at {where}"
        host.screenshot(path=str(ARTIFACTS / f"wall-lobby-{w}x{h}.png"))
        assert decode_viewport(host, new_page, site_url) == link, f"the QR code on the wall does not decode at {w}x{h}"
        axe(host, f"wall lobby {w}x{h}")
    axe.check()


def test_wall_game_fits_16_9(new_page, boot, site_url, nostr_relay, axe):
    # The host's seat plays by itself every 2.5 s (?autoplay): the bots answer at once, the wall settles between.
    query = f"?relay={nostr_relay}&ice=none&bot_delay=0"
    host_page = new_page(locale="es-ES", viewport={"width": 1280, "height": 800})
    watcher = new_page(locale="es-ES", viewport={"width": 1920, "height": 1080})
    ARTIFACTS.mkdir(exist_ok=True)
    failures = []
    for game in GAMES:
        host = boot(host_page, f"{site_url}{query}&autoplay=2500")
        link = open_room(host, game, 3)
        boot(watcher, watcher_url(site_url, query, link).replace("?", "?projector=1&", 1))
        watcher.wait_for_selector('[data-testid="watch-lobby"]', timeout=30_000)
        host.wait_for_selector('[data-testid="watcher-count"][data-count="1"]', timeout=30_000)
        host.click('[data-testid="btn-start-room"]')
        watcher.set_viewport_size({"width": 1920, "height": 1080})
        watcher.wait_for_function("() => document.querySelectorAll("
                                  "'[data-testid=watch-screen][data-projector=\"1\"] [data-testid=log] li').length >= 4",
                                  timeout=90_000)
        for w, h in SIZES:
            watcher.set_viewport_size({"width": w, "height": h})
            watcher.wait_for_function(f"() => innerWidth === {w} && innerHeight === {h}")
            watcher.evaluate(SETTLED)
            m = watcher.evaluate(WALL)
            where = f"{game} {w}x{h}"
            watcher.screenshot(path=str(ARTIFACTS / f"wall-{game}-{w}x{h}.png"))
            print(where, {k: v for k, v in m.items() if k != "labels"})
            print(where, sorted((round(x["height"]), x["cls"], x["text"]) for x in m["labels"])[:8])
            if m["scrollW"] > w or m["scrollH"] > h:
                failures.append(f"{where}: scrolls ({m['scrollW']}x{m['scrollH']})")
            if m["play"]["right"] - m["play"]["left"] < 0.7 * w:
                failures.append(f"{where}: the table is {m['play']['right'] - m['play']['left']:.0f} px wide")
            if m["logBox"]["left"] < m["play"]["right"] - 1:
                failures.append(f"{where}: the log is not beside the table")
            n = m["newest"]
            if n is None or n["top"] < max(0, m["log"]["top"]) - 1 or n["bottom"] > min(h, m["log"]["bottom"]) + 1:
                failures.append(f"{where}: the newest move is not in view ({n}, log {m['log']})")
            small = [x for x in m["labels"] if x["height"] < h / 20]
            if not m["labels"] or small:
                failures.append(f"{where}: labels under 1/20 of the height: {small[:6]}")
            axe(watcher, f"wall {game} {w}x{h}")
    assert not failures, "\n".join(failures)
    axe.check()
