"""Play with friends over real parts: a real Nostr relay on loopback (PyPI nostr-relay, from
.venv-relay), the vendored Trystero, real WebRTC data channels between three headless pages.

A host page creates a room; one guest joins by typing the code, the other by opening the link; the
three play a Chúpate 2 game to the end by clicking. Every message each guest received and every card
its DOM showed is checked against the host's hidden cards at that version (?debug_room=1 hook).
"""

from __future__ import annotations

import json
import re
import time

import pytest

from clicks import take_chupate_turn as take_turn


pytestmark = pytest.mark.browser
MAX_TURNS = 900


def debug(page) -> dict:
    return json.loads(page.evaluate("() => window.tapeteRoomDebug()"))


def dom_cards(page) -> tuple[str | None, set[str]]:
    """(table version, every card the page's DOM names) at one moment."""
    return page.evaluate("""() => {
        const t = document.querySelector('[data-testid=table]');
        const cards = new Set();
        for (const n of document.querySelectorAll('[data-testid^="card-"]')) cards.add(n.dataset.testid.slice(5));
        for (const n of document.querySelectorAll('[data-card]')) cards.add(n.dataset.card);
        return [t ? t.dataset.version : null, [...cards]];
    }""")


def test_three_browsers_play_chupate_over_webrtc(new_page, boot, site_url, nostr_relay):
    query = f"?relay={nostr_relay}&ice=none&bot_delay=0&debug_room=1"
    host = boot(new_page(locale="es-ES"), f"{site_url}{query}")
    host.click('[data-testid="game-chupate"]')
    host.check('[data-testid="opt-mode-quick"]')          # first out wins: one round
    host.fill('[data-testid="room-name"]', "Ana")
    host.click('[data-testid="btn-create-room"]')
    host.wait_for_selector('[data-testid="lobby"] [data-testid="lobby-seat-0"]')
    code = host.get_attribute('[data-testid="lobby"]', "data-room")
    join_code = host.inner_text('[data-testid="room-join-code"]').strip()
    link = host.input_value('[data-testid="room-link"]')
    assert re.fullmatch(r"[A-HJKMNP-Z]{6}", code), code
    assert re.fullmatch(r"[1-9][0-9]{2}-[A-HJKMNP-Z]{5}", join_code), join_code
    assert f"#room={code}&k=" in link and "relay=" in link
    assert "código" in host.inner_text('[data-testid="room-tradeoff"]')

    by_code = boot(new_page(locale="es-ES"), f"{site_url}{query}")
    by_code.click('[data-testid="game-chupate"]')
    by_code.fill('[data-testid="room-name"]', "Beto")
    by_code.fill('[data-testid="join-code"]', join_code.lower().replace("-", " "))
    by_code.click('[data-testid="btn-join"]')
    t0 = time.monotonic()
    host.wait_for_selector('[data-testid="lobby-seat-1"][data-kind="player"]', timeout=30_000)
    by_code.wait_for_selector('[data-testid="lobby-seat-1"][data-kind="player"]', timeout=30_000)
    seated_by_code = time.monotonic() - t0

    by_link = boot(new_page(locale="en-US"), link)
    host.wait_for_selector('[data-testid="lobby-seat-2"][data-kind="player"]', timeout=30_000)
    by_link.wait_for_selector('[data-testid="lobby-seat-2"][data-kind="player"]', timeout=30_000)
    assert "Beto" in host.inner_text('[data-testid="lobby"]')
    # The code guest and the host show the same check number (from the SPAKE2 session key); the link
    # guest has none to show.
    check = by_code.inner_text('[data-testid="room-check"]').strip()
    assert re.fullmatch(r"[0-9]{4}", check), check
    host.wait_for_selector('[data-testid="lobby-check-1"]')
    assert host.inner_text('[data-testid="lobby-check-1"]').strip() == check
    assert not by_link.query_selector('[data-testid="room-check"]') and not host.query_selector('[data-testid="lobby-check-2"]')

    host.click('[data-testid="btn-start-room"]')
    pages = [host, by_code, by_link]
    for page in pages:
        page.wait_for_selector('[data-testid="table"]', timeout=30_000)
    seats = [debug(p)["seat"] for p in pages]
    assert seats == [0, 1, 2]

    dom_seen: list[tuple[int, str, list[str]]] = []
    turns = 0
    deadline = time.monotonic() + 600
    while not all(p.query_selector('[data-testid="result"]') for p in pages):
        assert turns < MAX_TURNS and time.monotonic() < deadline, "the game did not end"
        moved = False
        for seat, page in enumerate(pages):
            table = page.query_selector('[data-testid="table"]')
            if seat and (moved or turns % 4 == 0):
                version, cards = dom_cards(page)
                dom_seen.append((seat, version, cards))
            if table is None or page.query_selector('[data-testid="result"]'):
                continue
            if table.get_attribute("data-turn") == str(seat) and table.get_attribute("data-phase") not in ("round_over", "game_over"):
                take_turn(page)
                moved = True
                turns += 1
        if not moved:
            host.wait_for_timeout(30)

    # Every seat ends on the same final version.
    versions = {p.get_attribute('[data-testid="table"]', "data-version") for p in pages}
    assert len(versions) == 1, versions
    record = debug(host)
    hidden = record["hidden"]
    assert not record["refused"], record["refused"]
    deck_tokens = re.compile(r'"([A-Z0-9]{1,3})"')
    checked = 0
    for seat, page in ((1, by_code), (2, by_link)):
        for text in debug(page)["received"]:
            message = json.loads(text)
            if message["type"] != "update":
                continue
            secret = set(hidden[str(message["view"]["version"])][str(seat)])
            leaked = set(deck_tokens.findall(text)) & secret
            assert not leaked, f"seat {seat} received hidden cards {leaked} at v{message['view']['version']}"
            checked += 1
    for seat, version, cards in dom_seen:
        if version is not None and version in hidden:
            leaked = set(cards) & set(hidden[version][str(seat)])
            assert not leaked, f"seat {seat}'s page showed hidden cards {leaked} at v{version}"
    assert checked > 20
    print(f"p2p: seated by code in {seated_by_code:.2f}s; {turns} turns by clicking; {checked} guest updates checked")


