"""Hints (bots/explain.py, issue 33): the hard bot's move and the named ideas that decided it.

Per game, on tables built so that one idea dictates the move (the ones tests/unit/test_bots.py uses for
the tactics): the hint's action is the hard bot's move on the same view and generator, and the idea
named is one that decided it, checked independently by leaving the idea out by hand (pytest's
monkeypatch on the bot module's constant) and seeing the hard bot play something else. Over seeded
games, hints never change a bot's decision: the games are the same with and without them."""

from __future__ import annotations

import random

import pytest
from test_bots import (CLOSING, HIGHS, LOW_CLOSING, LOWS, N, chupate_view, dos_view, francesa_view, skypo_view,
                       taki_view)

from tapete.bots import make_bot
from tapete.bots import dos as dos_bot
from tapete.bots import francesa as francesa_bot
from tapete.bots import hard as chupate_bot
from tapete.bots import taki as taki_bot
from tapete.bots.dos import DosHard
from tapete.bots.explain import BRANCHES, FALLBACK, IDEAS, explain, explain_steps
from tapete.bots.hint_texts import HINT_TEXTS, hint_lines, hint_text
from tapete.bots.skypo import hard as skypo_bot
from tapete.core import get, ids
from tapete.sim import step

SEEDS = range(6)


def hard_moves(game_id, view, legal, must_act=True, make=None):
    """The hard bot's moves on ``view`` under several generator seeds."""
    make = make or (lambda: make_bot("hard", game_id))
    return {make().choose(view, legal, must_act, random.Random(s)) for s in SEEDS}


def hint(game_id, view, legal, seed=0, must_act=True, bot=None):
    """The hint for ``view``, checked against the hard bot's own move on the same generator."""
    got = explain(game_id, view, legal, random.Random(seed), bot=bot, must_act=must_act)
    if bot is None:
        assert got.action == make_bot("hard", game_id).choose(view, legal, must_act, random.Random(seed))
    assert got.ideas and all(hint_text(lang, game_id, key) for key in got.ideas for lang in ("es", "en"))
    return got


# ----- Chúpate 2 ----------------------------------------------------------------------------------------------
def test_chupate_hint_keep_the_plus2_or_attack_with_it(monkeypatch):
    legal = ["play R+2", "play R3", "draw"]
    calm, danger = chupate_view(["R+2", "R3", "G5"]), chupate_view(["R+2", "R3", "G5"], counts=(0, 6, 6, 1))
    got = hint("chupate", calm, legal)
    assert got.action == "play R3" and "hold_plus2" in got.ideas
    got = hint("chupate", danger, legal)
    assert got.action == "play R+2" and "attack" in got.ideas
    monkeypatch.setattr(chupate_bot, "HOLD_PLUS2", 0)            # without the idea the +2 may go
    assert "play R+2" in hard_moves("chupate", calm, legal)
    monkeypatch.setattr(chupate_bot, "ATTACK", {})
    assert hard_moves("chupate", danger, legal) != {"play R+2"}


def test_chupate_hint_keep_the_reverse_and_the_wilds(monkeypatch):
    got = hint("chupate", chupate_view(["R3", "RR", "R5"]), ["play R3", "play RR", "draw"])
    assert got.action == "play R3" and "hold_reverse" in got.ideas
    wilds = [f"play W color:{c}" for c in "RBGY"]
    got = hint("chupate", chupate_view(["W", "R3", "G4"]), ["play R3", *wilds, "draw"])
    assert got.action == "play R3" and "keep_wilds" in got.ideas
    drawn = chupate_view(["B1", "G2", "W"], phase="drawn", drawn="W")
    got = hint("chupate", drawn, [*wilds, "pass"])
    assert got.action == "pass" and got.ideas == ["keep_wilds"]
    monkeypatch.setattr(chupate_bot.HardBot, "keeps_drawn", lambda self, view, legal: False)
    assert "pass" not in hard_moves("chupate", drawn, [*wilds, "pass"])


