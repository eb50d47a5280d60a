"""The verifiable fair deal (tapete.net.deal): commit, mix, reveal and replay, with an honest host and a
cheating host in each place it could cheat. Rooms over the in-memory transport (protocol tests)."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from tapete.bots import make_bot
from tapete.core.rng import is_seed
from signing import NaclSigner, verify as verify_signature
from tapete.net import GuestSession, LocalSession, MemoryHub, RoomHost, key_id, parse_snapshot
from tapete.net.links import link_secret_of
from tapete.net.deal import (GuestDeal, HostDeal, commitment, mix, new_secret, verify,
                             view_digest)

GAME = "chupate"
ROOM = "ABCDEF"
HOST = NaclSigner(hashlib.sha256(b"test-deal-host").digest())
SECRET = link_secret_of(HOST)
SIGNERS = {label: NaclSigner(hashlib.sha256(b"test-deal|" + label.encode()).digest())
           for label in ("gina", "bea", "eva")}
PLAYERS = [key_id(SIGNERS["gina"].public), key_id(SIGNERS["bea"].public)]
SIGNER_OF = {key_id(s.public): s for s in SIGNERS.values()}


def guest(transport, player, name, on_update, **kwargs):
    """A guest whose seat key is ``player``'s (player ids are key ids)."""
    return GuestSession(transport, name, on_update, room=ROOM, secret=SECRET, signer=SIGNER_OF[player],
                        verify=verify_signature, **kwargs)


class Room:
    """A host with a deal and two guests; ``results[player]`` collects each guest's deal verdicts."""

    def __init__(self, game=GAME, options=None):
        self.hub = MemoryHub()
        self.room = RoomHost(self.hub.join("peer-host"), game, "hostplayer01", "Ana", seats=3,
                             options=options if options is not None else {"quick": True}, rate=None,
                             code=ROOM, secret=SECRET, signer=HOST, verify=verify_signature)
        self.results: dict[str, list[dict]] = {p: [] for p in PLAYERS}
        self.guests = [self.join(f"peer-g{i}", PLAYERS[i]) for i in range(2)]
        self.session = None

    def join(self, peer, player):
        def on_update(message, player=player):
            if message["type"] == "deal":
                self.results[player].append(message)
        return guest(self.hub.join(peer), player, player[:5], on_update)

    def start(self):
        self.session = self.room.start(lambda m: None)
        return self.room.host

    def play_out(self, on_step=None):
        host = self.room.host
        bot, rng = make_bot("easy", host.game.id), random.Random(2)
        sessions = {0: self.session, **{g.seat: g for g in self.guests}}
        for _ in range(5000):
            if host.state["over"]:
                return
            seat = host.game.to_move(host.state)[0]
            session = sessions[seat]
            update = session.last
            session.send(bot.choose(update["view"], update["legal"], True, rng) or update["legal"][0])
            if on_step:
                on_step()
        raise AssertionError("the game did not end")

    def verdicts(self):
        return [(r[-1]["verified"], r[-1]["reason"]) if r else None for r in self.results.values()]


def test_construction_is_sha256_over_length_prefixed_fields():
    secret, nonce = "11" * 32, "22" * 32
    lp = lambda b: len(b).to_bytes(4, "big") + b          # noqa: E731 - the documented framing, written out
    assert commitment(secret) == hashlib.sha256(lp(b"tapete/deal/commit/v1") + lp(bytes.fromhex(secret))).hexdigest()
    assert mix(secret, [None, nonce]) == hashlib.sha256(
        lp(b"tapete/deal/seed/v1") + lp(bytes.fromhex(secret)) + lp(b"") + lp(bytes.fromhex(nonce))).hexdigest()
    # Framing: the same bytes in other fields give another seed; every nonce and the secret count.
    assert mix(secret, [None, nonce]) != mix(secret, [nonce, None]) != mix(secret, [nonce])
    assert mix(secret, [None, nonce]) != mix("33" * 32, [None, nonce])
    assert len(new_secret()) == 64 and new_secret() != new_secret()
    assert is_seed(mix(secret, [])) and len(mix(secret, [])) == 64       # what Game.new takes (256 bits)


