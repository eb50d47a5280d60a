"""Watchers (tapete.net.watch) over the in-memory transport: the public table of a room, never a hidden card.

Every game of the five is played to its end with three watchers; every text a watcher receives is checked
(no seat, no hand, no legal actions; its view is the engine's view for no seat at that version and does
not change when the hidden cards are shuffled among their places; no card hidden from everyone appears in
it). Watchers cannot act, take no seat, come and go, get the current table at once, are bounded, and the
host can close watching.
"""

from __future__ import annotations

import copy
import hashlib
import json
import random

import pytest

from signing import NaclSigner, verify
from tapete.bots import EasyBot
from tapete.core import get
from tapete.net import GuestSession, LocalSession, MemoryHub, RoomHost, key_id, parse_snapshot
from tapete.net.links import link_secret_of, room_fragment, share_link
from tapete.net.protocol import ProtocolError, decode
from tapete.net.schema import check_host_message
from tapete.net.watch import MAX_WATCHERS, WatcherSession, wants_watch, watch_link
from tapete.selftest import reshuffled_hidden

ROOM = "ABCDEF"
HOST = NaclSigner(hashlib.sha256(b"test-host-key").digest())
SECRET = link_secret_of(HOST)
HOST_PLAYER = "hostplayer01"


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def seat_key(label: str) -> NaclSigner:
    return NaclSigner(hashlib.sha256(b"test-seat-key|" + label.encode()).digest())


class Room:
    """A host (seat 0), ``guests`` guests, ``bots`` easy bots and ``watchers`` watchers on one MemoryHub."""

    def __init__(self, game="chupate", guests=1, bots=1, watchers=3, options=None, seed=5, rate=None, clock=None,
                 seats=None):
        self.hub = MemoryHub()
        self.game = game
        self.clock = clock or Clock()
        self.room = RoomHost(self.hub.join("peer-host"), game, HOST_PLAYER, "Ana", seats=seats or 1 + guests + bots,
                             options=options or {}, seed=seed, rate=rate, clock=self.clock, code=ROOM,
                             secret=SECRET, signer=HOST, verify=verify)
        self.guests = [GuestSession(self.hub.join(f"peer-g{i}"), f"Guest{i}", lambda m: None, room=ROOM,
                                    secret=SECRET, signer=seat_key(f"g{i}"), verify=verify) for i in range(guests)]
        for _ in range(bots):
            self.room.add_bot("easy")
        self.watch_msgs: list[list[dict]] = []
        self.watchers = [self.watch(f"peer-w{i}") for i in range(watchers)]
        self.session: LocalSession | None = None

    def watch(self, peer: str) -> WatcherSession:
        msgs: list[dict] = []
        self.watch_msgs.append(msgs)
        return WatcherSession(self.hub.join(peer), msgs.append, room=ROOM, secret=SECRET, verify=verify)

    def start(self):
        self.session = self.room.start(lambda message: None)
        return self.room.host

    def session_for(self, seat):
        if seat == 0:
            return self.session
        return next(g for g in self.guests if g.seat == seat)

    def state_json(self) -> str:
        return self.room.host.game.to_json(self.room.host.state)


def step(room: Room, rng: random.Random) -> None:
    """One move: a bot's if one is due, else the easy choice of the person whose turn it is."""
    host = room.room.host
    if host.bot_pending():
        host.bot_step()
        return
    seat = host.game.to_move(host.state)[0]
    session = room.session_for(seat)
    update = session.last
    assert update["view"]["version"] == host.state["version"]
    session.send(EasyBot().choose(update["view"], update["legal"], True, rng) or update["legal"][0])


def play_out(room: Room, on_step=None, max_steps=6000) -> int:
    rng = random.Random(2)
    for n in range(max_steps):
        if room.room.host.state["over"]:
            return n
        step(room, rng)
        if on_step:
            on_step()
    raise AssertionError("the game did not end")


def card_tokens(value, deck: set[str]) -> set[str]:
    """Every string in a parsed JSON value (keys too) that names a card of the deck."""
    if isinstance(value, dict):
        return set().union(*(card_tokens(k, deck) | card_tokens(v, deck) for k, v in value.items()))
    if isinstance(value, list):
        return set().union(*(card_tokens(v, deck) for v in value))
    return {value} if isinstance(value, str) and value in deck else set()


