"""Bots return only legal actions, act when they must, and the levels are ordered in strength."""

from __future__ import annotations

import random

import pytest

from tapete.bots import LEVELS, make_bot
from tapete.core import get, ids
from tapete.sim import play_game, step


class Checked:
    """Wraps a bot: asserts each answer is legal (or None out of turn) before the engine sees it."""

    def __init__(self, bot):
        self.bot, self.needs_view = bot, bot.needs_view

    def choose(self, view, legal, must_act, rng):
        action = self.bot.choose(view, legal, must_act, rng)
        assert action in legal or (action is None and not must_act), (action, legal, must_act)
        return action


@pytest.mark.parametrize("level", sorted(set(LEVELS) - {"easy"}))
@pytest.mark.parametrize("game_id", ids())
def test_bots_only_return_legal_actions(game_id, level):
    game = get(game_id)
    players = min(4, game.max_players)
    options = {"quick": True} if "quick" in game.options_spec else {}
    for seed in range(6):
        state = game.new(players, seed, options)
        bots = [Checked(make_bot(level, game_id)) for _ in range(players)]
        rng = random.Random(seed)
        for _ in range(3000):
            if state["over"]:
                break
            step(game, state, bots, rng)


def win_rate(a: str, b: str, games: int) -> float:
    """Share of quick 4-player Chúpate 2 games won by level ``a`` seated opposite itself against ``b``."""
    game, wins = get("chupate"), 0
    for seed in range(games):
        levels = [a, b, a, b] if seed % 2 == 0 else [b, a, b, a]
        state, _ = play_game(game, 4, seed, {"quick": True}, levels)
        wins += state["result"]["winners"][0] % 2 == seed % 2    # A holds seats 0, 2 or 1, 3
    return wins / games


def test_medium_beats_easy():
    assert win_rate("medium", "easy", 300) >= 0.65      # measured 0.82; even split is 0.50


def test_hard_beats_easy():
    assert win_rate("hard", "easy", 300) >= 0.65        # measured 0.88


def test_hard_beats_medium():
    # Measured 0.556 over 20,000 games (bench/bots.py, docs/benchmarks.md); an even split is 0.50.
    assert win_rate("hard", "medium", 600) >= 0.50


# ----- the hard bot's Chúpate 2 tactics, each on a constructed view where it dictates the move ------

def chupate_view(hand, top="R7", color="R", counts=(0, 6, 6, 6), **extra):
    """Seat 0's view of a 4-player Chúpate 2 table; the next seat is 3 (direction -1)."""
    counts = list(counts)
    counts[0] = len(hand)
    view = {"game": "chupate", "players": 4, "seat": 0, "turn": 0, "direction": -1, "phase": "play",
            "top": top, "color": color, "counts": counts, "hand": list(hand), "pending": 0,
            "wild4_pending": False, "drawn": None, "teams": [[0], [1], [2], [3]], "round": 1}
    view.update(extra)
    return view


def hard_choice(view, legal, seeds=range(8)):
    """The hard bot's choices for ``view`` under several rng seeds (a set: one item when forced)."""
    return {make_bot("hard", "chupate").choose(view, legal, True, random.Random(s)) for s in seeds}


def test_hard_holds_plus2_unless_next_seat_is_about_to_go_out():
    legal = ["play R+2", "play R3", "draw"]
    assert hard_choice(chupate_view(["R+2", "R3", "G5"]), legal) == {"play R3"}
    assert hard_choice(chupate_view(["R+2", "R3", "G5"], counts=(0, 6, 6, 1)), legal) == {"play R+2"}


def test_hard_skips_or_reverses_a_next_seat_about_to_go_out():
    legal = ["play R3", "play RS", "draw"]
    assert hard_choice(chupate_view(["R3", "RS", "R5"], counts=(0, 6, 6, 2)), legal) == {"play RS"}
    legal = ["play R3", "play RR", "draw"]
    assert hard_choice(chupate_view(["R3", "RR", "R5"]), legal) == {"play R3"}     # nobody in danger
    assert hard_choice(chupate_view(["R3", "RR", "R5"], counts=(0, 6, 6, 1)), legal) == {"play RR"}


