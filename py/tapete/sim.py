"""Headless bot-vs-bot games.

    PYTHONPATH=py python -m tapete.sim --game chupate --players 4 --games 1000 --seed 1 --json

Prints one JSON object with ``games``, ``seconds``, ``games_per_sec``, ``actions``, ``wins`` (per seat)
and ``errors``; exits non-zero if any game raised.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback

from .bots import make_bot, race_calls
from .core import Game, get

MAX_ACTIONS = 100_000


def step(game: Game, state: dict, bots: list, rng: random.Random) -> tuple[int, str]:
    """Apply one action: a seat's own call in a race first (``bots.race_calls``), then the seats that
    may act out of turn, then the seat that must act.

    ``to_move(state)[0]`` is the seat that must act; the bot sees only its own view and legal actions.
    Returns the ``(seat, action)`` applied.
    """
    seats = game.to_move(state)
    turn = seats[0]
    for seat in seats:                       # a holder's own call beats the others' catch (bots.race_calls)
        calls = race_calls(game, state, seats, seat)
        if calls:
            bot = bots[seat]
            view = game.view(state, seat) if bot.needs_view else None
            action = bot.choose(view, calls, False, rng)
            if action is not None:
                game.apply(state, seat, action)
                return seat, action
    if len(seats) > 1:
        for seat in seats[1:]:               # out of turn: each may act or let it go
            bot = bots[seat]
            view = game.view(state, seat) if bot.needs_view else None
            action = bot.choose(view, game.legal_actions(state, seat), False, rng)
            if action is not None:
                game.apply(state, seat, action)
                return seat, action
    bot = bots[turn]
    view = game.view(state, turn) if bot.needs_view else None
    action = bot.choose(view, game.legal_actions(state, turn), True, rng)
    if action is None:
        raise RuntimeError(f"{game.id}: the seat to move ({turn}) chose nothing")
    game.apply(state, turn, action)
    return turn, action


def play_game(game: Game, players: int, seed: int, options: dict | None = None, level: str | list[str] = "easy",
              max_actions: int = MAX_ACTIONS) -> tuple[dict, int]:
    """Play one whole game; returns the final state and the number of actions applied.

    ``level`` is one bot level for every seat, or a list with one level per seat.
    """
    state = game.new(players, seed, options)
    levels = [level] * players if isinstance(level, str) else list(level)
    bots = [make_bot(lv, game.id) for lv in levels]
    rng = random.Random(seed)
    actions = 0
    while not state["over"]:
        if actions >= max_actions:
            raise RuntimeError(f"{game.id} seed {seed}: no end after {max_actions} actions")
        step(game, state, bots, rng)
        actions += 1
    return state, actions


def run(game_id: str, players: int, games: int, seed: int, options: dict | None, level: str) -> dict:
    game = get(game_id)
    wins = [0] * players
    errors: list[str] = []
    total_actions = 0
    started = time.perf_counter()
    for i in range(games):
        try:
            state, actions = play_game(game, players, seed + i, options, level)
        except Exception as err:  # noqa: BLE001 - a sim reports every failure and goes on
            errors.append(f"seed {seed + i}: {err!r}\n{traceback.format_exc(limit=3)}")
            continue
        total_actions += actions
        for w in game.result(state)["winners"]:
            wins[w] += 1
    seconds = time.perf_counter() - started
    return {"game": game_id, "players": players, "games": games, "seconds": round(seconds, 4),
            "games_per_sec": round(games / seconds, 1) if seconds else None, "actions": total_actions,
            "wins": wins, "errors": errors}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tapete.sim", description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--options", default="{}", help="table options as JSON, e.g. '{\"quick\": true}'")
    parser.add_argument("--level", default="easy")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    report = run(args.game, args.players, args.games, args.seed, json.loads(args.options), args.level)
    if args.json:
        print(json.dumps(report))
    else:
        print(f"{report['game']}: {report['games']} games in {report['seconds']} s "
              f"({report['games_per_sec']} games/s), wins {report['wins']}, errors {len(report['errors'])}")
        for err in report["errors"][:5]:
            print(err, file=sys.stderr)
    return 1 if report["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