class LeakScan:
    """Checks every text the watchers received against the host's state at that text's version."""

    def __init__(self, room: Room):
        self.room, self.host = room, room.room.host
        self.game = self.host.game
        self.deck = {c for place in self.game.card_places(self.host.state) for c in place}
        self.states: dict[int, dict] = {}
        self.seen = [0] * len(room.watchers)
        self.checked: dict[str, int] = {}
        self.rng = random.Random(9)
        self.record()

    def record(self) -> None:
        state = self.host.state
        self.states.setdefault(state["version"], copy.deepcopy(state))

    def __call__(self) -> None:
        self.record()
        for i, watcher in enumerate(self.room.watchers):
            for text in watcher.received[self.seen[i]:]:
                if text not in self.checked:
                    self.check(text)
                self.checked[text] = self.checked.get(text, 0) + 1
            self.seen[i] = len(watcher.received)

    def check(self, text: str) -> None:
        message = json.loads(text)
        assert message["type"] in ("lobby", "update"), message
        if message["type"] == "lobby":
            assert message["you"] is None
            return
        view, version = message["view"], message["view"]["version"]
        assert message["seat"] is None and view["seat"] is None and message["legal"] == [] and "hand" not in view
        state = copy.deepcopy(self.states[version])
        assert view == json.loads(json.dumps(self.game.view(state, None))), "the view for no seat"
        with reshuffled_hidden(self.game, state, None, self.rng):      # nothing hidden shapes the view
            assert view == json.loads(json.dumps(self.game.view(state, None)))
        hidden = {c for place in self.game.hidden_places(state, None) for c in place}
        shown = card_tokens(view, self.deck)
        public = {c for place in self.game.card_places(state) if not any(place is h for h in
                  self.game.hidden_places(state, None)) for c in place}
        for event in message["events"]:
            assert "private" not in event, event
            leaked = (card_tokens(event, self.deck) & hidden) - shown - public
            assert not leaked, f"hidden cards {leaked} in a watcher's event {event} at v{version}"


GAMES = [("chupate", {"quick": True}, 1, 1), ("skypo", {}, 1, 1), ("francesa", {}, 1, 1),
         ("taki", {}, 1, 2), ("dos", {"target": 60}, 1, 1)]


@pytest.mark.parametrize("game, options, guests, bots", GAMES, ids=[g[0] for g in GAMES])
def test_three_watchers_see_a_whole_game_and_never_a_hidden_card(game, options, guests, bots):
    room = Room(game, guests=guests, bots=bots, options=options)
    host = room.start()
    scan = LeakScan(room)
    scan()
    moves = play_out(room, scan)
    assert host.state["over"] and moves > 20
    final = json.loads(json.dumps(host.game.view(host.state, None)))
    for watcher in room.watchers:
        assert watcher.last["view"] == final and watcher.seat is None and not watcher.refused
        assert watcher.received == room.watchers[0].received       # the same public table for all
    updates = [t for t in scan.checked if '"type":"update"' in t]
    assert len(updates) > moves // 2, (len(updates), moves)
    assert room.room.watcher_count == 3 and all(n == 3 for n in scan.checked.values())
    # watchers are in no seat and no count of players
    assert len(host.seats) == 1 + guests + bots == host.state["players"]
    assert all(len(json.loads(t)["names"]) == host.state["players"] for t in updates)


def test_a_guests_view_would_be_caught_by_the_scan():
    """The scan fails on a seat's update sent to a watcher (the hand), so it would catch that mistake."""
    room = Room("chupate", options={"quick": True})
    host = room.start()
    scan = LeakScan(room)
    room.watchers[0].received.append(json.dumps(host.update_for(HOST_PLAYER, [])))
    with pytest.raises(AssertionError):
        scan()


# ----- watchers cannot act -----------------------------------------------------------------------
def send_raw(watcher: WatcherSession, message: dict | str) -> None:
    text = message if isinstance(message, str) else json.dumps(message)
    watcher.transport.send(watcher.host_peer, text)


@pytest.mark.parametrize("message, code", [
    ({"v": 1, "type": "intent", "id": "w1", "seat": 0, "state_version": None, "action": None}, "watcher"),
    ({"v": 1, "type": "deal_commit", "round": "a" * 64, "commitment": "b" * 64}, "watcher"),
    ({"v": 1, "type": "hello", "name": "Eve", "key": "A" * 43, "sig": "B" * 86}, "watching"),
    ({"v": 1, "type": "watch", "extra": 1}, "malformed"),
    ("not json", "malformed"),
])
def test_a_watchers_intents_are_refused_and_change_nothing(message, code):
    room = Room("chupate", options={"quick": True})
    host = room.start()
    rng = random.Random(4)
    for _ in range(6):
        step(room, rng)
    watcher = room.watchers[0]
    seat = host.game.to_move(host.state)[0]
    if isinstance(message, dict) and message["type"] == "intent":    # a move that is legal for the seat on turn
        message = dict(message, seat=seat, state_version=host.state["version"],
                       action=host.game.legal_actions(host.state, seat)[0])
    before, refused = room.state_json(), len(room.room.refused)
    send_raw(watcher, message)
    assert room.state_json() == before
    assert room.room.refused[refused:] and room.room.refused[-1]["code"] == code
    assert room.watch_msgs[0][-1]["type"] == "rejected" and room.watch_msgs[0][-1]["code"] == code
    assert room.room.seat_of(key_id(b"\x00" * 32)) is None and len(host.seats) == 3
    assert room.room.watcher_count == 3 and "peer-w0" not in room.room.peers
    step(room, rng)                                  # the game goes on; the watcher still watches
    assert watcher.last["view"]["version"] == host.state["version"]


