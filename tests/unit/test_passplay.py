"""Pass-and-play (tapete.net.passplay): several people on one device, bots filling the rest.

Whole rounds of every game with two people and a bot go through the controller as the UI would drive
it; at every hand-over moment nothing the controller exposes holds a view of anyone (no private update,
no hand, no card hidden from the table); a private view is only ever the holder's, on their turn. The
calls: a holder's own call stays open (bots wait) until they hide their cards; catching a person who did
not call is a public shout on the hand-over screen; Super Taki's breaker is a poll that asks every other
person in turn. Saves resume to a hand-over screen.
"""

from __future__ import annotations

import copy
import json
import random

import pytest

from tapete.bots import EasyBot
from tapete.bots.medium import CALL_VERBS
from tapete.core import TapeteError
from tapete.core.errors import BadOptions, BadState
from tapete.net.passplay import PassAndPlay, parse, store_key
from tapete.ui import log

PEOPLE = [{"name": "Ana", "bot": None}, {"name": "Beto", "bot": None}]
BOT = {"name": "Robo", "bot": "easy"}


def table(game="chupate", seats=None, seed=3, options=None, **kw) -> PassAndPlay:
    return PassAndPlay(game, seats or [*PEOPLE, BOT], seed, options or {}, **kw)


def card_tokens(value, deck: set) -> set:
    if isinstance(value, dict):
        return set().union(*(card_tokens(k, deck) | card_tokens(v, deck) for k, v in value.items()))
    if isinstance(value, list):
        return set().union(*(card_tokens(v, deck) for v in value))
    return {value} if isinstance(value, str) and value in deck else set()


def exposed_now(t: PassAndPlay) -> dict:
    """Everything the UI can read from the controller on a public screen."""
    return {"update": t.update, "legal": t.legal, "public": t.public, "shouts": t.public_actions(),
            "names": [t.name(s) for s in range(len(t.host.seats))], "screen": t.screen,
            "next": t.name(t.next_person)}


def check_public_screen(t: PassAndPlay) -> None:
    """On a hand-over (or any public screen): no private update, and no card that the table does not show."""
    assert t.update is None and t.legal == [] and t.holder is None
    game, state = t.game, t.host.state
    assert t.public["seat"] is None and t.public["legal"] == [] and "hand" not in t.public["view"]
    assert t.public["view"] == json.loads(json.dumps(game.view(state, None)))
    deck = {c for place in game.card_places(state) for c in place}
    hidden = {c for place in game.hidden_places(state, None) for c in place}
    shown = card_tokens(t.public["view"], deck)
    leaked = (card_tokens(exposed_now(t), deck) & hidden) - shown - set(state.get("discard", []))
    assert not leaked, f"{t.screen} for {t.name(t.next_person)} exposes hidden cards {leaked}"


