#!/usr/bin/env python3
"""DOS rollouts: the engine path against the coded-card simulator (tapete.bots.dos_rollout), measured.

A research bench (not in ``make bench``). The states are real: seeded four-seat games of the medium bot
(``tapete.sim.step``), stopped at every ``--every``-th turn decision of the seat to move (no ¡DOS! race
pending), each with one of its legal turn actions drawn at random and a generator seed. The same states
go through both paths in the same run, in alternating passes (the best pass of each is kept):

- ``round``: what the simulator replaces, from a state already dealt by ``Dos.determinize``: the
  engine (bench/lookahead.py's ``engine_round``, on a copy made before the clock starts) against
  ``play_round``;
- ``rollout``: a whole ``Lookahead.rollout`` (deal from the view, round, value), the default against
  ``--fast``: what the lookahead bench gains;
- ``rollout, own hard``: the same with ``--own hard`` (the searching seat's own turns by the hard bot,
  from the view each path builds), engine against ``--fast``, and ``--fast`` two ways: the hard bot asked
  through the view of the coded table (``ViewedHard``, a DosHard subclass, takes that path, as the fast
  rollouts did before ``dos_rollout.hard_choose``) and the coded hard turn (``DosHard`` itself);
- ``round, own hard``: ``play_round`` from a dealt state with ``own``, the hard bot through the view
  against the coded hard turn.

Both paths must give the same points (a mismatch is printed and the exit status is 1).

    python3 bench/dos_rollout.py                       # 300 states, 3 passes
    python3 bench/dos_rollout.py --states 500 --repeat 5

Prints the machine lines, then rollouts per CPU second (``time.process_time``, CPython) of each path and
their ratio, per measure. Measured 2026-12-02 (2 cores, AMD EPYC, CPython 3.11.7, a shared machine: three
runs of the defaults with ``--repeat 7``): the round 4.8x, 5.4x and 4.9x faster (engine about 1,150-1,380
rounds/s, simulator 5,700-7,000/s); a whole ``Lookahead.rollout`` 3.6x-3.9x faster (``Dos.determinize``,
about 85 µs, now takes a third of a fast rollout). 2026-12-03 (the same machine, load average about 3, two
runs of the defaults with ``--repeat 7``): with ``--own hard``, engine 1,253 and 1,308 rollouts/s,
``--fast`` through the view 2,058 and 2,056/s (1.6x), ``--fast`` with the coded hard turn 3,566 and
3,744/s (2.8x-2.9x the engine, 1.7x-1.8x the view path); a round with own hard 2,605 and 3,903/s through the
view, 5,504 and 8,221/s coded (2.1x both times).
"""

from __future__ import annotations

import argparse
import copy
import gc
import random
import sys
import time

from _common import machine, machine_lines
from lookahead import Lookahead, engine_round
from tapete.bots import make_bot
from tapete.bots.dos import DosHard
from tapete.bots.dos_rollout import CALLS, play_round
from tapete.core import get
from tapete.sim import step

PLAYERS = 4


class ViewedHard(DosHard):
    """DOS hard itself, asked through the view: ``play_out`` gives the coded hard turn (``hard_choose``) to
    ``DosHard`` only, a subclass gets the engine's view and legal actions of the table written back."""


def viewed(bot: Lookahead) -> Lookahead:
    """``bot`` with its own turns' hard bot asked through the view (the path before ``hard_choose``)."""
    bot.own_bot = ViewedHard()
    return bot


def sample(states: int, every: int, seed: int) -> list[tuple[dict, str, int]]:
    """``states`` turn decisions of seeded medium games: (the seat to move's view, an action, a seed)."""
    game, out, rng = get("dos"), [], random.Random(seed)
    for game_seed in range(seed, seed + 10_000):
        state, bots, decisions = game.new(PLAYERS, game_seed, {}), [make_bot("medium", "dos")] * PLAYERS, 0
        while not state["over"] and len(out) < states:
            seats = game.to_move(state)
            if state["phase"] in ("play", "bonus") and len(seats) == 1:
                decisions += 1
                if decisions % every == 0:
                    turn = seats[0]
                    legal = [a for a in game.legal_actions(state, turn) if a.split(" ")[0] not in CALLS]
                    out.append((game.view(state, turn), rng.choice(legal), rng.getrandbits(32)))
            step(game, state, bots, rng)
        if len(out) >= states:
            return out
    return out


def timed(run) -> tuple[float, list]:
    """CPU seconds of ``run()`` and its answer. Garbage is collected and the objects alive (the samples,
    the engine's copies) frozen before the clock starts: the collector, which runs as a path allocates,
    then times that path's own objects, not the other's leftovers or the bench's."""
    gc.collect()
    gc.freeze()
    try:
        start = time.process_time()
        results = run()
        return time.process_time() - start, results
    finally:
        gc.unfreeze()


