"""Rooms under attack, with real parts: the loopback Nostr relay, the vendored (patched) Trystero, real
WebRTC, real app pages. The attacker is a page of the same site that drives Trystero by hand (what anyone
with the code or the link can do): it answers a code guest as if it were the host, or joins a host's room
as a guest and sends what no honest guest sends.

- a fake host's update with markup in ``draw_count`` is refused (logged, nothing shown, no script runs);
  markup in names is shown as text;
- a guest's text over 4 KiB is dropped by the host's p2p.js before Python; a 5 MiB message is never
  reassembled: the host disconnects the sender at the pending-bytes cap and stays usable;
- the host kicks a seat and locks the room; the share link carries no test hooks.
"""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.browser
APP_ID = "tapete-cards-v1"
MARKUP = '<img src=x onerror="window.pwned=1">'

ATTACKER = """async ([relay, roomId, password]) => {
  const { joinRoom, selfId } = await import(new URL("vendor/trystero.mjs", location.href).href);
  const room = joinRoom({appId: %r, relayConfig: {urls: [relay]}, rtcConfig: {iceServers: []}, password}, roomId);
  const action = room.makeAction("tapete");
  const att = window.att = {selfId, room, action, peers: [], left: [], got: [], sendError: null};
  action.onMessage = (data, meta) => att.got.push([data, meta && meta.peerId]);
  room.onPeerJoin = (id) => att.peers.push(id);
  room.onPeerLeave = (id) => att.left.push(id);
  return selfId;
}""" % APP_ID


def attacker(new_page, site_url, relay, room_id, password):
    page = new_page(locale="en-US")
    page.goto(f"{site_url}static/config.json")           # any page of the site: same origin as the app
    page.evaluate(ATTACKER, [relay, room_id, password])
    return page


def debug(page) -> dict:
    return json.loads(page.evaluate("() => window.tapeteRoomDebug()"))


def honest_update(seat: int = 1) -> dict:
    """What an honest host would send seat ``seat`` of a fresh 3-player Chúpate game."""
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))
    from tapete.net import Host, SeatSpec
    host = Host("chupate", [SeatSpec("Ana", player="h0000000"), SeatSpec("Beto", player="g0000000"),
                            SeatSpec("Bot 2", bot="easy")], 11)
    return json.loads(json.dumps(host.update_for("g0000000", [])))


def test_fake_host_markup_in_a_number_is_refused_and_names_are_shown_as_text(new_page, boot, site_url, nostr_relay):
    code = "QWERTY"
    fake = attacker(new_page, site_url, nostr_relay, f"{code}-code", f"code:{code}")
    guest = boot(new_page(locale="en-US"), f"{site_url}?relay={nostr_relay}&ice=none")
    guest.click('[data-testid="game-chupate"]')
    guest.fill('[data-testid="room-name"]', "Beto")
    guest.fill('[data-testid="join-code"]', code)
    guest.click('[data-testid="btn-join"]')
    fake.wait_for_function("() => att.got.some(([t]) => t.includes('hello'))", timeout=60_000)
    lobby = {"v": 1, "type": "lobby", "game": "chupate", "started": True, "you": 1,
             "seats": [{"kind": "host", "name": MARKUP, "connected": True},
                       {"kind": "player", "name": "Beto", "connected": True},
                       {"kind": "bot", "name": "Bot 2", "connected": True}]}
    bad = honest_update()
    bad["view"]["draw_count"] = MARKUP
    send = "([text, peer]) => att.action.send(text, {target: peer})"
    peer = fake.evaluate("() => att.got.find(([t]) => t.includes('hello'))[1]")
    fake.evaluate(send, [json.dumps(lobby), peer])
    guest.wait_for_selector('[data-testid="lobby-seat-0"]')
    assert "<img" in guest.inner_text('[data-testid="lobby-seat-0"]')          # the name, as text
    fake.evaluate(send, [json.dumps(bad), peer])
    guest.wait_for_function("() => JSON.parse(window.tapeteRoomDebug()).host_refused.length > 0", timeout=30_000)
    record = debug(guest)
    assert "draw_count" in record["host_refused"][0] and record["screen"] == "lobby"
    assert any("draw_count" in line for line in new_page.console if "warning" in line)
    good = honest_update()
    good["names"][0] = MARKUP
    fake.evaluate(send, [json.dumps(good), peer])
    guest.wait_for_selector('[data-testid="table"]')
    assert "<img" in guest.inner_text('[data-testid="table"]')                  # the host's name, as text
    assert guest.evaluate("() => window.pwned") is None
    assert guest.evaluate("() => document.querySelectorAll('img[src=x], [onerror]').length") == 0


def open_room(new_page, boot, site_url, relay, extra=""):
    host = boot(new_page(locale="es-ES"), f"{site_url}?relay={relay}&ice=none&bot_delay=0&debug_room=1{extra}")
    host.click('[data-testid="game-chupate"]')
    host.fill('[data-testid="room-name"]', "Ana")
    host.click('[data-testid="btn-create-room"]')
    host.wait_for_selector('[data-testid="room-link"]')
    link = host.input_value('[data-testid="room-link"]')
    return host, link