class Driver:
    """Plays like the people at the table: reveal, easy-bot choices, hide; ``calls`` = how often a person
    makes their own call (1.0 always, 0.0 never: then they can be caught)."""

    def __init__(self, t: PassAndPlay, calls: float = 1.0, catch: bool = True, seed: int = 1):
        self.t, self.calls, self.catch = t, calls, catch
        self.rng = random.Random(seed)
        self.seen = {"handover": 0, "play": 0, "done": 0, "bots": 0, "round": 0, "poll": 0, "caught": 0,
                     "held": 0, "called_late": 0, "broke": 0}

    def step(self) -> None:
        t = self.t
        screen = t.screen
        self.seen[screen] += 1
        if screen in ("handover", "bots", "round"):
            check_public_screen(t)
            shouts = t.public_actions()
            catches = [a for a in shouts if a["kind"] == "catch" and a["target"] not in t.sessions]
            if self.catch and shouts and self.rng.random() < 0.5:
                shout = self.rng.choice(shouts)
                before = t.host.state["version"]
                assert t.public_act(shout["seat"], shout["action"]) is None
                assert t.host.state["version"] == before + 1
                self.seen["caught" if shout["kind"] == "catch" else "called_late"] += 1
                return
            del catches
        if screen == "handover":
            self.seen["poll"] += t.reason == "poll"
            t.reveal()
            assert t.holder is not None and t.update["seat"] == t.holder
        elif screen == "play":
            update = t.update
            assert update["seat"] == t.holder and "hand" in update["view"] or t.game_id == "skypo"
            if t.polling:
                if "break" in t.legal:
                    self.seen["broke"] += 1
                    t.act("break")
                else:
                    t.hide()
                return
            assert t.game.to_move(t.host.state)[0] == t.holder, "a private view only on the holder's turn"
            legal = [a for a in update["legal"] if a.split(" ")[0] not in CALL_VERBS or self.rng.random() < self.calls]
            action = EasyBot().choose(update["view"], legal, True, self.rng) or legal[0]
            assert t.act(action) is None
        elif screen == "done":
            if t.host.bot_pending():
                assert not t.bot_pending() and t.bot_step() is False
                self.seen["held"] += 1
            calls = [a for a in t.legal if a.split(" ")[0] in CALL_VERBS]
            if calls and self.rng.random() < self.calls:
                t.act(calls[0])
            else:
                t.hide()
        elif screen == "bots":
            assert t.bot_pending() and t.bot_step()
        elif screen == "round":
            t.next_round()
            while t.screen == "round" and t.bot_pending():
                t.bot_step()

    def play(self, until=lambda t: t.screen == "over", max_steps=20000) -> None:
        for _ in range(max_steps):
            if until(self.t):
                return
            self.step()
        raise AssertionError("the table did not get there")


GAMES = [("chupate", {"quick": True}), ("skypo", {}), ("francesa", {}), ("taki", {}), ("dos", {})]


@pytest.mark.parametrize("game, options", GAMES, ids=[g for g, _ in GAMES])
def test_a_whole_round_with_two_people_and_a_bot_never_shows_anyone_elses_cards(game, options):
    publics: list[dict] = []
    t = table(game, options=options, on_public=publics.append)
    assert t.screen in ("handover", "bots") and t.update is None
    driver = Driver(t, calls=0.7)
    round_over = lambda t: t.screen in ("round", "over")                    # noqa: E731
    driver.play(round_over)
    seen = dict(driver.seen)
    assert seen["handover"] > 3 and seen["play"] > 3 and seen["done"] > 1, seen
    if t.screen == "round":                                                # the next round is dealt
        driver.play(lambda t: t.screen not in ("round",))
        driver.play(lambda t: t.screen == "play")
        assert t.update["view"]["round"] == 2
    # the log's updates: public, every seat named (no "you": the screen is everyone's)
    assert publics and all(u["seat"] is None and u["legal"] == [] and "hand" not in u["view"] for u in publics)
    assert all(u["names"] == ["Ana", "Beto", "Robo"] for u in publics)
    assert [log.names_of(publics[-1], lang)(s) for lang in ("es", "en") for s in range(2)] == ["Ana", "Beto"] * 2


@pytest.mark.parametrize("game", ["chupate", "dos", "taki"])
def test_people_who_forget_their_call_are_caught_by_a_shout_on_the_hand_over(game):
    """Nobody calls: a catch of a person shows on the public screens and works; bots wait on ``done``."""
    caught = held = 0
    for seed in range(1, 30):
        t = table(game, seed=seed, seats=[*PEOPLE, BOT])
        driver = Driver(t, calls=0.0, seed=seed)
        driver.play(lambda t: t.screen in ("round", "over"))
        caught += driver.seen["caught"]
        held += driver.seen["held"]
        if caught >= 2 and held >= 2:
            break
    if game != "taki":                   # taki has no catch: "¡me queda una!" is fined when the next one acts
        assert caught >= 2
    assert held >= 2


