#!/usr/bin/env python3
"""The bot lab in headless Chromium: how long the lab's Web Worker takes to start its Python, how fast
it plays a student's games, and the page's longest task meanwhile; the same games in this CPython as the
reference, in the same run. Hints: the time of ``explain`` (the hard bot's move and its ideas) per game
in CPython, with the hard bot's own ``choose`` on the same decisions as the reference.

Boots the built page (dist/, served on loopback), imports static/js/lab.mjs as the lab's screen does,
times ``ready()`` (the worker's Pyodide and tapete.zip), then ``run()`` of each game's English template
against easy (one against three) on seeds from 0. Writes docs/benchmarks.md between <!-- lab:start -->
and <!-- lab:end -->.

    .venv/bin/python bench/lab.py [--games 200] [--no-write]
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from _common import ROOT, machine, machine_lines, write_section

sys.path.insert(0, str(ROOT / "tests" / "browser"))

GAMES = ("chupate", "taki", "francesa", "dos", "skypo")

SETUP = """async () => {
  window.__lab = await window.tapeteImport(new URL('static/js/lab.mjs', location.href).href);
  window.__longtasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longtasks.push(e.duration);
  }).observe({type: 'longtask', buffered: false});
  const started = performance.now();
  await window.__lab.ready();
  return (performance.now() - started) / 1000;
}"""

RUN = """async (params) => {
  window.__longtasks.length = 0;
  const started = performance.now();
  const result = await window.__lab.run(params);
  return {seconds: (performance.now() - started) / 1000, share: result.share, played: result.played,
          error: result.error, longest: Math.max(0, ...window.__longtasks), long: window.__longtasks.length};
}"""


def pct(values: list, q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


def hint_times(decisions: int) -> dict:
    """{game: (explain seconds, choose seconds)} over the hard bot's decisions of seeded games."""
    from tapete.bots import make_bot
    from tapete.bots.explain import _clone_bot, explain
    from tapete.core import get
    from tapete.sim import step

    out = {}
    for game_id in GAMES:
        game, spent, plain = get(game_id), [], []

        class Timed:
            needs_view = True

            def __init__(self):
                self.bot = make_bot("hard", game_id)

            def choose(self, view, legal, must_act, rng):
                if must_act and len(spent) < decisions:
                    twin = random.Random()
                    twin.setstate(rng.getstate())
                    copy = _clone_bot(self.bot)
                    start = time.perf_counter()
                    explain(game_id, view, legal, twin, bot=copy)
                    spent.append(time.perf_counter() - start)
                    twin.setstate(rng.getstate())
                    copy = _clone_bot(self.bot)
                    start = time.perf_counter()
                    copy.choose(view, legal, must_act, twin)
                    plain.append(time.perf_counter() - start)
                return self.bot.choose(view, legal, must_act, rng)

        seed = 0
        while len(spent) < decisions and seed < 50:
            state, rng = game.new(4, seed, {"quick": True} if game_id == "chupate" else {}), random.Random(seed)
            seats = [Timed()] + [make_bot("medium", game_id) for _ in range(3)]
            for _ in range(3000):
                if state["over"] or len(spent) >= decisions:
                    break
                step(game, state, seats, rng)
            seed += 1
        out[game_id] = (spent, plain)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--decisions", type=int, default=300, help="hard decisions timed for the hints")
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    from local_site import CHROMIUM, CHROMIUM_ARGS, server_url, start_server
    from playwright.sync_api import sync_playwright

    from tapete.lab import run, template

    m = machine()
    server = start_server(ROOT / "dist")
    rows = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_context(service_workers="block").new_page()
            page.set_default_timeout(600_000)
            page.goto(server_url(server))
            page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=180_000)
            ready = page.evaluate(SETUP)
            for game_id in GAMES:
                code = template(game_id, "en")
                params = {"game": game_id, "level": "easy", "code": code, "games": args.games}
                got = page.evaluate(RUN, params)
                start = time.perf_counter()
                ref = run(game_id, "easy", code, games=args.games)
                cpython = time.perf_counter() - start
                assert got["error"] is None and got["share"] == ref["share"], (game_id, got, ref["share"])
                rows.append((game_id, got, cpython))
                print(game_id, got, f"CPython {cpython:.2f} s", file=sys.stderr, flush=True)
            browser.close()
    finally:
        server.shutdown()
    hints = hint_times(args.decisions)
    lines = ["The bot lab (docs/bots-lab.md) in headless Chromium: the built page booted, static/js/lab.mjs "
             "imported as the lab's screen does, the worker's Python started (`ready()`), then each game's "
             f"English template against easy, one against three, {args.games} games on seeds from 0, in the "
             "worker; the same games in CPython in the same run (the shares are equal). \"Page's longest task\": "
             "the longest main-thread task (PerformanceObserver `longtask`, over 50 ms) during the run.", "",
             *machine_lines(m), "", f"- the worker's Python start (`ready()`: Pyodide, its stdlib, tapete.zip): "
             f"{ready:.2f} s", "",
             "| game | games | share | in the worker (s) | ms per game | CPython (s) | worker / CPython | page's longest task |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |"]
    for game_id, got, cpython in rows:
        longest = "none over 50 ms" if not got["long"] else f"{got['longest']:.0f} ms ({got['long']} tasks)"
        lines.append(f"| {game_id} | {got['played']} | {100 * got['share']:.1f}% | {got['seconds']:.2f} | "
                     f"{1000 * got['seconds'] / got['played']:.1f} | {cpython:.2f} | {got['seconds'] / cpython:.1f}x | "
                     f"{longest} |")
    lines += ["", "Hints (`tapete.bots.explain.explain`, CPython): the time of one hint against the hard bot's own "
              f"`choose` on the same decisions (the hard seat of seeded games against medium, up to {args.decisions} "
              "decisions a game). A hint decides again once per weighed idea (and per tie sample); "
              "`explain_steps` yields between ideas, so a page runs it in slices.", "",
              "| game | decisions | hint p50 (ms) | hint p95 (ms) | hint max (ms) | choose p50 (ms) | choose p95 (ms) |",
              "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for game_id, (spent, plain) in hints.items():
        lines.append(f"| {game_id} | {len(spent)} | {1000 * pct(spent, .5):.2f} | {1000 * pct(spent, .95):.2f} | "
                     f"{1000 * max(spent):.1f} | {1000 * pct(plain, .5):.2f} | {1000 * pct(plain, .95):.2f} |")
    lines += ["", "Reproduce: `.venv/bin/python bench/lab.py` (`--games N`, `--decisions N`; needs a built dist/)."]
    table = "\n".join(lines)
    print(table)
    if not args.no_write:
        write_section("lab", table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
