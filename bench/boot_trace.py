#!/usr/bin/env python3
"""Where the boot's time goes, app (through PyScript) against the direct reference: Chrome traces.

Loads dist/index.html and the reference page (bench/boot.py's direct.html) cold, interleaved, each in
a fresh browser with a performance trace (CDP Tracing through Playwright), and prints for each phase
of the boot (navigation -> loadPyodide() called -> Pyodide up -> data-ready) the main thread's busy
time by trace event (self time) and the other threads' busy time, plus when each big download ran.
Usage: .venv/bin/python bench/boot_trace.py [--runs 3] [--keep DIR]  (traces kept in DIR if given)
"""
from __future__ import annotations

import argparse
import collections
import importlib.util
import json
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("bench_boot", ROOT / "bench" / "boot.py")
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)

CATEGORIES = ["toplevel", "devtools.timeline", "v8", "v8.wasm", "blink.user_timing", "loading",
              "disabled-by-default-devtools.timeline"]
# marks every milestone of bench/boot.py's READY_PROBE into the trace too
PROBE = bench.READY_PROBE + """
addEventListener("py:progress", (e) => performance.mark("py:" + e.detail));
"""
# app: static/js/interpreter.mjs's marks (boot.mjs starts loadPyodide from <head>); reference: direct_boot.mjs's
CALL = ("interpreter:loadPyodide", "py:Loading interpreter", "direct:loadPyodide")
UP = ("interpreter:up", "py:Loaded interpreter", "direct:loaded")


def first(marks, names):
    return next((marks[n] for n in names if n in marks), None)


def analyse(events: list[dict], ready_ms: float) -> dict:
    marks = {}
    nav = None
    for e in events:
        if e.get("cat", "").startswith("blink.user_timing") or e.get("name") == "navigationStart":
            if e["name"] == "navigationStart" and nav is None and e.get("args", {}).get("data", {}).get("isLoadingMainFrame", True):
                nav = e["ts"]
    threads = {}
    for e in events:
        if e.get("ph") == "M" and e["name"] == "thread_name":
            threads[(e["pid"], e["tid"])] = e["args"]["name"]
    renderer_pid = None
    for (pid, tid), name in threads.items():
        if name == "CrRendererMain":
            # the renderer that has our marks
            if any(ev.get("pid") == pid and ev.get("name") in CALL for ev in events):
                renderer_pid = pid
    for e in events:
        if e.get("pid") == renderer_pid and e.get("cat", "").startswith("blink.user_timing") and e["name"] not in marks:
            marks[e["name"]] = e["ts"]
    if nav is None:
        nav = min(e["ts"] for e in events if e.get("pid") == renderer_pid and e.get("ts"))
    call, up = first(marks, CALL), first(marks, UP)
    edges = [nav, call, up, nav + ready_ms * 1000]
    windows = ["nav→call", "call→up", "up→ready"]
    # self time of complete events per thread and name, by window of the event's start
    per = collections.defaultdict(lambda: collections.defaultdict(float))   # (window, thread) -> name -> us
    busy = collections.defaultdict(float)                                    # (window, thread) -> us
    by_thread = collections.defaultdict(list)
    for e in events:
        if e.get("ph") == "X" and e.get("pid") == renderer_pid and "dur" in e:
            by_thread[e["tid"]].append(e)
    for tid, evs in by_thread.items():
        tname = threads.get((renderer_pid, tid), str(tid))
        evs.sort(key=lambda e: (e["ts"], -e["dur"]))
        stack = []
        selfs = {}
        for e in evs:
            while stack and stack[-1]["ts"] + stack[-1]["dur"] <= e["ts"]:
                stack.pop()
            if stack:
                selfs[id(stack[-1])] = selfs.get(id(stack[-1]), stack[-1]["dur"]) - e["dur"]
            else:
                for i in range(3):
                    if edges[i] <= e["ts"] < edges[i + 1]:
                        busy[(windows[i], tname)] += e["dur"]
            stack.append(e)
            selfs.setdefault(id(e), e["dur"])
        for e in evs:
            for i in range(3):
                if edges[i] <= e["ts"] < edges[i + 1]:
                    per[(windows[i], tname)][e["name"]] += max(selfs[id(e)], 0)
    return {"edges": [(x - nav) / 1000 for x in edges], "marks": {k: (v - nav) / 1000 for k, v in marks.items()},
            "per": {f"{w}|{t}": dict(d) for (w, t), d in per.items()},
            "busy": {f"{w}|{t}": v / 1000 for (w, t), v in busy.items()}}