def test_a_denounce_on_the_hand_over_costs_the_forgetful_person_two_cards():
    """Chupate: Ana plays down to one card without "última"; on Beto's hand-over the table sees "catch
    Ana" (in Beto's name); tapping it gives Ana two cards. Ana's own screen offered the call before."""
    for seed in range(1, 200):
        t = table("chupate", seed=seed, seats=[PEOPLE[1], PEOPLE[0], BOT], options={"quick": True})
        driver = Driver(t, calls=0.0, catch=False, seed=seed)
        found = False
        for _ in range(3000):
            if t.screen == "over":
                break
            if t.screen == "handover" and t.public_actions():
                found = True
                break
            driver.step()
        if not found:
            continue
        shout = t.public_actions()[0]
        offender = shout["target"]
        assert shout["kind"] == "catch" and shout["action"] == "denounce" and offender in t.sessions
        assert shout["seat"] == t.next_person or t.next_person is None or shout["seat"] in t.sessions
        before = t.host.state["hands"][offender][:]
        t.public_act(shout["seat"], "denounce")
        assert len(t.host.state["hands"][offender]) == len(before) + 2
        assert t.public_actions() == [] and t.screen == "handover"
        with pytest.raises(TapeteError):
            t.public_act(shout["seat"], "denounce")                           # once
        return
    pytest.fail("no seed gave a forgotten última")


def test_a_holders_own_call_stays_open_until_they_hide_their_cards():
    """DOS: a person at two cards whose turn is over may still call ¡DOS! on the ``done`` screen; the bot
    on turn waits (it would catch them) until they tap Done."""
    for seed in range(1, 300):
        t = table("dos", seed=seed, seats=[PEOPLE[0], BOT, PEOPLE[1]])
        driver = Driver(t, calls=0.0, catch=False, seed=seed)
        for _ in range(3000):
            if t.screen in ("round", "over"):
                break
            if t.screen == "done" and "dos" in t.legal and t.host.bot_pending():
                holder = t.holder
                assert not t.bot_pending() and t.bot_step() is False       # the bot waits
                version = t.host.state["version"]
                assert t.act("dos") is None and t.host.state["called"][holder]
                assert t.screen == "done" and t.host.state["version"] == version + 1
                t.hide()
                assert t.screen in ("bots", "handover") and t.update is None
                return
            driver.step()
    pytest.fail("no seed gave a person at two cards at the end of their turn")


def test_the_taki_breaker_is_a_poll_of_every_other_person():
    """A +3 is active: before its answer, the device goes to each other person in turn ("poll"), who sees
    "break" only if they hold a breaker; bots wait meanwhile. Being asked tells nobody anything."""
    seats = [{"name": "Ana", "bot": None}, {"name": "Beto", "bot": None}, {"name": "Cata", "bot": None}, BOT]
    polls = broke = 0
    for seed in range(1, 400):
        t = table("taki", seed=seed, seats=seats)
        driver = Driver(t, calls=1.0, catch=False, seed=seed)
        for _ in range(4000):
            if t.screen in ("round", "over"):
                break
            if t.screen == "handover" and t.reason == "poll":
                polls += 1
                view = t.public["view"]
                assert view["plus3_by"] is not None and t.next_person != view["turn"]
                assert t.bots_held() and not t.bot_pending()
                check_public_screen(t)
                t.reveal()
                assert t.polling and set(t.legal) <= {"break"}
                has = "X3" in t.host.state["hands"][t.holder]
                assert (t.legal == ["break"]) == has
                with pytest.raises(TapeteError):
                    t.act("draw")
                if has:
                    broke += 1
                    t.act("break")
                    assert t.public["view"]["plus3_by"] is None and t.screen == "done"
                    t.hide()
                else:
                    t.hide()
                continue
            driver.step()
        if polls >= 3 and broke >= 1:
            return
    assert polls >= 3 and broke >= 1, (polls, broke)


def test_a_save_resumes_to_a_hand_over_and_never_to_someones_cards():
    t = table("francesa")
    driver = Driver(t)
    driver.play(lambda t: t.screen == "play" and t.host.state["version"] > 10)
    holder, state = t.holder, t.game.to_json(t.host.state)
    text = t.snapshot()
    back = PassAndPlay.resume(text, "francesa")
    assert back.screen == "handover" and back.next_person == holder and back.update is None
    assert back.game.to_json(back.host.state) == state and [s.name for s in back.host.seats] == ["Ana", "Beto", "Robo"]
    back.reveal()
    assert back.update["view"]["hand"] == t.update["view"]["hand"]
    Driver(back).play(lambda t: t.screen in ("round", "over"))
    assert store_key("francesa") == "tapete.passplay.francesa"


