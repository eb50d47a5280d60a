"""A deal no seat can choose (tapete.net.deal): offer, commit, commit list, reveal, replay. Honest hosts of
every game are verified; a cheating host is caught in each place it could cheat, by EVERY guest whose
check it touches (including guests whose own nonce it left alone), with a named reason. Rooms over the
in-memory transport (protocol tests); the attackers are written here, as a host page could run them."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from tapete.bots import make_bot
from tapete.core.rng import is_seed
from signing import NaclSigner, verify as verify_signature
from tapete.net import GuestSession, LocalSession, MemoryHub, RoomHost, key_id, parse_snapshot
from tapete.net.deal import (DEAL_TIMEOUT, REASONS, GuestDeal, commitment, deal_seed, new_nonce,
                             new_secret, nonce_commitment, verify)
from tapete.net.links import link_secret_of
from tapete.net.protocol import decode
from tapete.net.rig import hand_points, rig
from tapete.net.schema import check_host_message
from tapete.core.errors import BadState

GAME = "chupate"
ROOM = "ABCDEF"
HOST = NaclSigner(hashlib.sha256(b"test-deal-host").digest())
SECRET = link_secret_of(HOST)
SIGNERS = {label: NaclSigner(hashlib.sha256(b"test-deal|" + label.encode()).digest())
           for label in ("gina", "bea", "eva")}
PLAYERS = [key_id(SIGNERS["gina"].public), key_id(SIGNERS["bea"].public)]
EVA = key_id(SIGNERS["eva"].public)
SIGNER_OF = {key_id(s.public): s for s in SIGNERS.values()}


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def guest(transport, player, name, on_update, **kwargs):
    """A guest whose seat key is ``player``'s (player ids are key ids)."""
    return GuestSession(transport, name, on_update, room=ROOM, secret=SECRET, signer=SIGNER_OF[player],
                        verify=verify_signature, **kwargs)


class Room:
    """A host with a fair deal and two guests (seats 1 and 2; a bot in seat 3 with ``bot=True``);
    ``results[player]`` collects each guest's deal verdicts, ``logs[player]`` what it logged."""

    def __init__(self, game=GAME, options=None, bot=False, clock=None):
        self.hub = MemoryHub()
        self.clock = clock or Clock()
        self.room = RoomHost(self.hub.join("peer-host"), game, "hostplayer01", "Ana", seats=4 if bot else 3,
                             options=options if options is not None else {"quick": True}, rate=None,
                             code=ROOM, secret=SECRET, signer=HOST, clock=self.clock, verify=verify_signature)
        self.results: dict[str, list[dict]] = {}
        self.logs: dict[str, list[str]] = {}
        self.guests = [self.join(f"peer-g{i}", PLAYERS[i]) for i in range(2)]
        if bot:
            self.room.add_bot("easy")
        self.session = None

    def join(self, peer, player, deal=None):
        self.results.setdefault(player, [])

        def on_update(message, player=player):
            if message["type"] == "deal":
                self.results[player].append(message)
        return guest(self.hub.join(peer), player, player[:5], on_update, deal=deal,
                     log=self.logs.setdefault(player, []).append)

    def start(self):
        self.session = self.room.start(lambda m: None)
        return self.room.host

    def play_out(self):
        host = self.room.host
        self.session = self.room.session
        bot, rng = make_bot("easy", host.game.id), random.Random(2)
        for _ in range(5000):
            if host.state["over"]:
                return
            seat = host.game.to_move(host.state)[0]
            if host.seats[seat].bot:
                host.bot_step()
                continue
            sessions = {0: self.session, **{g.seat: g for g in self.guests if g.last is not None}}
            session = sessions[seat]
            update = session.last
            session.send(bot.choose(update["view"], update["legal"], True, rng) or update["legal"][0])
        raise AssertionError("the game did not end")

    def verdicts(self):
        return [(r[-1]["verified"], r[-1]["reason"]) if r else None for r in
                (self.results[p] for p in PLAYERS)]

    def sent(self, kind):
        """Every message of type ``kind`` that went over the hub, parsed, with its sender and receiver."""
        out = []
        for sender, receiver, text in self.hub.log:
            message = json.loads(text)
            if message.get("type") == kind:
                out.append((sender, receiver, message))
        return out


def wrap_begin(room: Room, cheat):
    """The host runs ``cheat(deal)`` once every nonce is in, then deals from ``deal.seed()``."""
    begin = room.room._begin_game

    def rigged(seed):
        cheat(room.room.deal)
        begin(room.room.deal.seed())
    room.room._begin_game = rigged


def wrap_send(room: Room, rewrite):
    """The host's messages pass through ``rewrite(peer, message) -> message`` before they go out."""
    send = room.room._send
    room.room._send = lambda peer, message: send(peer, rewrite(peer, message))