def resources(page) -> list[tuple]:
    return page.evaluate("""() => performance.getEntriesByType('resource').map(e =>
      [e.name.replace(location.origin, ''), Math.round(e.startTime), Math.round(e.responseStart), Math.round(e.responseEnd), e.transferSize, e.initiatorType])""")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--keep", type=Path)
    ap.add_argument("--pages", default="app,direct")
    args = ap.parse_args()
    kinds = args.pages.split(",")
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
    build = bench.load_build()
    out = {k: [] for k in kinds}
    with tempfile.TemporaryDirectory(prefix="tapete-trace-site-") as tmp:
        site = Path(tmp) / "site"
        shutil.copytree(bench.DIST, site, copy_function=os.link)
        bench.direct_page(site)
        build.compress_dist(site)
        server = bench.start_server(site)
        base = bench.server_url(server)
        urls = {"app": base + "index.html", "direct": base + "direct.html"}
        try:
            with sync_playwright() as pw:
                for i in range(args.runs):
                    for kind in (kinds if i % 2 == 0 else kinds[::-1]):
                        browser = pw.chromium.launch(executable_path=bench.CHROMIUM, args=bench.CHROMIUM_ARGS, headless=True)
                        try:
                            ctx = browser.new_context(service_workers="block")
                            ctx.add_init_script(PROBE)
                            page = ctx.new_page()
                            page.goto("about:blank")
                            browser.start_tracing(page=page, categories=CATEGORIES)
                            page.goto(urls[kind])
                            page.wait_for_function("() => window.__readyAt !== undefined", timeout=300_000, polling=50)
                            ready = page.evaluate("window.__readyAt")
                            res = resources(page)
                            data = browser.stop_tracing()
                        finally:
                            browser.close()
                        trace = json.loads(data)
                        events = trace["traceEvents"] if isinstance(trace, dict) else trace
                        if args.keep:
                            (args.keep / f"{kind}-{i}.json").write_bytes(data)
                        a = analyse(events, ready)
                        a["ready"] = ready
                        a["res"] = res
                        out[kind].append(a)
                        e = a["edges"]
                        print(f"run {i+1} {kind:6s} call {e[1]:6.0f} up {e[2]:6.0f} ready {e[3]:6.0f} ms  load {os.getloadavg()[0]:.1f}", flush=True)
        finally:
            server.shutdown()
            server.server_close()
    # report
    for kind in kinds:
        print(f"\n=== {kind}: medians over {len(out[kind])} runs")
        runs = out[kind]
        for w in ("nav→call", "call→up", "up→ready"):
            keys = sorted({k for r in runs for k in r["busy"] if k.startswith(w + "|")})
            for k in keys:
                v = statistics.median(r["busy"].get(k, 0) for r in runs)
                if v >= 5:
                    print(f"  {k:40s} busy {v:7.0f} ms")
            main_key = w + "|CrRendererMain"
            names = collections.Counter()
            for r in runs:
                for n, us in r["per"].get(main_key, {}).items():
                    names[n] += us / 1000 / len(runs)
            print("   main thread self time:", ", ".join(f"{n} {v:.0f}" for n, v in names.most_common(12)))
        r0 = runs[-1]
        print("  marks (last run):", ", ".join(f"{k} {v:.0f}" for k, v in sorted(r0["marks"].items(), key=lambda x: x[1])))
        print("  resources (last run): name start responseStart end bytes")
        for name, s, rs, e, size, ini in r0["res"]:
            print(f"    {name[-50:]:50s} {s:6d} {rs:6d} {e:6d} {size:9d} {ini}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
