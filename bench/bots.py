#!/usr/bin/env python3
"""Bot strength: win rates of each level pair in quick 4-player Chúpate 2 games.

Level A sits opposite itself (seats 0 and 2, or 1 and 3 on odd seeds) against two B bots; an even
split is 50%. Writes the table into docs/benchmarks.md between <!-- bots:start --> and <!-- bots:end -->.

    python3 bench/bots.py [--games 600] [--no-write]
"""

from __future__ import annotations

import argparse
import math
import sys

from _common import machine, machine_lines, write_section

PAIRS = [("medium", "easy"), ("hard", "easy"), ("hard", "medium"), ("easy", "easy")]


def win_rate(a: str, b: str, games: int) -> float:
    from tapete.core import get
    from tapete.sim import play_game

    game, wins = get("chupate"), 0
    for seed in range(games):
        levels = [a, b, a, b] if seed % 2 == 0 else [b, a, b, a]
        state, _ = play_game(game, 4, seed, {"quick": True}, levels)
        wins += state["result"]["winners"][0] % 2 == seed % 2    # A holds seats 0, 2 or 1, 3
    return wins / games


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    lines = [f"Quick 4-player Chúpate 2, {args.games} seeded games per row; level A holds two opposite seats "
             "against two B bots (an even split is 50%; ± is one standard error).", "",
             *machine_lines(machine()), "", "| A | B | A's win rate |", "| --- | --- | ---: |"]
    for a, b in PAIRS:
        p = win_rate(a, b, args.games)
        se = math.sqrt(p * (1 - p) / args.games)
        lines.append(f"| {a} | {b} | {100 * p:.1f}% ± {100 * se:.1f} |")
    lines += ["", "Reproduce: `make bench-bots` or `python3 bench/bots.py`."]
    table = "\n".join(lines)
    print(table)
    if not args.no_write:
        write_section("bots", table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