def hand_cards(page) -> list[str]:
    return page.eval_on_selector_all('[data-testid="hand"] [data-testid^="card-"]',
                                     "nodes => nodes.map(n => n.dataset.testid.slice(5))")


def open_quick_chupate_room(host, name="Ana"):
    """From the picker: a quick Chúpate 2 room created by ``name``; returns the lobby's link."""
    host.click('[data-testid="game-chupate"]')
    host.check('[data-testid="opt-mode-quick"]')
    host.fill('[data-testid="room-name"]', name)
    host.click('[data-testid="btn-create-room"]')
    host.wait_for_selector('[data-testid="lobby"] [data-testid="lobby-seat-0"]')
    return host.input_value('[data-testid="room-link"]')


def host_and_guest(new_page, boot, site_url, nostr_relay, extra="", name=None):
    """A host page ("Ana", Spanish) and one guest page (English, joined by link) at a started two-seat
    Chúpate table (quick game). ``name``: the guest types it in the lobby's name box first (Enter), and the
    host's lobby shows it in seat 1 before Start."""
    query = f"?relay={nostr_relay}&ice=none&bot_delay=0&debug_room=1{extra}"
    host = boot(new_page(locale="es-ES"), f"{site_url}{query}")
    link = open_quick_chupate_room(host)
    guest = boot(new_page(locale="en-US"), link)
    host.wait_for_selector('[data-testid="lobby-seat-1"][data-kind="player"]', timeout=30_000)
    guest.wait_for_selector('[data-testid="lobby-seat-1"][data-kind="player"]', timeout=30_000)
    if name is not None:
        guest.wait_for_selector('[data-testid="name-box"][data-asking="1"]', timeout=30_000)
        guest.fill('[data-testid="rename-input"]', name)
        guest.keyboard.press("Enter")
        host.wait_for_function("n => ((document.querySelector('[data-testid=lobby-seat-1]') || {}).textContent || '')"
                               ".includes(n)", arg=name, timeout=30_000)
    host.click('[data-testid="btn-start-room"]')
    for page in (host, guest):
        page.wait_for_selector('[data-testid="table"]', timeout=30_000)
    return host, guest, link


def play_until_turn_of(pages, seat, min_turns=1, max_turns=200) -> None:
    """Click moves (host and guest) until it is ``seat``'s turn after at least ``min_turns`` moves."""
    turns = 0
    for _ in range(max_turns):
        table = pages[0].query_selector('[data-testid="table"]')
        turn = table.get_attribute("data-turn")
        if table.get_attribute("data-phase") in ("round_over", "game_over"):
            pytest.skip("the round ended before the drop (seed luck)")
        if turns >= min_turns and turn == str(seat):
            page = pages[seat]
            page.wait_for_function(
                "v => document.querySelector('[data-testid=table]').dataset.version === v",
                arg=table.get_attribute("data-version"), timeout=15_000)
            return
        mover = pages[int(turn)]
        mover.wait_for_function(
            "v => document.querySelector('[data-testid=table]').dataset.version === v",
            arg=table.get_attribute("data-version"), timeout=15_000)
        take_turn(mover)
        turns += 1
    raise AssertionError("never reached the seat's turn")


