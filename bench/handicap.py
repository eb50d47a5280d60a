#!/usr/bin/env python3
"""What a bot level is worth in cards: the yardstick for the hard bots' goals in first-out games.

A medium bot is dealt K cards fewer than the others (its last K cards go to the bottom of the draw
pile) and plays against medium bots, on the seeds and seats of bench/bots.py (2v2: both A seats are
handicapped; 1v3: the one A seat). K = 0 is the reference measured in the same run. The hard bot's
share without a handicap, and issue 10's goal, are then read on that scale (the least-squares line
through the K rows): "hard plays like a medium bot dealt 0.6 cards fewer". A second table counts the
cards a seat takes in a game, by cause (one-card draws, penalty stacks, +4s, lost challenges, other),
for one hard seat and its three medium opponents: where an edge in cards could come from.

    python3 bench/handicap.py [--games 4000] [--only chupate,taki] [--cards 3] [--no-write]

Writes the table into docs/benchmarks.md between <!-- handicap:start --> and <!-- handicap:end -->.
"""

from __future__ import annotations

import argparse
import sys
import time

from _common import machine, machine_lines, write_section
from bots import GAMES, GOALS, play, se, share

FIRST_OUT = ("chupate", "taki")          # one deal decides the game: a handicap at the deal is the whole story


def shed(seats: set, k: int):
    """``prepare`` for bots.play: each seat of ``seats`` puts its last ``k`` cards under the draw pile."""
    def prepare(state: dict) -> None:
        for seat in sorted(seats):
            for _ in range(k):
                state["draw"].insert(0, state["hands"][seat].pop())
    return prepare


def share_of(game_id: str, layout: str, level: str, k: int, games: int) -> float:
    from tapete.bots import make_bot

    total = 0.0
    for seed in range(games):
        mine = ({0, 2} if seed % 2 == 0 else {1, 3}) if layout == "2v2" else {seed % 4}
        seats = [make_bot(level if s in mine else "medium", game_id) for s in range(4)]
        total += share(play(game_id, seats, seed, GAMES[game_id][1], shed(mine, k)), mine)
    return total / games


CAUSES = ("one-card draws", "penalty stacks taken", "+4s taken", "challenges lost", "other")


def cause(state_before: tuple, seat: int, actor: int, action: str) -> str:
    """Why ``seat``'s hand grew on ``actor``'s ``action`` (``state_before``: pending, phase)."""
    pending, phase = state_before
    if seat != actor:
        return "other"                       # a denounce's fine, a caught bluff, Super Taki's +3 (hits all)
    if action == "challenge":
        return "challenges lost"
    if action == "draw" and phase == "wild4":
        return "+4s taken"
    if action == "draw" and pending:
        return "penalty stacks taken"
    return "one-card draws" if action == "draw" else "other"


def intake(game_id: str, level: str, games: int) -> dict:
    """Cards one seat of ``level`` and each of its three medium opponents take in a game, by cause
    (one against three, the seeds and seats of the bots table)."""
    import random

    from tapete.bots import make_bot
    from tapete.core import get
    from tapete.sim import step

    game = get(game_id)
    taken = {"A": dict.fromkeys(CAUSES, 0), "B": dict.fromkeys(CAUSES, 0)}
    for seed in range(games):
        mine = seed % 4
        seats = [make_bot(level if s == mine else "medium", game_id) for s in range(4)]
        state = game.new(4, seed, GAMES[game_id][1])
        rng = random.Random(seed ^ 0x5EED)
        while not state["over"]:
            sizes, before = [len(h) for h in state["hands"]], (state.get("pending"), state["phase"])
            actor, action = step(game, state, seats, rng)
            for s, hand in enumerate(state["hands"]):
                if len(hand) > sizes[s]:
                    taken["A" if s == mine else "B"][cause(before, s, actor, action.split(" ")[0])] += \
                        len(hand) - sizes[s]
    return {side: {k: v / games / (1 if side == "A" else 3) for k, v in by.items()} for side, by in taken.items()}


def fit(scale: list[float]) -> tuple[float, float]:
    """The least-squares line through the shares by K: (share at K = 0, share per card)."""
    n = len(scale)
    mean_k, mean_p = (n - 1) / 2, sum(scale) / n
    slope = sum((k - mean_k) * (p - mean_p) for k, p in enumerate(scale)) / sum((k - mean_k) ** 2 for k in range(n))
    return mean_p - slope * mean_k, slope


def cards_worth(p: float, line: tuple[float, float]) -> float:
    """How many cards fewer a medium bot needs to be dealt to reach share ``p``."""
    at_zero, per_card = line
    return (p - at_zero) / per_card
def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--only", default=",".join(FIRST_OUT))
    parser.add_argument("--cards", type=int, default=3, help="the largest handicap K")
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    started = time.time()
    head = " | ".join(f"medium, {k} fewer" for k in range(args.cards + 1))
    lines = ["Medium bots dealt K cards fewer than the medium bots they play (bench/handicap.py), on the seeds "
             f"and seats of the bots table, {args.games:,} games a cell; ± is one standard error (about "
             f"{100 * se(0.5, args.games):.1f} points). The hard bot and the goal are read on that scale: "
             "how many cards fewer a medium bot would need to be dealt to do as well.", "",
             *machine_lines(machine()), "",
             f"| game | layout | {head} | points per card | hard | hard is worth (cards) | goal | "
             "the goal is worth (cards) |",
             "| --- | --- | " + "---: | " * (args.cards + 3) + "---: | ---: | ---: |"]
    for game_id in [g for g in args.only.split(",") if g]:
        for layout in ("2v2", "1v3"):
            scale = [share_of(game_id, layout, "medium", k, args.games) for k in range(args.cards + 1)]
            hard = share_of(game_id, layout, "hard", 0, args.games)
            goal = GOALS[(layout, "hard", "medium")]
            cells = " | ".join(f"{100 * p:.1f}%" for p in scale)
            line = fit(scale)
            lines.append(f"| {GAMES[game_id][0]} | {layout} | {cells} | {100 * line[1]:.1f} | {100 * hard:.1f}% | "
                         f"{cards_worth(hard, line):.1f} | {100 * goal:.0f}% | {cards_worth(goal, line):.1f} |")
            print(lines[-1], f"({time.time() - started:.0f} s)", file=sys.stderr, flush=True)
    lines += ["", f"Cards taken per game by one seat, one against three medium ({args.games // 2:,} games; "
              "the medium column is the mean of the three medium seats):", "",
              "| game | seat | " + " | ".join(CAUSES) + " | in all |", ("| --- | --- | " + "---: | " * (len(CAUSES) + 1)).rstrip()]
    for game_id in [g for g in args.only.split(",") if g]:
        taken = intake(game_id, "hard", args.games // 2)
        for side, name in (("A", "hard"), ("B", "medium")):
            lines.append(f"| {GAMES[game_id][0]} | {name} | " + " | ".join(f"{taken[side][k]:.2f}" for k in CAUSES)
                         + f" | {sum(taken[side].values()):.2f} |")
    lines += ["", f"{time.time() - started:.0f} s of wall time. Reproduce: `python3 bench/handicap.py` "
              "(`--games N`, `--only chupate`, `--cards K`)."]
    table = "\n".join(lines)
    print(table)
    if not args.no_write:
        write_section("handicap", table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
