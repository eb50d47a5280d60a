#!/usr/bin/env python3
"""Bot decision time in Pyodide, in headless Chromium: the same bots as the app, in the browser's Python.

Serves dist/ on loopback with one extra page that loads the vendored Pyodide, unpacks tapete.zip and
plays seeded bot games (two seats hard, two medium; two easy against two medium for the easy level;
Skypo the same), timing every ``choose`` with ``time.perf_counter`` inside the page (and, for a bot that
thinks in slices, the longest slice of its ``think``). The same code runs
under this CPython right after, on the same seeds, for the ratio. Writes docs/benchmarks.md between
<!-- bots-browser:start --> and <!-- bots-browser:end -->.

    .venv/bin/python bench/bots_browser.py [--games 20] [--no-write]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from _common import ROOT, machine, machine_lines, write_section

sys.path.insert(0, str(ROOT / "tests" / "browser"))

# Runs in the page (Pyodide) and in CPython: returns {game: {level: [seconds, ...]}}.
TIMING = r'''
import copy, json, random, time
from tapete.bots import make_bot
from tapete.core import get
from tapete.sim import step

TRIALS = 3
OPTIONS = {"chupate": {"quick": True}, "skypo": {}, "francesa": {}, "dos": {}, "taki": {}}

class Clock:
    def __init__(self, bot, times, slices):
        self.bot, self.times, self.slices, self.needs_view = bot, times, slices, bot.needs_view
    def choose(self, view, legal, must_act, rng):
        best = None
        for _ in range(TRIALS):          # on copies (bot memory, generator): the least time of the trials
            bot, twin = copy.deepcopy(self.bot), random.Random()
            twin.setstate(rng.getstate())
            start = time.perf_counter()
            bot.choose(copy.deepcopy(view), legal, must_act, twin)
            spent = time.perf_counter() - start
            best = spent if best is None else min(best, spent)
        self.times.append(best)
        if hasattr(self.bot, "think"):   # a bot that thinks in slices: the longest task it gives the page
            bot, twin = copy.deepcopy(self.bot), random.Random()
            twin.setstate(rng.getstate())
            thinking, longest = bot.think(copy.deepcopy(view), legal, must_act, twin), 0.0
            while True:
                start = time.perf_counter()
                try:
                    next(thinking)
                except StopIteration:
                    self.slices.append(max(longest, time.perf_counter() - start))
                    break
                longest = max(longest, time.perf_counter() - start)
        return self.bot.choose(view, legal, must_act, rng)

def bot_times(games):
    out = {}
    for game_id, options in OPTIONS.items():
        game, times, slices = get(game_id), {}, {}
        for seed in range(games):
            levels = ["hard", "medium"] * 2 if seed % 2 == 0 else ["easy", "medium"] * 2
            seats = [Clock(make_bot(lv, game_id), times.setdefault(lv, []), slices.setdefault(lv, []))
                     for lv in levels]
            state, rng = game.new(4, seed, options), random.Random(seed)
            for _ in range(20000):
                if state["over"]:
                    break
                step(game, state, seats, rng)
        out[game_id] = times
        out[game_id + "/slices"] = {level: values for level, values in slices.items() if values}
    return json.dumps(out)
'''

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>bot timing</title><link rel="icon" href="data:,"></head>
<body><pre id="out"></pre>
<script type="module">
import { loadPyodide } from "./static/vendor/pyodide/pyodide.mjs";
const py = await loadPyodide({ indexURL: new URL("./static/vendor/pyodide/", location.href).href });
const zip = await (await fetch("./tapete.zip")).arrayBuffer();
py.unpackArchive(zip, "zip");
window.runTiming = (code, games) => { py.runPython(code); return py.globals.get("bot_times")(games); };
document.documentElement.dataset.ready = "1";
</script></body></html>
"""


def pct(values: list, q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def ratio(page: float, cpython: float) -> str:
    """Pyodide over CPython, or "-" when the page's clock (0.1 ms steps) cannot tell."""
    return f"{page / cpython:.1f}×" if page >= 0.0002 and cpython > 0 else "-"


def main() -> int:
    from playwright.sync_api import sync_playwright
    from local_site import CHROMIUM, CHROMIUM_ARGS, server_url, start_server

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py"), "-q"], check=True)
    with tempfile.TemporaryDirectory(prefix="tapete-bench-bots-") as tmp:
        site = Path(tmp) / "site"
        shutil.copytree(ROOT / "dist", site, copy_function=os.link)
        (site / "timing.html").write_text(PAGE)
        server = start_server(site)
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                page = browser.new_page()
                page.goto(server_url(server) + "timing.html")
                page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=120_000)
                page.set_default_timeout(3_600_000)
                version = page.evaluate("navigator.userAgent")
                in_page = json.loads(page.evaluate("([code, games]) => window.runTiming(code, games)",
                                                   [TIMING, args.games]))
                browser.close()
        finally:
            server.shutdown()
            server.server_close()
    scope: dict = {}
    exec(TIMING, scope)                 # the same code under this CPython, same seeds
    in_cpython = json.loads(scope["bot_times"](args.games))
    chrome = next((w for w in version.split() if w.startswith(("HeadlessChrome/", "Chrome/"))), version)
    lines = [f"Every bot decision of {args.games} seeded 4-player games per game (even seeds: two hard "
             "against two medium; odd seeds: two easy against two medium), timed with `time.perf_counter` "
             f"around `choose`, in Pyodide inside headless Chromium ({chrome}) and then under CPython on "
             "the same seeds. Page clocks are coarsened to 0.1 ms (no cross-origin isolation).", "",
             *machine_lines(machine()), "",
             "| game | level | decisions | Pyodide p50 (ms) | p95 (ms) | max (ms) | CPython p95 (ms) | ratio p95 |",
             "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for game_id, levels in in_page.items():
        if game_id.endswith("/slices"):
            continue
        for level in ("easy", "medium", "hard"):
            t = levels.get(level) or []
            c = in_cpython[game_id].get(level) or []
            if not t:
                continue
            lines.append(f"| {game_id} | {level} | {len(t):,} | {1000 * pct(t, .5):.3f} | {1000 * pct(t, .95):.3f} | "
                         f"{1000 * max(t):.2f} | {1000 * pct(c, .95):.3f} | {ratio(pct(t, .95), pct(c, .95))} |")
    sliced = [(key.split("/")[0], level, values) for key, levels in in_page.items() if key.endswith("/slices")
              for level, values in levels.items()]
    if sliced:
        lines += ["", "Bots that think in slices (`think`: the page paints and takes input between them): the "
                  "longest slice of each decision, the longest task such a bot gives the page (Pyodide):", "",
                  "| game | level | decisions | longest slice p50 (ms) | p95 (ms) | max (ms) |",
                  "| --- | --- | ---: | ---: | ---: | ---: |"]
        for game_id, level, t in sliced:
            lines.append(f"| {game_id} | {level} | {len(t):,} | {1000 * pct(t, .5):.3f} | {1000 * pct(t, .95):.3f} | "
                         f"{1000 * max(t):.2f} |")
    lines += ["", "Reproduce: `.venv/bin/python bench/bots_browser.py --games 20`."]
    table = "\n".join(lines)
    print(table)
    if not args.no_write:
        write_section("bots-browser", table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