def test_guest_page_closes_and_returns_to_its_seat(new_page, boot, site_url, nostr_relay):
    host, guest, link = host_and_guest(new_page, boot, site_url, nostr_relay, "&seed=5")
    play_until_turn_of([host, guest], 1, min_turns=2)
    hand, version = hand_cards(guest), guest.get_attribute('[data-testid="table"]', "data-version")
    assert hand
    context = guest.context
    guest.close()
    back = boot(context.new_page(), link)          # same context: same localStorage, same player id
    back.wait_for_selector('[data-testid="table"]', timeout=30_000)
    assert debug(back)["seat"] == 1
    assert back.get_attribute('[data-testid="table"]', "data-version") == version
    assert hand_cards(back) == hand
    take_turn(back)                                # the game goes on with that seat
    host.wait_for_function(
        "v => document.querySelector('[data-testid=table]').dataset.version !== v", arg=version, timeout=15_000)
    assert not debug(host)["refused"]


def test_gone_guest_is_played_by_a_bot_after_the_grace_then_handed_back(new_page, boot, site_url, nostr_relay):
    host, guest, link = host_and_guest(new_page, boot, site_url, nostr_relay, "&seed=5&grace=1")
    play_until_turn_of([host, guest], 1, min_turns=2)
    version = guest.get_attribute('[data-testid="table"]', "data-version")
    context = guest.context
    guest.close()
    # The grace period is visible on the host, then a bot plays seat 1 and the seat says so.
    host.wait_for_function("() => document.querySelector('[data-testid=seat-1]').textContent.includes('bot')",
                           timeout=30_000)
    host.wait_for_function(
        "v => document.querySelector('[data-testid=table]').dataset.version !== v", arg=version, timeout=15_000)
    back = boot(context.new_page(), link)
    back.wait_for_selector('[data-testid="table"]', timeout=30_000)
    assert debug(back)["seat"] == 1
    host.wait_for_function("() => !document.querySelector('[data-testid=seat-1]').textContent.includes('bot')",
                           timeout=15_000)
    play_until_turn_of([host, back], 1, min_turns=0)
    version = back.get_attribute('[data-testid="table"]', "data-version")
    take_turn(back)
    host.wait_for_function(
        "v => document.querySelector('[data-testid=table]').dataset.version !== v", arg=version, timeout=15_000)
    assert not debug(host)["refused"]


def test_host_reload_mid_round_resumes_the_room(new_page, boot, site_url, nostr_relay):
    from conftest import _READY_OR_ERROR
    host, guest, link = host_and_guest(new_page, boot, site_url, nostr_relay, "&seed=5")
    play_until_turn_of([host, guest], 1, min_turns=2)
    version = host.get_attribute('[data-testid="table"]', "data-version")
    hands = hand_cards(host), hand_cards(guest)
    heard = len(debug(guest)["received"])
    assert "#room=" in host.url
    host.reload()
    host.wait_for_function(_READY_OR_ERROR, timeout=90_000, polling=100)
    host.wait_for_selector('[data-testid="table"]', timeout=30_000)
    assert host.get_attribute('[data-testid="table"]', "data-version") == version
    assert hand_cards(host) == hands[0]
    # The guest's transport finds the host again on its own; it plays its turn against the resumed room.
    guest.wait_for_function("n => JSON.parse(window.tapeteRoomDebug()).received.length > n", arg=heard,
                            timeout=30_000)
    take_turn(guest)
    host.wait_for_function(
        "v => document.querySelector('[data-testid=table]').dataset.version !== v", arg=version, timeout=30_000)
    assert hand_cards(guest) != hands[1] and not debug(host)["refused"]


def test_corrupt_saved_room_is_discarded_with_a_message(new_page, boot, site_url, nostr_relay):
    page = boot(new_page(locale="en-US"), f"{site_url}?relay={nostr_relay}&ice=none")
    page.evaluate("() => localStorage.setItem('tapete.room', '{\"kind\":\"tapete.room\",\"code\":\"ABCDEF\",')")
    boot(page, f"{site_url}?relay={nostr_relay}&ice=none&x=1#room=ABCDEF&k=abc")
    page.wait_for_selector('[data-testid="setup"]')
    assert "could not be restored" in page.inner_text("#app")
    assert page.evaluate("() => localStorage.getItem('tapete.room')") is None
    assert not new_page.console_errors, new_page.console_errors
