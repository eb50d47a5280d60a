"""Conformance checks that every registered game must pass, shipped with the package.

Used by tests/unit/test_conformance.py (1,000 games per engine), by the soak (tests/soak.py,
100,000 per engine) and inside the browser (``run()``), where the same seeds must give the same
final states as under CPython: the engines run unchanged in Pyodide.

Its checks raise AssertionError explicitly, never with ``assert``: the page's bytecode is compiled
optimized (``-OO``, scripts/build.py), which drops assert statements.
"""

from __future__ import annotations

import json
import random
from contextlib import contextmanager

import hashlib

from .bots import EasyBot
from .core import TapeteError, get, ids, public_events
from .sim import step

# Option sets cycled through by seed, per game (defaults when absent).
OPTION_SETS: dict[str, list[dict]] = {
    "chupate": [{"quick": True}, {"target": 150}, {"quick": True, "pairs": True}, {"target": 100, "pairs": True}],
    "skypo": [{}, {"target": 40}, {"target": 1}],
    "francesa": [{"limit": 1}, {"limit": 60}, {}],
    "dos": [{"target": 1}, {"target": 60}, {"target": 1, "turn_timer": 30}, {"target": 120}],
    "taki": [{}, {"turn_timer": 30}],
}
PLAYERS: dict[str, tuple[int, ...]] = {
    "skypo": (2, 3, 4, 5, 6, 7, 8),
    "taki": (2, 3, 4, 5, 6, 7, 8, 9, 10),
}
MAX_ACTIONS = 20_000

GARBAGE_ACTIONS = ["", "play", "play ZZ", "draw draw", "x" * 500, "play R7 color:", "flip 99,99", "next"]


@contextmanager
def reshuffled_hidden(game, state: dict, seat, rng: random.Random, arrange=None):
    """Shuffle the cards hidden from ``seat`` among their places for the ``with`` block, then put them back.

    ``arrange(place, cards)`` may reorder the cards a place receives (a hand the engine keeps sorted).
    """
    places = game.hidden_places(state, seat)
    pool = [c for place in places for c in place]
    saved = [list(place) for place in places]
    rng.shuffle(pool)
    i = 0
    for place in places:
        cards = pool[i:i + len(place)]
        place[:] = arrange(place, cards) if arrange else cards
        i += len(place)
    try:
        yield
    finally:
        for place, old in zip(places, saved):
            place[:] = old


def assert_view_hides(game, state: dict, seat, rng: random.Random) -> None:
    """Shuffle the cards hidden from ``seat`` among their places: the view must not change."""
    before = json.dumps(game.view(state, seat), sort_keys=True)
    with reshuffled_hidden(game, state, seat, rng):
        after = json.dumps(game.view(state, seat), sort_keys=True)
    if before != after:
        raise AssertionError(f"{game.id}: view of seat {seat} depends on hidden cards")


def random_states(game, seeds, players, max_steps: int, rng: random.Random, options: dict | None = None):
    """States part-way through games of easy bots: per seed, ``players[seed % len(players)]`` seats and a
    random number (below ``max_steps``) of bot moves; yields ``(state, rng)``."""
    for seed in seeds:
        n = players[seed % len(players)]
        bots = [EasyBot() for _ in range(n)]
        state = game.new(n, seed, options)
        for _ in range(rng.randrange(0, max_steps)):
            if state["over"]:
                break
            step(game, state, bots, rng)
        yield state, rng


def assert_refusal_is_atomic(game, state: dict, rng: random.Random) -> None:
    """An illegal or malformed action raises a TapeteError and leaves the state byte-for-byte unchanged."""
    before = game.to_json(state)
    n = state["players"]
    candidates = list(GARBAGE_ACTIONS)
    for seat in range(n):
        candidates += game.legal_actions(state, seat)
    seat = rng.randrange(n)
    legal = set(game.legal_actions(state, seat))
    bad = [a for a in candidates if a not in legal]
    action = rng.choice(bad)
    try:
        game.apply(state, seat, action)
    except TapeteError:
        pass
    else:
        raise AssertionError(f"{game.id}: {action!r} by seat {seat} was accepted but is not legal")
    if game.to_json(state) != before:
        raise AssertionError(f"{game.id}: refused {action!r} changed the state")