# ----- the construction ---------------------------------------------------------------------------------
def test_construction_is_sha256_over_length_prefixed_fields():
    secret, nonce, commit = "11" * 32, "22" * 32, "33" * 32
    lp = lambda b: len(b).to_bytes(4, "big") + b          # noqa: E731 - the documented framing, written out
    seats = [{"kind": "host", "player": None}, {"kind": "player", "player": PLAYERS[0]}]
    assert commitment(secret) == hashlib.sha256(lp(b"tapete/deal/commit/v2") + lp(bytes.fromhex(secret))).hexdigest()
    assert nonce_commitment(commit, 1, nonce) == hashlib.sha256(
        lp(b"tapete/deal/nonce/v2") + lp(bytes.fromhex(commit)) + lp((1).to_bytes(4, "big"))
        + lp(bytes.fromhex(nonce))).hexdigest()
    options_json = json.dumps({"quick": True}, sort_keys=True, separators=(",", ":")).encode()
    seats_json = json.dumps(seats, sort_keys=True, separators=(",", ":")).encode()
    assert deal_seed("chupate", {"quick": True}, seats, secret, [None, nonce]) == hashlib.sha256(
        lp(b"tapete/deal/seed/v2") + lp(b"chupate") + lp(options_json) + lp(seats_json) + lp(bytes.fromhex(secret))
        + lp(b"") + lp(bytes.fromhex(nonce))).hexdigest()
    # Every field counts: game, options, seats, secret, each slot, the slot's place; a commitment is bound
    # to its round and its seat.
    base = deal_seed("chupate", {"quick": True}, seats, secret, [None, nonce])
    assert base != deal_seed("taki", {"quick": True}, seats, secret, [None, nonce])
    assert base != deal_seed("chupate", {"quick": False}, seats, secret, [None, nonce])
    assert base != deal_seed("chupate", {"quick": True}, seats[::-1], secret, [None, nonce])
    assert base != deal_seed("chupate", {"quick": True}, seats, "44" * 32, [None, nonce])
    assert base != deal_seed("chupate", {"quick": True}, seats, secret, [nonce, None])
    assert nonce_commitment(commit, 1, nonce) != nonce_commitment(commit, 2, nonce) \
        != nonce_commitment("44" * 32, 1, nonce)
    assert len(new_secret()) == 64 and new_secret() != new_secret() and new_nonce() != new_nonce()
    assert is_seed(base) and len(base) == 64                 # what Game.new takes (256 bits)


def test_every_contribution_is_fixed_before_anyone_can_compute_the_deal():
    room = Room(bot=True)
    assert room.room.deal is None                            # no round, no seed before Start
    host = room.start()
    deal = room.room.deal
    order = [(m["type"], s, r) for s, r, m in (room.sent("deal_offer") + room.sent("deal_commit")
                                               + room.sent("deal_commits") + room.sent("deal_open"))]
    kinds = [json.loads(t)["type"] for _, _, t in room.hub.log if json.loads(t)["type"].startswith("deal_")]
    # every commitment reaches the host before any list goes out, every list before any nonce
    assert kinds.index("deal_commits") > max(i for i, k in enumerate(kinds) if k == "deal_commit")
    assert min(i for i, k in enumerate(kinds) if k == "deal_open") > max(i for i, k in enumerate(kinds)
                                                                         if k == "deal_commits")
    assert len(order) == 2 + 2 + 2 + 2
    offers = [m for _, _, m in room.sent("deal_offer")]
    assert offers[0] == offers[1] and offers[0]["seats"] == [
        {"kind": "host", "player": None}, {"kind": "player", "player": PLAYERS[0]},
        {"kind": "player", "player": PLAYERS[1]}, {"kind": "bot", "player": None}]
    assert offers[0]["round"] == deal.commit == commitment(deal.secret)
    lists = [m["commits"] for _, _, m in room.sent("deal_commits")]
    assert lists[0] == lists[1] and lists[0][0] is None and lists[0][3] is None
    assert deal.nonces == [None, room.guests[0].deal.nonce, room.guests[1].deal.nonce, None]
    assert host.state["seed"] == deal_seed(GAME, deal.options, deal.seats, deal.secret, deal.nonces)
    assert all(g.deal.game_commit == deal.commit and g.deal.nonces == deal.nonces for g in room.guests)
    assert deal.secret not in json.dumps(room.hub.log)           # the secret stays with the host until the end


def test_a_new_round_has_a_new_secret_and_new_nonces_so_no_lobby_state_predicts_the_deal():
    seeds, secrets_, nonces = set(), set(), set()
    for _ in range(3):
        room = Room()
        room.start()
        seeds.add(room.room.host.state["seed"])
        secrets_.add(room.room.deal.secret)
        nonces.update(g.deal.nonce for g in room.guests)
    assert len(seeds) == 3 and len(secrets_) == 3 and len(nonces) == 6


# ----- honest hosts ---------------------------------------------------------------------------------------
def test_an_honest_host_is_verified_by_every_guest():
    room = Room(bot=True)
    room.start()
    room.play_out()
    assert room.verdicts() == [(True, ""), (True, "")]
    assert all(r[-1]["restarts"] == 0 for r in room.results.values())


@pytest.mark.parametrize("game_id, options", [("chupate", {"quick": True}), ("taki", {}), ("dos", {"target": 20}),
                                              ("skypo", {"target": 15}), ("francesa", {"limit": 15})])
def test_honest_hosts_of_every_game_are_verified(game_id, options):
    room = Room(game_id, options)
    room.start()
    room.play_out()
    assert room.verdicts() == [(True, ""), (True, "")]


# ----- cheating hosts: each caught by every guest it touches, with a named reason ---------------------------
def grind_host_slot(room):
    rig(room.room, "grind_host", tries=200)


def grind_bot_slot(room):
    rig(room.room, "grind_bot", tries=200)


def secret_after_reveals(room):
    rig(room.room, "secret")                             # deals from a secret other than the one committed


def recommits_its_list(room):
    """After the reveals it sends a second list with a commitment in its own slot, and fills that slot."""
    def cheat(deal):
        mine = new_nonce()
        deal.commits[0] = nonce_commitment(deal.commit, 0, mine)
        for g in room.guests:
            room.room._send(g.transport.self_id, deal.commits_message())
        deal.nonces[0] = mine
    wrap_begin(room, cheat)