def test_the_host_commits_before_nonces_and_mixes_every_seated_guest():
    room = Room()
    commit = room.room.deal.commit
    assert all(g.deal.commit == commit for g in room.guests)          # seen in the lobby, before any nonce
    assert room.room.deal.nonces == {p: g.deal.nonce for p, g in zip(PLAYERS, room.guests)}
    host = room.start()
    assert room.room.deal_nonces == [None, room.guests[0].deal.nonce, room.guests[1].deal.nonce]
    assert host.state["seed"] == mix(room.room.deal.secret, room.room.deal_nonces)
    assert all(g.deal.nonces == room.room.deal_nonces for g in room.guests)
    lobby = room.room.lobby_message(PLAYERS[0])
    assert lobby["commit"] == commit
    assert room.room.deal.secret not in json.dumps(lobby)             # the secret stays with the host
    assert all(room.room.deal.secret not in text for _, _, text in room.hub.log)


def test_an_honest_host_is_verified_by_every_guest():
    room = Room()
    room.start()
    room.play_out()
    assert room.verdicts() == [(True, ""), (True, "")]


@pytest.mark.parametrize("game_id, options", [("taki", {}), ("dos", {"target": 20}), ("skypo", {"target": 15}),
                                              ("francesa", {"limit": 15})])
def test_honest_hosts_of_every_game_are_verified(game_id, options):
    room = Room(game_id, options)
    room.start()
    room.play_out()
    assert room.verdicts() == [(True, ""), (True, "")]


def cheat(case: str, monkeypatch):
    room = Room()
    deal = room.room.deal
    if case == "changes_secret_after_nonces":
        deal.secret = new_secret()                       # keeps the old commitment it already published
    if case == "omits_a_nonce":
        deal.nonces.pop(PLAYERS[0])
    if case == "announces_a_nonce_it_did_not_use":
        # tells everyone the real nonces, but deals from a seed of its own secret alone
        import tapete.net.room as room_module
        monkeypatch.setattr(room_module, "mix", lambda secret, nonces: mix(secret, [None] * len(nonces)))
    if case == "alters_a_card":
        # deals from the agreed seed, then swaps a card of guest 1's hand with the draw pile's before
        # anyone sees the table
        import tapete.net.room as room_module

        class RiggedHost(room_module.Host):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, **kwargs)
                hand, draw = self.state["hands"][1], self.state["draw"]
                i = next(i for i in range(len(draw) - 1, -1, -1) if draw[i] not in hand)   # (decks hold doubles)
                hand[0], draw[i] = draw[i], hand[0]
        monkeypatch.setattr(room_module, "Host", RiggedHost)
    host = room.start()
    if case == "reveals_a_wrong_secret":
        real = room.room.reveal_message
        room.room.reveal_message = lambda: {**real(), "secret": new_secret()}
    if case == "reveals_a_wrong_history":
        real = room.room.reveal_message

        def doctored():
            message = real()
            history = list(message["history"])
            i = next(k for k, (s, a) in enumerate(history) if a.startswith("play "))
            history[i] = [history[i][0], "draw"]
            return {**message, "history": history}
        room.room.reveal_message = doctored
    room.play_out()
    return room


@pytest.mark.parametrize("case, who, why", [
    ("changes_secret_after_nonces", [0, 1], "bad_secret"),
    ("omits_a_nonce", [0], "no_nonce"),
    ("announces_a_nonce_it_did_not_use", [0, 1], "mismatch"),
    ("alters_a_card", [0], "mismatch"),
    ("reveals_a_wrong_secret", [0, 1], "bad_secret"),
    ("reveals_a_wrong_history", [0, 1], ""),
])
def test_a_cheating_host_is_caught(case, who, why, monkeypatch):
    room = cheat(case, monkeypatch)
    verdicts = room.verdicts()
    for i, verdict in enumerate(verdicts):
        if i in who:
            assert verdict is not None and verdict[0] is False and why in verdict[1], (i, verdict)
        elif case == "alters_a_card":                   # caught too once the rigged card shows up
            assert verdict[0] is True or verdict[1] in ("no_replay", "mismatch"), verdict
        else:
            assert verdict == (True, ""), (i, verdict)      # the cheat did not touch this guest


def test_a_host_that_changes_its_commitment_after_the_nonces_is_caught():
    room = Room()
    room.room.deal = HostDeal(nonces=room.room.deal.nonces)   # a new secret, a new commitment, same nonces
    room.room._lobby_changed()
    room.start()
    room.play_out()
    assert all(v is not None and v[0] is False for v in room.verdicts()), room.verdicts()