def assert_events_private(events: list, acting_seat: int, players: int) -> None:
    for seat in list(range(players)) + [None]:
        for event in public_events(events, seat):
            if "private" in event:
                raise AssertionError(f"a public event carries its private part: {event.get('type')}")
            if event.get("seat") != seat:
                if "cards" in event and not event.get("public_cards"):
                    raise AssertionError(f"private cards leaked: {event}")


def check_game(game, players: int, seed: int, options: dict, deep_every: int = 1, digest=None) -> int:
    """Play one seeded random game with every check; returns the number of actions."""
    rng = random.Random(seed * 7919 + 1)
    state = game.new(players, seed, options)
    game.check_state(state)
    bots = [EasyBot() for _ in range(players)]
    actions = 0
    while not state["over"]:
        if actions >= MAX_ACTIONS:
            raise AssertionError(f"{game.id} seed {seed}: game does not end")
        deep = actions % deep_every == 0
        if deep:
            for seat in list(range(players)) + [None]:
                assert_view_hides(game, state, seat, rng)
            assert_refusal_is_atomic(game, state, rng)
        seats = game.to_move(state)
        if not seats:
            raise AssertionError(f"{game.id}: nobody to move in a running game")
        for s in seats:
            if not game.legal_actions(state, s):
                raise AssertionError(f"{game.id}: seat {s} listed to move with no action")
        version = state["version"]
        seat, _ = step_with_events(game, state, bots, rng)
        if state["version"] != version + 1:
            raise AssertionError(f"{game.id}: an action moved the version from {version} to {state['version']}")
        game.check_state(state)          # cards conserved, fields valid
        if deep:
            copy = game.from_json(game.to_json(state))
            if game.to_json(copy) != game.to_json(state):
                raise AssertionError(f"{game.id} seed {seed}: the state does not survive JSON")
        actions += 1
    if not game.result(state)["winners"]:
        raise AssertionError(f"{game.id}: a finished game has winners")
    replayed = game.replay(players, seed, options, state["history"])
    if game.to_json(replayed) != game.to_json(state):
        raise AssertionError(f"{game.id} seed {seed}: replay differs")
    if digest is not None:
        digest.update(game.to_json(state).encode())
    return actions


def step_with_events(game, state, bots, rng):
    """Like :func:`tapete.sim.step`, also checking the events' privacy."""
    original = game.apply

    def apply(st, seat, action):
        events = original(st, seat, action)
        assert_events_private(events, seat, st["players"])
        json.dumps(events)
        return events

    game.apply = apply
    try:
        return step(game, state, bots, rng)
    finally:
        del game.apply


def variants(game_id: str, seed: int) -> tuple[int, dict]:
    """The (players, options) that game number ``seed`` of ``game_id`` is played with."""
    game = get(game_id)
    option_sets = OPTION_SETS.get(game_id, [{}])
    counts = PLAYERS.get(game_id, tuple(range(game.min_players, min(game.max_players, 5) + 1)))
    options = option_sets[seed % len(option_sets)]
    players = 4 if options.get("pairs") else counts[seed % len(counts)]
    return players, options


def run(games: int, first_seed: int = 0, deep_every: int = 1, only: str | None = None) -> dict:
    """Check ``games`` seeded games per engine; returns per game the action count and a digest of
    every final state (identical under CPython and Pyodide for the same seeds)."""
    report = {}
    for game_id in ids():
        if only and game_id != only:
            continue
        game = get(game_id)
        digest = hashlib.sha256()
        actions = 0
        for seed in range(first_seed, first_seed + games):
            players, options = variants(game_id, seed)
            actions += check_game(game, players, seed, options, deep_every, digest)
        report[game_id] = {"games": games, "actions": actions, "digest": digest.hexdigest()[:16]}
    return report
