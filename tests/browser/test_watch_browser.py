"""Watchers, the lobby for a wall and projector mode (issue 32) over real parts: a real Nostr relay on
loopback (tests/relay.py), real WebRTC between headless Chromium pages, Pyodide in each.

The main test: a host and two players (by the link) play a whole Chúpate 2 game by clicking while
watcher pages (the watcher link: the share link with ``watch=1``) look on. Every text a watcher accepted
and every card its DOM named is checked against the cards hidden from no seat at that version (the
host's ``?debug_room=1`` record: the engine's hidden places for no seat, minus the discard); a
watcher's intent is refused (``watcher``) with the table unchanged; a watcher that reloads is back at
the current table; the host's page counts the watchers; the lobby's QR code, screenshotted and decoded
by npm jsqr in the page, is the join link; the lobby shows ONE code and names the game and its options.
"""

from __future__ import annotations

import json
import re
import time

import pytest

from clicks import take_chupate_turn as take_turn
from conftest import _READY_OR_ERROR, ARTIFACTS
from test_accessibility import Axe
from test_p2p import debug, dom_cards        # a room's debug record; every card a page's DOM names
from test_qr_browser import decode_png       # npm jsqr on a screenshot


@pytest.fixture
def axe(request):
    return Axe(request.node.name)

pytestmark = pytest.mark.browser
MAX_TURNS = 900
WATCHERS = 3
TABLE = "document.querySelector('[data-testid=table]')"


def decode_qr(page, selector: str, new_page, site_url) -> str | None:
    """Screenshot the element and decode it with npm jsqr, in a page of the site without the app's CSP
    (as tests/browser/test_qr_browser.py does: the app's page forbids an injected script)."""
    return decode_png(page.locator(selector).screenshot(), new_page, site_url)


def create_room(boot, new_page, site_url, query, **context) -> tuple:
    host = boot(new_page(locale="es-ES", **context), f"{site_url}{query}")
    host.click('[data-testid="game-chupate"]')
    host.check('[data-testid="opt-mode-quick"]')          # first out wins: one round
    host.fill('[data-testid="room-name"]', "Ana")
    host.click('[data-testid="btn-create-room"]')
    host.wait_for_selector('[data-testid="lobby"] [data-testid="lobby-seat-0"]')
    return host, host.input_value('[data-testid="room-link"]')


def watcher_url(site_url: str, query: str, link: str) -> str:
    """The watcher link with this test's hooks in the query (a share link keeps only relay and ice)."""
    return f"{site_url}{query}#{link.split('#', 1)[1]}&watch=1"