def reoffers_other_seats(room):
    """After the reveals it offers the same round again with the guests' seats swapped, and deals that."""
    def cheat(deal):
        deal.seats[1], deal.seats[2] = deal.seats[2], deal.seats[1]
        for g in room.guests:
            room.room._send(g.transport.self_id, deal.offer())
    wrap_begin(room, cheat)


def fabricates_a_guests_nonce(room):
    """After the reveals it replaces guest 2's nonce by one of its choosing (grinding that slot)."""
    wrap_begin(room, lambda deal: deal.nonces.__setitem__(2, new_nonce()))


def equivocates(room):
    """Guest 1 gets a list whose seat 2 holds a commitment the host made (it knows its nonce); guest 2
    gets the true list; the host then deals from the true nonces."""
    fake = {}

    def rewrite(peer, message):
        if message.get("type") == "deal_commits" and peer == room.guests[0].transport.self_id:
            fake.setdefault("nonce", new_nonce())
            commits = list(message["commits"])
            commits[2] = nonce_commitment(message["round"], 2, fake["nonce"])
            return {**message, "commits": commits}
        return message
    wrap_send(room, rewrite)


def changes_options(room):
    """Offers quick games, deals a full game (the seed still names the offered options)."""
    wrap_begin(room, lambda deal: setattr(room.room, "options", {"quick": False}))


def swaps_seats(room):
    """Offers Gina seat 1 and Bea seat 2, seats them the other way round."""
    def cheat(deal):
        lobby = room.room.lobby
        lobby[1], lobby[2] = lobby[2], lobby[1]
    wrap_begin(room, cheat)


CHEATS = {
    # name: (attack, the verdict of guest 1, of guest 2)
    "grinds_its_own_slot": (grind_host_slot, "filled_slot", "filled_slot"),
    "grinds_a_bot_slot": (grind_bot_slot, "filled_slot", "filled_slot"),
    "changes_its_secret_after_the_reveals": (secret_after_reveals, "bad_secret", "bad_secret"),
    "recommits_its_list_after_the_reveals": (recommits_its_list, "recommit", "recommit"),
    "reoffers_the_round_with_other_seats": (reoffers_other_seats, "offer_changed", "offer_changed"),
    "fabricates_another_guests_nonce": (fabricates_a_guests_nonce, "bad_nonce", "no_nonce"),
    "equivocates_on_the_list": (equivocates, "bad_nonce", ""),
    "changes_the_options_after_the_offer": (changes_options, "options_changed", "options_changed"),
    "changes_the_seats_after_the_offer": (swaps_seats, "seats_changed", "seats_changed"),
}


@pytest.mark.parametrize("case", sorted(CHEATS))
def test_a_cheating_host_is_caught(case):
    attack, why_1, why_2 = CHEATS[case]
    room = Room(bot=case == "grinds_a_bot_slot")
    attack(room)
    room.start()
    room.play_out()
    assert room.verdicts() == [(why_1 == "", why_1), (why_2 == "", why_2)], (case, room.verdicts())
    for why in (why_1, why_2):
        assert why == "" or why in REASONS


def test_the_grinding_host_really_chooses_its_hand_and_every_guest_still_catches_it():
    """The attack of issue 28 against this protocol: the host grinds its slot for the best hand."""
    points = []
    for _ in range(2):
        room = Room()
        grind_host_slot(room)
        room.start()
        deal = room.room.deal
        points.append(hand_points(GAME, 3, room.room.host.state["seed"], deal.options))
        honest = [hand_points(GAME, 3, deal_seed(GAME, deal.options, deal.seats, deal.secret,
                                                 [new_nonce(), *deal.nonces[1:]]), deal.options) for _ in range(50)]
        assert points[-1] >= sorted(honest)[-6]          # it chose: beats 45 of 50 random deals (p ~ 1e-4 by luck)
        room.play_out()
        assert room.verdicts() == [(False, "filled_slot"), (False, "filled_slot")]


def test_a_list_that_drops_a_guests_commitment_is_refused_and_a_forced_start_is_caught():
    room = Room()

    def rewrite(peer, message):
        if message.get("type") == "deal_commits":
            return {**message, "commits": [None, message["commits"][1], None]}   # Bea's commitment left out
        return message
    wrap_send(room, rewrite)
    room.start()
    assert not room.room.started and not room.sent("deal_open")             # nobody revealed its nonce
    assert all(g.deal.problem == "bad_commits" and not g.deal.revealed for g in room.guests)
    assert all(any("deal round refused" in line for line in room.logs[p]) for p in PLAYERS)
    deal = room.room.deal                                  # the host starts anyway, with nonces of its own
    deal.nonces[1], deal.nonces[2] = new_nonce(), new_nonce()
    room.room._begin_game(deal.seed())
    room.play_out()
    assert room.verdicts() == [(False, "bad_commits"), (False, "bad_commits")]


def test_a_list_without_the_guests_own_commitment_or_with_a_host_slot_is_not_answered():
    for commits in (lambda c: [None, "ab" * 32, c[2]], lambda c: ["ab" * 32, c[1], c[2]], lambda c: c[:2]):
        room = Room()
        wrap_send(room, lambda peer, m, f=commits: {**m, "commits": f(m["commits"])}
                  if m.get("type") == "deal_commits" else m)
        room.start()
        assert not [m for s, _, m in room.sent("deal_open") if s == "peer-g0"]      # Gina keeps her nonce
        assert room.guests[0].deal.problem == "bad_commits" and not room.room.started


