"""Guests trust nothing: every host message is checked (tapete.net.schema) before a guest uses it.

Whole games of every game pass the check at every seat; crafted updates (markup in a number, a bool for
a number, a card from no deck, endless lists, long or unsafe strings...) are refused with
``bad_host_message``, the guest's table unchanged and the refusal logged; an update older than the
last one is ignored; a guest whose intent was ``stale`` gets the current table again.
"""

from __future__ import annotations

import copy
import hashlib
import json
import random
import secrets

import pytest

from tapete.bots import make_bot
from signing import NaclSigner, verify
from tapete.net import GuestSession, Host, MemoryHub, SeatSpec
from tapete.net.protocol import ProtocolError, b64, proof_message, too_deep
from tapete.net.links import link_secret_of
from tapete.net.schema import check_host_message

GAMES = ["chupate", "taki", "dos", "skypo", "francesa"]


def whole_game(game_id: str, seed: int, players: int):
    """Every message a guest at seat 1 receives in a whole bots game (seat 1's own moves by a bot too)."""
    seats = [SeatSpec("Ana", bot="easy"), SeatSpec("Beto", player="guest1"),
             *[SeatSpec(f"Bot {i}", bot="easy") for i in range(2, players)]]
    host = Host(game_id, seats, seed)
    received: list[dict] = []
    host.attach("guest1", lambda m: received.append(json.loads(json.dumps(m))))
    bot, rng = make_bot("easy", game_id), random.Random(seed)
    for _ in range(4000):
        if host.state["over"]:
            break
        if host.game.to_move(host.state)[0] == 1:
            last = received[-1]
            action = bot.choose(last["view"], last["legal"], True, rng) or last["legal"][0]
            host.intent("guest1", {"seat": 1, "id": f"i{len(received)}", "state_version": host.state["version"],
                                   "action": action})
        elif not host.bot_step():
            break
    return host, received


@pytest.mark.parametrize("game_id", GAMES)
def test_every_update_of_whole_games_passes(game_id):
    for seed in range(3):
        game_players = random.Random(seed).randint(2, 4)
        host, received = whole_game(game_id, seed, game_players)
        assert host.state["over"], "the game should end"
        assert len(received) > 10
        for message in received:
            assert check_host_message(message, game_id) is message
            assert not too_deep(json.dumps(message), 8)     # far inside the bound parsed text must keep


