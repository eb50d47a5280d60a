"""The long conformance soak: the checks of tapete.selftest over many seeded games per engine.

    make soak                                   # 100,000 games per engine (hours on 2 cores)
    .venv/bin/python tests/soak.py --games 5000 --game chupate

Exits non-zero on the first violation, printing the game, the seed and the failure.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from tapete import selftest  # noqa: E402
from tapete.core import get, ids  # noqa: E402

DEEP_EVERY = 13


def chunk(args: tuple[str, int, int]) -> tuple[str, int, int]:
    game_id, start, count = args
    game = get(game_id)
    actions = 0
    for seed in range(start, start + count):
        players, options = selftest.variants(game_id, seed)
        try:
            actions += selftest.check_game(game, players, seed, options, DEEP_EVERY)
        except Exception as err:  # noqa: BLE001 - report the seed that broke
            raise RuntimeError(f"{game_id} seed {seed} ({players} players, {options}): {err!r}") from err
    return game_id, count, actions


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100_000, help="games per engine")
    parser.add_argument("--game", choices=ids(), help="only this engine")
    parser.add_argument("--first-seed", type=int, default=1_000_000)
    parser.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    args = parser.parse_args()
    games = [args.game] if args.game else ids()
    size = 500
    work = [(g, s, min(size, args.first_seed + args.games - s))
            for g in games for s in range(args.first_seed, args.first_seed + args.games, size)]
    started = time.perf_counter()
    totals = {g: [0, 0] for g in games}
    with multiprocessing.Pool(args.jobs) as pool:
        for game_id, count, actions in pool.imap_unordered(chunk, work):
            totals[game_id][0] += count
            totals[game_id][1] += actions
    for game_id, (count, actions) in totals.items():
        print(f"{game_id}: {count} games, {actions} actions, 0 violations")
    print(f"soak done in {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