def test_a_watcher_cannot_take_a_seat_on_its_connection_but_can_on_a_new_one():
    """Deliberate: a watcher's connection never becomes a player's (its hello is refused `watching`); the
    same browser may open the link without watch=1 (a new connection) and take a seat like anyone."""
    room = Room("chupate", guests=0, bots=0, watchers=1, seats=3)
    watcher = room.watchers[0]
    key = seat_key("watcher-browser")
    nonce = {}

    def on_message(peer, text):
        message = json.loads(text)
        if message.get("type") == "host":
            nonce["n"] = message["nonce"]
        room.watch_msgs[0].append(message)
    watcher.transport.on_message = on_message          # listen as the page's raw transport
    send_raw(watcher, {"v": 1, "type": "who", "challenge": "c" * 22})
    from tapete.net.keys import seat_message
    from tapete.net.protocol import b64
    data = seat_message(ROOM, HOST.public, nonce["n"], "peer-w0", "peer-host", key.public)
    sig = []
    key.sign(data, sig.append)
    send_raw(watcher, {"v": 1, "type": "hello", "name": "Eve", "key": b64(key.public), "sig": b64(sig[0])})
    assert room.watch_msgs[0][-1]["code"] == "watching"
    assert room.room.filled() == 1 and room.room.seat_of(key_id(key.public)) is None
    # the same browser on a new connection (the link without watch=1) is seated like any guest
    guest = GuestSession(room.hub.join("peer-w0-plays"), "Eve", lambda m: None, room=ROOM, secret=SECRET,
                         signer=key, verify=verify)
    assert guest.seat == 1 and room.room.filled() == 2 and room.room.watcher_count == 1


def test_a_seated_guest_cannot_watch_on_its_connection():
    room = Room("chupate", options={"quick": True})
    guest = room.guests[0]
    codes = []
    guest.on_update = lambda m: codes.append(m.get("code"))
    guest.transport.send(guest.host_peer, json.dumps({"v": 1, "type": "watch"}))
    assert codes[-1] == "seated" and room.room.watcher_count == 3
    room.start()
    guest.transport.send(guest.host_peer, json.dumps({"v": 1, "type": "watch"}))
    assert codes[-1] == "seated" and room.room.watcher_count == 3 and guest.last["legal"] is not None


# ----- arriving, leaving, reloads ----------------------------------------------------------------
def test_watchers_are_in_no_seat_and_follow_the_lobby_to_the_game():
    changes = []
    room = Room("chupate", guests=0, bots=0, watchers=2, options={"quick": True}, seats=3)
    room.room.on_change = lambda r: changes.append(r.watcher_count)
    assert all(w.lobby["you"] is None and len(w.lobby["seats"]) == 3 for w in room.watchers)
    assert [s["kind"] for s in room.watchers[0].lobby["seats"]] == ["host", "open", "open"]
    guest = GuestSession(room.hub.join("peer-late"), "Gina", lambda m: None, room=ROOM, secret=SECRET,
                         signer=seat_key("gina"), verify=verify)
    room.guests.append(guest)
    assert guest.seat == 1                              # watchers did not take seat 1
    assert [s["kind"] for s in room.watchers[1].lobby["seats"]] == ["host", "player", "open"]
    late = room.watch("peer-w9")
    room.watchers.append(late)
    assert changes[-1] == 3 and late.lobby["seats"] == room.watchers[0].lobby["seats"]
    room.room.add_bot("easy")
    host = room.start()
    assert host.state["players"] == 3 and [s.name for s in host.seats] == ["Ana", "Gina", "Bot 2"]
    for watcher in room.watchers:
        assert watcher.lobby["started"] and watcher.last["view"]["version"] == host.state["version"]
    late.close()
    assert room.room.watcher_count == 2 and changes[-1] == 2 and "peer-w9" not in host.watchers


