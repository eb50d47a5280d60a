#!/usr/bin/env python3
"""Watchers over real WebRTC (issue 32): a move -> a watcher page's frame and -> a player page's frame,
and the host's own click -> frame with and without watchers, in one room.

Everything real and on loopback, as bench/p2p.py: the relay of tests/relay.py, the built dist/, Debian's
headless Chromium with the browser tests' flags, every page in its own context,
``?relay=<loopback>&ice=none&bot_delay=0``. One room of Chúpate 2 with a French deck (``francesa``:
five seats): the host and ``--players`` guests (by the link) play by clicks (tests/browser/clicks.py),
one page at a time; ``--watchers`` pages open the watcher link. No app code is changed: an init script
in every page records, in wall-clock milliseconds (``performance.timeOrigin + performance.now()``, one
clock for every page of the machine), each click on the table and when each table version first
appeared in its DOM (MutationObserver).

Two phases on the same pages: first watching is **closed** (the host's "Close watching": no watcher),
then it is opened and every watcher page presses "Watch again". Per move, from the mover's click:

  player view   another player page first shows the move's version (or a later one)
  watcher view  a watcher page first shows it (phase 2)
  host frame    the host's own click -> its own table's new version (the host's moves), per phase
  CPU per move  the CPU time every process of the browser spent over the phase (Chromium's
                SystemInfo.getProcessInfo), per move: the pages' renderers, and the whole browser;
                divided by the cores it is how long this machine needs at best to draw one move
                everywhere, a floor under the slowest page's latency

Writes docs/benchmarks.md between <!-- watchers-browser:start --> and <!-- watchers-browser:end -->.

    .venv/bin/python bench/watchers_browser.py [--players 4] [--watchers 8] [--moves 24] [--section NAME] [--no-write]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "browser"))
from _common import ROOT, machine, machine_lines, write_section  # noqa: E402
from clicks import take_francesa_turn  # noqa: E402
from local_site import CHROMIUM, CHROMIUM_ARGS, server_url, start_server  # noqa: E402
from relay import start_relay  # noqa: E402

DIST = ROOT / "dist"
BOOT_TIMEOUT_MS = 180_000
PROBE = """
(() => {
  const now = () => performance.timeOrigin + performance.now();
  const w = window.__w = {seen: {}, clicks: []};
  document.addEventListener("click", (e) => {
    const t = document.querySelector("[data-testid=table]");
    if (t) w.clicks.push([now(), Number(t.dataset.version)]);
  }, true);
  const check = () => {
    const t = document.querySelector("[data-testid=table]");
    if (t && !(t.dataset.version in w.seen)) w.seen[t.dataset.version] = now();
  };
  new MutationObserver(check).observe(document, {subtree: true, childList: true, attributes: true});
})();
"""
READY_OR_ERROR = """() => {
  if (document.documentElement.dataset.ready === "1") return "ready";
  const box = document.querySelector('[data-testid="boot-error"]');
  return box && !box.hidden ? "error" : false;
}"""
SEATED = "() => JSON.parse(window.tapeteRoomDebug()).seat !== null"


def pct(xs: list[float], p: float) -> float:
    s = sorted(xs)
    k = max(0, min(len(s) - 1, int(-(-p * len(s) // 100)) - 1))
    return s[k]


def boot(browser, url: str):
    ctx = browser.new_context(locale="es-ES")
    ctx.grant_permissions(["microphone"])
    ctx.add_init_script(PROBE)
    page = ctx.new_page()
    page.goto(url)
    if page.wait_for_function(READY_OR_ERROR, timeout=BOOT_TIMEOUT_MS, polling=200).json_value() == "error":
        raise RuntimeError("boot failed: " + page.get_by_test_id("boot-error").inner_text())
    return ctx, page


def play(host, pages: list, max_moves: int) -> int:
    """Up to ``max_moves`` moves by clicks, one page at a time (the page whose seat has the turn);
    stops at the round's end."""
    moves = 0
    deadline = time.monotonic() + 120 + 20 * max_moves
    while moves < max_moves and time.monotonic() < deadline:
        if host.get_attribute('[data-testid="table"]', "data-phase") in ("round_over", "game_over"):
            break
        moved = False
        for seat, page in enumerate(pages):
            table = page.query_selector('[data-testid="table"]')
            if table is None:
                continue
            if table.get_attribute("data-turn") == str(seat) and \
                    table.get_attribute("data-phase") not in ("round_over", "game_over"):
                take_francesa_turn(page, 60_000)
                moved = True
                moves += 1
                if moves >= max_moves:
                    break
        if not moved:
            host.wait_for_timeout(20)
    host.wait_for_timeout(1500)           # let the last frames land on every page
    return moves


