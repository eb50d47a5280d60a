"""Fast paths answer exactly like the slow definitions they replace.

``is_legal`` must equal ``action in legal_actions`` and ``parse_action`` must equal ``parse`` (or raise
the same way) over many reachable states, every seat, and candidates legal and illegal alike.
"""

from __future__ import annotations

import json
import random

import pytest

from tapete.core import Game, MalformedAction, get, ids, parse
from tapete.games import chupate

ODD_TEXTS = ["play W", "play W+4", "play R7 color:G", "play color:G W", "play W color:X", "play X9", "play",
             "draw now", "Draw", "", " draw", "draw ", "play  R7", "next round", "denounce 1", "ultima!",
             "play W+4 color:B extra:1", "pass color:R", "flip 1,3", "swap 0"]


def candidates() -> list[str]:
    return sorted(chupate.ACTION_INFO) + ODD_TEXTS


def random_states(game: Game, players: int, seed: int, options: dict, limit: int = 400):
    """Yield the states of one random game (a mix of uniform and shedding-leaning choices)."""
    rng = random.Random(seed)
    state = game.new(players, seed, options)
    for _ in range(limit):
        yield state
        if state["over"]:
            return
        seats = game.to_move(state)
        seat = rng.choice(seats) if rng.random() < 0.3 else seats[0]
        legal = game.legal_actions(state, seat)
        plays = [a for a in legal if a.startswith("play")]
        action = rng.choice(plays) if plays and rng.random() < 0.7 else rng.choice(legal)
        game.apply(state, seat, action)


TABLES = [(2, {"quick": True}), (3, {"quick": True}), (4, {"quick": True}), (4, {"pairs": True, "target": 40}),
          (2, {"target": 25})]


@pytest.mark.parametrize("players,options", TABLES)
def test_chupate_is_legal_equals_membership(players, options):
    game = get("chupate")
    texts = candidates()
    checked = legal_seen = 0
    for seed in range(25):
        for state in random_states(game, players, seed, options):
            for seat in range(players):
                legal = set(game.legal_actions(state, seat))
                for text in texts:
                    fast = game.is_legal(state, seat, text)
                    assert fast == (text in legal), (seed, seat, text, state["phase"], sorted(legal))
                    legal_seen += fast
                    checked += 1
    assert legal_seen > 1000 and checked > 100_000


def test_chupate_is_legal_never_raises_on_odd_input():
    game = get("chupate")
    state = game.new(4, 1, {})
    for odd in (None, 7, ["draw"], b"draw", "draw\n"):
        assert game.is_legal(state, state["turn"], odd) is False


def test_legal_actions_only_yield_table_texts():
    game = get("chupate")
    for seed in range(40):
        for state in random_states(game, 4, seed, {"quick": True}):
            for seat in range(4):
                for text in game.legal_actions(state, seat):
                    assert text in chupate.ACTION_INFO


@pytest.mark.parametrize("text", candidates() + [None, 3, "x" * 200, "play\tR7"])
def test_chupate_parse_action_equals_parse(text):
    game = get("chupate")
    try:
        expected = parse(text)
        game.check_grammar(text) if hasattr(game, "check_grammar") else None
    except MalformedAction as err:
        with pytest.raises(MalformedAction) as caught:
            game.parse_action(text)
            if hasattr(game, "check_grammar"):
                game.check_grammar(text)
        assert type(caught.value) is type(err)
        return
    assert game.parse_action(text) == expected


@pytest.mark.parametrize("game_id", ids())
def test_every_game_is_legal_equals_membership(game_id):
    """Whatever ``is_legal`` a game has (its own or the base one), it agrees with ``legal_actions``."""
    game = get(game_id)
    players = min(4, game.max_players)
    rng = random.Random(7)
    for seed in range(6):
        state = game.new(players, seed, {})
        for _ in range(150):
            if state["over"]:
                break
            pool = set()
            for seat in range(players):
                pool.update(game.legal_actions(state, seat))
            texts = sorted(pool) + ODD_TEXTS
            for seat in range(players):
                legal = set(game.legal_actions(state, seat))
                for text in texts:
                    assert game.is_legal(state, seat, text) == (text in legal), (game_id, seed, seat, text)
            seats = game.to_move(state)
            game.apply(state, seats[0], rng.choice(game.legal_actions(state, seats[0])))


def _outcome(game: Game, apply, saved: str, seat, text) -> tuple:
    """What one ``apply`` does to a fresh copy of the state saved as ``saved``: the events and the new
    state, or the error raised (its type, code and message) and whether the state was left unchanged."""
    state = json.loads(saved)
    try:
        events = apply(state, seat, text)
    except Exception as err:  # noqa: BLE001 - the two paths must fail alike
        return ("error", type(err).__name__, getattr(err, "code", None), str(err), game.to_json(state) == saved)
    return ("ok", events, game.to_json(state))


@pytest.mark.parametrize("players,options", TABLES)
@pytest.mark.long   # over ~4 s: in `make test`, not in `make check`'s loop
def test_chupate_fast_apply_equals_general_apply(players, options):
    """``Chupate.apply`` (turn moves checked inline) does exactly what ``Game.apply`` (parse, checks,
    ``is_legal``, ``_apply``) does: same events and state for a legal move, same typed error and an
    untouched state for any other, from the seat to move, another seat, a seat that does not exist and
    a bool, with action texts legal, illegal, malformed and not text at all."""
    game = get("chupate")
    texts = candidates() + [None, 3, ["draw"]]

    def general(state, seat, text):
        return Game.apply(game, state, seat, text)

    rng = random.Random(players)
    applied = refused = 0
    for seed in range(2):
        for state in random_states(game, players, seed, options, limit=120):
            saved = game.to_json(state)
            turn = state["turn"]
            for seat in (turn, (turn + 1) % players, players, True):
                for text in texts if seat == turn else rng.sample(texts, 12):
                    expected = _outcome(game, general, saved, seat, text)
                    assert _outcome(game, game.apply, saved, seat, text) == expected, (seed, seat, text)
                    assert expected[0] == "ok" or expected[-1], "a refused action changed the state"
                    applied += expected[0] == "ok"
                    refused += expected[0] == "error"
    assert applied > 200 and refused > 10_000