def test_a_watcher_arriving_mid_game_or_reloading_gets_the_current_table_at_once():
    room = Room("taki", bots=2)
    host = room.start()
    rng = random.Random(5)
    for _ in range(12):
        step(room, rng)
    assert not host.state["over"]
    late = room.watch("peer-late")
    public = json.loads(json.dumps(host.game.view(host.state, None)))
    assert late.last is not None and late.last["view"] == public          # at once, no move needed
    assert late.lobby["started"] and late.lobby["you"] is None
    # a reload: the page's connection goes and a new one watches
    room.watchers[1].close()
    assert room.room.watcher_count == 3
    for _ in range(3):
        step(room, rng)
    assert not host.state["over"]
    again = room.watch("peer-w1-reloaded")
    assert again.last["view"]["version"] == host.state["version"] and room.room.watcher_count == 4
    assert not host.away and not room.room.away            # no grace period, no bot for watchers


def test_watchers_reconnect_to_a_reloaded_host_and_get_the_table():
    room = Room("dos", options={"target": 60})
    host = room.start()
    rng = random.Random(6)
    for _ in range(15):
        step(room, rng)
    saved = json.dumps(room.room.snapshot())
    before = room.state_json()
    room.room.transport.close()
    assert all(m[-1]["type"] == "host_gone" for m in room.watch_msgs)
    parsed = parse_snapshot(saved, HOST_PLAYER)
    room.room = RoomHost(room.hub.join("peer-host2"), "dos", HOST_PLAYER, "Ana", code=ROOM, secret=SECRET,
                         saved=parsed, rate=None, signer=HOST, verify=verify)
    assert room.state_json() == before and room.room.watcher_count == 3
    for watcher in room.watchers:
        assert watcher.host_peer == "peer-host2"
        assert watcher.last["view"]["version"] == room.room.host.state["version"]
    assert host is not room.room.host


# ----- closing, the bound, the rate limit --------------------------------------------------------
def test_the_host_closes_watching_and_opens_it_again():
    room = Room("chupate", options={"quick": True})
    host = room.start()
    rng = random.Random(7)
    step(room, rng)
    room.room.set_watching(False)
    assert room.room.watcher_count == 0 and not host.watchers
    for watcher, msgs in zip(room.watchers, room.watch_msgs):
        assert msgs[-1]["code"] == "not_watching" and watcher.closed
    version = room.watchers[0].last["view"]["version"]
    step(room, rng)
    assert room.watchers[0].last["view"]["version"] == version          # no more tables
    newcomer = room.watch("peer-new")
    assert room.watch_msgs[-1][-1]["code"] == "not_watching" and newcomer.last is None
    assert json.loads(json.dumps(room.room.snapshot()))["watching"] is False
    assert parse_snapshot(json.dumps(room.room.snapshot()), HOST_PLAYER)["watching"] is False
    room.room.set_watching(True)
    room.watchers[0].watch_again()
    assert room.room.watcher_count == 1 and room.watchers[0].last["view"]["version"] == host.state["version"]
    assert not room.watchers[0].closed


def test_watchers_are_bounded():
    room = Room("chupate", guests=0, bots=0, watchers=MAX_WATCHERS, seats=3)
    assert room.room.watcher_count == MAX_WATCHERS == 16
    extra = room.watch("peer-extra")
    assert room.watch_msgs[-1][-1]["code"] == "watchers_full" and extra.lobby is None
    room.watchers[0].close()
    extra.watch_again()
    assert room.room.watcher_count == MAX_WATCHERS and extra.lobby is not None


def test_a_flooding_watcher_is_rate_limited_like_a_guest():
    clock = Clock()
    room = Room("chupate", rate=(20, 10.0), clock=clock, options={"quick": True})
    host = room.start()
    watcher = room.watchers[0]
    before = room.state_json()
    for _ in range(60):
        send_raw(watcher, {"v": 1, "type": "watch"})
    codes = [m.get("code") for m in room.watch_msgs[0] if m["type"] == "rejected"]
    assert codes.count("rate_limited") == 1 and room.state_json() == before
    clock.now += 5                                           # refilled: heard again
    send_raw(watcher, {"v": 1, "type": "watch"})
    assert room.watch_msgs[0][-1]["type"] == "update" and host.state["version"] == 0


def test_old_saves_without_the_watching_flag_are_open_and_a_bad_flag_is_refused():
    from tapete.core.errors import BadState
    room = Room("chupate", guests=0, bots=1, watchers=0)
    saved = room.room.snapshot()
    del saved["watching"]
    assert parse_snapshot(json.dumps(saved), HOST_PLAYER).get("watching", True) is True
    with pytest.raises(BadState):
        parse_snapshot(json.dumps({**saved, "watching": "no"}), HOST_PLAYER)