def test_a_host_that_reuses_a_revealed_nonce_in_a_new_round_is_caught():
    """Round 1: every guest reveals; the host drops the round, opens another, and deals round 2 with
    Gina's round-1 nonce in her slot (it knows it; her round-2 commitment is to another one)."""
    room = Room()
    old = {}

    def cheat(deal):
        if not old:                                        # round 1: note Gina's nonce, start round 2 instead
            old["nonce"] = deal.nonces[1]
            room.room.deal = None
            room.room._new_round()
            raise _Abandoned
        deal.nonces[1] = old["nonce"]
    begin = room.room._begin_game

    def rigged(seed):
        try:
            cheat(room.room.deal)
        except _Abandoned:
            return
        begin(room.room.deal.seed())
    room.room._begin_game = rigged
    room.start()
    assert room.guests[0].deal.nonce != old["nonce"]         # a fresh nonce each round
    room.play_out()
    assert room.verdicts() == [(False, "no_nonce"), (False, "bad_nonce")]


class _Abandoned(Exception):
    pass


def test_a_restart_after_the_reveals_is_shown_as_such_not_as_verified():
    room = Room()
    rounds = []
    begin = room.room._begin_game

    def restart_once(seed):
        rounds.append(room.room.deal.commit)
        if len(rounds) == 1:                               # saw the round-1 deal, did not like it
            room.room.deal = None
            room.room._new_round()
            return
        begin(seed)
    room.room._begin_game = restart_once
    room.start()
    assert len(rounds) == 2 and room.room.started
    room.play_out()
    assert room.verdicts() == [(True, "restarted"), (True, "restarted")]
    assert [r[-1]["restarts"] for r in room.results.values()] == [1, 1]


def test_a_restart_before_anyone_revealed_is_not_counted():
    room = Room()
    send = room.room._send
    wrap_send(room, lambda peer, m: {**m, "commits": m["commits"][:2]} if m.get("type") == "deal_commits" else m)
    room.start()                                           # a bad list: nobody reveals
    assert not room.sent("deal_open") and not room.room.started
    room.room._send = send
    room.room.deal = None                                  # the host drops the round and starts again
    room.room.start(lambda m: None)
    room.play_out()
    assert room.verdicts() == [(True, ""), (True, "")]


def test_a_silent_guest_times_out_the_round_a_bot_takes_its_seat_and_the_others_see_a_restart():
    room = Room()
    bea = room.guests[1]
    send = bea.transport.send
    bea.transport.send = lambda peer, text: None if json.loads(text)["type"] == "deal_open" else send(peer, text)
    room.start()
    assert room.room.dealing and room.room.deal.waiting() == [2]
    assert room.room.tick(room.clock.now + DEAL_TIMEOUT - 1) == [] and room.room.dealing
    first = room.room.deal.commit
    assert room.room.tick(room.clock.now + DEAL_TIMEOUT) == [2]     # Bea's seat goes to a bot, a new round
    assert room.room.started and room.room.deal.commit != first
    assert room.room.deal.seats[2] == {"kind": "bot", "player": None}
    room.play_out()
    assert room.verdicts() == [(True, "restarted"), (False, "excluded")]  # Bea cannot tell a timeout from a plot


def test_changing_the_seats_while_dealing_drops_the_round_and_start_opens_a_new_one():
    room = Room(bot=True)
    send = room.guests[1].transport.send
    room.guests[1].transport.send = lambda peer, text: None if json.loads(text)["type"] == "deal_open" \
        else send(peer, text)
    room.start()
    first = room.room.deal.commit
    lobby = room.guests[0].lobby
    assert room.room.dealing and lobby["dealing"] is True
    room.room.remove(3)                                    # the bot goes: the seats of the offer are no more
    assert not room.room.dealing and room.room.deal is None and "dealing" not in room.guests[0].lobby
    room.room.start(lambda m: None)
    assert room.room.dealing and room.room.deal.commit != first
    room.room.add_bot("easy")                              # and back: dropped again
    assert not room.room.dealing
    room.guests[1].transport.send = send
    room.room.kick(2)
    room.room.start(lambda m: None)
    assert room.room.started and room.room.deal.commit != first
    room.play_out()
    assert room.verdicts()[0] == (True, "restarted")      # Gina had revealed in the dropped round


def test_a_newcomer_during_the_deal_is_asked_to_wait_and_seated_players_get_their_step_again():
    room = Room()
    send = room.guests[1].transport.send
    room.guests[1].transport.send = lambda peer, text: None if json.loads(text)["type"] == "deal_commit" \
        else send(peer, text)
    room.start()
    eva = room.join("peer-eva", EVA)
    assert eva.seat is None and room.room.refused[-1]["code"] == "dealing"
    room.guests[1].transport.send = send                   # Bea reloads: a new page, the same key
    room.guests[1].transport.close()
    room.guests[1] = room.join("peer-g1b", PLAYERS[1])
    assert room.room.started
    room.play_out()
    assert room.verdicts() == [(True, ""), (True, "")]


