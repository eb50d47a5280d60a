#!/usr/bin/env python3
"""Engine speed: random-play games per second of every registered Tapete game vs RLCard's UNO.

Tapete side: ``tapete.sim.play_game`` with the easy bot (all checks on: ``apply`` validates every
action), one round or the quick game where the game has that option, 4 players (or the game's max),
seeds 0..N-1. Chúpate 2 is also played with two policies through the raw protocol (``to_move``,
``legal_actions``, ``apply``, as the reference loop drives RLCard; not rule changes: every action still
goes through ``Chupate.apply`` and all its checks): "random-agent", RLCard's random agent transposed
(uniform among the card plays, draw only when no card can be played, play the drawn card when it can be
played), which gives the headline ratio; and "uniform" (uniform among all legal actions). Reference:
RLCard's ``UnoGame`` (4 players) through its raw game API (``init_game``, ``get_legal_actions``, ``step``,
``is_over``), a uniformly random legal action each step, same seeds.

Each measurement is repeated (interleaved, Tapete then RLCard) and the best repeat is kept.
Prints a table and writes it into docs/benchmarks.md between <!-- engines:start --> and
<!-- engines:end -->. The script re-executes itself inside .bench/venv, which it creates with the
pinned RLCard (bench/requirements-engines.txt).

    python3 bench/engines.py [--seeds 300] [--repeats 3] [--no-write]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

from _common import machine, machine_lines, reexec_in_bench_venv, write_section

TARGET_RATIO = 2.0
PLAYERS = 4
ONE_ROUND = {"quick": True}          # the option that makes a game one round, where a game has it


def uniform(legal: list[str], rng: random.Random) -> str:
    """Uniform among all the legal actions of the seat to move."""
    return rng.choice(legal)


def _play_texts() -> frozenset:
    from tapete.games.chupate import PLAYS
    return frozenset(text for texts in PLAYS.values() for text in texts)


PLAY_TEXTS = _play_texts()          # every "play ..." text of Chúpate 2 (the policy's filter)


def random_agent(legal: list[str], rng: random.Random) -> str:
    """RLCard's random agent on Chúpate 2, as a policy of this driver (the rules are unchanged).

    RLCard's UNO offers ``draw`` only when no card can be played and plays a drawn card that matches by
    itself; its agent picks uniformly among what is offered. Here the seat to move picks uniformly among
    its ``play`` actions (a wild counts once per colour, as in RLCard); with none it draws (which also
    takes a pending +2 or +4: RLCard has no stacking and no challenge); after drawing, the drawn card is
    among the plays when it can be played, else it passes. It never calls última and never acts out of
    turn (RLCard has neither). Every action still goes through ``Game.apply``.
    """
    plays = [a for a in legal if a in PLAY_TEXTS]
    if plays:
        return rng.choice(plays)
    return "pass" if "pass" in legal else "draw"


POLICIES = {"uniform": uniform, "random-agent": random_agent}


def tapete_run(game_id: str, policy: str, seeds: int) -> dict:
    """Play ``seeds`` games. The easy bot plays through ``tapete.sim`` (views, out-of-turn offers); the
    two policies through the raw protocol, as the reference loop does RLCard's: ``to_move``,
    ``legal_actions`` of the seat that must act, ``apply`` (which checks everything), until ``over``."""
    from tapete.core import get
    from tapete.sim import MAX_ACTIONS, play_game

    game = get(game_id)
    players = min(PLAYERS, game.max_players)
    options = {k: v for k, v in ONE_ROUND.items() if k in game.options_spec}
    new, to_move, legal_actions, apply = game.new, game.to_move, game.legal_actions, game.apply
    actions = 0
    cpu, started = time.process_time(), time.perf_counter()
    for seed in range(seeds):
        if policy == "easy":
            _, n = play_game(game, players, seed, options, "easy")
        else:
            choose = POLICIES[policy]
            state = new(players, seed, options)
            rng = random.Random(seed)
            n = 0
            while not state["over"]:
                if n >= MAX_ACTIONS:
                    raise RuntimeError(f"{game_id} seed {seed}: no end")
                seat = to_move(state)[0]
                apply(state, seat, choose(legal_actions(state, seat), rng))
                n += 1
        actions += n
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    return {"name": f"{game.title.get('en', game_id)} ({game_id})", "policy": policy, "players": players,
            "options": options, "seeds": seeds, "seconds": seconds, "cpu": cpu, "actions": actions}


def rlcard_run(seeds: int) -> dict:
    from rlcard.games.uno.game import UnoGame

    game = UnoGame(num_players=PLAYERS)
    actions = 0
    cpu, started = time.process_time(), time.perf_counter()
    for seed in range(seeds):
        game.np_random.seed(seed)
        rng = random.Random(seed)
        game.init_game()
        while not game.is_over():
            game.step(rng.choice(game.get_legal_actions()))
            actions += 1
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    return {"name": "RLCard 1.2.0 UNO (reference)", "policy": "random agent", "players": PLAYERS, "options": {},
            "seeds": seeds, "seconds": seconds, "cpu": cpu, "actions": actions}


def _least_cpu(fn, repeats: int) -> float:
    """The least CPU seconds ``fn()`` took over ``repeats`` runs."""
    times = []
    for _ in range(repeats):
        cpu = time.process_time()
        fn()
        times.append(time.process_time() - cpu)
    return min(times)


def breakdown(seeds: int, repeats: int) -> dict:
    """Where a game's time goes, in CPU µs per game, for Chúpate 2 (random-agent) and RLCard's UNO.

    The games are recorded once, then replayed: set-up alone; set-up + ``apply``/``step`` of the recorded
    actions; the same with the queries the driver makes before each action. Differences give each part;
    the driver (policy and loop) is what the whole game costs beyond them.
    """
    from rlcard.games.uno.game import UnoGame

    from tapete.core import get

    game, options = get("chupate"), {"quick": True}
    histories = []
    for seed in range(seeds):
        state, rng = game.new(PLAYERS, seed, options), random.Random(seed)
        while not state["over"]:
            seat = game.to_move(state)[0]
            game.apply(state, seat, random_agent(game.legal_actions(state, seat), rng))
        histories.append(state["history"])

    def replay(queries: tuple) -> None:
        for seed, history in enumerate(histories):
            state = game.new(PLAYERS, seed, options)
            for seat, action in history:
                for query in queries:
                    query(state, seat)
                game.apply(state, seat, action)

    to_move = lambda state, seat: game.to_move(state)                 # noqa: E731
    new = _least_cpu(lambda: [game.new(PLAYERS, seed, options) for seed in range(seeds)], repeats)
    applied = _least_cpu(lambda: replay(()), repeats)
    moved = _least_cpu(lambda: replay((to_move,)), repeats)
    queried = _least_cpu(lambda: replay((to_move, game.legal_actions)), repeats)
    whole = _least_cpu(lambda: tapete_run("chupate", "random-agent", seeds), repeats)
    tapete = {"set-up (deal)": new, "apply": applied - new, "to_move": moved - applied,
              "legal_actions": queried - moved, "driver (policy, loop)": whole - queried}

    uno = UnoGame(num_players=PLAYERS)
    steps = []
    for seed in range(seeds):
        uno.np_random.seed(seed)
        rng = random.Random(seed)
        uno.init_game()
        taken = []
        while not uno.is_over():
            taken.append(rng.choice(uno.get_legal_actions()))
            uno.step(taken[-1])
        steps.append(taken)

    def uno_replay(legal: bool, step: bool) -> None:
        for seed, taken in enumerate(steps):
            uno.np_random.seed(seed)
            uno.init_game()
            for action in taken if step else ():
                if legal:
                    uno.get_legal_actions()
                uno.step(action)

    init = _least_cpu(lambda: uno_replay(False, False), repeats)
    stepped = _least_cpu(lambda: uno_replay(False, True), repeats)
    listed = _least_cpu(lambda: uno_replay(True, True), repeats)
    ref = _least_cpu(lambda: rlcard_run(seeds), repeats)
    rlcard = {"set-up (deal)": init, "apply": stepped - init, "to_move": 0.0,
              "legal_actions": listed - stepped, "driver (policy, loop)": ref - listed}
    actions = (sum(map(len, histories)) / seeds, sum(map(len, steps)) / seeds)
    return {"tapete": tapete, "rlcard": rlcard, "seeds": seeds, "actions": actions}


def breakdown_lines(parts: dict) -> list[str]:
    n = parts["seeds"]
    ours, ref = parts["tapete"], parts["rlcard"]
    names = {"apply": "`apply` / `step` (RLCard's builds the next observation)", "to_move": "`to_move`",
             "legal_actions": "`legal_actions` / `get_legal_actions`"}
    lines = ["| part (CPU µs per game) | Chúpate 2 | RLCard UNO |", "| --- | ---: | ---: |"]
    for key in ours:
        lines.append(f"| {names.get(key, key)} | {ours[key] / n * 1e6:,.0f} | {ref[key] / n * 1e6:,.0f} |")
    total = sum(ours.values()) / n * 1e6, sum(ref.values()) / n * 1e6
    lines.append(f"| **total** | **{total[0]:,.0f}** | **{total[1]:,.0f}** |")
    lines.append(f"| actions per game | {parts['actions'][0]:.1f} | {parts['actions'][1]:.1f} |")
    per = [(sum(side.values()) - side["set-up (deal)"]) / n / a * 1e6
           for side, a in ((ours, parts["actions"][0]), (ref, parts["actions"][1]))]
    lines.append(f"| µs per action (without set-up) | {per[0]:.2f} | {per[1]:.2f} |")
    return lines


def best(runs: list[dict]) -> dict:
    """The fastest repeat, by wall time; ``cpu_best`` is the least CPU time of any repeat."""
    return dict(min(runs, key=lambda r: r["seconds"]), cpu_best=min(r["cpu"] for r in runs))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=300, help="games per measurement (seeds 0..N-1)")
    parser.add_argument("--repeats", type=int, default=3, help="interleaved repeats; the best is kept")
    parser.add_argument("--no-write", action="store_true", help="do not touch docs/benchmarks.md")
    args = parser.parse_args()
    reexec_in_bench_venv()

    from tapete.core import ids

    info = machine()
    jobs = [(gid, "easy") for gid in ids()] + [("chupate", "random-agent"), ("chupate", "uniform")]
    results: dict = {job: [] for job in jobs}
    results["rlcard"] = []
    for _ in range(args.repeats):
        for job in jobs:
            results[job].append(tapete_run(*job, args.seeds))
        results["rlcard"].append(rlcard_run(args.seeds))
    rows = [best(results[job]) for job in jobs] + [best(results["rlcard"])]
    ref = rows[-1]
    gps = {id(r): r["seeds"] / r["seconds"] for r in rows}
    cps = {id(r): r["seeds"] / r["cpu_best"] for r in rows}
    by_job = dict(zip(jobs, rows))
    ratio = cps[id(by_job["chupate", "random-agent"])] / cps[id(ref)]
    ratio_wall = gps[id(by_job["chupate", "random-agent"])] / gps[id(ref)]
    ratio_easy = cps[id(by_job["chupate", "easy"])] / cps[id(ref)]
    ratio_uniform = cps[id(by_job["chupate", "uniform"])] / cps[id(ref)]
    parts = breakdown(args.seeds, args.repeats)
    load_end = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")

    lines = [
        f"Random play, {args.seeds} seeded games per row, best of {args.repeats} interleaved repeats, "
        "all checks on (every action goes through `apply`).",
        "",
        *machine_lines(info),
        f"- load average {load_end:.2f} at the end",
        "",
        "| engine | policy | players | options | games/s (wall) | games/s (CPU) | actions/game | µs/action (CPU) |",
        "| --- | --- | ---: | --- | ---: | ---: | ---: | ---: |",
    ]
    for r in rows:
        per_game = r["actions"] / r["seeds"]
        us = r["cpu_best"] / r["actions"] * 1e6
        opts = ", ".join(f"{k}={v}" for k, v in r["options"].items()) or "-"
        lines.append(f"| {r['name']} | {r['policy']} | {r['players']} | {opts} | {gps[id(r)]:,.0f} | "
                     f"{cps[id(r)]:,.0f} | {per_game:.1f} | {us:.2f} |")
    verdict = "meets" if ratio >= TARGET_RATIO else "below"
    lines += [
        "",
        f"**Ratio Chúpate 2 (random-agent policy, quick game) / RLCard UNO, CPU time: {ratio:.2f}×** "
        f"(target ≥ {TARGET_RATIO:.0f}×: {verdict}); by wall time {ratio_wall:.2f}×. With the easy bot: "
        f"{ratio_easy:.2f}×; with the uniform policy: {ratio_uniform:.2f}× (CPU time).",
        "",
        "Where a game's time goes: each game of the random-agent row and of the reference is recorded, "
        "then replayed with and without each query; the differences, least CPU of the repeats:",
        "",
        *breakdown_lines(parts),
        "",
        "The headline uses CPU time (`time.process_time`, least of the repeats): on this shared machine the "
        "load moves during a run and wall-clock rows taken minutes apart are not comparable.",
        "",
        "The easy bot plays through `tapete.sim` (a view per decision, out-of-turn offers to every seat); "
        "the two policies through the raw protocol, as RLCard's loop: `to_move`, `legal_actions` of the seat "
        "that must act, `apply` (every check on), until `over`. RLCard's `step` also builds the next "
        "player's observation, which the raw Tapete loop does not ask for (`view` is not called).",
        "",
        "Policies (of the bench's driver; the rules and the checks are the same in every row): "
        "*random-agent* is RLCard's random agent transposed: uniform among the card plays (a wild once "
        "per colour), `draw` only when no card can be played (which also takes a pending +2/+4), the drawn "
        "card played when it can be, else `pass`; no última call, nobody acts out of turn. "
        "*easy* is Tapete's easy bot (sheds rather than draws 85% of the time when it can, calls and "
        "denounces now and then). *uniform* picks uniformly among all the legal actions of the seat to "
        "move (in Chúpate 2 `draw` is always legal, so it draws far more). Rules differ too: RLCard has "
        "no stacking, no +4 challenge, no última call and no draw-then-play (a drawn card that matches is "
        "played by the engine in the same step, so its games count fewer actions); it validates nothing "
        "in `step`.",
        "Reproduce: `make bench-engines` or `python3 bench/engines.py`.",
    ]
    table = "\n".join(lines)
    print(table)
    if not args.no_write:
        write_section("engines", table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
