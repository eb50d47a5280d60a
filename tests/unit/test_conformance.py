"""Conformance over every registered game: seeded random games with every check on.

``make soak`` (tests/soak.py) runs the same checks over 100,000 games per game.
"""

import pytest

from tapete.core import get, ids

from conformance import check_game, variants

GAMES_PER_ENGINE = 500     # the soak (tests/soak.py) plays 100,000 per engine with the same checks
SLICES = 4          # each engine's games in slices of consecutive seeds: parallel workers share them


@pytest.mark.long
@pytest.mark.parametrize("first", range(0, GAMES_PER_ENGINE, GAMES_PER_ENGINE // SLICES))
@pytest.mark.parametrize("game_id", ids())
def test_conformance_random_games(game_id, first):
    game = get(game_id)
    total = 0
    games = GAMES_PER_ENGINE // SLICES
    for seed in range(first, first + games):
        players, options = variants(game_id, seed)
        # the expensive checks (view redaction, refusal atomicity, JSON round trip) on every action
        # of the first 10 games, then on every 13th action; conservation and validity always
        total += check_game(game, players, seed, options, deep_every=1 if seed < 10 else 13)
    assert total > games