# ----- schema, protocol, links -------------------------------------------------------------------
def test_a_watcher_accepts_only_updates_for_no_seat():
    room = Room("chupate", options={"quick": True})
    host = room.start()
    public = json.loads(json.dumps(host.update_for(None, [])))
    check_host_message(public, "chupate", watcher=True)
    seat = json.loads(json.dumps(host.update_for(HOST_PLAYER, [])))
    check_host_message(seat, "chupate")                        # fine for a guest...
    bad = [seat, {**public, "legal": ["draw"]}, {**public, "view": {**public["view"], "hand": ["R1"]}},
           {**room.watchers[0].lobby, "you": 0}, {"v": 1, "type": "reveal", "secret": "0" * 64, "options": {},
                                                  "seats": [], "history": []}]
    for message in bad:                                        # ...refused for a watcher
        with pytest.raises(ProtocolError):
            check_host_message(message, "chupate", watcher=True)
    watcher = room.watchers[0]
    version = watcher.last["view"]["version"]
    watcher._on_message("peer-host", json.dumps({**seat, "view": {**seat["view"], "version": version + 1}}))
    assert watcher.last["view"]["version"] == version and watcher.refused


def test_watch_is_a_strict_message_and_the_watch_link_keeps_the_room():
    assert decode('{"v":1,"type":"watch"}') == {"v": 1, "type": "watch"}
    for text in ('{"v":1,"type":"watch","seat":0}', '{"v":1,"type":"watch","name":"x"}', '{"type":"watch"}'):
        with pytest.raises(ProtocolError):
            decode(text)
    link = share_link("https://example.org/tapete/", "?relay=wss://r.example&seed=3", ROOM, SECRET)
    watching = watch_link(link)
    assert watching == link + "&watch=1" and watch_link(watching) == watching
    assert wants_watch(watching.split("#")[1]) and not wants_watch(link.split("#")[1])
    from tapete.net import parse_fragment
    assert parse_fragment("#" + watching.split("#")[1]) == (ROOM, SECRET) == parse_fragment("#" + room_fragment(ROOM, SECRET))
    with pytest.raises(ValueError):
        watch_link("https://example.org/")


def test_a_watcher_trusts_only_the_peer_that_proves_the_host_key():
    hub = MemoryHub()
    impostor_key = NaclSigner(hashlib.sha256(b"not-the-host").digest())
    fake = RoomHost(hub.join("peer-fake"), "chupate", "x", "Mallory", seed=1, rate=None, code=ROOM,
                    secret=link_secret_of(impostor_key), signer=impostor_key, verify=verify)
    room = RoomHost(hub.join("peer-host"), "chupate", HOST_PLAYER, "Ana", seed=1, rate=None, code=ROOM,
                    secret=SECRET, signer=HOST, verify=verify)
    msgs = []
    watcher = WatcherSession(hub.join("peer-w"), msgs.append, room=ROOM, secret=SECRET, verify=verify)
    assert watcher.host_peer == "peer-host" and room.watcher_count == 1 and fake.watcher_count == 0
    with pytest.raises(ValueError):
        WatcherSession(hub.join("peer-w2"), msgs.append, room=ROOM, secret="nokey", verify=verify)


def test_every_move_reaches_the_other_players_and_the_watchers_before_the_hosts_own_seat():
    """The host page draws its own seat's update on the spot: sent last, it does not hold up the
    network. The order would be wrong if the host's own seat (attached first) were served first."""
    from tapete.net import Host, SeatSpec
    host = Host("chupate", [SeatSpec("Ana", player="p1"), SeatSpec("Bea", player="p2"),
                            SeatSpec("Cai", player="p3")], 7, {"quick": True})
    order: list[str] = []
    session = LocalSession(host, "p1", lambda message: order.append("host"))
    host.attach("p2", lambda message: order.append("p2"))
    host.attach_watcher("w1", lambda message: order.append("w1"))
    host.attach("p3", lambda message: order.append("p3"))
    seat = host.state["turn"]
    player = host.seats[seat].player
    action = next(a for a in host.game.legal_actions(host.state, seat))
    order.clear()
    if player == "p1":
        assert session.send(action) is None
    else:
        host.receive(player, json.dumps({"v": 1, "type": "intent", "id": "x1", "seat": seat,
                                         "state_version": host.state["version"], "action": action}))
    assert order == ["p2", "p3", "w1", "host"], order
    host.detach("p1")
    assert "p1" not in host.local
