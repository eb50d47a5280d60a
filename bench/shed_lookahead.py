#!/usr/bin/env python3
"""Chúpate 2 and Super Taki hard with a lookahead: does DOS's kind of search lift them to the goals?

A research bench (not in ``make bench``). ``ShedLookahead`` is the game's hard bot whose every legal move of
a turn is played out in ``--deals`` sampled deals (each shared by every move: common random numbers)
before it chooses: in each deal the move is applied and the game played to its end (both games are
first-out games here: Chúpate 2 in its quick mode, as bench/bots.py plays it), the seat's own later turns
by the hard bot, every other seat by the medium bot; a rollout is worth 1 when the seat wins, else 0. The
hard bot's own choice gets ``--prior`` more in every deal (another move overrules it only when it won more
deals by that much on average), and ties go to it; ``--shape W`` takes W off a rollout per card the seat
still holds at its end. Out-of-turn moves, a single legal move and the answer to a wild +4 (whether it
was a bluff is in a hand no view shows) are the hard bot's at once.

The deals: by default from the seat's view alone (the game's ``determinize``: docs/engine.md), as a
level must; ``--real`` deals anew, on a copy of the real table, the cards hidden from the seat
(``tapete.selftest.reshuffled_hidden``, as bench/search.py's reference: the discard pile under the top
card stays as it is, a memory no bot has from its views). A pitfall met on the way: entering that
context manager by hand (``reshuffled_hidden(...).__enter__()``) without keeping it lets the collector
close it at once, which puts the real cards back: the rollouts then saw every hidden card, and the
"search" won 93% one against three. The copy must be taken inside a ``with`` block.

    python3 bench/shed_lookahead.py --game chupate --layout 1v3 --vs medium --games 200 --save F.json
    python3 bench/shed_lookahead.py --game taki --baseline --layout 1v3 --games 200   # hard itself, same seeds

Prints the searching seats' win share (± one standard error) and their decision times (CPU, CPython).
Figures: docs/benchmarks.md, "A lookahead for Chúpate 2 and Super Taki".
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import random
import sys

from _common import machine, machine_lines
from bots import GAMES, Timed, pct, play, share
from tapete.bots import make_bot
from tapete.selftest import reshuffled_hidden
from tapete.sim import step

HORIZON = 400


class ShedLookahead:
    """The hard bot of a first-out shedding game with a flat search over its legal moves (module docstring)."""

    needs_view = True

    def __init__(self, game_id: str, deals: int = 8, prior: float = 0.1, real: bool = False, shape: float = 0.0):
        self.game_id, self.deals, self.prior, self.real, self.shape = game_id, deals, prior, real, shape
        self.hard = make_bot("hard", game_id)       # the heuristic, with what it remembers of the game
        self.medium = make_bot("medium", game_id)   # every other seat in a rollout (it keeps no memory)
        self.state = self.game = None

    def bind(self, state: dict, game) -> None:
        self.state, self.game = state, game

    def choose(self, view, legal, must_act, rng):
        first = self.hard.choose(view, legal, must_act, random.Random(rng.getrandbits(64)))
        if (not must_act or len(legal) < 2 or first is None or view.get("wild4_pending")
                or view["phase"] not in self.game.turn_phases):
            return first
        moves = [first] + [a for a in legal if a != first]
        totals = dict.fromkeys(moves, 0.0)
        totals[first] = self.prior * self.deals
        for _ in range(self.deals):
            world = rng.getrandbits(64)
            for move in moves:
                totals[move] += self.rollout(view, move, random.Random(world))
        best = max(totals.values())
        return next(a for a in moves if totals[a] == best)

    def deal(self, view: dict, gen: random.Random) -> dict:
        """The rollout's table: dealt from the view (``determinize``), or with ``real`` the real table with
        the cards hidden from the seat reshuffled among their places (the discard pile kept)."""
        game = self.game
        if not self.real:
            return game.determinize(view, gen)
        table = json.loads(game.to_json(self.state))
        with reshuffled_hidden(game, table, view["seat"], gen):
            dealt = json.loads(game.to_json(table))     # taken inside: the block puts the cards back
        dealt["rng"] = "%064x" % gen.getrandbits(256)
        return dealt

    def rollout(self, view: dict, move: str, gen: random.Random) -> float:
        game, seat = self.game, view["seat"]
        state = self.deal(view, gen)
        game.apply(state, seat, move)
        bots = [copy.deepcopy(self.hard) if s == seat else self.medium for s in range(state["players"])]
        rng = random.Random(gen.getrandbits(32))
        for _ in range(HORIZON):
            if state["over"]:
                return share(state, {seat}) - self.shape * len(state["hands"][seat])
            step(game, state, bots, rng)
        return 0.0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="chupate", choices=("chupate", "taki"))
    parser.add_argument("--vs", default="medium", choices=("easy", "medium", "hard"))
    parser.add_argument("--layout", default="1v3", choices=("2v2", "1v3"))
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--deals", type=int, default=8)
    parser.add_argument("--prior", type=float, default=0.1)
    parser.add_argument("--real", action="store_true", help="deal the rollouts from the real table, the "
                        "hidden cards reshuffled (the discard pile kept), not from the view")
    parser.add_argument("--shape", type=float, default=0.0, help="a rollout also loses this much per card "
                        "the seat still holds at the end (a lost game held close counts more than one held far)")
    parser.add_argument("--baseline", action="store_true", help="the hard bot itself in the searching seats")
    parser.add_argument("--save", default="")
    args = parser.parse_args()
    shares, times = {}, []
    for seed in range(args.first, args.first + args.games):
        mine = ({0, 2} if seed % 2 == 0 else {1, 3}) if args.layout == "2v2" else {seed % 4}
        seats = [Timed(make_bot("hard", args.game) if args.baseline else
                       ShedLookahead(args.game, args.deals, args.prior, args.real, args.shape), times)
                 if s in mine else make_bot(args.vs, args.game) for s in range(4)]
        shares[str(seed)] = share(play(args.game, seats, seed, GAMES[args.game][1]), mine)
        print(args.game, seed, f"{sum(shares.values()) / len(shares):.3f}", file=sys.stderr, flush=True)
        if args.save:
            with open(args.save, "w") as f:
                json.dump({"args": vars(args), "shares": shares, "times": times}, f)
    n = len(shares)
    p = sum(shares.values()) / n
    times = [t for t in times if t > 0.0005]
    print("\n".join(machine_lines(machine())))
    what = "hard" if args.baseline else f"ShedLookahead ({args.deals} deals, prior {args.prior:g}" + (
        ", the real table reshuffled" if args.real else "") + (f", shape {args.shape:g})" if args.shape else ")")
    print(f"{args.game}: {what} vs {args.vs}, {args.layout}: {n} games, {100 * p:.1f}% ± "
          f"{100 * math.sqrt(max(p * (1 - p), 1e-9) / n):.1f}; searched decisions {len(times):,}, "
          f"p50 {1000 * pct(times, 0.5):.1f} ms, p95 {1000 * pct(times, 0.95):.1f} ms, max "
          f"{1000 * max(times, default=0):.1f} ms (CPU, CPython)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
