#!/usr/bin/env python3
"""Log patch benchmark (issue 9): what re-rendering and patching the move log costs per update, for the
whole round newest first (the log before) against the newest ``LOG_SHOWN`` moves (the log now).

The log of one seeded Super Taki game (three seats, easy bots: one round of ~260 moves) is rendered by
``tapete.ui.log.render_log`` after each move; for a log of N moves, the 40 updates before N are patched
one after another with the vendored morphdom (the app's keys and skip rule) into a page in headless
Chromium (Debian's, the tests' flags), each followed by a forced layout, and timed. Also timed under
CPython: ``render_log`` itself per update (its sentences said at render, or kept by ``say_new``).
Each figure is the median over ``--repeats`` runs, with the lowest and highest run in brackets.

Writes the table into docs/benchmarks.md between <!-- log-patch:start --> and <!-- log-patch:end -->.
Usage: .venv/bin/python bench/log_patch.py [--repeats 5] [--no-write]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT / "bench"))
from local_site import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from _common import machine, machine_lines, write_section  # noqa: E402

from tapete.bots import EasyBot  # noqa: E402  (bench/_common puts py/ on the path)
from tapete.net import Host, LocalSession, SeatSpec  # noqa: E402
from tapete.ui import log, tables  # noqa: E402

SIZES = (50, 150, 250)
STEPS = 40                      # updates patched (and timed) before each size
MORPHDOM = ROOT / "node_modules" / "morphdom" / "dist" / "morphdom-umd.min.js"
PATCH = """([htmls]) => {
  const root = document.getElementById('r');
  const key = (n) => n.nodeType === 1 ? (n.getAttribute('data-key') || n.id || undefined) : undefined;
  const opts = {childrenOnly: true, getNodeKey: key, onBeforeElUpdated: (f, t) => !f.isEqualNode(t)};
  root.innerHTML = htmls[0];
  document.body.offsetHeight;
  const out = [];
  for (const html of htmls.slice(1)) {
    const t0 = performance.now();
    morphdom(root, '<div>' + html + '</div>', opts);
    document.body.offsetHeight;
    out.push(performance.now() - t0);
  }
  return out;
}"""
PAGE = "<style>.log{max-height:8.5em;overflow:auto;font:14px sans-serif}</style><div id=r></div>"


def taki_round() -> tuple[list[list[dict]], list[dict]]:
    """The log after every update of one Super Taki game, seen from seat 0, and those updates."""
    got: list[dict] = []
    host = Host("taki", [SeatSpec("Ana", player="p"), SeatSpec("Bea", bot="easy"), SeatSpec("Carlos", bot="easy")], 5)
    session = LocalSession(host, "p", got.append)
    rng = random.Random(2)
    logs, updates, moves = [], [], []
    while not host.state["over"]:
        if host.bot_pending():
            host.bot_step()
        else:
            u = session.last
            session.send(EasyBot().choose(u["view"], u["legal"], True, rng) or u["legal"][0])
        while got:
            u = got.pop(0)
            moves = log.record(moves, u["events"])
            logs.append(moves)
            updates.append(u)
    return logs, updates


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def spread(runs: list[float]) -> str:
    return f"{statistics.median(runs):.2f} [{min(runs):.2f}–{max(runs):.2f}]"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--no-write", action="store_true")
    args = ap.parse_args()
    m = machine()
    text = tables.table_for("taki").event_text
    logs, updates = taki_round()
    whole, now = 10 ** 6, log.LOG_SHOWN
    rows = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.set_content(PAGE)
        page.add_script_tag(path=str(MORPHDOM))
        for size in SIZES:
            if size >= len(logs):
                continue
            span = range(size - STEPS - 1, size)
            for label, shown in (("whole round, newest first (before)", whole), (f"newest {now} (now)", now)):
                log.LOG_SHOWN = shown
                htmls = [log.render_log(logs[i], "es", updates[i], text) for i in span]
                p50s, p95s, py_said, py_kept = [], [], [], []
                for _ in range(args.repeats):
                    times = page.evaluate(PATCH, [htmls])
                    p50s.append(pct(times, .5))
                    p95s.append(pct(times, .95))
                    fresh = [[dict(e) for e in logs[i]] for i in span]       # nothing said yet
                    t0 = time.perf_counter()
                    for i, entries in zip(span, fresh):
                        log.render_log(entries, "es", updates[i], text)
                    py_said.append((time.perf_counter() - t0) * 1000 / len(span))
                    for i, entries in zip(span, fresh):
                        log.say_new(entries, updates[i], "es", text)
                    t0 = time.perf_counter()
                    for i, entries in zip(span, fresh):
                        log.render_log(entries, "es", updates[i], text)
                    py_kept.append((time.perf_counter() - t0) * 1000 / len(span))
                log.LOG_SHOWN = now
                rows.append((size, label, spread(p50s), spread(p95s), spread(py_said), spread(py_kept)))
                print(rows[-1], flush=True)
        browser.close()
    lines = [f"Log patch (bench/log_patch.py): one Super Taki game of {len(logs[-1])} moves in one round "
             f"(seed 5, three seats), {STEPS} updates patched per size, {args.repeats} runs: median [lowest–highest].",
             *machine_lines(m), "",
             "| moves in the round | log rendered | patch + layout p50 (ms) | p95 (ms) "
             "| render_log, CPython, sentences said at render (ms) | … sentences kept by say_new (ms) |",
             "| --- | --- | --- | --- | --- | --- |"]
    lines += [f"| {r[0]} | {r[1]} | {r[2]} | {r[3]} | {r[4]} | {r[5]} |" for r in rows]
    body = "\n".join(lines)
    print(body)
    if not args.no_write:
        write_section("log-patch", "## Log patch\n\n" + body)


if __name__ == "__main__":
    main()
