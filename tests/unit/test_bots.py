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
    assert win_rate("hard", "easy", 300) >= 0.65        # measured 0.83


def test_hard_not_weaker_than_medium():
    # Measured 0.51-0.535 over 400 games: hard is not yet clearly stronger than medium (see
    # docs/benchmarks.md); this guards against a regression below an even split.
    assert win_rate("hard", "medium", 300) >= 0.42