def test_chupate_hint_honest_plus4_colour_rank_and_stacked_plus2():
    wilds = [f"play {w} color:{c}" for w in ("W", "W+4") for c in "RBGY"]
    got = hint("chupate", chupate_view(["W", "W+4", "G4", "G1", "B2"]), [*wilds, "draw"])
    assert got.action == "play W+4 color:G" and "honest_wild4" in got.ideas and "colour" in got.ideas
    got = hint("chupate", chupate_view(["R9", "G7", "G1", "G2"]), ["play G7", "play R9", "draw"])
    assert got.action == "play G7" and "colour" in got.ideas
    got = hint("chupate", chupate_view(["R3", "R5", "G5", "B1"]), ["play R3", "play R5", "draw"])
    assert got.action == "play R5" and got.ideas == ["rank"]
    view = chupate_view(["B+2", "G+2", "G1", "G3"], top="R+2", pending=2)
    got = hint("chupate", view, ["play B+2", "play G+2", "draw"])
    assert got.action == "play G+2" and got.ideas[0] == "stack_plus2"


def test_chupate_hint_challenge_both_ways_and_the_calls():
    view = chupate_view(["R3", "G4"], top="W+4", color="B", wild4_pending=True, counts=(0, 6, 6, 6))
    assert hint("chupate", view, ["challenge", "draw"]).ideas == ["challenge"]
    view = chupate_view(["R3", "G4"], top="W+4", color="B", wild4_pending=True, counts=(0, 2, 6, 6))
    got = hint("chupate", view, ["challenge", "draw"])
    assert got.action == "draw" and got.ideas == ["challenge"]
    assert hint("chupate", chupate_view(["R3", "R4"]), ["ultima", "play R3", "draw"]).ideas == ["call"]
    got = hint("chupate", chupate_view(["R3", "R4"]), ["denounce"], must_act=False)
    assert (got.action, got.ideas) == ("denounce", ["denounce"])
    assert hint("chupate", chupate_view(["R3"]), ["draw"]).ideas == ["only_move"]


def test_chupate_hint_a_colour_the_next_seat_could_not_follow_from_the_bot_memory():
    bot, rng = make_bot("hard", "chupate"), random.Random(0)
    assert bot.choose(chupate_view(["R3", "B8", "G9", "Y4"]), ["play R3", "draw"], True, rng) == "play R3"
    second = chupate_view(["B8", "Y4", "R5", "G5"], top="B5", color="B", counts=(0, 5, 7, 7))
    got = explain("chupate", second, ["play B8", "play G5", "play R5", "draw"], rng, bot=bot)
    assert got.action == "play R5" and "lacks" in got.ideas


# ----- French deck ------------------------------------------------------------------------------------------------
def test_francesa_hint_hold_the_seven_attack_and_stack(monkeypatch):
    hand, legal = ["7H", "3H", "9C", "4S"], ["play 7H", "play 3H", "draw"]
    got = hint("francesa", francesa_view(hand), legal)
    assert got.action == "play 3H" and "hold_seven" in got.ideas
    got = hint("francesa", francesa_view(hand, counts=(0, 6, 6, 2)), legal)
    assert got.action == "play 7H" and "attack" in got.ideas
    monkeypatch.setattr(francesa_bot, "HOLD_SEVEN", 0)
    assert "play 7H" in hard_moves("francesa", francesa_view(hand), legal)
    view = francesa_view(["7C", "7S", "4S", "5S"], top="7H", pending=2)
    assert hint("francesa", view, ["play 7C", "play 7S", "draw"]).ideas[0] == "stack_seven"


def test_francesa_hint_aces_and_jacks():
    got = hint("francesa", francesa_view(["AH", "4S", "9C", "3D"], top="4H"), ["play AH", "play 4S", "draw"])
    assert got.action == "play 4S" and "ace" in got.ideas
    jacks = [f"play JC suit:{s}" for s in "HDSC"]
    got = hint("francesa", francesa_view(["JC", "2H", "9S", "8S"]), ["play 2H", *jacks, "draw"])
    assert got.action == "play 2H" and "keep_jacks" in got.ideas
    got = hint("francesa", francesa_view(["JC", "9S", "8S"]), [*jacks, "draw"])
    assert got.action == "play JC suit:S" and "suit" in got.ideas
    assert hint("francesa", francesa_view(["4H", "9C"]), ["call", "play 4H", "draw"]).ideas == ["call"]


