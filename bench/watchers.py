#!/usr/bin/env python3
"""The host's cost of watchers (tapete.net.watch), under CPython: time per move with 0, 8 and 16 watchers.

One room per game (the host's seat and 3 easy bots: 4 players), the same seeded games for every watcher
count; watchers are transports on a MemoryHub that drop what they get, so what is timed is the host's
work per move: the engine's move, the updates of its seats and, for watchers, one view for no seat,
one serialisation and a send each. The 0-watcher run is the reference, measured in the same run on the
same moves. Pyodide runs pure Python 1.5–2× slower (FACTS.md); the network (WebRTC) is not in these
figures (bench/p2p.py measures a move → another page's frame). Writes docs/benchmarks.md between
<!-- watchers:start --> and <!-- watchers:end -->.

    python3 bench/watchers.py [--games 3] [--no-write]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

from _common import machine, machine_lines, write_section

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from tapete.bots import EasyBot  # noqa: E402
from tapete.net import MemoryHub, RoomHost  # noqa: E402

GAMES = {"chupate": {"quick": True}, "skypo": {}, "francesa": {}, "taki": {}, "dos": {}}
COUNTS = (0, 8, 16)


def moves_ms(game: str, options: dict, watchers: int, seed: int) -> list[float]:
    hub = MemoryHub()
    room = RoomHost(hub.join("host"), game, "host-player", "Ana", seats=4, options=options, seed=seed, rate=None)
    for _ in range(3):
        room.add_bot("easy")
    for i in range(watchers):
        peer = f"w{i}"
        hub.join(peer).start()                       # a watcher page that drops what it gets
        room._on_message(peer, json.dumps({"v": 1, "type": "watch"}))
    assert room.watcher_count == watchers
    session = room.start(lambda message: None)
    host, rng, times = room.host, random.Random(seed), []
    while not host.state["over"] and len(times) < 3000:
        if host.bot_pending():
            start = time.perf_counter()
            host.bot_step()
        else:
            update = session.last
            action = EasyBot().choose(update["view"], update["legal"], True, rng) or update["legal"][0]
            start = time.perf_counter()
            session.send(action)
        times.append((time.perf_counter() - start) * 1000)
    return times


def pct(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100)[int(q) - 1] if len(values) > 1 else values[0]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3, help="seeded games per game and watcher count")
    ap.add_argument("--no-write", action="store_true")
    args = ap.parse_args()
    m = machine()
    rows = ["| game | moves | 0 watchers p50 / p95 (ms) | 8 watchers p50 / p95 | 16 watchers p50 / p95 | 16 vs 0 (p50) |",
            "| --- | --- | --- | --- | --- | --- |"]
    for game, options in GAMES.items():
        got = {n: [] for n in COUNTS}
        for seed in range(1, args.games + 1):
            for n in COUNTS:                          # interleaved: the same load for every count
                got[n] += moves_ms(game, options, n, seed)
        cells = [f"{pct(got[n], 50):.2f} / {pct(got[n], 95):.2f}" for n in COUNTS]
        ratio = pct(got[16], 50) / pct(got[0], 50)
        rows.append(f"| {game} | {len(got[0])} | " + " | ".join(cells) + f" | {ratio:.1f}× |")
        print(rows[-1], flush=True)
    body = "\n".join(["Host CPU per move (CPython; `bench/watchers.py`, the host's seat and 3 easy bots, "
                      f"{args.games} seeded games per game, the same moves for each watcher count):", "",
                      *machine_lines(m), "", *rows])
    if not args.no_write:
        write_section("watchers", body)
    return 0


if __name__ == "__main__":
    sys.exit(main())
