"""Issue 31: names in rooms, over the real loopback relay and real WebRTC between two pages.

- test_link_guest_is_asked_a_name_and_both_can_rename: a friend opening the invitation link in a
  browser that keeps no name is asked one (the box focused, prefilled with the seat's "Player …"); the
  name it gives reaches the host's lobby; the host renames itself and the guest sees it; a name with
  markup is refused on the page and changes nothing; the guest's leaving logs no console error on the
  host; the invitation link field is a full-width, tap-sized field.
"""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser


def seat_text(page, seat: int) -> str:
    return page.inner_text(f'[data-testid="lobby-seat-{seat}"]')


def test_link_guest_is_asked_a_name_and_both_can_rename(new_page, boot, site_url, nostr_relay):
    query = f"?relay={nostr_relay}&ice=none&bot_delay=0"
    host = boot(new_page(locale="en-US", viewport={"width": 390, "height": 844}), f"{site_url}{query}")
    host.click('[data-testid="game-chupate"]')
    host.fill('[data-testid="room-name"]', "Ana")
    host.click('[data-testid="btn-create-room"]')
    host.wait_for_selector('[data-testid="lobby"] [data-testid="room-link"]')
    host.wait_for_function("() => { const r = document.querySelector('[data-testid=room-link]').getBoundingClientRect();"
                           " return r.width >= 300 && r.height >= 44; }")
    assert host.get_attribute('[data-testid="name-box"]', "data-asking") == "0"   # the host typed its name
    link = host.input_value('[data-testid="room-link"]')

    guest = boot(new_page(locale="en-US", viewport={"width": 390, "height": 844}), link)
    guest.wait_for_selector('[data-testid="name-box"][data-asking="1"]', timeout=30_000)
    assert "What's your name?" in guest.inner_text('[data-testid="name-box"]')
    guest.wait_for_function("() => document.activeElement === document.querySelector('[data-testid=rename-input]')")
    assert re.fullmatch(r"Player \S{3}", guest.input_value('[data-testid="rename-input"]'))
    host.wait_for_function("() => /Player/.test((document.querySelector('[data-testid=lobby-seat-1]') || {}).textContent || '')",
                           timeout=30_000)
    guest.fill('[data-testid="rename-input"]', "  Beto   B ")
    guest.keyboard.press("Enter")
    host.wait_for_function("() => /Beto B/.test(document.querySelector('[data-testid=lobby-seat-1]').textContent)")
    assert guest.get_attribute('[data-testid="name-box"]', "data-asking") == "0"
    guest.wait_for_function("() => /Beto B/.test(document.querySelector('[data-testid=lobby-seat-1]').textContent)")

    host.fill('[data-testid="rename-input"]', "Ana María")
    host.click('[data-testid="btn-rename"]')
    guest.wait_for_function("() => /Ana María/.test(document.querySelector('[data-testid=lobby-seat-0]').textContent)")

    guest.fill('[data-testid="rename-input"]', "<b>Boss</b>")
    guest.click('[data-testid="btn-rename"]')
    guest.wait_for_selector('[data-testid="rename-note"]')
    assert "will not do" in guest.inner_text('[data-testid="rename-note"]')
    assert "Beto B" in seat_text(host, 1) and "<b>" not in host.inner_html('[data-testid="lobby"]')

    # the name is kept: the next link opened in this browser asks nothing
    assert guest.evaluate("() => localStorage.getItem('tapete.name')") == "Beto B"
    before = seat_text(host, 1)
    guest.context.close()
    host.wait_for_function("t => document.querySelector('[data-testid=lobby-seat-1]').textContent !== t",
                           arg=before, timeout=60_000)           # marked away (or freed)
    errors = [e for e in new_page.console_errors if "[page 0]" in e]
    assert errors == [], errors


def test_every_lobby_names_the_game_and_its_mode_with_one_code(new_page, boot, site_url, nostr_relay):
    """The host's lobby and a link guest's both name the game, its mode and its target; the host sees ONE
    code to read aloud (no room id anywhere on the page: it is only in the link), the guest no code and
    not the host's note about codes and locks. axe finds nothing serious on the guest's lobby at either size."""
    from test_accessibility import Axe
    query = f"?relay={nostr_relay}&ice=none&bot_delay=0"
    host = boot(new_page(locale="en-US", viewport={"width": 1280, "height": 800}), f"{site_url}{query}")
    host.click('[data-testid="game-chupate"]')
    host.check('[data-testid="opt-mode-points"]')
    host.fill('[data-testid="opt-target"]', "300")
    host.fill('[data-testid="room-name"]', "Ana")
    host.click('[data-testid="btn-create-room"]')
    host.wait_for_selector('[data-testid="lobby"] [data-testid="room-join-code"]')
    room_id = host.get_attribute('[data-testid="lobby"]', "data-room")
    join_code = host.inner_text('[data-testid="room-join-code"]').strip()
    assert host.inner_text('[data-testid="lobby-game"]').strip() == "Chúpate 2"
    assert host.inner_text('[data-testid="lobby-options"]').strip() == "Points · Points to end the game: 300"
    text = host.inner_text('[data-testid="lobby"]')
    # one code to read aloud: the join code once, never the room id as a "Room XXXXXX" heading (the id may
    # sit inside the watchers' link, which is a link, not a code; "Room servers" is the relay status)
    headings = " ".join(host.locator('[data-testid="lobby"] h1, [data-testid="lobby"] h2').all_inner_texts())
    assert room_id not in headings and text.count(join_code) == 1 and f"Room {room_id}" not in text
    assert host.locator('[data-testid="lobby"] h2').count() == 1
    assert host.get_by_test_id("room-tradeoff").is_visible()           # the host's note, for the host
    link = host.input_value('[data-testid="room-link"]')
    box = host.locator('[data-testid="room-link"]').bounding_box()       # the invitation field, tap-sized
    assert box["width"] >= 300 and box["height"] >= 44, box

    guest = boot(new_page(locale="es-ES", viewport={"width": 390, "height": 844}), link)
    guest.wait_for_selector('[data-testid="name-box"][data-asking="1"]', timeout=30_000)
    guest.fill('[data-testid="rename-input"]', "Beto")
    guest.keyboard.press("Enter")
    guest.wait_for_function("() => /Beto/.test((document.querySelector('[data-testid=lobby-seat-1]') || {}).textContent || '')",
                            timeout=30_000)
    assert guest.inner_text('[data-testid="lobby-game"]').strip() == "Chúpate 2"
    guest.wait_for_selector('[data-testid="lobby-options"]')
    assert guest.inner_text('[data-testid="lobby-options"]').strip() == "A puntos · Puntos por partida: 300"
    text = guest.inner_text('[data-testid="lobby"]')
    assert room_id not in text and join_code not in text and "Sala " not in text
    assert not guest.query_selector('[data-testid="room-tradeoff"]')
    assert not guest.query_selector('[data-testid="room-join-code"]')
    assert guest.locator('[data-testid="lobby"] h2').count() == 1
    axe = Axe("lobby link guest")
    axe(guest, "lobby link guest 390")
    guest.set_viewport_size({"width": 1280, "height": 800})
    axe(guest, "lobby link guest 1280")
    axe.check()
