#!/usr/bin/env python3
"""Boot benchmark: time to "ready" and bytes moved, the Tapete page against a bare loadPyodide() page.

One run measures both side by side, interleaved, served the same way: the loopback server of the
tests (tests/browser/local_site.py), which negotiates brotli/gzip from the .br/.gz files beside each
file as a static host does. Both pages get their .br/.gz from scripts/build.py's compress_dist.
  app   dist/index.html: the shell, Pyodide booted by static/js/boot.mjs with the cut standard
        library, tapete.zip, main.py; ready when main.py sets <html data-ready="1">
  bare  bare.html beside a stock copy of npm pyodide (full standard library and lock file, as the
        package ships them) in bare/: `await loadPyodide({indexURL})`, `runPython("1")`, data-ready
  cut   (with --cut) bare.html's code on the app's own vendored Pyodide files (the cut standard
        library as bytecode, the short lock file): what is left is Tapete's own start-up
Conditions: loopback (no throttling), and Chrome DevTools Protocol network emulation
(`Network.emulateNetworkConditions`) at 10 Mbit/s down / 40 ms and at 1.6 Mbit/s / 150 ms.
Cold = first load in a fresh persistent Chromium profile; warm = second load in the same profile
(disk cache). Time = performance.now() when data-ready appears (from navigation start). Bytes = the
sum of transferSize over the navigation and every resource of the cold load (what came over the wire).
No page.route() (it disables the cache).

Prints a table and writes it into docs/benchmarks.md between <!-- boot:start --> and
<!-- boot:end --> (or the --section given; other sections are kept).
Usage: .venv/bin/python bench/boot.py [--runs 7] [--conditions loopback,10mbit,1.6mbit] [--cut]
       [--section boot] [--no-write]
"""

from __future__ import annotations

import argparse
import datetime as dt
import importlib.util
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from local_site import CHROMIUM, CHROMIUM_ARGS, server_url, start_server  # noqa: E402

DIST = ROOT / "dist"
DOC = ROOT / "docs" / "benchmarks.md"
BARE_CACHE = ROOT / "build" / "bench-bare"      # npm pyodide as shipped, with its .br/.gz (kept)
LOOPBACK_TARGET = 1.10
SLOW_TARGET = 0.80
GOAL_BYTES = 4.5e6
# name -> (label, CDP emulateNetworkConditions parameters or None)
CONDITIONS = {
    "loopback": ("loopback, no throttling", None),
    "10mbit": ("10 Mbit/s, 40 ms", {"offline": False, "latency": 40, "downloadThroughput": 10e6 / 8,
                                    "uploadThroughput": 5e6 / 8}),
    "1.6mbit": ("1.6 Mbit/s, 150 ms", {"offline": False, "latency": 150, "downloadThroughput": 1.6e6 / 8,
                                       "uploadThroughput": 750e3 / 8}),
}
BARE_HTML = """<!doctype html>
<html><head><meta charset="utf-8"><title>bare loadPyodide</title><link rel="icon" href="data:,"></head>
<body><p>bare</p>
<script type="module">
import { loadPyodide } from "./DIR/pyodide.mjs";
const py = await loadPyodide({ indexURL: new URL("./DIR/", location.href).href });
py.runPython("1");
document.documentElement.dataset.ready = "1";
</script></body></html>
"""
PAGES = {"app": "app (Tapete)", "bare": "bare `loadPyodide()`, npm files",
         "cut": "bare `loadPyodide()`, the app's cut files"}
# Records performance.now() at the moment <html data-ready="1"> appears.
READY_PROBE = """
new MutationObserver(() => {
  const el = document.documentElement;
  if (el && el.dataset.ready === "1" && window.__readyAt === undefined) window.__readyAt = performance.now();
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
"""
BYTES = """() => performance.getEntriesByType("navigation").concat(performance.getEntriesByType("resource"))
  .reduce((n, e) => n + (e.transferSize || 0), 0)"""