def measure(samples: list[tuple[dict, str, int]], repeat: int) -> dict:
    """The best CPU seconds of each path over ``repeat`` alternating passes, and whether they agreed."""
    game = get("dos")
    dealt = [(game.determinize(view, random.Random(seed)), view["seat"], action, seed)
             for view, action, seed in samples]
    slow, fast = Lookahead(), Lookahead(fast=True)
    slow_hard, fast_hard = Lookahead(own="hard"), viewed(Lookahead(own="hard", fast=True))
    coded_hard = Lookahead(own="hard", fast=True)
    best = {key: float("inf") for key in ("round engine", "round simulator", "rollout engine", "rollout fast",
                                          "hard engine", "hard fast", "hard coded", "round hard viewed",
                                          "round hard coded")}
    mismatches = 0
    for _ in range(repeat):
        copies = [copy.deepcopy(state) for state, _, _, _ in dealt]    # the engine plays on its copy
        seconds, engine = timed(lambda: [engine_round(game, played, seat, action, random.Random(seed))
                                         for played, (_, seat, action, seed) in zip(copies, dealt)])
        best["round engine"] = min(best["round engine"], seconds)
        del copies
        seconds, simulated = timed(lambda: [play_round(state, seat, action, random.Random(seed))
                                            for state, seat, action, seed in dealt])
        best["round simulator"] = min(best["round simulator"], seconds)
        rounds = {}
        for key, own in (("round hard viewed", ViewedHard()), ("round hard coded", DosHard())):
            seconds, rounds[key] = timed(lambda: [play_round(state, seat, action, random.Random(seed), own=own)
                                                  for state, seat, action, seed in dealt])
            best[key] = min(best[key], seconds)
        values = {}
        for key, bot in (("rollout engine", slow), ("rollout fast", fast), ("hard engine", slow_hard),
                         ("hard fast", fast_hard), ("hard coded", coded_hard)):
            seconds, values[key] = timed(lambda: [bot.rollout(view, action, random.Random(seed))
                                                  for view, action, seed in samples])
            best[key] = min(best[key], seconds)
        mismatches = sum(sum(a != b for a, b in zip(x, y)) for x, y in
                         ((engine, simulated), (values["rollout engine"], values["rollout fast"]),
                          (values["hard engine"], values["hard fast"]), (values["hard fast"], values["hard coded"]),
                          (rounds["round hard viewed"], rounds["round hard coded"])))
    return {"seconds": best, "mismatches": mismatches}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--states", type=int, default=300, help="sampled turn decisions")
    parser.add_argument("--every", type=int, default=7, help="sample every n-th turn decision of the games")
    parser.add_argument("--repeat", type=int, default=3, help="passes over the states (the best is kept)")
    parser.add_argument("--seed", type=int, default=0, help="first game seed and the sampling generator's")
    args = parser.parse_args()
    samples = sample(args.states, args.every, args.seed)
    got = measure(samples, args.repeat)
    n, s = len(samples), got["seconds"]
    print("\n".join(machine_lines(machine())))
    print(f"DOS rollouts: {n} states from medium games (seeds from {args.seed}, every {args.every}th turn "
          f"decision), best of {args.repeat} passes, rollouts per CPU second (CPython)")
    print(f"- round from a dealt state: engine {n / s['round engine']:,.0f}/s, "
          f"simulator {n / s['round simulator']:,.0f}/s: {s['round engine'] / s['round simulator']:.1f}x")
    print(f"- Lookahead.rollout (deal, round, value): engine {n / s['rollout engine']:,.0f}/s, "
          f"--fast {n / s['rollout fast']:,.0f}/s: {s['rollout engine'] / s['rollout fast']:.1f}x")
    print(f"- Lookahead.rollout with --own hard: engine {n / s['hard engine']:,.0f}/s, "
          f"--fast asking the hard bot through the view {n / s['hard fast']:,.0f}/s: "
          f"{s['hard engine'] / s['hard fast']:.1f}x; --fast with the coded hard turn {n / s['hard coded']:,.0f}/s: "
          f"{s['hard engine'] / s['hard coded']:.1f}x ({s['hard fast'] / s['hard coded']:.1f}x the view's)")
    print(f"- round from a dealt state with own hard (simulator): the hard bot through the view "
          f"{n / s['round hard viewed']:,.0f}/s, coded {n / s['round hard coded']:,.0f}/s: "
          f"{s['round hard viewed'] / s['round hard coded']:.1f}x")
    same = "yes" if not got["mismatches"] else f"NO, {got['mismatches']} differ"
    print(f"- the same points on every state: {same}")
    return 1 if got["mismatches"] else 0


if __name__ == "__main__":
    sys.exit(main())
