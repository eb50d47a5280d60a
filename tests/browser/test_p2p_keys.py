"""Seats bound to keys and join codes that stay safe, over real parts: a real Nostr relay on loopback,
the vendored Trystero, real WebRTC, WebCrypto keys in IndexedDB, SPAKE2 (static/js/pake.js).

- a browser holding a copy of a guest's whole localStorage (its player id included) gets no seat;
- what a relay records of a code room (every event it stored) holds neither the link's secret nor the
  code, and a guest that knows only what the relay can learn (the nameplate, the room id) cannot join:
  its guesses are refused and counted, and the link room never lets it in;
- three wrong codes lock the code; the right code then is refused too; the link room goes on;
- peers in the public nameplate room that answer a code guest first, claim the code is locked and flood
  the host with handshakes get one guess per failed try the guest shows, and the friend still joins.
"""

from __future__ import annotations

import json
import re
import secrets
import sqlite3
import sys
from pathlib import Path

import pytest

from clicks import take_chupate_turn as take_turn
from test_p2p import debug, hand_cards, host_and_guest, play_until_turn_of

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from relay import start_relay  # noqa: E402

pytestmark = pytest.mark.browser


def app_text(page) -> str:
    return page.inner_text("#app")


def create_room(new_page, boot, site_url, relay_url, name="Hortensia"):
    query = f"?relay={relay_url}&ice=none&bot_delay=0&debug_room=1"
    host = boot(new_page(locale="en-US"), f"{site_url}{query}")
    host.click('[data-testid="game-chupate"]')
    host.fill('[data-testid="room-name"]', name)
    host.click('[data-testid="btn-create-room"]')
    host.wait_for_selector('[data-testid="lobby"] [data-testid="lobby-seat-0"]')
    host.wait_for_selector('[data-testid="room-join-code"]')
    return host, query


def type_code(new_page, boot, site_url, query, code, name="Quintiliano", page=None):
    page = page or boot(new_page(locale="en-US"), f"{site_url}{query}")
    if not page.query_selector('[data-testid="join-code"]'):   # from the game picker; after a refusal
        page.click('[data-testid="game-chupate"]')             # the form is already there
    page.fill('[data-testid="room-name"]', name)
    page.fill('[data-testid="join-code"]', code)
    page.click('[data-testid="btn-join"]')
    return page


def wrong_secret(secret: str) -> str:
    return "".join("A" if ch != "A" else "B" for ch in secret)


def test_a_browser_with_a_stolen_player_id_gets_no_seat(new_page, boot, site_url, nostr_relay):
    """Before keys, a second browser presenting a guest's player id took that seat and its hand (the
    newest connection of a player won). Now it is a stranger: the table is full."""
    host, guest, link = host_and_guest(new_page, boot, site_url, nostr_relay, "&seed=5")
    hand = hand_cards(guest)
    stolen = guest.evaluate("() => Object.fromEntries(Object.entries(localStorage))")
    assert stolen.get("tapete.player")
    # Another browser with everything the victim's localStorage holds (the key is in IndexedDB,
    # non-extractable, and stays behind).
    thief = new_page(locale="en-US")
    thief.goto(site_url)
    thief.evaluate("s => { for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v); }", stolen)
    boot(thief, link)
    thief.wait_for_selector('[data-testid="room-message"]', timeout=30_000)
    assert "The table is full" in thief.inner_text('[data-testid="room-message"]')
    assert thief.evaluate("() => localStorage.getItem('tapete.player')") == stolen["tapete.player"]
    assert not thief.query_selector('[data-testid="table"]')
    assert not [t for t in debug(thief)["received"] if json.loads(t)["type"] == "update"]
    assert [r["code"] for r in debug(host)["refused"]] == ["full"]
    # The victim keeps its seat, its hand and its connection: it plays on.
    assert debug(guest)["seat"] == 1 and hand_cards(guest) == hand
    play_until_turn_of([host, guest], 1, min_turns=0)
    version = host.get_attribute('[data-testid="table"]', "data-version")
    take_turn(guest)
    host.wait_for_function(
        "v => document.querySelector('[data-testid=table]').dataset.version !== v", arg=version, timeout=15_000)
    assert [r["code"] for r in debug(host)["refused"]] == ["full"]


@pytest.fixture
def own_relay(tmp_path):
    """A relay of this test's own, so its database is this room's whole record."""
    relay = start_relay(tmp_path / "relay")
    yield relay
    relay.stop()