def load_build():
    spec = importlib.util.spec_from_file_location("tapete_build", ROOT / "scripts" / "build.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    build.QUIET = True
    return build


def bare_pyodide(build) -> Path:
    """build/bench-bare/: the npm pyodide files loadPyodide fetches, as shipped, compressed like dist/."""
    npm = ROOT / "node_modules" / "pyodide"
    BARE_CACHE.mkdir(parents=True, exist_ok=True)
    for name in build.PYODIDE_FILES:
        build.copy_file(npm / name, BARE_CACHE / name)
    build.compress_dist(BARE_CACHE)
    return BARE_CACHE


def load(page, url: str, emulate: dict | None) -> tuple[float, int]:
    if emulate:
        cdp = page.context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", emulate)
    page.goto(url)
    page.wait_for_function("() => window.__readyAt !== undefined", timeout=300_000, polling=50)
    return page.evaluate("window.__readyAt") / 1000.0, int(page.evaluate(BYTES))


def one_run(pw, url: str, emulate: dict | None) -> dict:
    with tempfile.TemporaryDirectory(prefix="tapete-bench-profile-") as profile:
        ctx = pw.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, service_workers="block"
        )
        try:
            ctx.add_init_script(READY_PROBE)
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            cold, cold_bytes = load(page, url, emulate)
            page.goto("about:blank")
            warm, _ = load(page, url, emulate)
        finally:
            ctx.close()
    return {"cold": cold, "warm": warm, "bytes": cold_bytes}


