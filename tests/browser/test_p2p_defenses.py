"""Rooms under attack, with real parts: the loopback Nostr relay, the vendored (patched) Trystero, real
WebRTC, real app pages. The attacker is a page of the same site that drives Trystero by hand with its own
WebCrypto Ed25519 key: a malicious host (it made the link, so it proves the link's key like any host) that
sends what no honest host sends, or a guest with the link that sends what no honest guest sends.

- a fake host's update with markup in ``draw_count`` is refused (logged, nothing shown, no script runs);
  markup in names is shown as text;
- a guest's text over 4 KiB is dropped by the host's p2p.js before Python; a 5 MiB message is never
  reassembled: the host disconnects the sender at the pending-bytes cap and stays usable;
- the host kicks a seat and locks the room; the share link carries no test hooks;
- a 100,000-deep JSON text, from a peer that has not proved the host key and from the host itself,
  leaves the guest's Python untouched: the guest plays on (Pyodide's json.loads overflowed the stack
  at about a thousand levels, a fatal error); a 4,000-deep guest text is refused by the host.
- Sybil peers with the link fill every seat; the host kicks them and locks; more Sybils (with the
  friend's own name) ask to join; the friend with the link asks too and the host admits it by the
  number its page shows.
"""

from __future__ import annotations

import json
import re

import pytest

from tapete.ui.bot_names import NAMES

pytestmark = pytest.mark.browser
APP_ID = "tapete-cards-v1"
MARKUP = '<img src=x onerror="window.pwned=1">'

ATTACKER = """async ([relay, roomId, password]) => {
  const { joinRoom, selfId } = await import(new URL("vendor/trystero.mjs", location.href).href);
  const b64 = (bytes) => btoa(String.fromCharCode(...bytes)).replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
  const key = await crypto.subtle.generateKey({name: "Ed25519"}, true, ["sign", "verify"]);
  const pub = b64(new Uint8Array(await crypto.subtle.exportKey("raw", key.publicKey)));
  const sign = async (text) =>
    b64(new Uint8Array(await crypto.subtle.sign({name: "Ed25519"}, key.privateKey, new TextEncoder().encode(text))));
  password = password || `k:${pub}`;          // a host's link room: the password is its own public key
  const room = joinRoom({appId: %r, relayConfig: {urls: [relay]}, rtcConfig: {iceServers: []}, password}, roomId);
  const action = room.makeAction("tapete");
  const att = window.att = {selfId, roomId, pub, sign, room, action, peers: [], left: [], got: [], sendError: null};
  action.onMessage = (data, meta) => att.got.push([data, meta && meta.peerId]);
  room.onPeerJoin = (id) => att.peers.push(id);
  room.onPeerLeave = (id) => att.left.push(id);
  return pub;
}""" % APP_ID
SEND = "([text, peer]) => att.action.send(text, {target: peer}).catch(e => { att.sendError = String(e); })"
# The host's answer to a guest's `who` (tapete.net.protocol.proof_message): proof over the room, the
# challenge and both ids.
PROVE = """async ([challenge, peer]) => {
  const proof = await att.sign(`tapete-host-proof/v2|${att.roomId}|${challenge}|${peer}|${att.selfId}`);
  const nonce = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
  await att.action.send(JSON.stringify({v: 1, type: "host", proof, nonce}), {target: peer});
}"""
# A guest's signed hello (tapete.net.keys.seat_message): the room, the host's public key (the link's k), the
# nonce of the host's `host` answer, both ids and the guest's own key.
HELLO = """async ([nonce, peer, name, hostKey]) => {
  const sig = await att.sign(`tapete-seat/v2|${att.roomId}|${hostKey}|${nonce}|${att.selfId}|${peer}|${att.pub}`);
  await att.action.send(JSON.stringify({v: 1, type: "hello", name, key: att.pub, sig}), {target: peer});
}"""