def test_a_late_joiner_had_no_share_and_says_so():
    room = Room("francesa", {"limit": 100})
    room.start()
    host = room.room.host
    # play the first round out, then a newcomer joins between rounds
    bot, rng = make_bot("easy", "francesa"), random.Random(3)
    while host.state["phase"] != "round_over" and not host.state["over"]:
        seat = host.game.to_move(host.state)[0]
        s = {0: room.room.session, **{g.seat: g for g in room.guests}}[seat]
        s.send(bot.choose(s.last["view"], s.last["legal"], True, rng) or s.last["legal"][0])
    if host.state["over"]:
        pytest.skip("the game ended in one round")
    room.results[EVA] = []
    eva = room.join("peer-eva", EVA)
    assert eva.seat == 3
    room.guests.append(eva)
    room.play_out()
    assert room.verdicts() == [(True, ""), (True, "")]
    assert (room.results[EVA][-1]["verified"], room.results[EVA][-1]["reason"]) == (True, "no_share")


def test_a_host_that_deals_from_an_abandoned_round_is_caught():
    room = Room()
    rounds = {}
    begin = room.room._begin_game

    def go_back(seed):
        if "first" not in rounds:
            rounds["first"] = room.room.deal
            room.room.deal = None
            room.room._new_round()
            return
        room.room.deal = rounds["first"]                  # prefers the first deal after all
        begin(rounds["first"].seed())
    room.room._begin_game = go_back
    room.start()
    room.play_out()
    assert room.verdicts() == [(False, "old_round"), (False, "old_round")]


def test_a_host_that_never_commits_is_not_verified():
    hub = MemoryHub()
    results = []
    room = RoomHost(hub.join("peer-host"), GAME, "hostplayer01", "Ana", seats=2, options={"quick": True},
                    seed=42, rate=None, code=ROOM, secret=SECRET, signer=HOST,
                    verify=verify_signature)                          # an explicit seed: no deal
    gina = guest(hub.join("peer-g"), PLAYERS[0], "Gina", lambda m: results.append(m) if m["type"] == "deal" else None)
    session = room.start(lambda m: None)
    assert not any(json.loads(t)["type"].startswith("deal_") for _, _, t in hub.log)
    bot, rng = make_bot("easy", GAME), random.Random(1)
    while not room.host.state["over"]:
        s = session if room.host.game.to_move(room.host.state)[0] == 0 else gina
        s.send(bot.choose(s.last["view"], s.last["legal"], True, rng) or s.last["legal"][0])
    assert results and results[-1]["verified"] is False and results[-1]["reason"] == "no_commit"


def test_a_host_that_keeps_its_secret_is_not_verified_once_the_page_stops_waiting():
    room = Room()
    room.room.reveal_message = lambda: None               # never reveals
    room.start()
    room.play_out()
    assert room.verdicts() == [None, None]                # still waiting...
    for g in room.guests:
        g.deal_overdue()                                 # ...the page gives up after a while
    assert room.verdicts() == [(False, "no_reveal"), (False, "no_reveal")]


@pytest.mark.parametrize("change", ["reveals_a_wrong_history", "alters_a_card"])
def test_a_host_that_alters_the_game_is_caught_at_the_replay(change, monkeypatch):
    room = Room()
    if change == "alters_a_card":
        import tapete.net.room as room_module

        class RiggedHost(room_module.Host):
            def __init__(self, *args, **kwargs):
                super().__init__(*args, **kwargs)
                hand, draw = self.state["hands"][1], self.state["draw"]
                i = next(i for i in range(len(draw) - 1, -1, -1) if draw[i] not in hand)   # (decks hold doubles)
                hand[0], draw[i] = draw[i], hand[0]
        monkeypatch.setattr(room_module, "Host", RiggedHost)
    room.start()
    if change == "reveals_a_wrong_history":
        real = room.room.reveal_message

        def doctored():
            message = real()
            history = list(message["history"])
            i = next(k for k, (s, a) in enumerate(history) if a.startswith("play "))
            history[i] = [history[i][0], "draw"]
            return {**message, "history": history}
        room.room.reveal_message = doctored
    room.play_out()
    gina, bea = room.verdicts()
    assert gina[0] is False and gina[1] in ("mismatch", "no_replay"), gina
    if change == "reveals_a_wrong_history":
        assert bea[0] is False and bea[1] in ("mismatch", "no_replay"), bea


def test_verify_refuses_a_reveal_without_a_history_or_with_garbage():
    room = Room()
    room.start()
    room.play_out()
    gina = room.guests[0]
    reveal = json.loads(next(t for s, r, t in room.hub.log if json.loads(t)["type"] == "reveal"))
    assert verify(GAME, 1, gina.deal, reveal) == (True, "")
    for bad in ({"history": "x"}, {"history": [[1]]}, {"history": [[9, "draw"]]}, {"secret": "zz"},
                {"options": {}}, {"seats": reveal["seats"][::-1]}, {"history": reveal["history"][:-3]}):
        ok, why = verify(GAME, 1, gina.deal, {**reveal, **bad})
        assert ok is False and why in REASONS, bad
    assert verify(GAME, 1, GuestDeal(), reveal) == (False, "no_commit")


# ----- reloads ----------------------------------------------------------------------------------------------
def reload_host(room: Room, peer: str) -> None:
    text = json.dumps(room.room.snapshot())
    room.room.transport.close()
    saved = parse_snapshot(text, "hostplayer01")
    room.room = RoomHost(room.hub.join(peer), GAME, "hostplayer01", "Ana", code=ROOM, saved=saved,
                         rate=None, secret=SECRET, signer=HOST, clock=room.clock, verify=verify_signature)
    if room.room.started:
        room.room.session = LocalSession(room.room.host, "hostplayer01", lambda m: None)