# ----- Super Taki -----------------------------------------------------------------------------------------------------
def test_taki_hint_keep_the_king_and_the_breaker_and_answer_a_chain(monkeypatch):
    got = hint("taki", taki_view(["K", "R3", "B4", "G6"]), ["play K", "play R3"])
    assert got.action == "play R3" and "hold_king" in got.ideas
    monkeypatch.setattr(taki_bot, "HOLD_KING", 0)
    assert "play K" in hard_moves("taki", taki_view(["K", "R3", "B4", "G6"]), ["play K", "play R3"])
    monkeypatch.undo()
    got = hint("taki", taki_view(["X3", "R3", "B4"]), ["play X3", "play R3"])
    assert got.action == "play R3" and got.ideas == ["keep_breaker"]
    view = taki_view(["K", "B+2", "G+2", "G3"], top="R+2", pending=2)
    got = hint("taki", view, ["play B+2", "play G+2", "play K", "draw"])
    assert got.action == "play G+2" and got.ideas[0] == "answer_chain"
    got = hint("taki", taki_view(["X3", "R3"], top="+3", plus3_by=2), ["break"], must_act=False)
    assert (got.action, got.ideas) == ("break", ["breaker"])


def test_taki_hint_a_taki_run_and_a_stop_for_tempo():
    hand = ["RT", "R3", "R8", "R9", "B5", "G6"]
    got = hint("taki", taki_view(hand), ["play RT", "play R3", "play R8", "play R9", "play B5"])
    assert got.action == "play RT" and "taki_run" in got.ideas
    got = hint("taki", taki_view(["RS", "R3", "B4", "G6"]), ["play RS", "play R3"])
    assert got.action == "play RS" and "tempo" in got.ideas
    view = taki_view(["RS", "R3", "R7", "B4"], phase="taki", taki={"color": "R", "users": [0]}, top="RT")
    got = hint("taki", view, ["play R3", "play R7", "play RS", "close", "end"])
    assert got.action == "play R3" and got.ideas[0] == "in_run"


# ----- DOS ------------------------------------------------------------------------------------------------------------
def test_dos_hint_of_the_heuristic_double_bonus_wilds_and_plan(monkeypatch):
    # Two pairs make 7 on the red 7, the red one a double colour match: without its bonus, a coin flip.
    view, legal = dos_view(["R3", "R4", "Y1", "B6"]), ["match R3+R4 on:0", "match Y1+B6 on:0", "draw"]
    got = hint("dos", view, legal, bot=DosHard())
    assert got.action == "match R3+R4 on:0" and got.ideas == ["double_bonus"]
    monkeypatch.setattr(dos_bot, "DOUBLE_BONUS", 0)
    assert hard_moves("dos", view, legal, make=DosHard) == set(legal[:2])
    monkeypatch.undo()
    # R3+R4 beats the yellow 7 without its bonus too (more cards shed): no single idea decides.
    view, legal = dos_view(["R3", "R4", "Y7", "B1"]), ["match R3+R4 on:0", "match Y7 on:0", "draw"]
    assert hint("dos", view, legal, bot=DosHard()).ideas == ["best_score"]
    view, legal = dos_view(["B#", "Y5", "G9"], center=("R7", "G5")), ["match B# on:1", "match Y5 on:1", "draw"]
    got = hint("dos", view, legal, bot=DosHard())
    assert got.action == "match Y5 on:1" and "keep_wilds" in got.ideas
    monkeypatch.setattr(dos_bot, "WILD_SPENT", 0)
    monkeypatch.setattr(dos_bot, "PLACE_WILD", 0)
    assert hard_moves("dos", view, legal, make=DosHard) != {"match Y5 on:1"}
    monkeypatch.undo()
    view = dos_view(["WD", "B#", "Y3"], phase="bonus", bonus=1)
    got = hint("dos", view, ["place Y3", "place B#", "place WD", "end"], bot=DosHard())
    assert got.action == "place Y3" and "keep_wilds" in got.ideas
    hand, center = ["G4", "R3", "R9", "Y1"], ("R4", "B3")
    legal = ["match G4 on:0", "match R3+Y1 on:0", "match R3 on:1", "draw"]
    got = hint("dos", dos_view(hand, center=center), legal, bot=DosHard())
    assert got.action == "match G4 on:0" and "plan" in got.ideas