def test_host_drops_long_guest_texts_before_python_and_cuts_off_a_peer_past_the_reassembly_cap(
        new_page, boot, site_url, nostr_relay):
    host, link = open_room(new_page, boot, site_url, nostr_relay)
    fragment = dict(part.split("=", 1) for part in link.split("#", 1)[1].split("&"))
    bad = attacker(new_page, site_url, nostr_relay, fragment["room"], f"k:{fragment['k']}")
    bad.wait_for_function("() => att.peers.length > 0", timeout=60_000)
    peer = bad.evaluate("() => att.peers[0]")
    send = "([text, peer]) => att.action.send(text, {target: peer}).catch(e => { att.sendError = String(e); })"
    long_hello = json.dumps({"v": 1, "type": "hello", "player": "attacker0001", "name": "X", "pad": "y" * 5000})
    bad.evaluate(send, [long_hello, peer])
    hello = json.dumps({"v": 1, "type": "hello", "player": "attacker0001", "name": "Mallory"})
    bad.evaluate(send, [hello, peer])
    host.wait_for_selector('[data-testid="lobby-seat-1"][data-kind="player"]', timeout=30_000)
    record = debug(host)
    assert record["dropped"] == 1                             # the long one never reached Python
    assert not any(r["code"] in ("oversized", "malformed") for r in record["refused"]), record["refused"]
    # 5 MiB in one message: the host disconnects the sender at the pending-bytes cap (2 MiB).
    bad.evaluate(send, ["z" * (5 * 2**20), peer])
    bad.wait_for_function("() => att.left.length > 0", timeout=60_000)
    host.wait_for_function("() => document.querySelector('[data-testid=lobby-seat-1]').textContent"
                           ".includes('desconectado')", timeout=30_000)
    assert debug(host)["dropped"] == 1                        # nothing of it was delivered
    host.click('[data-testid="btn-add-bot"]')                 # and the host page goes on
    host.wait_for_selector('[data-testid="lobby-seat-2"][data-kind="bot"]')


def test_host_kicks_a_seat_locks_the_room_and_shares_a_clean_link(new_page, boot, site_url, nostr_relay):
    host, link = open_room(new_page, boot, site_url, nostr_relay, "&seed=5&autoplay=50&grace=3")
    query = link.split("#")[0]
    for hook in ("seed", "debug_room", "autoplay", "bot_delay", "grace"):
        assert f"{hook}=" not in query, link
    assert "relay=" in query and "ice=none" in query
    guest = boot(new_page(locale="en-US"), link)
    host.wait_for_selector('[data-testid="lobby-seat-1"][data-kind="player"]', timeout=30_000)
    guest.wait_for_selector('[data-testid="lobby-seat-1"][data-kind="player"]', timeout=30_000)
    assert not guest.query_selector('[data-testid="btn-kick-1"]')           # only the host has them
    host.click('[data-testid="btn-kick-1"]')
    host.wait_for_selector('[data-testid="lobby-seat-1"][data-kind="open"]')
    guest.wait_for_selector('[data-testid="room-message"]')
    assert "removed you" in guest.inner_text('[data-testid="room-message"]')
    host.click('[data-testid="btn-lock-room"]')
    assert "nadie nuevo" in host.inner_text('[data-testid="room-locked"]')
    assert "Abrir" in host.inner_text('[data-testid="btn-lock-room"]')
    newcomer = boot(new_page(locale="es-ES"), link)
    newcomer.wait_for_selector('[data-testid="room-message"]', timeout=30_000)
    assert "cerrado la sala" in newcomer.inner_text('[data-testid="room-message"]')
    assert host.query_selector('[data-testid="lobby-seat-1"][data-kind="open"]')
    host.click('[data-testid="btn-lock-room"]')                               # unlocked again
    assert not host.query_selector('[data-testid="room-locked"]')


def test_a_host_that_changes_its_secret_after_the_nonces_is_caught_at_the_reveal(new_page, boot, site_url, nostr_relay):
    host, link = open_room(new_page, boot, site_url, nostr_relay, "&autoplay=20")
    base, fragment = link.split("#", 1)
    guest = boot(new_page(locale="es-ES"), f"{base}&autoplay=20#{fragment}")
    host.wait_for_selector('[data-testid="lobby-seat-1"][data-kind="player"]', timeout=30_000)
    guest.wait_for_selector('[data-testid="lobby-seat-1"][data-kind="player"]', timeout=30_000)
    host.evaluate("() => window.tapeteDebugRigDeal()")     # a new secret, the old commitment kept
    host.click('[data-testid="btn-start-room"]')
    guest.wait_for_selector('[data-testid="result"]', timeout=300_000)
    guest.wait_for_selector('[data-testid="deal-not-verified"]', timeout=30_000)
    text = guest.inner_text('[data-testid="deal-not-verified"]')
    assert "NO verificado" in text and "compromiso" in text, text
    assert not guest.query_selector('[data-testid="deal-verified"]')
    assert any("deal NOT verified" in line for line in new_page.console)