def test_hard_keeps_wilds_and_forced_prefers_an_honest_plus4_in_its_colour():
    wilds = [f"play {w} color:{c}" for w in ("W", "W+4") for c in "RBGY"]
    assert hard_choice(chupate_view(["W", "R3", "G4"]), ["play R3", *wilds[:4], "draw"]) == {"play R3"}
    assert hard_choice(chupate_view(["W", "W+4", "G4", "G1", "B2"]), [*wilds, "draw"]) == {"play W+4 color:G"}


def test_hard_bluffs_a_plus4_only_against_a_next_seat_about_to_go_out():
    legal = ["play R3", *[f"play W+4 color:{c}" for c in "RBGY"], "draw"]
    assert hard_choice(chupate_view(["W+4", "R3", "B1", "B2"]), legal) == {"play R3"}
    assert hard_choice(chupate_view(["W+4", "R3", "B1", "B2"], counts=(0, 6, 6, 1)), legal) == {"play W+4 color:B"}


def test_hard_keeps_a_drawn_wild_but_goes_out_with_it_or_attacks_with_a_plus4():
    legal = [*[f"play W color:{c}" for c in "RBGY"], "pass"]
    assert hard_choice(chupate_view(["B1", "G2", "W"], phase="drawn", drawn="W"), legal) == {"pass"}
    assert hard_choice(chupate_view(["B1", "W"], phase="drawn", drawn="W", called=0), legal) != {"pass"}
    legal4 = [*[f"play W+4 color:{c}" for c in "RBGY"], "pass"]
    view = chupate_view(["B1", "G2", "W+4"], phase="drawn", drawn="W+4", counts=(0, 6, 6, 3))
    assert "pass" not in hard_choice(view, legal4)


def test_hard_turns_the_pile_to_the_colour_it_holds_most():
    # The medium bot sheds the 9 (most points); the hard bot moves to green, where it has three cards.
    legal = ["play G7", "play R9", "draw"]
    assert hard_choice(chupate_view(["R9", "G7", "G1", "G2"]), legal) == {"play G7"}
    assert {make_bot("medium", "chupate").choose(chupate_view(["R9", "G7", "G1", "G2"]), legal, True,
                                                 random.Random(s)) for s in range(8)} == {"play R9"}
    # Same colour either way: it keeps the 3 and plays the 5, which its green 5 can follow.
    assert hard_choice(chupate_view(["R3", "R5", "G5", "B1"]), ["play R3", "play R5", "draw"]) == {"play R5"}


def test_hard_stacks_the_plus2_of_the_colour_it_holds_most():
    legal = ["play B+2", "play G+2", "draw"]
    view = chupate_view(["B+2", "G+2", "G1", "G3"], top="R+2", pending=2)
    assert hard_choice(view, legal) == {"play G+2"}


def test_hard_remembers_a_colour_the_next_seat_could_not_follow():
    for seed in range(8):
        bot, rng = make_bot("hard", "chupate"), random.Random(seed)
        first = chupate_view(["R3", "B8", "G9", "Y4"], top="R7", counts=(0, 6, 6, 6))
        assert bot.choose(first, ["play R3", "draw"], True, rng) == "play R3"
        # seats 3 and 2 drew one card each on red and passed; seat 1 played something blue
        second = chupate_view(["B8", "Y4", "R5", "G5"], top="B5", color="B", counts=(0, 5, 7, 7))
        legal = ["play B8", "play G5", "play R5", "draw"]
        assert bot.choose(second, legal, True, rng) == "play R5"     # without the memory: G5 or R5


def test_hard_challenges_a_plus4_from_a_big_hand_only():
    # The +4 came from seat 1, the previous seat (direction -1).
    view = chupate_view(["R3", "G4"], top="W+4", color="B", wild4_pending=True, counts=(0, 6, 6, 6))
    assert hard_choice(view, ["challenge", "draw"]) == {"challenge"}
    view = chupate_view(["R3", "G4"], top="W+4", color="B", wild4_pending=True, counts=(0, 2, 6, 6))
    assert hard_choice(view, ["challenge", "draw"]) == {"draw"}


def test_hard_always_calls_ultima_and_denounces():
    view = chupate_view(["R3", "R4"])
    assert hard_choice(view, ["ultima", "play R3", "play R4", "draw"]) == {"ultima"}
    assert make_bot("hard", "chupate").choose(view, ["denounce"], False, random.Random(0)) == "denounce"
