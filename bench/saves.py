#!/usr/bin/env python3
"""Cost of saving a game against bots after every update (tapete.ui.saves), under CPython.

For each game: one long 4-player game played by easy bots (Chúpate 2 to 500 points, the others with
their sheet's target), a save written every 25 actions. Reported: the largest save in bytes, and the
worst time of ``saves.snapshot`` (done after every update in the page) and of ``saves.parse`` (done when
the picker shows), next to the reference measured on the same states in the same run:
``Game.to_json`` + ``Game.from_json`` (the engine's own round trip, which a save cannot avoid).
Pyodide runs pure Python 1.5–2× slower (FACTS.md). Writes docs/benchmarks.md between
<!-- saves:start --> and <!-- saves:end -->.

    python3 bench/saves.py [--no-write]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from _common import machine, machine_lines, write_section

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from tapete.net import Host, SeatSpec  # noqa: E402
from tapete.ui import saves  # noqa: E402

GAMES = {"chupate": {"quick": False, "target": 500}, "skypo": None, "francesa": None, "taki": None, "dos": None}
EVERY = 25


def timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


def measure(game: str, options: dict | None) -> dict:
    seats = [SeatSpec("You", player="p1")] + [SeatSpec(f"Bot {i}", bot="easy") for i in (1, 2, 3)]
    host = Host(game, seats, 3, options)
    host.bots[0] = host.bots[1]           # seat 0 plays as a bot too, so the game runs by itself
    worst = {"bytes": 0, "snapshot": 0.0, "parse": 0.0, "ref": 0.0}
    actions = 0
    while not host.state["over"] and actions < 20_000 and host.bot_step():
        actions += 1
        if actions % EVERY or host.state["over"]:
            continue
        host.seats[0].bot = None
        text = saves.snapshot(host, "easy")
        worst["bytes"] = max(worst["bytes"], len(text))
        worst["snapshot"] = max(worst["snapshot"], min(timed(lambda: saves.snapshot(host, "easy")) for _ in range(3)))
        worst["parse"] = max(worst["parse"], min(timed(lambda: saves.parse(text, game, "p1")) for _ in range(3)))
        worst["ref"] = max(worst["ref"], min(timed(lambda: host.game.from_json(host.game.to_json(host.state)))
                                             for _ in range(3)))
        host.seats[0].bot = "easy"
    return {"actions": actions, **worst}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--no-write", action="store_true")
    args = ap.parse_args()
    m = machine()
    rows = ["| game | actions | largest save | snapshot (worst) | parse (worst) | reference: to_json + from_json |",
            "| --- | --- | --- | --- | --- | --- |"]
    for game, options in GAMES.items():
        r = measure(game, options)
        rows.append(f"| {game} | {r['actions']} | {r['bytes'] / 1024:.1f} KiB | {r['snapshot']:.2f} ms "
                    f"| {r['parse']:.2f} ms | {r['ref']:.2f} ms |")
    body = "\n".join(["## Saving games against bots (bench/saves.py)", "",
                      *machine_lines(m), "",
                      "One 4-player game per engine played by easy bots (Chúpate 2 to 500 points), a save every "
                      f"{EVERY} actions; worst of the per-save best-of-3 times, CPython. The page saves after every "
                      "update (`snapshot` + `localStorage.setItem`) and parses only when the picker shows.", "",
                      *rows])
    print(body)
    if not args.no_write:
        write_section("saves", body)
    return 0


if __name__ == "__main__":
    sys.exit(main())