def attacker(new_page, site_url, relay, room_id, password=None):
    """A page of the site driving Trystero by hand; ``page.key`` is its public key (base64url)."""
    page = new_page(locale="en-US")
    page.goto(f"{site_url}static/config.json")           # any page of the site: same origin as the app
    page.key = page.evaluate(ATTACKER, [relay, room_id, password])
    return page


def got(page, kind: str) -> tuple[dict, str]:
    """The first message of type ``kind`` the attacker page received, and its sender."""
    page.wait_for_function("(kind) => att.got.some(([t]) => JSON.parse(t).type === kind)", arg=kind,
                           timeout=60_000)
    text, peer = page.evaluate("(kind) => att.got.find(([t]) => JSON.parse(t).type === kind)", kind)
    return json.loads(text), peer


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
    fake = attacker(new_page, site_url, nostr_relay, code)
    guest = boot(new_page(locale="en-US"), f"{site_url}?relay={nostr_relay}&ice=none#room={code}&k={fake.key}")
    who, peer = got(fake, "who")
    fake.evaluate(PROVE, [who["challenge"], peer])
    got(fake, "hello")                                   # the guest took it as its host
    lobby = {"v": 1, "type": "lobby", "game": "chupate", "started": True, "you": 1,
             "seats": [{"kind": "host", "name": MARKUP, "connected": True},
                       {"kind": "player", "name": "Beto", "connected": True},
                       {"kind": "bot", "name": "Bot 2", "connected": True}]}
    bad = honest_update()
    bad["view"]["draw_count"] = MARKUP
    send = SEND
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
    send = SEND
    long_who = json.dumps({"v": 1, "type": "who", "challenge": "c" * 22, "pad": "y" * 5000})
    bad.evaluate(send, [long_who, peer])
    bad.evaluate(send, [json.dumps({"v": 1, "type": "who", "challenge": "attackerchallenge01"}), peer])
    answer, _ = got(bad, "host")
    bad.evaluate(HELLO, [answer["nonce"], peer, "Mallory", fragment["k"]])
    host.wait_for_selector('[data-testid="lobby-seat-1"][data-kind="player"]', timeout=30_000)
    record = debug(host)
    assert record["dropped"] == 1                             # the long one never reached Python
    assert not any(r["code"] in ("oversized", "malformed") for r in record["refused"]), record["refused"]
    # 4,000 levels in 4,000 bytes (under the 4 KiB cap): refused before parsing, the host's Python unharmed.
    bad.evaluate(send, ["[" * 4000, peer])
    host.wait_for_function("() => JSON.parse(window.tapeteRoomDebug()).refused.some(r => r.code === 'malformed')",
                           timeout=30_000)
    assert "deep" in [r for r in debug(host)["refused"] if r["code"] == "malformed"][-1]["message"]
    # 5 MiB in one message: the host disconnects the sender at the pending-bytes cap (2 MiB).
    bad.evaluate(send, ["z" * (5 * 2**20), peer])
    # The host drops the peer (its seat shows it gone). The sender's own Trystero may take a while to
    # notice a connection its far side closed (it can sit in a backpressure wait): not asserted.
    host.wait_for_function("() => document.querySelector('[data-testid=lobby-seat-1]').textContent"
                           ".includes('desconectado')", timeout=60_000)
    assert debug(host)["dropped"] == 1                        # nothing of it was delivered
    host.click('[data-testid="btn-add-bot"]')                 # and the host page goes on
    host.wait_for_selector('[data-testid="lobby-seat-2"][data-kind="bot"]')
    bot = host.inner_text('[data-testid="lobby-seat-2"]')    # named as a local game's bots are (issue 32)
    assert bot.split(" (")[0] in NAMES["es"] and "Bot" not in bot, bot


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
    assert "quien llegue nuevo espera" in host.inner_text('[data-testid="room-locked"]')
    assert "Abrir" in host.inner_text('[data-testid="btn-lock-room"]')
    newcomer = boot(new_page(locale="es-ES"), link)         # locked: it asks, the host refuses it
    newcomer.wait_for_selector('[data-testid="room-message"]', timeout=30_000)
    assert "Has pedido entrar" in newcomer.inner_text('[data-testid="room-message"]')
    host.wait_for_selector('[data-testid="asking-0"]', timeout=15_000)
    host.click('[data-testid="btn-refuse-0"]')
    newcomer.wait_for_function("() => document.querySelector('[data-testid=room-message]').textContent"
                               ".includes('no te ha dejado entrar')", timeout=15_000)
    assert not host.query_selector('[data-testid="room-asking"]')
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