@pytest.mark.parametrize("when", ["after_the_offer", "after_the_list", "mid_game"])
def test_a_host_reload_keeps_the_deal_and_guests_still_verify(when):
    room = Room(bot=True)
    hold = {"after_the_offer": "deal_commit", "after_the_list": "deal_open"}.get(when)
    sends = [g.transport.send for g in room.guests]
    if hold:                                             # Bea's answer is slow: the host reloads meanwhile
        room.guests[1].transport.send = lambda peer, text: None if json.loads(text)["type"] == hold \
            else sends[1](peer, text)
    room.start()
    if hold:
        commit = room.room.deal.commit
        assert room.room.dealing and room.room.deal.sent == (hold == "deal_open")
    else:
        commit = room.room.deal.commit
        host = room.room.host
        bot, rng = make_bot("easy", GAME), random.Random(5)
        for _ in range(10):
            seat = host.game.to_move(host.state)[0]
            if host.seats[seat].bot:
                host.bot_step()
                continue
            s = {0: room.room.session, **{g.seat: g for g in room.guests}}[seat]
            s.send(bot.choose(s.last["view"], s.last["legal"], True, rng) or s.last["legal"][0])
    reload_host(room, "peer-host2")
    assert room.room.deal.commit == commit
    if hold:
        assert room.room.dealing                         # the same round, resumed (the guests said hello again)
        room.guests[1].transport.send = sends[1]
        room.guests[1].transport.close()                 # Bea's page reloads too, keeping its share
        saved = room.guests[1].deal.to_json("ABCDEF")
        room.guests[1] = room.join("peer-g1b", PLAYERS[1], deal=GuestDeal.restore(saved, "ABCDEF"))
        assert room.room.started and room.room.deal.commit == commit
    room.play_out()
    assert room.verdicts() == [(True, ""), (True, "")]


def test_a_guest_reload_keeps_its_share_and_one_from_another_room_starts_afresh():
    room = Room()
    send = room.guests[0].transport.send
    room.guests[0].transport.send = lambda peer, text: None if json.loads(text)["type"] == "deal_open" \
        else send(peer, text)
    room.start()
    old = room.guests[0].deal
    saved = old.to_json("ABCDEF")
    room.guests[0].transport.close()
    room.guests[0] = room.join("peer-g0b", PLAYERS[0], deal=GuestDeal.restore(saved, "ABCDEF"))
    assert room.guests[0].deal.nonce == old.nonce and room.room.started
    room.play_out()
    assert room.verdicts() == [(True, ""), (True, "")]
    assert GuestDeal.restore(saved, "QWERTY").round is None          # another room's share is not ours
    for broken in ("{", "[]", json.dumps({**json.loads(saved), "nonce": "zz"}),
                   json.dumps({**json.loads(saved), "rounds": ["ab"] * 3})):
        assert GuestDeal.restore(broken, "ABCDEF").round is None


@pytest.mark.parametrize("damage", ["secret", "commits", "nonce", "options", "seats", "sent", "extra", "seed"])
def test_a_broken_saved_deal_is_refused(damage):
    room = Room()
    if damage != "seed":
        send = room.guests[1].transport.send
        room.guests[1].transport.send = lambda peer, text: None if json.loads(text)["type"] == "deal_open" \
            else send(peer, text)
    room.start()
    saved = room.room.snapshot()
    parse_snapshot(json.dumps(saved), "hostplayer01")     # as saved: fine
    deal = saved["deal"]
    if damage == "secret":
        deal["secret"] = "zz"
    elif damage == "commits":
        deal["commits"][0] = "ab" * 32                    # a commitment in the host's slot
    elif damage == "nonce":
        deal["nonces"][1] = "ab" * 32                     # does not open Gina's commitment
    elif damage == "options":
        deal["options"] = {**deal["options"], "quick": False}
    elif damage == "seats":
        deal["seats"][1], deal["seats"][2] = deal["seats"][2], deal["seats"][1]
    elif damage == "sent":
        deal["sent"] = "yes"
    elif damage == "extra":
        deal["more"] = 1
    elif damage == "seed":                                # a game dealt from another seed than its deal's
        state = json.loads(saved["state"])
        state["seed"] = "cd" * 32
        saved["state"] = json.dumps(state)
    with pytest.raises(BadState):
        parse_snapshot(json.dumps(saved), "hostplayer01")