def machine() -> dict[str, str]:
    cpu = "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    try:
        version = subprocess.run(
            [CHROMIUM, "--version"], capture_output=True, text=True, timeout=30
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        version = "?"
    load_avg = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return {"nproc": str(os.cpu_count()), "cpu": cpu, "chromium": version, "load": load_avg}


def write_doc(section: str, name: str) -> None:
    START, END = f"<!-- {name}:start -->", f"<!-- {name}:end -->"
    block = f"{START}\n{section.rstrip()}\n{END}"
    text = DOC.read_text() if DOC.exists() else "# Benchmarks\n\n## Boot time\n\n"
    if START in text and END in text:
        head, rest = text.split(START, 1)
        _, tail = rest.split(END, 1)
        text = head + block + tail
    else:
        text = text.rstrip() + "\n\n" + block + "\n"
    DOC.write_text(text)


def table(results: dict, runs: int, conditions: list[str], info: dict, load_start: str, kinds: list[str]) -> str:
    fmt = lambda xs: ", ".join(f"{x:.1f}" for x in xs)  # noqa: E731
    lines = [
        f"Time from navigation start to `<html data-ready=\"1\">`, median of {runs} loads per page and "
        "condition, app and bare interleaved in one run (headless Chromium, loopback server negotiating "
        "brotli/gzip from the build's `.br`/`.gz`, throttled by CDP network emulation where said).",
        "",
        f"- date: {dt.date.today().isoformat()}",
        f"- machine: {info['nproc']} cores, {info['cpu']}",
        f"- browser: {info['chromium']}",
        f"- load average (1/5/15 min): {load_start} at the start, {info['load']} at the end "
        "(other work on the shared machine inflates both pages alike)",
        "",
        "| condition | page | cold median (s) | warm median (s) | bytes on the wire, cold | cold runs (s) | warm runs (s) |",
        "| --- | --- | ---: | ---: | ---: | --- | --- |",
    ]
    verdicts = []
    for cond in conditions:
        label = CONDITIONS[cond][0]
        med = {k: {m: statistics.median(results[cond][k][m]) for m in ("cold", "warm", "bytes")}
               for k in kinds}
        for kind in kinds:
            name = PAGES[kind]
            r = results[cond][kind]
            lines.append(f"| {label} | {name} | {med[kind]['cold']:.2f} | {med[kind]['warm']:.2f} "
                         f"| {med[kind]['bytes'] / 1e6:.2f} MB | {fmt(r['cold'])} | {fmt(r['warm'])} |")
        cold = med["app"]["cold"] / med["bare"]["cold"]
        warm = med["app"]["warm"] / med["bare"]["warm"]
        size = med["app"]["bytes"] / med["bare"]["bytes"]
        target = LOOPBACK_TARGET if CONDITIONS[cond][1] is None else SLOW_TARGET
        ok = lambda r: "ok" if r <= target else "over target"  # noqa: E731
        if CONDITIONS[cond][1] is None:
            lines.append(f"| {label} | **ratio app/bare** (target ≤ {target:.2f}) | **{cold:.2f}** ({ok(cold)}) "
                         f"| **{warm:.2f}** ({ok(warm)}) | {size:.2f} | | |")
        else:
            lines.append(f"| {label} | **ratio app/bare** (target cold ≤ {target:.2f}) | **{cold:.2f}** ({ok(cold)}) "
                         f"| {warm:.2f} | {size:.2f} | | |")
        if "cut" in kinds:
            lines.append(f"| {label} | ratio app/cut (Tapete's own start-up) | {med['app']['cold'] / med['cut']['cold']:.2f} "
                         f"| {med['app']['warm'] / med['cut']['warm']:.2f} | "
                         f"{med['app']['bytes'] / med['cut']['bytes']:.2f} | | |")
        verdicts.append(med["app"]["bytes"])
    lines += [
        "",
        f"First visit on the wire (app, cold, median): {statistics.median(verdicts) / 1e6:.2f} MB "
        f"(goal ≤ {GOAL_BYTES / 1e6:.1f} MB).",
        "",
        "Bare: npm pyodide as shipped (full `python_stdlib.zip`, full `pyodide-lock.json`) with the same "
        "`.br`/`.gz` treatment. Cold: first load in a fresh browser profile. Warm: second load in the same "
        "profile (disk cache). Reproduce: `.venv/bin/python bench/boot.py --runs 7` (`make bench`).",
    ]
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description="Tapete boot benchmark")
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--conditions", default=",".join(CONDITIONS), help="comma-separated: " + ", ".join(CONDITIONS))
    ap.add_argument("--cut", action="store_true", help="also the bare page on the app's own vendored files")
    ap.add_argument("--section", default="boot", help="docs/benchmarks.md section to (re)write")
    ap.add_argument("--no-write", action="store_true", help="print only, leave docs/benchmarks.md alone")
    args = ap.parse_args()
    kinds = ["app", "bare", "cut"] if args.cut else ["app", "bare"]
    conditions = [c for c in args.conditions.split(",") if c]
    unknown = [c for c in conditions if c not in CONDITIONS]
    if unknown:
        sys.exit(f"unknown condition(s) {unknown}; choose from {list(CONDITIONS)}")
    load_start = ", ".join(f"{x:.1f}" for x in os.getloadavg())

    if (ROOT / "node_modules").is_dir():
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py"), "-q"], check=True)
    if not (DIST / "index.html").exists():
        sys.exit("dist/ missing: run `make dist` first")
    build = load_build()
    bare = bare_pyodide(build)

    results = {c: {k: {"cold": [], "warm": [], "bytes": []} for k in kinds} for c in conditions}
    with tempfile.TemporaryDirectory(prefix="tapete-bench-site-") as tmp:
        site = Path(tmp) / "site"
        shutil.copytree(DIST, site, copy_function=os.link)
        shutil.copytree(bare, site / "bare", copy_function=os.link)
        (site / "bare.html").write_text(BARE_HTML.replace("DIR", "bare"))
        (site / "cut.html").write_text(BARE_HTML.replace("DIR", "static/vendor/pyodide"))
        server = start_server(site)
        base = server_url(server)
        urls = {"app": base + "index.html", "bare": base + "bare.html", "cut": base + "cut.html"}
        try:
            with sync_playwright() as pw:
                one_run(pw, urls["bare"], None)  # warm-up: OS file cache, Chromium start-up
                for i in range(args.runs):
                    for cond in conditions:
                        order = kinds if i % 2 == 0 else kinds[::-1]
                        for kind in order:
                            r = one_run(pw, urls[kind], CONDITIONS[cond][1])
                            for m in ("cold", "warm", "bytes"):
                                results[cond][kind][m].append(r[m])
                            print(f"run {i + 1}/{args.runs} {cond:8s} {kind:4s} cold {r['cold']:6.2f} s  "
                                  f"warm {r['warm']:5.2f} s  {r['bytes'] / 1e6:5.2f} MB", flush=True)
        finally:
            server.shutdown()
            server.server_close()

    text = table(results, args.runs, conditions, machine(), load_start, kinds)
    print()
    print(text)
    if not args.no_write:
        write_doc(text, args.section)
        print(f"\nwritten into {DOC.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