def test_a_100000_deep_text_leaves_the_guest_playing(new_page, boot, site_url, nostr_relay):
    """A page sends the guest 100,000-deep JSON texts, first as a peer that has not proved the host key,
    then as its host (the page holds the link's key); the guest keeps its table, takes its turn, and the
    host's answer is shown: no fatal error, nothing in the console."""
    import random
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from clicks import clean
    from tapete.bots import make_bot
    from tapete.net import Host, SeatSpec

    host = Host("chupate", [SeatSpec("Ana", player="h0000000"), SeatSpec("Beto", player="g0000000"),
                            SeatSpec("Bot 2", bot="easy")], 11)
    bot, rng = make_bot("easy", "chupate"), random.Random(1)
    while host.game.to_move(host.state)[0] != 1:                 # up to the guest's turn
        seat = host.game.to_move(host.state)[0]
        legal = host.game.legal_actions(host.state, seat)
        host.game.apply(host.state, seat, bot.choose(host.game.view(host.state, seat), legal, True, rng) or legal[0])
    code, deep = "DEEPQZ", "[" * 100_000
    fake = attacker(new_page, site_url, nostr_relay, code)
    guest = boot(new_page(locale="en-US"), f"{site_url}?relay={nostr_relay}&ice=none#room={code}&k={fake.key}")
    who, peer = got(fake, "who")
    for text in (deep, "[" * 500, '{"v":1,"type":"host","proof":' + "[" * 400):     # not proved yet
        fake.evaluate(SEND, [text, peer])
    fake.evaluate(PROVE, [who["challenge"], peer])
    got(fake, "hello")
    lobby = {"v": 1, "type": "lobby", "game": "chupate", "started": True, "you": 1,
             "seats": [{"kind": "host", "name": "Ana", "connected": True},
                       {"kind": "player", "name": "Beto", "connected": True},
                       {"kind": "bot", "name": "Bot 2", "connected": True}]}
    fake.evaluate(SEND, [json.dumps(lobby), peer])
    update = host.update_for("g0000000", [])
    for text in (deep, json.dumps(update)[:-1] + ',"extra":' + deep, '{"v":1,"type":"update","view":' + "{" * 100_000,
                 json.dumps(update)):                              # the host's deep texts, then its table
        fake.evaluate(SEND, [text, peer])
    guest.wait_for_selector(f'[data-testid="table"][data-version="{update["view"]["version"]}"]', timeout=60_000)
    clean(guest, new_page, "after the deep texts")
    # The guest takes its turn: its intent reaches the host, whose next table the guest shows.
    if guest.query_selector('[data-testid="hand"] .card.playable'):
        guest.click('[data-testid="hand"] .card.playable')
        if guest.query_selector('[data-testid="color-chooser"]'):
            guest.click('[data-testid="color-G"]')
    else:
        guest.click('[data-testid="btn-draw"]')
    intent, _ = got(fake, "intent")
    assert intent["state_version"] == update["view"]["version"] and intent["action"] in update["legal"]
    events = host.game.apply(host.state, 1, intent["action"])
    fake.evaluate(SEND, [json.dumps(host.update_for("g0000000", events)), peer])
    guest.wait_for_selector(f'[data-testid="table"][data-version="{host.state["version"]}"]', timeout=60_000)
    clean(guest, new_page, "after its turn")
    assert not any("call stack" in line or "fatal" in line.lower() for line in new_page.console)
    assert json.loads(guest.evaluate("() => window.tapeteRoomDebug()"))["screen"] == "table"