def test_watchers_see_a_whole_game_with_no_hidden_card(new_page, boot, site_url, nostr_relay):
    query = f"?relay={nostr_relay}&ice=none&bot_delay=0&debug_room=1"
    host, link = create_room(boot, new_page, site_url, query)
    code = host.get_attribute('[data-testid="lobby"]', "data-room")
    join_code = host.inner_text('[data-testid="room-join-code"]').strip()
    # The lobby for a wall: the game and its options named, ONE code (the join code), the QR code.
    assert host.inner_text('[data-testid="lobby-game"]').strip() == "Chúpate 2"
    assert "rápida" in host.inner_text('[data-testid="lobby-options"]')
    assert code not in host.inner_text('[data-testid="lobby"]')            # the room id is only in the link
    assert host.locator('[data-testid="room-join-code"]').count() == 1 and re.fullmatch(
        r"[1-9][0-9]{2}-[A-HJKMNP-Z]{5}", join_code)
    host.wait_for_selector('[data-testid="lobby-qr"] svg[role="img"]')
    assert decode_qr(host, '[data-testid="lobby-qr"] .qr-box', new_page, site_url) == link
    show = host.get_attribute('[data-testid="btn-show-screen"]', "href")
    assert show == link + "&watch=1"
    assert host.get_attribute('[data-testid="watcher-count"]', "data-count") == "0"

    players = []
    for i, locale in enumerate(("en-US", "es-ES")):
        guest = boot(new_page(locale=locale), link)
        host.wait_for_selector(f'[data-testid="lobby-seat-{i + 1}"][data-kind="player"]', timeout=30_000)
        guest.wait_for_selector(f'[data-testid="lobby-seat-{i + 1}"][data-kind="player"]', timeout=30_000)
        players.append(guest)
    # A link guest is not shown the host's note about codes and locks, nor the code.
    assert not players[0].query_selector('[data-testid="room-tradeoff"]')
    assert not players[0].query_selector('[data-testid="room-join-code"]')
    assert players[0].inner_text('[data-testid="lobby-game"]').strip() == "Chúpate 2"

    watchers = []
    for i in range(WATCHERS):
        page = boot(new_page(locale="es-ES" if i % 2 else "en-US"), watcher_url(site_url, query, link))
        page.wait_for_selector('[data-testid="watch-lobby"] [data-testid="watch-seat-2"][data-kind="player"]',
                               timeout=30_000)
        watchers.append(page)
    host.wait_for_selector(f'[data-testid="watcher-count"][data-count="{WATCHERS}"]', timeout=30_000)
    # Watchers take no seat: the lobby still has the host, two players and one open seat.
    kinds = host.eval_on_selector_all('[data-testid^="lobby-seat-"]', "ns => ns.map(n => n.dataset.kind)")
    assert kinds == ["host", "player", "player", "open"], kinds
    assert all(debug(w)["seat"] is None for w in watchers)

    host.click('[data-testid="btn-start-room"]')
    pages = [host] + players
    for page in pages + watchers:
        page.wait_for_selector('[data-testid="table"]', timeout=60_000)
    assert [debug(p)["seat"] for p in pages] == [0, 1, 2]
    for w in watchers:                       # the public table: no hand, no action
        assert not w.query_selector('[data-testid="hand"]')
        assert not w.query_selector('[data-testid="table"] [data-action]:not([data-action^="ui:"])')

    dom_seen: list[tuple[str, list[str]]] = []
    turns, refused_checked, reloaded = 0, False, False
    deadline = time.monotonic() + 900
    while not all(p.query_selector('[data-testid="result"]') for p in pages):
        assert turns < MAX_TURNS and time.monotonic() < deadline, "the game did not end"
        moved = False
        for seat, page in enumerate(pages):
            table = page.query_selector('[data-testid="table"]')
            if table is None or page.query_selector('[data-testid="result"]'):
                continue
            if table.get_attribute("data-turn") == str(seat) and \
                    table.get_attribute("data-phase") not in ("round_over", "game_over"):
                take_turn(page)
                moved = True
                turns += 1
        if moved or turns % 4 == 0:
            for w in watchers:
                dom_seen.append(dom_cards(w))
        if turns >= 4 and not refused_checked:
            refused_checked = watcher_intent_is_refused(host, watchers[0])
        if turns >= 8 and not reloaded:
            watchers[1] = reload_watcher(host, watchers[1])
            reloaded = True
        if not moved:
            host.wait_for_timeout(30)
    assert refused_checked and reloaded, "the game ended before the intent and reload checks"

    final = host.get_attribute('[data-testid="table"]', "data-version")
    for w in watchers:
        w.wait_for_function(f"v => {TABLE} && {TABLE}.dataset.version === v", arg=final, timeout=30_000)
        dom_seen.append(dom_cards(w))
    record = debug(host)
    hidden = record["hidden"]
    deck_tokens = re.compile(r'"([A-Z0-9+]{1,3})"')
    checked = 0
    for w in watchers:
        got = debug(w)
        assert not got["host_refused"], got["host_refused"]
        for text in got["received"]:
            message = json.loads(text)
            if message["type"] != "update":
                continue
            assert message["seat"] is None and message["legal"] == [] and "hand" not in message["view"]
            secret = set(hidden[str(message["view"]["version"])]["watch"])
            leaked = set(deck_tokens.findall(text)) & secret
            assert not leaked, f"a watcher received hidden cards {leaked} at v{message['view']['version']}"
            checked += 1
    seen = 0
    for version, cards in dom_seen:
        if version is not None and version in hidden:
            leaked = set(cards) & set(hidden[version]["watch"])
            assert not leaked, f"a watcher's page showed hidden cards {leaked} at v{version}"
            seen += 1
    assert checked > 3 * 10 and seen > 10, (checked, seen)
    # The watchers' pages show the end: the result, its sheet, no "play again" to press.
    for w in watchers:
        w.wait_for_selector('[data-testid="result"]')
        assert w.locator('[data-testid="btn-again"]').is_hidden()
    assert [r["code"] for r in record["refused"]] == ["watcher"], record["refused"]
    print(f"watch: {turns} turns, {len(watchers)} watchers, {checked} watcher updates and {seen} DOM snapshots checked")