# ----- malformed deal messages: refused, state unchanged ------------------------------------------------------
def test_malformed_guest_deal_messages_are_refused_and_change_nothing():
    room = Room()
    hold = room.guests[1].transport.send
    room.guests[1].transport.send = lambda peer, text: None if json.loads(text)["type"] == "deal_commit" \
        else hold(peer, text)
    room.start()
    deal = room.room.deal
    before = json.dumps(room.room.snapshot())
    c = deal.commit
    assert deal.commits[2] is None                         # Bea's commitment is held back: still waiting
    bad = [{"type": "deal_commit", "round": c, "commitment": "AB" * 32},
           {"type": "deal_commit", "round": c, "commitment": "ab" * 32 + "\n"},
           {"type": "deal_commit", "round": c, "commitment": "ab" * 31},
           {"type": "deal_commit", "round": c, "commitment": 7},
           {"type": "deal_commit", "round": c},
           {"type": "deal_commit", "round": c, "commitment": "ab" * 32, "seat": 0},
           {"type": "deal_commit", "round": "x", "commitment": "ab" * 32},
           {"type": "deal_open", "round": c, "nonce": ["ab" * 32]},
           {"type": "nonce", "nonce": "ab" * 32}]
    for message in bad:
        with pytest.raises(Exception) as err:
            decode(json.dumps({"v": 1, **message}))
        assert getattr(err.value, "code", "") in ("malformed", "unknown_type"), message
        hold("peer-host", json.dumps({"v": 1, **message}))
        assert room.room.refused[-1]["code"] in ("malformed", "unknown_type")
        assert json.dumps(room.room.snapshot()) == before
    # well formed, but not a deal step now: another round, a nonce before the list, a bot's seat
    hold("peer-host", json.dumps({"v": 1, "type": "deal_commit", "round": "ab" * 32, "commitment": "ab" * 32}))
    hold("peer-host", json.dumps({"v": 1, "type": "deal_open", "round": c, "nonce": "ab" * 32}))
    assert room.room.refused[-1]["code"] == "not_started"
    assert json.dumps(room.room.snapshot()) == before
    room.guests[1].transport.send = lambda peer, text: None if json.loads(text)["type"] == "deal_open" \
        else hold(peer, text)
    hold("peer-host", json.dumps({"v": 1, "type": "deal_commit", "round": c,
                                  "commitment": room.guests[1].deal.my_commitment()}))
    assert deal.sent
    before = json.dumps(room.room.snapshot())
    hold("peer-host", json.dumps({"v": 1, "type": "deal_open", "round": c, "nonce": new_nonce()}))
    assert room.room.refused[-1]["code"] == "bad_nonce" and json.dumps(room.room.snapshot()) == before


def test_malformed_host_deal_messages_are_refused_and_change_nothing():
    room = Room()
    gina = room.guests[0]
    good_offer = {"v": 1, "type": "deal_offer", "round": "ab" * 32, "game": GAME, "options": {"quick": True},
                  "seats": [{"kind": "host", "player": None}, {"kind": "player", "player": PLAYERS[0]},
                            {"kind": "player", "player": PLAYERS[1]}]}
    check_host_message(good_offer, GAME)
    seats = good_offer["seats"]
    bad_offers = [{**good_offer, "round": "AB" * 32}, {**good_offer, "game": "taki"},
                  {**good_offer, "options": {"quick": "yes"}}, {**good_offer, "options": {"nope": 1}},
                  {**good_offer, "options": {"quick": True, "pairs": True}},     # pairs need four players
                  {**good_offer, "seats": seats[1:]}, {**good_offer, "seats": [seats[0], seats[1], seats[1]]},
                  {**good_offer, "seats": [seats[1], seats[0], seats[2]]},
                  {**good_offer, "seats": [seats[0], {"kind": "bot", "player": PLAYERS[1]}, seats[2]]},
                  {**good_offer, "seats": [seats[0], {"kind": "player", "player": "<img>"}, seats[2]]},
                  {**good_offer, "seats": seats * 4}, {**good_offer, "extra": 1}]
    bad_lists = [{"v": 1, "type": "deal_commits", "round": "ab" * 32, "commits": ["x", None, None]},
                 {"v": 1, "type": "deal_commits", "round": "ab" * 32, "commits": [None] * 11},
                 {"v": 1, "type": "deal_commits", "round": "ab" * 32, "commits": "ab"},
                 {"v": 1, "type": "deal_commits", "round": "ab" * 32}]
    before = gina.deal.to_json("ABCDEF")
    sent_before = len(room.hub.log)
    for message in bad_offers + bad_lists:
        with pytest.raises(Exception):
            check_host_message(message, GAME)
        refused = len(gina.refused)
        gina._on_message("peer-host", json.dumps(message))
        assert len(gina.refused) == refused + 1, message
        assert gina.deal.to_json("ABCDEF") == before
    assert len(room.hub.log) == sent_before                         # nothing answered
    # well formed but not for this guest: not its seat, or not what the lobby shows -> not answered
    for offer in ({**good_offer, "seats": [seats[0], seats[2], {"kind": "bot", "player": None}]},
                  {**good_offer, "seats": [seats[0], seats[1], {"kind": "bot", "player": None}]}):
        gina.deal = GuestDeal()
        gina._on_message("peer-host", json.dumps({**offer, "round": new_secret()}))
        assert gina.deal.problem == "bad_offer" and len(room.hub.log) == sent_before


# ----- exclusion: a host that deals without a seated guest's share (issue 42) ---------------------------------
def _reason(room, player):
    return (room.results[player][-1]["verified"], room.results[player][-1]["reason"])


def test_a_host_that_ignores_a_guests_commitment_and_deals_without_it_is_caught():
    room = Room()
    take = room.room._deal_message
    room.room._deal_message = lambda peer, player, message: None if player == PLAYERS[1] \
        else take(peer, player, message)                   # Bea's deal_commit is dropped on the floor
    room.start()
    assert room.room.deal.waiting() == [2]
    assert room.room.tick(room.clock.now + DEAL_TIMEOUT) == [2]     # Bea's seat is a bot for the deal
    room.room._deal_message = take
    assert room.room.started and room.room.deal.seats[2] == {"kind": "bot", "player": None}
    room.play_out()
    assert room.verdicts() == [(True, ""), (False, "excluded")]      # Bea was seated and had answered


def restart_rounds(room, times: int, before=lambda: None) -> list:
    """A cheating host: the first ``times`` deals it computes (every nonce seen) it drops, calling
    ``before()`` first (e.g. to make guests' seats bots), and starts a new round; then it deals. Returns
    the list of seeds it computed."""
    begin, calls = room.room._begin_game, []

    def cheat(seed):
        calls.append(seed)
        if len(calls) <= times:
            before()
            room.room.deal = None
            room.room._new_round()
            return
        begin(seed)
    room.room._begin_game = cheat
    return calls