def dos_searched_turns(seeds):
    """(view, legal) of DOS turns where the hard bot searches (its ``think`` yields), from medium games."""
    game = get("dos")
    for seed in seeds:
        state, rng = game.new(4, seed, {}), random.Random(seed)
        players = [make_bot("medium", "dos") for _ in range(4)]
        for _ in range(300):
            if state["over"]:
                break
            seat = game.to_move(state)[0]
            view, legal = game.view(state, seat), game.legal_actions(state, seat)
            if state["phase"] in ("play", "bonus") and not any(a.split(" ")[0] in ("dos", "catch", "next")
                                                               for a in legal):
                if len(make_bot("hard", "dos").candidates(view, legal)) > 1:
                    yield view, legal
            step(game, state, players, rng)


def test_dos_hint_says_when_the_lookahead_overruled_its_rules_of_thumb_or_checked_them():
    seen = set()
    for n, (view, legal) in enumerate(dos_searched_turns(range(3))):
        if n % 3:
            continue
        got = hint("dos", view, legal, seed=n)
        first = make_bot("hard", "dos").candidates(view, legal)[0]
        if got.action != first:
            assert got.ideas == ["lookahead"]
        else:
            assert got.ideas[0] == "lookahead_checked" and len(got.ideas) >= 2
        seen.add(got.ideas[0])
        if seen == {"lookahead", "lookahead_checked"}:
            break
    assert seen == {"lookahead", "lookahead_checked"}


# ----- Skypo ----------------------------------------------------------------------------------------------------------
def skypo_legal(view):
    legal = []
    for col, column in enumerate(view["grids"][0]):
        for row, cell in enumerate(column):
            if view["phase"] == "drawn":
                legal.append(f"swap {row},{col}")
                if cell is None:
                    legal.append(f"discard flip:{row},{col}")
            else:
                legal.append(f"take {row},{col}")
    return (["draw"] if view["phase"] == "turn" else []) + legal


def test_skypo_hint_closing_odds_and_the_gift(monkeypatch):
    view = skypo_view(LOW_CLOSING, LOWS, drawn="1")
    got = hint("skypo", view, skypo_legal(view))
    assert got.action != "swap 2,2" and "closing" in got.ideas
    view = skypo_view(CLOSING, HIGHS, drawn="0")
    got = hint("skypo", view, skypo_legal(view))
    assert got.action == "swap 2,2"
    mine = [["7", "8", "1", "2"], ["3", "4", "5", "6"], ["-1", "0", "2", N]]
    theirs = [["8", "1", "2", "3"], ["8", "3", "1", "2"], [N, "2", "3", "1"]]
    view = skypo_view(mine, theirs, drawn="0")
    got = hint("skypo", view, skypo_legal(view))
    assert got.action == "swap 0,0" and "gift" in got.ideas
    monkeypatch.setattr(skypo_bot, "GIFT_WEIGHT", 0)
    assert hard_moves("skypo", view, skypo_legal(view)) == {"swap 0,1"}


def test_skypo_hint_of_the_opening_flips():
    game = get("skypo")
    state = game.new(2, 4)
    legal = game.legal_actions(state, 0)
    got = hint("skypo", game.view(state, 0), legal)
    assert got.action.startswith("flip ") and got.ideas == ["reveal_column"]