def an_update(game_id="chupate"):
    _, received = whole_game(game_id, 1, 3)
    return copy.deepcopy(received[len(received) // 2])


MARKUP = '<img src=x onerror="window.pwned=1">'


@pytest.mark.parametrize("case", [
    "draw_count_markup", "draw_count_bool", "draw_count_float", "draw_count_huge", "version_str",
    "hand_unknown_card", "hand_markup", "top_markup", "hand_endless", "counts_bool", "over_int",
    "phase_markup", "unknown_field_markup", "legal_markup", "names_long", "names_missing", "bots_unknown",
    "seat_out_of_range", "view_for_another_seat", "view_of_another_game", "options_made_up",
    "events_markup", "deep_nesting", "extra_top_field", "bad_field_name",
])
def test_crafted_updates_are_refused(case):
    update = an_update()
    view = update["view"]
    change = {
        "draw_count_markup": lambda: view.update(draw_count=MARKUP),
        "draw_count_bool": lambda: view.update(draw_count=True),
        "draw_count_float": lambda: view.update(draw_count=3.5),
        "draw_count_huge": lambda: view.update(draw_count=10**12),
        "version_str": lambda: view.update(version="7"),
        "hand_unknown_card": lambda: view.update(hand=view["hand"] + ["Z9"]),
        "hand_markup": lambda: view.update(hand=[MARKUP]),
        "top_markup": lambda: view.update(top=MARKUP),
        "hand_endless": lambda: view.update(hand=["R1"] * 10_000),
        "counts_bool": lambda: view.update(counts=[True] * len(view["counts"])),
        "over_int": lambda: view.update(over=1),
        "phase_markup": lambda: view.update(phase="<b>play</b>"),
        "unknown_field_markup": lambda: view.update(note=MARKUP),
        "legal_markup": lambda: update.update(legal=[MARKUP]),
        "names_long": lambda: update.update(names=["x" * 500] * len(update["names"])),
        "names_missing": lambda: update.update(names=update["names"][:1]),
        "bots_unknown": lambda: update.update(bots=["<script>"] * len(update["bots"])),
        "seat_out_of_range": lambda: (update.update(seat=9), view.update(seat=9)),
        "view_for_another_seat": lambda: view.update(seat=2),
        "view_of_another_game": lambda: view.update(game="taki"),
        "options_made_up": lambda: view.update(options={"quick": "yes"}),
        "events_markup": lambda: update.update(events=[{"type": "played", "seat": 0, "card": MARKUP}]),
        "deep_nesting": lambda: view.update(result={"a": {"b": {"c": {"d": {"e": {"f": {"g": 1}}}}}}}),
        "extra_top_field": lambda: update.update(html=MARKUP),
        "bad_field_name": lambda: view.update({"<img>": 1}),
    }[case]
    change()
    with pytest.raises(ProtocolError) as err:
        check_host_message(update, "chupate")
    assert err.value.code == "bad_host_message"


@pytest.mark.parametrize("message", [
    {"v": 1, "type": "lobby", "game": "chupate", "started": False, "you": 1,
     "seats": [{"kind": "host", "name": "x" * 100, "connected": True}]},
    {"v": 1, "type": "lobby", "game": "chupate", "started": "no", "you": 0, "seats": []},
    {"v": 1, "type": "lobby", "game": "<b>", "started": False, "you": 0, "seats": []},
    {"v": 1, "type": "lobby", "game": "chupate", "started": False, "you": True,
     "seats": [{"kind": "host", "name": "Ana", "connected": True}]},
    {"v": 1, "type": "lobby", "game": "chupate", "started": False, "you": 0,
     "seats": [{"kind": "admin", "name": "Ana"}]},
    {"v": 1, "type": "rejected", "id": None, "code": "<b>full</b>", "message": "full"},
    {"v": 1, "type": "rejected", "id": None, "code": "full", "message": "x" * 5000},
    {"v": 1, "type": "update", "seat": 1},
    {"v": 1, "type": "lobby", "game": "chupate", "started": False, "you": 0, "dealing": "yes",
     "seats": [{"kind": "host", "name": "Ana", "connected": True}]},
    {"v": 1, "type": "lobby", "game": "chupate", "started": True, "you": 0, "commit": "AB" * 32,
     "seats": [{"kind": "host", "name": "Ana", "connected": True}]},
    {"v": 1, "type": "lobby", "game": "chupate", "started": False, "you": 0, "options": {"target": "<b>"},
     "seats": [{"kind": "host", "name": "Ana", "connected": True}]},
    {"v": 1, "type": "lobby", "game": "chupate", "started": False, "you": 0, "options": {"<b>": 1},
     "seats": [{"kind": "host", "name": "Ana", "connected": True}]},
    {"v": 1, "type": "lobby", "game": "chupate", "started": False, "you": 0, "options": [1],
     "seats": [{"kind": "host", "name": "Ana", "connected": True}]},
    {"v": 1, "type": "reveal", "secret": "ab" * 32, "options": {}, "history": []},          # no seats
    {"v": 1, "type": "reveal", "secret": "ab" * 32 + "\n", "options": {}, "history": [],
     "seats": [{"kind": "host", "player": None}, {"kind": "bot", "player": None}]},
    {"v": 1, "type": "deal_offer", "round": "ab" * 32, "game": "chupate", "options": {"quick": True},
     "seats": [{"kind": "host", "player": None}, {"kind": "host", "player": None}]},
    {"v": 1, "type": "deal_offer", "round": "ab" * 32, "game": "chupate", "options": {"quick": 1.5},
     "seats": [{"kind": "host", "player": None}, {"kind": "bot", "player": None}]},
    {"v": 1, "type": "deal_commits", "round": "ab" * 32, "commits": [None, "<b>"]},
    {"v": 1, "type": "shutdown"},
    [1, 2, 3],
])
def test_crafted_lobbies_and_refusals_are_refused(message):
    with pytest.raises(ProtocolError) as err:
        check_host_message(message, "chupate")
    assert err.value.code == "bad_host_message"


def test_a_lobby_name_with_markup_passes_the_check_to_be_shown_as_text():
    # Names are a person's free text: bounded and printable, and escaped where they are shown
    # (tests/unit/test_ui_render.py and the browser test check the escaping).
    lobby = {"v": 1, "type": "lobby", "game": "chupate", "started": False, "you": 1,
             "seats": [{"kind": "host", "name": "<b>Ana</b>", "connected": True},
                       {"kind": "player", "name": "Beto", "connected": True}]}
    assert check_host_message(lobby, "chupate") is lobby



ROOM = "ABCDEF"


class FakeHost:
    """A host page under the test's control: it holds the link's host key (so the guest takes it as its
    host) and sends whatever text it is told to the guest. With ``proves=False`` it never answers ``who``."""

    def __init__(self, proves: bool = True):
        self.key = NaclSigner(hashlib.sha256(b"test-schema-host").digest())
        self.hub = MemoryHub()
        self.peer = self.hub.join("peer-host")
        if proves:
            self.peer.on_message = self._answer
        self.peer.start()
        self.got: list[dict] = []
        self.logged: list[str] = []
        self.guest = GuestSession(self.hub.join("peer-guest"), "Beto", self.got.append, room=ROOM,
                                  secret=link_secret_of(self.key),
                                  signer=NaclSigner(hashlib.sha256(b"test-schema-guest").digest()),
                                  verify=verify, log=self.logged.append)

    def _answer(self, peer: str, text: str) -> None:
        message = json.loads(text)
        if message.get("type") == "who":
            data = proof_message(ROOM, message["challenge"], peer, self.peer.self_id)
            self.key.sign(data, lambda sig: self.send({"v": 1, "type": "host", "proof": b64(sig),
                                                       "nonce": secrets.token_urlsafe(16)}))

    def send(self, message) -> None:
        self.peer.send("peer-guest", message if isinstance(message, str) else json.dumps(message))


def test_guest_refuses_a_bad_update_keeps_its_table_and_logs_why():
    fake = FakeHost()
    good = an_update()
    fake.send({"v": 1, "type": "lobby", "game": "chupate", "started": True, "you": 1,
               "seats": [{"kind": "host", "name": "Ana", "connected": True},
                         {"kind": "player", "name": "Beto", "connected": True},
                         {"kind": "bot", "name": "Bot 2", "connected": True}]})
    fake.send(good)
    assert fake.guest.last == good
    bad = copy.deepcopy(good)
    bad["view"]["draw_count"] = MARKUP
    bad["view"]["version"] += 1
    fake.send(bad)
    assert fake.guest.last == good and fake.got[-1] == good       # nothing changed, nothing shown
    assert fake.logged and "draw_count" in fake.logged[-1]
    assert fake.guest.refused[-1] == fake.logged[-1].removeprefix("tapete: ")


def test_guest_refuses_an_update_before_any_lobby_and_ignores_a_sender_that_is_not_its_host():
    fake = FakeHost()
    assert fake.guest.host_peer == "peer-host"
    fake.send(an_update())
    assert fake.guest.last is None and not fake.got
    assert "before the lobby" in fake.logged[-1]
    stranger = FakeHost(proves=False)                  # never proved the host key: not even read
    stranger.send(an_update())
    assert stranger.guest.host_peer is None and stranger.guest.last is None and not stranger.got
    assert not stranger.logged


def test_guest_ignores_an_update_older_than_the_last():
    fake = FakeHost()
    fake.send({"v": 1, "type": "lobby", "game": "chupate", "started": True, "you": 1,
               "seats": [{"kind": "host", "name": "Ana"}, {"kind": "player", "name": "Beto"},
                         {"kind": "bot", "name": "Bot 2"}]})
    _, received = whole_game("chupate", 1, 3)
    new, old = received[30], received[20]
    assert old["view"]["version"] < new["view"]["version"]
    fake.send(new)
    fake.send(old)                                    # a late, older update (v24 -> v20 in the issue)
    assert fake.guest.last == new and fake.got[-1] == new
    assert "older" in fake.logged[-1]
    fake.send(new)                                    # the same version again is fine (a resend)
    assert fake.got[-1] == new and len(fake.logged) == 1


def test_guest_refuses_a_lobby_that_changes_the_game():
    fake = FakeHost()
    seats = [{"kind": "host", "name": "Ana"}, {"kind": "player", "name": "Beto"}]
    fake.send({"v": 1, "type": "lobby", "game": "chupate", "started": False, "you": 1, "seats": seats})
    fake.send({"v": 1, "type": "lobby", "game": "taki", "started": False, "you": 1, "seats": seats})
    assert fake.guest.lobby["game"] == "chupate" and "cannot change" in fake.logged[-1]