def test_a_save_in_the_middle_of_a_poll_keeps_the_poll():
    seats = [{"name": "Ana", "bot": None}, {"name": "Beto", "bot": None}, {"name": "Cata", "bot": None}, BOT]
    for seed in range(1, 400):
        t = table("taki", seed=seed, seats=seats)
        driver = Driver(t, seed=seed)
        for _ in range(4000):
            if t.screen in ("round", "over"):
                break
            if t.screen == "handover" and t.reason == "poll":
                back = PassAndPlay.resume(t.snapshot(), "taki")
                assert (back.screen, back.reason, back.next_person) == ("handover", "poll", t.next_person)
                assert back.poll == t.poll and back.bots_held()
                return
            driver.step()
    pytest.fail("no poll")


@pytest.mark.parametrize("mutate, why", [
    (lambda s: s.update(kind="tapete.bots"), "not a pass-and-play save"),
    (lambda s: s.update(v=9), "version"),
    (lambda s: s.update(game="dos"), "is of"),
    (lambda s: s["seats"].__setitem__(1, {"name": "Ana", "bot": None}), "bad seats"),
    (lambda s: s["seats"].__setitem__(1, {"name": "Beto", "bot": "easy"}), "bad seats"),
    (lambda s: s.update(seats=s["seats"][:2]), "match"),
    (lambda s: s["state"].update(version="x"), "bad state"),
    (lambda s: s.update(poll={"key": [1, 0, 3], "todo": [2]}), "bad poll"),
    (lambda s: s.update(released=10**9), "released"),
])
def test_broken_saves_raise_bad_state(mutate, why):
    t = table("chupate")
    saved = json.loads(t.snapshot())
    mutate(saved)
    with pytest.raises(BadState, match=why):
        parse(json.dumps(saved), "chupate")
    for text in (None, "", "[", "[" * 100000, '{"kind":"tapete.passplay"}'):
        with pytest.raises(BadState):
            parse(text, "chupate")


def test_tables_need_two_named_people_and_no_turn_timer():
    for seats in ([PEOPLE[0], BOT, BOT], [PEOPLE[0], PEOPLE[0]], [PEOPLE[0], {"name": " ", "bot": None}],
                  [PEOPLE[0], {"name": "x" * 30, "bot": None}], [*PEOPLE, {"name": "R", "bot": "genius"}],
                  [*PEOPLE, BOT, BOT, BOT]):
        with pytest.raises(BadOptions):
            table("dos", seats=seats)
    with pytest.raises(BadOptions):
        table("chupate", options={"turn_timer": 30})
    t = table("skypo", seats=[{"name": f"P{i}", "bot": None} for i in range(8)])
    assert len(t.sessions) == 8


def test_refused_and_out_of_place_actions_change_nothing():
    t = table("chupate")
    Driver(t).play(lambda t: t.screen == "handover")
    before = t.game.to_json(t.host.state)
    for call in (lambda: t.act("draw"), lambda: t.hide(), lambda: t.next_round(),
                 lambda: t.public_act(0, "draw")):
        with pytest.raises(TapeteError):
            call()
    assert t.game.to_json(t.host.state) == before and t.screen == "handover"
    t.reveal()
    with pytest.raises(TapeteError):
        t.hide()                                  # it is still their turn
    rejection = t.act("play ZZ")
    assert rejection["code"] == "malformed" and t.refusal is rejection
    assert t.game.to_json(t.host.state) == before and t.screen == "play"
    turn_id = t.turn_id
    driver = Driver(t)
    driver.play(lambda t: t.turn_id != turn_id)
    assert copy.deepcopy(t.update) is None or t.screen == "play"