def test_a_host_that_drops_a_guest_after_its_reveal_and_deals_without_it_is_caught():
    room = Room()

    def drop_bea():                                        # saw the deal with both nonces: drops Bea
        room.room.lobby[2].bot = room.room.bot_level
    calls = restart_rounds(room, 1, drop_bea)
    room.start()
    assert room.room.started and len(calls) == 2
    assert PLAYERS[1] in [s.player for s in room.room.lobby if s] and room.guests[1].deal.revealed_in
    room.play_out()
    assert room.verdicts() == [(True, "restarted"), (False, "excluded")]
    assert [room.results[p][-1]["restarts"] for p in PLAYERS] == [1, 1]


@pytest.mark.parametrize("when", ["after_reveals", "never_offered"])
def test_a_host_that_deals_from_its_secret_alone_is_caught_by_every_excluded_guest(when):
    room = Room()

    def drop_everyone():                                   # no guest seat: dealt from the secret alone
        for i in (1, 2):
            room.room.lobby[i].bot = room.room.bot_level
    restart_rounds(room, 1 if when == "after_reveals" else 0, drop_everyone)
    if when == "never_offered":                            # the guests' seats are bots at Start: no offer
        for i in (1, 2):
            room.room.lobby[i].bot = room.room.bot_level
    room.start()
    assert room.room.started
    if when == "never_offered":
        assert not room.sent("deal_offer")
    room.play_out()
    assert room.verdicts() == [(False, "excluded"), (False, "excluded")]


def test_a_hundred_restarts_are_counted_as_a_hundred():
    from tapete.ui.room_ui import render_deal
    room = Room()
    calls = restart_rounds(room, 100)
    room.start()
    assert room.room.started and len(calls) == 101
    saved = room.guests[0].deal.to_json(ROOM)
    assert GuestDeal.restore(saved, ROOM).restarts == 100             # a reload keeps the count
    room.play_out()
    assert room.verdicts() == [(True, "restarted"), (True, "restarted")]
    assert [room.results[p][-1]["restarts"] for p in PLAYERS] == [100, 100]
    html = render_deal("en", (True, "restarted", 100))
    assert "100 time(s)" in html and "among 101 deals" in html
    assert "100 vez/veces" in render_deal("es", (True, "restarted", 100))


def test_every_verdict_with_restarts_names_the_count():
    from tapete.ui.room_ui import render_deal
    for lang in ("en", "es"):
        for verdict in ((False, "excluded", 7), (True, "no_share", 7), (False, "bad_nonce", 7)):
            html = render_deal(lang, verdict)
            assert " 7 " in html and 'data-restarts="7"' in html, (lang, verdict)
        assert " 0 " not in render_deal(lang, (False, "excluded", 0))
    assert "without your share" in render_deal("en", (False, "excluded", 0))
    assert "sin tu parte" in render_deal("es", (False, "excluded", 0))
    # an honest time-out reads the same to the guest, so the text names it too (issue 42)
    assert "your answer reached it too late" in render_deal("en", (False, "excluded", 0))
    assert "tu respuesta le llegó tarde" in render_deal("es", (False, "excluded", 0))


def test_a_broken_restart_count_is_refused():
    room = Room()
    room.start()
    saved = json.loads(room.guests[0].deal.to_json(ROOM))
    for bad in (-1, "3", True, None, 1.5):
        assert GuestDeal.restore(json.dumps({**saved, "abandoned": bad}), ROOM).round is None
    for bad in ("yes", 0, None):
        assert GuestDeal.restore(json.dumps({**saved, "seated": bad}), ROOM).round is None
    assert GuestDeal.restore(json.dumps(saved), ROOM).seated is True
    old = {k: v for k, v in saved.items() if k not in ("abandoned", "seated")}     # a save from before
    assert GuestDeal.restore(json.dumps(old), ROOM).round is not None


def test_the_lobby_warns_while_dealing_once_the_host_has_restarted_more_than_twice():
    """Issue 42: a guest that sees the host start the deal over and over after its reveal is told so in the
    lobby while the host deals again, from the third restart on (one or two is a slow link)."""
    from tapete.ui.room_ui import render_lobby
    room = Room()
    seen = []

    def look():                                         # the host has the deal in hand and drops it
        guest = room.guests[0]
        for lang in ("en", "es"):
            html = render_lobby(lang, guest.lobby, code=ROOM, link=None, is_host=False,
                                restarts=guest.deal.abandoned)
            seen.append((lang, guest.lobby.get("dealing"), guest.deal.abandoned, html))
    restart_rounds(room, 5, look)
    room.start()
    assert room.room.started
    assert [(lang, dealing, n) for lang, dealing, n, _ in seen] == [
        (lang, True, n) for n in range(5) for lang in ("en", "es")]
    for lang, _, n, html in seen:
        warned = 'data-testid="room-deal-restarts"' in html
        assert warned == (n > 2), (lang, n)
        if warned:
            assert f'data-restarts="{n}"' in html and f" {n} " in html
            assert ("may be choosing the cards" if lang == "en" else "puede estar eligiendo las cartas") in html
    host_view = render_lobby("en", room.guests[0].lobby, code=ROOM, link=None, is_host=True, restarts=5)
    assert "room-deal-restarts" not in host_view