def test_a_host_that_grinds_its_own_slot_is_shown_as_not_verified_to_every_guest(new_page, boot, site_url, nostr_relay):
    """The attack of issue 28 in real pages: once every guest has revealed its nonce, the host tries 500
    values in its own slot (which an honest host leaves empty) and deals itself the best hand. Both guests
    took part in the deal (offer, commitment, list, reveal) and both show it as not verified."""
    host, link = open_room(new_page, boot, site_url, nostr_relay, "&autoplay=20")
    base, fragment = link.split("#", 1)
    guests = [boot(new_page(locale=locale), f"{base}&autoplay=20#{fragment}") for locale in ("es-ES", "en-US")]
    host.wait_for_selector('[data-testid="lobby-seat-2"][data-kind="player"]', timeout=60_000)
    for guest in guests:
        guest.wait_for_selector('[data-testid="lobby-seat-2"][data-kind="player"]', timeout=30_000)
    host.evaluate("() => window.tapeteDebugRigDeal('grind_host')")
    host.click('[data-testid="btn-start-room"]')
    for guest in guests:
        guest.wait_for_selector('[data-testid="result"]', timeout=300_000)
    for guest, words in zip(guests, ("asiento del anfitrión o de un bot", "seat of the host or of a bot")):
        guest.wait_for_selector('[data-testid="deal-not-verified"]', timeout=30_000)
        text = guest.inner_text('[data-testid="deal-not-verified"]')
        assert words in text, text
        assert not guest.query_selector('[data-testid="deal-verified"]')
        kinds = [json.loads(text)["type"] for text in debug(guest)["received"]]
        assert "deal_offer" in kinds and "deal_commits" in kinds            # it took part in the deal
        assert kinds.index("deal_commits") < kinds.index("update")          # all before the first table
    assert sum("deal NOT verified" in line for line in new_page.console) >= 2


# Several peers with the link in one page: each import of the bundle under its own query string is a
# module of its own (its own selfId and relay sockets); each has its own WebCrypto Ed25519 seat key and
# says who / hello like an honest guest, answering the host's nonce.
SYBILS = """async ([relay, roomId, password, first, count, name]) => {
  const b64 = (bytes) => btoa(String.fromCharCode(...bytes)).replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
  window.sybils = window.sybils || [];
  const hostKey = password.slice(2);          // the link's k: the host's public key (the password is k:<k>)
  for (let i = first; i < first + count; i++) {
    const { joinRoom, selfId } = await import(new URL(`vendor/trystero.mjs?sybil=${i}`, location.href).href);
    const key = await crypto.subtle.generateKey({name: "Ed25519"}, false, ["sign", "verify"]);
    const pub = b64(new Uint8Array(await crypto.subtle.exportKey("raw", key.publicKey)));
    const sign = async (text) =>
      b64(new Uint8Array(await crypto.subtle.sign({name: "Ed25519"}, key.privateKey, new TextEncoder().encode(text))));
    const room = joinRoom({appId: %r, relayConfig: {urls: [relay]}, rtcConfig: {iceServers: []}, password}, roomId);
    const action = room.makeAction("tapete");
    const me = {selfId, got: []};
    window.sybils.push(me);
    action.onMessage = async (data, meta) => {
      const msg = JSON.parse(data);
      me.got.push(msg);
      if (msg.type === "host") {               // any answer will do: a Sybil does not check the proof
        const sig = await sign(`tapete-seat/v2|${roomId}|${hostKey}|${msg.nonce}|${selfId}|${meta.peerId}|${pub}`);
        action.send(JSON.stringify({v: 1, type: "hello", name, key: pub, sig}), {target: meta.peerId}).catch(() => {});
      }
    };
    room.onPeerJoin = (id) => action.send(JSON.stringify({v: 1, type: "who", challenge: `sybil${i}challenge0000`}),
                                          {target: id}).catch(() => {});
  }
}""" % APP_ID