def watcher_intent_is_refused(host, watcher) -> bool:
    """At a still moment (every seat is a person who has not clicked yet), the watcher puts a well-formed
    intent for the seat on turn on the wire: the host refuses it (``watcher``) and the table is unchanged."""
    table = host.query_selector('[data-testid="table"]')
    if table.get_attribute("data-phase") != "play":
        return False
    version, turn = table.get_attribute("data-version"), int(table.get_attribute("data-turn"))
    watcher.wait_for_function(f"v => {TABLE} && {TABLE}.dataset.version === v", arg=version, timeout=15_000)
    before = host.inner_html('[data-testid="table"]')
    intent = json.dumps({"v": 1, "type": "intent", "id": "w0000001", "seat": turn,
                         "state_version": int(version), "action": "draw"})
    assert watcher.evaluate("t => window.tapeteWatchSend(t)", intent) is True
    watcher.wait_for_function("() => JSON.parse(window.tapeteRoomDebug()).rejected.includes('watcher')",
                              timeout=15_000)
    host.wait_for_timeout(300)          # an accepted intent would have changed the table by now
    assert host.get_attribute('[data-testid="table"]', "data-version") == version
    assert host.inner_html('[data-testid="table"]') == before
    assert watcher.get_attribute('[data-testid="table"]', "data-version") == version
    return True


def reload_watcher(host, watcher):
    """A watcher reloads mid-game: it is back at the current table at once, still counted once."""
    version = host.get_attribute('[data-testid="table"]', "data-version")
    watcher.reload()
    watcher.wait_for_function(_READY_OR_ERROR, timeout=90_000, polling=100)
    watcher.wait_for_function(f"v => {TABLE} && {TABLE}.dataset.version === v", arg=version, timeout=30_000)
    assert not watcher.query_selector('[data-testid="hand"]')
    host.wait_for_selector(f'[data-testid="watcher-count"][data-count="{WATCHERS}"]', timeout=30_000)
    return watcher