def latencies(pages: list, watchers: list, since: dict) -> dict:
    """Per move (a click on a player page after ``since[page index]`` clicks): the mover's new version,
    then when every other page first showed it (or a later one)."""
    data = [p.evaluate("window.__w") for p in pages]
    wdata = [w.evaluate("window.__w") for w in watchers]
    out = {"player": [], "watcher": [], "host": []}
    for i, d in enumerate(data):
        clicks = d["clicks"][since.get(i, 0):]
        for k, (at, v0) in enumerate(clicks):
            after = sorted(int(v) for v, t in d["seen"].items() if int(v) > v0 and t >= at)
            if not after:
                continue
            v1 = after[0]
            if k + 1 < len(clicks) and clicks[k + 1][0] < d["seen"][str(v1)]:
                continue                      # a click that moved nothing itself (a chooser's first half)
            if i == 0:
                out["host"].append(d["seen"][str(v1)] - at)
            for j, other in enumerate(data):
                if j != i:
                    shown = [t for v, t in other["seen"].items() if int(v) >= v1 and t >= at]
                    if shown:
                        out["player"].append(min(shown) - at)
            for other in wdata:
                shown = [t for v, t in other["seen"].items() if int(v) >= v1 and t >= at]
                if shown:
                    out["watcher"].append(min(shown) - at)
    return out


def cpu_seconds(browser) -> dict:
    """CPU time so far of this browser's processes (Chromium's SystemInfo.getProcessInfo), by type."""
    cdp = browser.new_browser_cdp_session()
    try:
        infos = cdp.send("SystemInfo.getProcessInfo")["processInfo"]
    finally:
        cdp.detach()
    out: dict = {}
    for info in infos:
        out[info["type"]] = out.get(info["type"], 0.0) + info["cpuTime"]
    return out


def cpu_per_move(before: dict, after: dict, moves: int) -> dict:
    """Milliseconds of CPU per move: every renderer (the pages) and the whole browser."""
    spent = {kind: after.get(kind, 0.0) - before.get(kind, 0.0) for kind in after}
    return {"renderers": 1000 * spent.get("renderer", 0.0) / max(moves, 1),
            "all": 1000 * sum(spent.values()) / max(moves, 1)}


def run(browser, base: str, relay_url: str, players: int, watchers: int, moves: int) -> dict:
    query = f"?relay={relay_url}&ice=none&bot_delay=0&debug_room=1"
    contexts = []
    try:
        ctx, host = boot(browser, base + query)
        contexts.append(ctx)
        host.click('[data-testid="game-francesa"]')
        host.fill('[data-testid="room-name"]', "Ana")
        host.click('[data-testid="btn-create-room"]')
        host.wait_for_selector('[data-testid="lobby"] [data-testid="lobby-seat-0"]', timeout=60_000)
        link = host.input_value('[data-testid="room-link"]')
        seated = {}
        t0 = time.monotonic()
        for _ in range(players):
            ctx, guest = boot(browser, link)
            contexts.append(ctx)
            guest.wait_for_function(SEATED, timeout=120_000, polling=200)
            seated[guest.evaluate("() => JSON.parse(window.tapeteRoomDebug()).seat")] = guest
        watch_pages = []
        for _ in range(watchers):
            ctx, page = boot(browser, f"{base}{query}#{link.split('#', 1)[1]}&watch=1")
            contexts.append(ctx)
            page.wait_for_selector('[data-testid="watch-lobby"]', timeout=120_000)
            watch_pages.append(page)
        host.wait_for_selector(f'[data-testid="watcher-count"][data-count="{watchers}"]', timeout=120_000)
        booted = time.monotonic() - t0
        host.click('[data-testid="btn-watching"]')               # phase 1: watching closed
        host.wait_for_selector('[data-testid="watcher-count"][data-watching="0"]', timeout=30_000)
        for page in watch_pages:
            page.wait_for_selector('[data-testid="btn-watch-again"]', timeout=60_000)
        host.click('[data-testid="btn-start-room"]')
        pages = [host] + [seated[s] for s in sorted(seated)]
        for page in pages:
            page.wait_for_selector('[data-testid="table"]', timeout=120_000)
        cpu0 = cpu_seconds(browser)
        moved_closed = play(host, pages, moves)
        cpu_closed = cpu_per_move(cpu0, cpu_seconds(browser), moved_closed)
        closed = latencies(pages, [], {})
        host.click('[data-testid="btn-watching"]')               # phase 2: every watcher back
        host.wait_for_selector('[data-testid="watcher-count"][data-watching="1"]', timeout=30_000)
        for page in watch_pages:
            page.click('[data-testid="btn-watch-again"]')
        host.wait_for_selector(f'[data-testid="watcher-count"][data-count="{watchers}"]', timeout=60_000)
        for page in watch_pages:
            page.wait_for_selector('[data-testid="table"]', timeout=60_000)
        host.wait_for_timeout(3000)          # every page settles after the watchers' arrival (a one-off, not per move)
        marks = {i: len(p.evaluate("window.__w.clicks")) for i, p in enumerate(pages)}   # (not Allow watching's click)
        cpu0 = cpu_seconds(browser)
        moved_open = play(host, pages, moves)
        cpu_open = cpu_per_move(cpu0, cpu_seconds(browser), moved_open)
        opened = latencies(pages, watch_pages, marks)
        return {"closed": closed, "open": opened, "moves": (moved_closed, moved_open), "booted_s": booted,
                "cpu": (cpu_closed, cpu_open)}
    finally:
        for ctx in contexts:
            try:
                ctx.close()
            except Exception:  # noqa: BLE001
                pass