# ----- every game: texts, slices, and bots unchanged ----------------------------------------------------------------
def test_every_idea_has_a_text_in_both_languages():
    assert set(HINT_TEXTS["es"]) == set(HINT_TEXTS["en"])
    for game_id in ids():
        assert set(HINT_TEXTS["es"].get(game_id, {})) == set(HINT_TEXTS["en"].get(game_id, {}))
        keys = {idea.key for idea in IDEAS[game_id]} | {FALLBACK[game_id]} | set(BRANCHES["common"])
        keys |= set(BRANCHES[game_id]) | ({"lookahead", "lookahead_checked"} if game_id == "dos" else set())
        for key in keys:
            for lang in ("es", "en"):
                assert hint_text(lang, game_id, key).strip(), (game_id, key, lang)
    assert "8" in hint_text("en", "dos", "lookahead") and "5" in hint_text("es", "chupate", "challenge")
    with pytest.raises(KeyError):
        hint_text("en", "chupate", "no_such_idea")


def test_the_hint_slices_yield_between_ideas_and_give_the_same_hint():
    game = get("skypo")
    view = skypo_view(LOW_CLOSING, LOWS, drawn="1")
    steps, thinking = 0, explain_steps("skypo", view, skypo_legal(view), random.Random(0))
    while True:
        try:
            next(thinking)
            steps += 1
        except StopIteration as done:
            got = done.value
            break
    assert steps == 1 + len(IDEAS["skypo"]) and got == explain("skypo", view, skypo_legal(view), random.Random(0))
    assert game.id == "skypo"


class Advised:
    """A hard bot asked for a hint (on copies) before each of its own moves: the hint's action must be its
    move, and the generator must be left where the move leaves it."""

    def __init__(self, game_id, counts):
        self.bot, self.game_id, self.counts, self.needs_view = make_bot("hard", game_id), game_id, counts, True

    def choose(self, view, legal, must_act, rng):
        from tapete.bots.explain import _clone_bot
        twin = random.Random()
        twin.setstate(rng.getstate())
        got = explain(self.game_id, view, legal, twin, bot=_clone_bot(self.bot), must_act=must_act)
        action = self.bot.choose(view, legal, must_act, rng)
        assert got.action == action and twin.getstate() == rng.getstate()
        if action is not None:
            assert got.ideas and hint_lines("es", got) and hint_lines("en", got)
            self.counts[self.game_id] = self.counts.get(self.game_id, 0) + 1
        return action


@pytest.mark.parametrize("game_id", ["chupate", "francesa", "taki", "skypo", "dos"])
@pytest.mark.long   # over ~4 s: in `make test`, not in `make check`'s loop
def test_hints_never_change_a_decision_over_seeded_games(game_id):
    """Games of a hard bot (seat 0, asked for a hint before every move) against medium are the same games,
    move for move, as without the hints: explain leaves the bot modules as they were."""
    before = constants()
    game = get(game_id)
    options = {"quick": True} if game_id == "chupate" else {}
    counts: dict = {}
    cap = {"skypo": 300, "dos": 800}.get(game_id, 3000)
    seeds = {"chupate": range(12), "taki": range(10), "dos": range(3)}.get(game_id, range(2))
    for seed in seeds:
        histories = []
        for advised in (False, True):          # the plain game first: a patch left behind cannot reach it
            state, rng = game.new(4, seed, options), random.Random(seed)
            seats = [Advised(game_id, counts) if advised else make_bot("hard", game_id)]
            seats += [make_bot("medium", game_id) for _ in range(3)]
            for _ in range(cap):
                if state["over"]:
                    break
                step(game, state, seats, rng)
            histories.append(state["history"])
        assert histories[0] == histories[1]
    assert counts[game_id] >= 100
    assert constants() == before


BOT_MODULES = (chupate_bot, francesa_bot, taki_bot, dos_bot, skypo_bot)


def constants() -> list[dict]:
    """The bot modules' upper-case names and their values (what a weighed idea patches for a moment)."""
    return [{k: repr(v) for k, v in vars(m).items() if k.isupper()} for m in BOT_MODULES]