def test_host_closes_watching_and_projector_mode(new_page, boot, site_url, nostr_relay, axe):
    """The host closes watching: the watcher is told and shows it (with Watch again, refused while
    closed); opened again, the watcher is back. Projector mode at 1920×1080 on the lobby and on the
    watcher's table: no controls, the code and the QR code large, names and card faces ≥ 54 px.
    axe-core: 0 serious or critical on the lobby (host, with its QR code, and in projector mode), the
    watcher's lobby and table (projector mode at 1920×1080, plain at 1280×800 and 390×844)."""
    query = f"?relay={nostr_relay}&ice=none&bot_delay=0&debug_room=1"
    host, link = create_room(boot, new_page, site_url, query, viewport={"width": 1920, "height": 1080})
    watcher = boot(new_page(locale="en-US", viewport={"width": 1920, "height": 1080}),
                   watcher_url(site_url, query, link).replace("?", "?projector=1&", 1))
    watcher.wait_for_selector('[data-testid="watch-lobby"]', timeout=30_000)
    host.wait_for_selector('[data-testid="watcher-count"][data-count="1"]', timeout=30_000)
    assert watcher.evaluate("document.documentElement.classList.contains('projector')")
    assert watcher.locator('[data-testid="watch-screen"] button').count() == 0          # no controls
    host.wait_for_selector('[data-testid="lobby-qr"] svg')
    axe(host, "lobby host 1920")
    ARTIFACTS.mkdir(exist_ok=True)
    host.screenshot(path=str(ARTIFACTS / "watch-lobby-1920.png"), full_page=True)
    axe(watcher, "watcher lobby projector 1920")

    host.click('[data-testid="btn-watching"]')
    host.wait_for_selector('[data-testid="watcher-count"][data-watching="0"][data-count="0"]', timeout=15_000)
    watcher.wait_for_function("() => JSON.parse(window.tapeteRoomDebug()).closed", timeout=15_000)
    assert "closed" in watcher.inner_text('[data-testid="watch-message"]')
    watcher.keyboard.press("Escape")                    # projector mode off: the controls are back
    watcher.wait_for_selector('[data-testid="btn-watch-again"]')
    watcher.click('[data-testid="btn-watch-again"]')    # still closed: refused again
    watcher.wait_for_function(
        "() => JSON.parse(window.tapeteRoomDebug()).rejected.filter(c => c === 'not_watching').length >= 2",
        timeout=15_000)
    host.click('[data-testid="btn-watching"]')
    host.wait_for_selector('[data-testid="watcher-count"][data-watching="1"]', timeout=15_000)
    watcher.click('[data-testid="btn-watch-again"]')
    host.wait_for_selector('[data-testid="watcher-count"][data-count="1"]', timeout=15_000)
    watcher.wait_for_selector('[data-testid="watch-lobby"]')
    assert not watcher.query_selector('[data-testid="watch-message"]')
    axe(watcher, "watcher lobby 1920")

    # The host's lobby on the wall: projector mode, no controls, the code and the QR code large.
    host.click('[data-testid="btn-projector"]')
    host.wait_for_selector('[data-testid="lobby"][data-projector="1"]')
    host.wait_for_selector('[data-testid="lobby-qr"] svg')
    assert host.locator('[data-testid="lobby"] button, [data-testid="lobby"] input').count() == 0
    code_h = host.eval_on_selector('[data-testid="room-join-code"]', "n => n.getBoundingClientRect().height")
    qr_h = host.eval_on_selector('[data-testid="lobby-qr"] .qr-box', "n => n.getBoundingClientRect().height")
    assert code_h >= 108 and qr_h >= 400, (code_h, qr_h)
    assert decode_qr(host, '[data-testid="lobby-qr"] .qr-box', new_page, site_url) == link
    axe(host, "lobby projector 1920")
    ARTIFACTS.mkdir(exist_ok=True)
    host.screenshot(path=str(ARTIFACTS / "watch-lobby-projector-1920.png"))
    host.keyboard.press("Escape")
    host.wait_for_selector('[data-testid="lobby"][data-projector="0"]')

    guest = boot(new_page(locale="en-US"), link)
    host.wait_for_selector('[data-testid="lobby-seat-1"][data-kind="player"]', timeout=30_000)
    guest.wait_for_selector('[data-testid="lobby-seat-1"][data-kind="player"]', timeout=30_000)
    host.click('[data-testid="btn-start-room"]')
    watcher.click('[data-testid="btn-projector"]')     # back to projector mode by its button
    watcher.wait_for_selector('[data-testid="watch-screen"][data-projector="1"] [data-testid="table"]',
                              timeout=60_000)
    shown = watcher.eval_on_selector_all('[data-testid="watch-screen"] button', """ns => ns.filter(
        n => n.getClientRects().length && getComputedStyle(n).visibility !== 'hidden').map(n => n.outerHTML.slice(0, 160))""")
    assert not shown, shown
    sizes = watcher.evaluate("""() => {
        const h = (n) => n.getBoundingClientRect().height;
        return {names: [...document.querySelectorAll('.seat .name')].map(h),
                cards: [...document.querySelectorAll('[data-testid=table] .card, [data-testid=table] .pile')].map(h)};
    }""")
    assert sizes["names"] and min(sizes["names"]) >= 54, sizes
    assert sizes["cards"] and min(sizes["cards"]) >= 54, sizes
    ARTIFACTS.mkdir(exist_ok=True)
    watcher.screenshot(path=str(ARTIFACTS / "watch-projector-1920.png"))
    axe(watcher, "watcher table projector 1920")
    watcher.keyboard.press("Escape")
    watcher.wait_for_selector('[data-testid="watch-screen"][data-projector="0"] [data-testid="table"]')
    watcher.set_viewport_size({"width": 1280, "height": 800})
    axe(watcher, "watcher table 1280")
    watcher.set_viewport_size({"width": 390, "height": 844})
    axe(watcher, "watcher table 390")
    for w, h in ((390, 844), (360, 640)):
        watcher.set_viewport_size({"width": w, "height": h})
        width = watcher.evaluate("document.documentElement.scrollWidth")
        assert width <= w, f"the watcher's table scrolls sideways at {w} px ({width})"
    axe.check()