def relay_record(relay) -> str:
    """Every row of every table the relay stored, as text."""
    db = sqlite3.connect(relay.folder / "nostr.sqlite3")
    try:
        tables = [row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        rows = [repr(row) for table in tables for row in db.execute(f'SELECT * FROM "{table}"')]
    finally:
        db.close()
    return "\n".join(rows)


def test_the_relays_record_of_a_code_room_is_not_enough_to_join_it(new_page, boot, site_url, own_relay):
    host, query = create_room(new_page, boot, site_url, own_relay.url)
    join_code = host.inner_text('[data-testid="room-join-code"]').strip()
    room_id = host.get_attribute('[data-testid="lobby"]', "data-room")
    k = host.input_value('[data-testid="room-link"]').split("&k=")[1]
    nameplate, secret = join_code.split("-")
    # A friend joins with the right code: both pages show the same check number.
    friend = type_code(new_page, boot, site_url, query, join_code)
    friend.wait_for_selector('[data-testid="lobby-seat-1"][data-kind="player"]', timeout=30_000)
    check = friend.inner_text('[data-testid="room-check"]').strip()
    host.wait_for_selector('[data-testid="lobby-check-1"]', timeout=30_000)
    assert re.fullmatch(r"[0-9]{4}", check) and host.inner_text('[data-testid="lobby-check-1"]').strip() == check

    record = relay_record(own_relay)
    assert len(record) > 1000, "the relay recorded the signalling"
    for needle in (k, join_code, nameplate + secret, "Hortensia", "Quintiliano"):
        assert needle not in record, f"{needle!r} is in the relay's record"
    # What the relay can learn (the nameplate, the room id) and one guess: refused and counted.
    attacker = type_code(new_page, boot, site_url, query, f"{nameplate}-{wrong_secret(secret)}", name="Mallory")
    attacker.wait_for_function("() => document.querySelector('#app').innerText.includes('not accepted')",
                               timeout=30_000)
    assert "Failed tries: 1. Tries left before it locks: 2." in app_text(attacker)
    assert not attacker.query_selector('[data-testid="lobby"]')
    host.wait_for_selector('[data-testid="room-code-failures"][data-failures="1"]', timeout=15_000)
    # The link room with any secret but the real one lets nobody in: the attacker's page meets no peer
    # while a guest with the link joins and is seated.
    attacker.evaluate("""([room, secret]) => window.tapeteLoadP2P().then(p => p.open({room, secret}))
        .then(h => { window.attackerHandle = h; })""", [room_id, secrets.token_urlsafe(32)])
    link_guest = boot(new_page(locale="en-US"), host.input_value('[data-testid="room-link"]'))
    host.wait_for_selector('[data-testid="lobby-seat-2"][data-kind="player"]', timeout=30_000)
    link_guest.wait_for_selector('[data-testid="lobby-seat-2"][data-kind="player"]', timeout=30_000)
    assert attacker.evaluate("() => window.attackerHandle.peers().length") == 0
    lobby = host.inner_text('[data-testid="lobby"]')
    assert "Mallory" not in lobby and not host.query_selector('[data-testid="lobby-seat-3"]:not([data-kind="open"])')


def test_wrong_codes_are_refused_counted_and_lock_the_code(new_page, boot, site_url, nostr_relay):
    host, query = create_room(new_page, boot, site_url, nostr_relay)
    join_code = host.inner_text('[data-testid="room-join-code"]').strip()
    nameplate, secret = join_code.split("-")
    # A friend came in by link first. (It joins early: a link join more than ~57 s after the room opened
    # hits Trystero's stale-offer bug, issue 12 item 5, fixed on another branch.)
    by_link = boot(new_page(locale="en-US"), host.input_value('[data-testid="room-link"]'))
    by_link.wait_for_selector('[data-testid="lobby-seat-1"][data-kind="player"]', timeout=30_000)
    guesser = boot(new_page(locale="es-ES"), f"{site_url}{query}")
    for attempt, left in ((1, 2), (2, 1)):
        type_code(new_page, boot, site_url, query, f"{nameplate}-{wrong_secret(secret)[:attempt]}{secret[attempt:]}",
                  page=guesser)
        guesser.wait_for_function("n => document.querySelector('#app').innerText.includes(`antes del bloqueo: ${n}.`)",
                                  arg=left, timeout=30_000)
        host.wait_for_selector(f'[data-testid="room-code-failures"][data-failures="{attempt}"][data-locked="0"]',
                               timeout=15_000)
    type_code(new_page, boot, site_url, query, f"{nameplate}-{wrong_secret(secret)}", page=guesser)
    guesser.wait_for_function("() => document.querySelector('#app').innerText.includes('bloqueado')", timeout=30_000)
    host.wait_for_selector('[data-testid="room-code-failures"][data-failures="3"][data-locked="1"]', timeout=15_000)
    assert "locked" in host.inner_text('[data-testid="room-code-failures"]')
    # Locked: the right code is refused too, and counts nothing more. (Typed on the same page: a page
    # entering the nameplate room a minute after the host did meets Trystero's stale-offer bug, issue 12
    # item 5, fixed on another branch.)
    guesser.evaluate("() => document.querySelector('#app p.message').remove()")
    type_code(new_page, boot, site_url, query, join_code, page=guesser)
    guesser.wait_for_function("() => document.querySelector('#app').innerText.includes('bloqueado')", timeout=30_000)
    assert not guesser.query_selector('[data-testid="lobby"]')
    assert host.get_attribute('[data-testid="room-code-failures"]', "data-failures") == "3"
    assert json.loads(host.evaluate("() => localStorage.getItem('tapete.room')"))["code_failures"] == 3
    # The lock closes the code only: the link guest is still seated and the host can start the game.
    assert host.get_attribute('[data-testid="lobby-seat-1"]', "data-kind") == "player"
    assert not host.query_selector('[data-testid="lobby-seat-2"][data-kind="player"]')
    host.click('[data-testid="btn-start-room"]')
    by_link.wait_for_selector('[data-testid="table"]', timeout=30_000)


def test_a_host_reload_does_not_give_the_code_fresh_tries(new_page, boot, site_url, nostr_relay):
    """The count of wrong codes is in the host's save: after a reload the lobby (and the handshake in
    pake.js, tests/js/pake.test.mjs) goes on from it instead of from zero."""
    from conftest import _READY_OR_ERROR
    host, query = create_room(new_page, boot, site_url, nostr_relay)
    join_code = host.inner_text('[data-testid="room-join-code"]').strip()
    nameplate, secret = join_code.split("-")
    guesser = type_code(new_page, boot, site_url, query, f"{nameplate}-{wrong_secret(secret)}")
    host.wait_for_selector('[data-testid="room-code-failures"][data-failures="1"][data-locked="0"]', timeout=30_000)
    # (the guesser's redeem is over: a redeem still waiting for more peers would try the reloaded host too)
    guesser.wait_for_function("() => document.querySelector('#app').innerText.includes('not accepted')",
                              timeout=30_000)
    saved = json.loads(host.evaluate("() => localStorage.getItem('tapete.room')"))
    assert saved["code_failures"] == 1 and saved["join_code"] == join_code
    host.reload()
    host.wait_for_function(_READY_OR_ERROR, timeout=90_000, polling=100)
    host.wait_for_selector('[data-testid="room-code-failures"][data-failures="1"][data-locked="0"]', timeout=30_000)
    assert host.inner_text('[data-testid="room-join-code"]').strip() == join_code
    assert "1 of 3" in host.inner_text('[data-testid="room-code-failures"]')
    guesser.close()


def test_a_copy_of_the_hosts_storage_cannot_resume_its_room(new_page, boot, site_url, nostr_relay):
    """The save in localStorage holds no private key: another browser with a copy of it (and the host's
    URL) cannot reopen the room as its host; the save is dropped with a message."""
    host, query = create_room(new_page, boot, site_url, nostr_relay)
    copied = host.evaluate("() => Object.fromEntries(Object.entries(localStorage))")
    saved = json.loads(copied["tapete.room"])
    k = host.input_value('[data-testid="room-link"]').split("&k=")[1]
    assert saved["secret"] == k and "host_key" not in saved
    assert all(k not in value or key == "tapete.room" for key, value in copied.items())
    assert not any(len(token) == 43 and token != k for token in re.findall(r"(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])", copied["tapete.room"]))
    other = new_page(locale="en-US")
    other.goto(site_url)
    other.evaluate("s => { for (const [k, v] of Object.entries(s)) localStorage.setItem(k, v); }", copied)
    boot(other, host.url)
    other.wait_for_function("() => document.querySelector('#app').innerText.includes('could not be restored')",
                            timeout=30_000)
    assert "key is not in this browser" in app_text(other)
    assert other.evaluate("() => localStorage.getItem('tapete.room')") is None
    assert not other.query_selector('[data-testid="lobby"]')


# Attacker peers in a code's public nameplate room (its id and password are public), in one page: each
# import of the bundle under its own query string is a peer of its own. Each answers a guest's pake1 at
# once (a pB made beforehand for its own guessed code) after claiming the code is "locked" and
# "refused", records every confirmation cA it gets (a guess it can test) and refuses it; the first
# floods every other peer with 200 pake1 (fresh shares).
NAMEPLATE_ATTACKERS = """async ([relay, nameplate, count, appId]) => {
  const { spake2, passwordScalar, hex, LETTERS } = await import(new URL("js/pake.js", location.href).href);
  const none = new Uint8Array();
  const np = window.np = { confirmed: [], pake1: 0, flooded: 0, selves: [], joined: [] };
  const shares = [0, 1, 2].map(() => hex(spake2("A", passwordScalar(nameplate, "ZZZZZ"), none, none, none).share));
  for (let i = 0; i < count; i++) {
    const { joinRoom, selfId } = await import(new URL(`vendor/trystero.mjs?np=${i}`, location.href).href);
    np.selves.push(selfId);
    const room = joinRoom({appId, relayConfig: {urls: [relay]}, rtcConfig: {iceServers: []},
                           password: `nameplate:${nameplate}`}, `np-${nameplate}`);
    const action = room.makeAction("code");
    const pB = hex(spake2("B", passwordScalar(nameplate, "AAAA" + LETTERS[i]), none, none, none).share);
    const sendTo = (peer, msg) => action.send(JSON.stringify(msg), {target: peer}).catch(() => {});
    action.onMessage = (data, meta) => {
      const msg = JSON.parse(data), peer = meta.peerId;
      if (np.selves.includes(peer)) return;
      if (msg.t === "pake1") {
        np.pake1 += 1;
        sendTo(peer, {t: "locked"});
        sendTo(peer, {t: "refused", left: 0});
        sendTo(peer, {t: "pake2", pA: msg.pA, pB});   // a real attacker echoes the pA it answers
      } else if (msg.t === "pake3") {
        np.confirmed.push([selfId, peer]);
        sendTo(peer, {t: "refused", left: 2});
      }
    };
    room.onPeerJoin = (peer) => {
      if (np.selves.includes(peer)) return;
      np.joined.push(peer);
      sendTo(peer, {t: "locked"});
      if (i === 0) for (let k = 0; k < 200; k++, np.flooded++) sendTo(peer, {t: "pake1", pA: shares[k % 3]});
    };
  }
}"""


def test_nameplate_attackers_get_one_guess_per_failed_try_shown_and_the_friend_still_joins(
        new_page, boot, site_url, nostr_relay):
    host, query = create_room(new_page, boot, site_url, nostr_relay)
    join_code = host.inner_text('[data-testid="room-join-code"]').strip()
    nameplate, secret = join_code.split("-")
    attackers = new_page(locale="en-US")
    attackers.goto(f"{site_url}static/config.json")
    attackers.evaluate(NAMEPLATE_ATTACKERS, [nostr_relay, nameplate, 2, "tapete-cards-v1"])
    # The flood reaches the host: dropped by its meters, a handful of runs paid for.
    host.wait_for_function("() => (JSON.parse(window.tapeteRoomDebug()).code || {}).dropped >= 100", timeout=60_000)
    # The friend first mistypes the code (the host counts one wrong try); its page stays in the nameplate
    # room, so when it types the right code its pake1 reaches the host and both attackers at once, and
    # the attackers, who answer at once, are likely to come first.
    friend = type_code(new_page, boot, site_url, query, f"{nameplate}-{wrong_secret(secret)}")
    friend.wait_for_function("() => document.querySelector('#app').innerText.includes('not accepted')", timeout=60_000)
    first = int(re.search(r"Failed tries: ([0-9]+)\.", app_text(friend)).group(1))
    me = friend.evaluate("() => window.tapeteP2P.selfId")
    attackers.wait_for_function("(me) => window.np.joined.filter((id) => id === me).length === 2", arg=me,
                                timeout=60_000)
    friend.evaluate("() => document.querySelector('#app p.message').remove()")
    type_code(new_page, boot, site_url, query, join_code, page=friend)
    friend.wait_for_selector('[data-testid="lobby-seat-1"][data-kind="player"]', timeout=60_000)
    check = friend.inner_text('[data-testid="room-check"]').strip()
    host.wait_for_selector('[data-testid="lobby-check-1"]', timeout=30_000)
    assert host.inner_text('[data-testid="lobby-check-1"]').strip() == check
    # Every confirmation an attacker got (one guess each) is a failed try the friend's page showed.
    record = attackers.evaluate("() => window.np")
    tries = friend.query_selector('[data-testid="room-code-tries"]')
    shown = first + (int(tries.get_attribute("data-failed")) if tries else 0)
    assert record["pake1"] >= 2, record                       # the friend greeted both attackers
    assert len(record["confirmed"]) == shown - 1, (record, first, shown)   # (the host had the wrong code's try)
    assert {guest for _, guest in record["confirmed"]} <= {me}
    code = json.loads(host.evaluate("() => window.tapeteRoomDebug()"))["code"]
    assert code["failures"] == 1 and host.get_attribute('[data-testid="room-code-failures"]', "data-failures") == "1"
    assert code["runs"] <= 5 and code["dropped"] >= 100, code   # 2 for the flood (its burst), 1 per friend's try