def test_sybils_fill_the_seats_the_host_locks_and_admits_the_friend_with_the_link(new_page, boot, site_url, nostr_relay):
    host, link = open_room(new_page, boot, site_url, nostr_relay)
    fragment = dict(part.split("=", 1) for part in link.split("#", 1)[1].split("&"))
    room_id, password = fragment["room"], f"k:{fragment['k']}"
    sybils = new_page(locale="en-US")
    sybils.goto(f"{site_url}static/config.json")
    # Three Sybils take every open seat of the 4-seat table.
    sybils.evaluate(SYBILS, [nostr_relay, room_id, password, 0, 3, "Quintiliano"])
    for seat in (1, 2, 3):
        host.wait_for_selector(f'[data-testid="lobby-seat-{seat}"][data-kind="player"]', timeout=60_000)
    # The host locks the room and kicks them (keyboard: focus and Enter).
    host.click('[data-testid="btn-lock-room"]')
    for seat in (1, 2, 3):
        host.focus(f'[data-testid="btn-kick-{seat}"]')
        host.keyboard.press("Enter")
        host.wait_for_selector(f'[data-testid="lobby-seat-{seat}"][data-kind="open"]')
    # More Sybils, with fresh keys and the friend's own name, ask to join.
    sybils.evaluate(SYBILS, [nostr_relay, room_id, password, 3, 2, "Quintiliano"])
    host.wait_for_selector('[data-testid="asking-1"]', timeout=60_000)
    # The friend with the link (same name) asks too: its page says so, with its number.
    friend = new_page(locale="en-US")
    friend.goto(site_url)
    friend.evaluate("() => localStorage.setItem('tapete.name', 'Quintiliano')")
    boot(friend, link)
    friend.wait_for_function("() => (document.querySelector('[data-testid=room-message]') || {}).textContent"
                             "?.includes('You asked to join')", timeout=60_000)
    number = re.search(r"number ([0-9]{4} [0-9]{4} [0-9]{4})", friend.inner_text('[data-testid="room-message"]')).group(1)
    row = host.wait_for_selector(f'[data-testid^="asking-"][data-number="{number}"]', timeout=30_000)
    assert "Quintiliano" in row.inner_text()
    assert len(host.query_selector_all('li[data-testid^="asking-"]')) == 3   # two Sybils and the friend
    index = row.get_attribute("data-testid").rsplit("-", 1)[1]
    host.focus(f'[data-testid="btn-admit-{index}"]')
    assert host.get_attribute(f'[data-testid="btn-admit-{index}"]', "aria-label") == \
        f"Admitir a Quintiliano (número {number})"                             # the host page is in Spanish
    host.keyboard.press("Enter")
    friend.wait_for_selector('[data-testid="lobby-seat-1"][data-kind="player"]', timeout=30_000)
    assert "you" in friend.inner_text('[data-testid="lobby-seat-1"]')
    assert not friend.query_selector('[data-testid="room-message"]')
    host.wait_for_selector('[data-testid="lobby-seat-1"][data-kind="player"]')
    assert len(host.query_selector_all('li[data-testid^="asking-"]')) == 2
    # A Sybil refused is told so; the host starts the game with its friend.
    host.click('[data-testid="btn-refuse-0"]')
    sybils.wait_for_function("() => window.sybils.some(s => s.got.some(m => m.code === 'not_admitted'))",
                             timeout=15_000)
    later = sybils.evaluate("() => window.sybils.slice(3).map(s => s.got)")       # the ones that asked
    assert sum(any(m.get("code") == "asking" for m in got) for got in later) == 2
    assert not any(m.get("type") == "lobby" for got in later for m in got)     # never seated
    host.click('[data-testid="btn-start-room"]')
    friend.wait_for_selector('[data-testid="table"]', timeout=30_000)
