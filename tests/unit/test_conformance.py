"""Conformance over every registered game: seeded random games with every check on.

``make soak`` (tests/soak.py) runs the same checks over 100,000 games per game.
"""

import pytest

from tapete.core import get, ids

from conformance import check_game, variants

GAMES_PER_ENGINE = 1000


@pytest.mark.parametrize("game_id", ids())
def test_conformance_random_games(game_id):
    game = get(game_id)
    total = 0
    for seed in range(GAMES_PER_ENGINE):
        players, options = variants(game_id, seed)
        # the expensive checks (view redaction, refusal atomicity, JSON round trip) on every action
        # of the first 10 games, then on every 13th action; conservation and validity always
        total += check_game(game, players, seed, options, deep_every=1 if seed < 10 else 13)
    assert total > GAMES_PER_ENGINE