def cell(xs: list[float]) -> str:
    return f"{pct(xs, 50):.0f} / {pct(xs, 95):.0f} ({len(xs)})" if xs else "—"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=4, help="guest pages seated (francesa: at most 4)")
    ap.add_argument("--watchers", type=int, default=8)
    ap.add_argument("--moves", type=int, default=24, help="moves per phase")
    ap.add_argument("--section", default="watchers-browser", help="the docs/benchmarks.md section to write")
    ap.add_argument("--no-write", action="store_true")
    args = ap.parse_args()
    m = machine()
    server = start_server(DIST)
    base = server_url(server)
    relay = start_relay(Path(tempfile.mkdtemp(prefix="tapete-relay-")) / "relay")
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                got = run(browser, base, relay.url, args.players, args.watchers, args.moves)
            finally:
                browser.close()
    finally:
        relay.stop()
        server.shutdown()
    cores = os.cpu_count() or 1
    cpu = [f"{c['renderers']:.0f} / {c['all']:.0f} ({c['all'] / cores:.0f})" for c in got["cpu"]]
    rows = ["| phase | moves | move → player view p50 / p95 ms (n) | move → watcher view p50 / p95 ms (n) | host click → own frame p50 / p95 ms (n) | CPU per move: pages / whole browser ms (÷ cores) |",
            "| --- | ---: | --- | --- | --- | --- |",
            f"| watching closed (0 watchers) | {got['moves'][0]} | {cell(got['closed']['player'])} | — | {cell(got['closed']['host'])} | {cpu[0]} |",
            f"| {args.watchers} watchers | {got['moves'][1]} | {cell(got['open']['player'])} | {cell(got['open']['watcher'])} | {cell(got['open']['host'])} | {cpu[1]} |"]
    print("\n".join(rows), flush=True)
    for phase in ("closed", "open"):                 # the raw figures, in move order (where the tail is)
        for kind, xs in got[phase].items():
            print(phase, kind, " ".join(f"{x:.0f}" for x in xs), flush=True)
    body = "\n".join([
        f"Over real WebRTC (`bench/watchers_browser.py`): one room of the French-deck game, the host and "
        f"{args.players} guest pages playing by clicks, {args.watchers} watcher pages, {1 + args.players + args.watchers} "
        f"Chromium pages with Pyodide on this machine; the same room and pages with watching closed, then open "
        f"(pages booted and seated in {got['booted_s']:.0f} s). n counts (move, receiving page) pairs.", "",
        *machine_lines(m), "", *rows])
    if not args.no_write:
        write_section(args.section, body)
    return 0


if __name__ == "__main__":
    sys.exit(main())