def test_a_host_that_never_commits_is_not_verified():
    hub = MemoryHub()
    results = []
    room = RoomHost(hub.join("peer-host"), GAME, "hostplayer01", "Ana", seats=2, options={"quick": True},
                    seed=42, rate=None, code=ROOM, secret=SECRET, signer=HOST,
                    verify=verify_signature)                          # an explicit seed: no deal
    gina = guest(hub.join("peer-g"), PLAYERS[0], "Gina", lambda m: results.append(m) if m["type"] == "deal" else None)
    session = room.start(lambda m: None)
    bot, rng = make_bot("easy", GAME), random.Random(1)
    while not room.host.state["over"]:
        s = session if room.host.game.to_move(room.host.state)[0] == 0 else gina
        s.send(bot.choose(s.last["view"], s.last["legal"], True, rng) or s.last["legal"][0])
    assert results and results[-1]["verified"] is False and results[-1]["reason"] == "no_commit"


def test_verify_refuses_a_reveal_without_a_history_or_with_garbage():
    deal = GuestDeal()
    assert verify(GAME, 1, deal, {"secret": "00" * 32, "history": []})[0] is False
    deal.commit, deal.nonces = commitment("00" * 32), [None, deal.nonce]
    deal.seen = {0: view_digest({"x": 1})}
    for reveal in ({"secret": "00" * 32, "history": "x"}, {"secret": "00" * 32, "history": [[1]]},
                   {"secret": "00" * 32, "history": [[9, "draw"]]}, {"secret": "zz", "history": []}):
        ok, why = verify(GAME, 1, deal, reveal)
        assert ok is False and why


def test_a_host_reload_mid_game_keeps_the_deal_and_guests_still_verify():
    room = Room()
    room.start()
    # play 10 moves, then reload the host page from its save
    host = room.room.host
    bot, rng = make_bot("easy", GAME), random.Random(5)
    sessions = {0: room.session, **{g.seat: g for g in room.guests}}
    for _ in range(10):
        s = sessions[host.game.to_move(host.state)[0]]
        s.send(bot.choose(s.last["view"], s.last["legal"], True, rng) or s.last["legal"][0])
    text = json.dumps(room.room.snapshot())
    room.room.transport.close()
    saved = parse_snapshot(text, "hostplayer01")
    room.room = RoomHost(room.hub.join("peer-host2"), GAME, "hostplayer01", "Ana", code=ROOM, saved=saved,
                         rate=None, secret=SECRET, signer=HOST, verify=verify_signature)
    room.session = room.room.session = LocalSession(room.room.host, "hostplayer01", lambda m: None)
    assert room.room.deal.secret == saved["deal_state"].secret
    room.play_out()
    assert room.verdicts() == [(True, ""), (True, "")]


def test_a_host_that_keeps_its_secret_is_not_verified_once_the_page_stops_waiting():
    room = Room()
    room.room.reveal_message = lambda: None               # never reveals
    room.start()
    room.play_out()
    assert room.verdicts() == [None, None]                # still waiting...
    for guest in room.guests:
        guest.deal_overdue()                             # ...the page gives up after a while
    assert room.verdicts() == [(False, "no_reveal"), (False, "no_reveal")]


def test_a_guest_back_from_a_reload_keeps_its_nonce_and_one_from_another_room_starts_afresh():
    room = Room()
    old = room.guests[0].deal
    saved = GuestDeal(old.nonce)                         # what the page kept in localStorage
    saved.commit, saved.restored = old.commit, True
    room.guests[0].transport.close()
    room.guests[0] = guest(room.hub.join("peer-g0b"), PLAYERS[0], "Gina",
                           lambda m: room.results[PLAYERS[0]].append(m) if m["type"] == "deal" else None, deal=saved)
    assert room.guests[0].deal.nonce == old.nonce and room.room.deal.nonces[PLAYERS[0]] == old.nonce
    room.start()
    room.play_out()
    assert room.verdicts() == [(True, ""), (True, "")]
    hub = MemoryHub()                                     # same code, another room: a fresh share
    other = RoomHost(hub.join("peer-host"), GAME, "hostplayer01", "Ana", seats=2, rate=None, code=ROOM,
                     secret=SECRET, signer=HOST, verify=verify_signature)
    stale = GuestDeal("ab" * 32)
    stale.commit, stale.restored = "cd" * 32, True
    eva = key_id(SIGNERS["eva"].public)
    newcomer = guest(hub.join("peer-x"), eva, "Eva", lambda m: None, deal=stale)
    assert newcomer.deal is not stale and newcomer.deal.commit == other.deal.commit
    assert other.deal.nonces[eva] == newcomer.deal.nonce != "ab" * 32
