#!/usr/bin/env python3
"""Boot benchmark: time to "ready" and bytes moved, Tapete booted through PyScript against Tapete booted
directly (the reference) and a bare loadPyodide() page.

One run measures the pages side by side, interleaved, served the same way: the loopback server of
the tests (tests/browser/local_site.py), which negotiates brotli/gzip from the .br/.gz files beside
each file as a static host does. Every page gets its .br/.gz from scripts/build.py's compress_dist.
  app     dist/index.html: the shell, PyScript (static/vendor/pyscript, config pyscript.toml written
          in as JSON) booting the vendored Pyodide with the cut standard library, tapete.zip, main.py;
          ready when main.py sets <html data-ready="1">
  direct  the reference: the same dist/ booted as before issue 30, without PyScript: direct.html is
          dist/index.html with PyScript's tags and preloads taken out and bench/direct_boot.mjs
          (main 2397937's static/js/boot.mjs: loadPyodide(), unpackArchive, runPythonAsync(main.py))
          in place of static/js/boot.mjs; same files, same main.py, same readiness
  bare    bare.html beside a stock copy of npm pyodide (full standard library and lock file, as the
          package ships them) in bare/: `await loadPyodide({indexURL})`, `runPython("1")`, data-ready
  cut     (with --cut) bare.html's code on the app's own vendored Pyodide files (the cut standard
          library as bytecode, the short lock file)
Conditions: loopback (no throttling), and Chrome DevTools Protocol network emulation
(`Network.emulateNetworkConditions`) at 10 Mbit/s down / 40 ms and at 1.6 Mbit/s / 150 ms.
Cold = first load in a fresh persistent Chromium profile; warm = second load in the same profile
(disk cache). Time = performance.now() when data-ready appears (from navigation start). Bytes = the
sum of transferSize over the navigation and every resource of the cold load (what came over the wire).
No page.route() (it disables the cache). Where the time goes: each load also records when the page
called loadPyodide() (app: static/js/interpreter.mjs's mark when boot.mjs starts it, at DOMContentLoaded),
when Pyodide was up, when PyScript had it ("Loaded interpreter": PyScript's own boot runs alongside),
when the shell's "Setting the table" stage began (Python's onReady / the zip unpacked) and when the
page was ready; the table of phases is written beside the times. bench/boot_trace.py says what the
main thread does in each phase (Chrome performance traces).

Prints a table and writes it into docs/benchmarks.md between <!-- boot:start --> and
<!-- boot:end --> (or the --section given; other sections are kept).
Usage: .venv/bin/python bench/boot.py [--runs 7] [--conditions loopback,10mbit,1.6mbit] [--cut] [--no-bare]
       [--section boot] [--no-write]
"""

from __future__ import annotations

import argparse
import datetime as dt
import importlib.util
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from local_site import CHROMIUM, CHROMIUM_ARGS, server_url, start_server  # noqa: E402

DIST = ROOT / "dist"
DOC = ROOT / "docs" / "benchmarks.md"
BARE_CACHE = ROOT / "build" / "bench-bare"      # npm pyodide as shipped, with its .br/.gz (kept)
DIRECT_BOOT = ROOT / "bench" / "direct_boot.mjs"
# Issue 30's goals: app/direct cold ≤ 1.10 on loopback and ≤ 1.05 at 1.6 Mbit/s, warm ≤ 1.05 everywhere;
# app/bare cold ≤ 0.6 on loopback; a first visit ≤ 4.0 MB on the wire.
COLD_TARGET = {"loopback": 1.10, "1.6mbit": 1.05}
WARM_TARGET = 1.05
BARE_TARGET = 0.60
GOAL_BYTES = 4.0e6
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
PAGES = {"app": "app (Tapete through PyScript)", "direct": "reference: Tapete booted directly",
         "bare": "bare `loadPyodide()`, npm files", "cut": "bare `loadPyodide()`, the app's cut files"}
# Records performance.now() at the moment <html data-ready="1"> appears, and the boot's milestones:
# PyScript's progress events (app) and the marks of the shell and of direct_boot.mjs.
READY_PROBE = """
window.__steps = {};
addEventListener("py:progress", (e) => { window.__steps[e.detail] ??= performance.now(); });
new MutationObserver(() => {
  const el = document.documentElement;
  if (el && el.dataset.ready === "1" && window.__readyAt === undefined) window.__readyAt = performance.now();
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
"""
STEPS = """() => {
  const s = { ...window.__steps, dcl: performance.getEntriesByType("navigation")[0].domContentLoadedEventStart };
  for (const m of performance.getEntriesByType("mark")) s[m.name] ??= m.startTime;
  return s;
}"""
# Phases of a boot, as (label, start, end): each a milestone name of READY_PROBE/STEPS (the first that
# the page has), "nav" = navigation start, "ready" = data-ready.
# app: static/js/interpreter.mjs marks interpreter:loadPyodide (boot.mjs starts Pyodide at DOMContentLoaded),
# interpreter:set-up (its main-thread set-up done, CPython held), interpreter:python (PyScript asked: CPython
# starts) and interpreter:up; PyScript has that load when its own chain gets the interpreter ("Loaded interpreter").
CALL = ("interpreter:loadPyodide", "Loading interpreter", "direct:loadPyodide")
UP = ("interpreter:up", "Loaded interpreter", "direct:loaded")
TAKEN = ("Loaded interpreter", "direct:loaded")
UNPACKED = ("Loaded files", "direct:unpacked")
PHASES = (
    ("page and its JS until loadPyodide() is called", ("nav",), CALL),
    ("DOMContentLoaded (the HTML, CSS and scripts)", ("nav",), ("dcl",)),
    ("app: PyScript's JS from DOMContentLoaded until its engine starts", ("dcl",), ("Loading Pyodide",)),
    ("app: PyScript opening its IndexedDB cache", ("Loading Storage",), ("Loaded Storage",)),
    ("loadPyodide() (wasm compiled, CPython started)", CALL, UP),
    ("app: loadPyodide() until its main-thread set-up is done (then it waits for PyScript)", CALL,
     ("interpreter:set-up",)),
    ("app: CPython's start-up, from PyScript's loadPyodide() call", ("interpreter:python",), UP),
    ("navigation until the page's boot has Pyodide (app: PyScript's \"Loaded interpreter\")", ("nav",), TAKEN),
    ("tapete.zip fetched and unpacked", TAKEN, UNPACKED),
    ("until main.py runs (recorder; app: PyScript's onReady, its package written and imported)", UNPACKED,
     ("tapete:main",)),
    ("main.py: import tapete, the UI's start(), the picker", ("tapete:main",), ("ready",)),
)
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


def direct_page(site: Path) -> None:
    """direct.html and static/js/direct-boot.mjs in ``site`` (a copy of dist/): dist/index.html without
    PyScript (its modulepreloads, ``<script type="py">``, ``<mpy-config>``), booted by bench/direct_boot.mjs."""
    text = (site / "index.html").read_text()
    for pattern in (r'\s*<link rel="modulepreload" href="\./static/vendor/pyscript/[^"]+">',
                    r'\s*<script type="py"[^>]*></script>', r"\s*<mpy-config[^>]*>[^<]*</mpy-config>"):
        text, n = re.subn(pattern, "", text)
        if not n:
            sys.exit(f"bench: dist/index.html has no {pattern}")
    # the boot of main 2397937: a module script run once the page has parsed (the app's boot.mjs runs
    # from <head>, async, and loads static/js/interpreter.mjs)
    text = text.replace('<script type="module" async src="./static/js/boot.mjs">',
                        '<script type="module" src="./static/js/direct-boot.mjs">')
    text, n = re.subn(r'\s*<link rel="modulepreload" href="\./static/js/interpreter\.mjs">', "", text)
    if "direct-boot.mjs" not in text or re.search(r'(?:href|src)="[^"]*pyscript/', text):
        sys.exit("bench: could not make direct.html from dist/index.html")
    (site / "direct.html").write_text(text)
    shutil.copyfile(DIRECT_BOOT, site / "static" / "js" / "direct-boot.mjs")


def load(page, url: str, emulate: dict | None) -> tuple[float, int, dict]:
    if emulate:
        cdp = page.context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", emulate)
    page.goto(url)
    failed = "() => { const box = document.getElementById('boot-error'); return box && !box.hidden; }"
    page.wait_for_function(f"() => window.__readyAt !== undefined || ({failed})()", timeout=300_000, polling=50)
    if page.evaluate("window.__readyAt === undefined"):
        sys.exit(f"bench: {url} did not boot:\n{page.inner_text('#boot-error')}")
    ready = page.evaluate("window.__readyAt")
    return ready / 1000.0, int(page.evaluate(BYTES)), {**page.evaluate(STEPS), "nav": 0.0, "ready": ready}


def one_run(pw, url: str, emulate: dict | None) -> dict:
    with tempfile.TemporaryDirectory(prefix="tapete-bench-profile-") as profile:
        ctx = pw.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, service_workers="block"
        )
        try:
            ctx.add_init_script(READY_PROBE)
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            cold, cold_bytes, cold_steps = load(page, url, emulate)
            page.goto("about:blank")
            warm, _, warm_steps = load(page, url, emulate)
        finally:
            ctx.close()
    return {"cold": cold, "warm": warm, "bytes": cold_bytes, "cold_steps": cold_steps, "warm_steps": warm_steps}


def run_once_more_on_crash(pw, url: str, emulate: dict | None) -> dict:
    """one_run, again once if Chromium's renderer died (a shared machine short of memory, not the page)."""
    try:
        return one_run(pw, url, emulate)
    except PlaywrightError as err:
        if "crashed" not in str(err).lower():
            raise
        print(f"  (renderer crashed: {str(err).splitlines()[0]}; that load again)", flush=True)
        return one_run(pw, url, emulate)


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


def phase_ms(steps: list[dict], begin: tuple[str, ...], end: tuple[str, ...]) -> float | None:
    """Median milliseconds between the first milestone of ``begin`` and of ``end`` the loads have."""
    spans = []
    for step in steps:
        a = next((step[k] for k in begin if k in step), None)
        b = next((step[k] for k in end if k in step), None)
        if a is not None and b is not None:
            spans.append(b - a)
    return statistics.median(spans) if spans else None


def phases(results: dict, conditions: list[str], kinds: list[str]) -> list[str]:
    """Where the time goes: the median of each phase (PHASES), app and reference side by side."""
    pair = [k for k in ("app", "direct") if k in kinds]
    cols = [(cond, kind, heat) for cond in conditions for heat in ("cold", "warm") for kind in pair]
    head = " | ".join(f"{CONDITIONS[c][0].split(',')[0]} {h}, {'app' if k == 'app' else 'ref.'}" for c, k, h in cols)
    lines = ["", "Where the time goes (median ms of each phase over the same loads; app = through PyScript, "
             "ref. = booted directly; a phase the page does not have is –):", "",
             f"| phase | {head} |", "| --- |" + " ---: |" * len(cols)]
    for label, begin, end in PHASES:
        cells = []
        for cond, kind, heat in cols:
            ms = phase_ms(results[cond][kind][f"{heat}_steps"], begin, end)
            cells.append("–" if ms is None else f"{ms:.0f}")
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return lines


def table(results: dict, runs: int, conditions: list[str], info: dict, load_start: str, kinds: list[str]) -> str:
    fmt = lambda xs: ", ".join(f"{x:.1f}" for x in xs)  # noqa: E731
    lines = [
        f"Time from navigation start to `<html data-ready=\"1\">`, median of {runs} loads per page and "
        "condition, the pages interleaved in one run (headless Chromium, loopback server negotiating "
        "brotli/gzip from the build's `.br`/`.gz`, throttled by CDP network emulation where said).",
        "",
        f"- date: {dt.date.today().isoformat()}",
        f"- machine: {info['nproc']} cores, {info['cpu']}",
        f"- browser: {info['chromium']}",
        f"- load average (1/5/15 min): {load_start} at the start, {info['load']} at the end "
        "(the machine is shared: other work inflates every page alike, and widens the spread)",
        "",
        "| condition | page | cold median (s) | warm median (s) | bytes on the wire, cold | cold runs (s) | warm runs (s) |",
        "| --- | --- | ---: | ---: | ---: | --- | --- |",
    ]
    ok = lambda r, target: "ok" if r <= target else "over target"  # noqa: E731
    app_bytes = []
    for cond in conditions:
        label = CONDITIONS[cond][0]
        med = {k: {m: statistics.median(results[cond][k][m]) for m in ("cold", "warm", "bytes")} for k in kinds}
        for kind in kinds:
            r = results[cond][kind]
            lines.append(f"| {label} | {PAGES[kind]} | {med[kind]['cold']:.2f} | {med[kind]['warm']:.2f} "
                         f"| {med[kind]['bytes'] / 1e6:.2f} MB | {fmt(r['cold'])} | {fmt(r['warm'])} |")
        app, ref = med["app"], med["direct"]
        cold, warm, size = app["cold"] / ref["cold"], app["warm"] / ref["warm"], app["bytes"] / ref["bytes"]
        if cond in COLD_TARGET:
            target = COLD_TARGET[cond]
            cold_cell = f"**{cold:.2f}** (≤ {target:.2f}: {ok(cold, target)})"
        else:
            cold_cell = f"{cold:.2f}"
        lines.append(f"| {label} | **ratio app/reference** | {cold_cell} "
                     f"| **{warm:.2f}** (≤ {WARM_TARGET:.2f}: {ok(warm, WARM_TARGET)}) | {size:.3f} | | |")
        paired = {m: statistics.median(a / b for a, b in zip(results[cond]["app"][m], results[cond]["direct"][m]))
                  for m in ("cold", "warm")}
        lines.append(f"| {label} | ratio app/reference, paired (median of the runs' own ratios) "
                     f"| {paired['cold']:.2f} | {paired['warm']:.2f} | | | |")
        if cond == "loopback" and "bare" in kinds:
            bare = app["cold"] / med["bare"]["cold"]
            lines.append(f"| {label} | **ratio app/bare** | **{bare:.2f}** (≤ {BARE_TARGET:.2f}: {ok(bare, BARE_TARGET)}) "
                         f"| {app['warm'] / med['bare']['warm']:.2f} | {app['bytes'] / med['bare']['bytes']:.2f} | | |")
        if "cut" in kinds:
            lines.append(f"| {label} | ratio app/cut (Tapete's own start-up) | {app['cold'] / med['cut']['cold']:.2f} "
                         f"| {app['warm'] / med['cut']['warm']:.2f} | {app['bytes'] / med['cut']['bytes']:.2f} | | |")
        app_bytes.append(app["bytes"])
    total = statistics.median(app_bytes)
    lines += [
        "",
        f"First visit on the wire (app, cold, median): {total / 1e6:.2f} MB (goal ≤ {GOAL_BYTES / 1e6:.1f} MB: "
        f"{ok(total, GOAL_BYTES)}).",
        *phases(results, conditions, kinds),
        "",
        "Ratios: of the medians (the goals); paired: the median over runs of app/reference within one run (the "
        "two loads of a run are back to back, so a change of the machine's load between runs cancels out).",
        "",
        "Reference: the same `dist/` booted without PyScript by `bench/direct_boot.mjs` (the boot of main "
        "2397937). Bare: npm pyodide as shipped (full `python_stdlib.zip`, full `pyodide-lock.json`) with the "
        "same `.br`/`.gz` treatment. Cold: first load in a fresh browser profile. Warm: second load in the same "
        "profile (disk cache). Reproduce: `.venv/bin/python bench/boot.py --runs 7` (`make bench`).",
    ]
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description="Tapete boot benchmark")
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--conditions", default=",".join(CONDITIONS), help="comma-separated: " + ", ".join(CONDITIONS))
    ap.add_argument("--cut", action="store_true", help="also the bare page on the app's own vendored files")
    ap.add_argument("--no-bare", action="store_true", help="only the app and the reference (quicker)")
    ap.add_argument("--section", default="boot", help="docs/benchmarks.md section to (re)write")
    ap.add_argument("--no-write", action="store_true", help="print only, leave docs/benchmarks.md alone")
    ap.add_argument("--compare", type=Path, metavar="DIST", action="append", default=[],
                    help="also another build's dist/ (e.g. main's), page 'other' (then 'other2', ...: the option "
                         "may be repeated), interleaved with the rest")
    ap.add_argument("--dump", type=Path, help="write every load's times and milestones as JSON here")
    args = ap.parse_args()
    kinds = (["app", "direct"] + ([] if args.no_bare else ["bare"]) + (["cut"] if args.cut else [])
             + [f"other{i + 1 if i else ''}" for i in range(len(args.compare))])
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

    results = {c: {k: {"cold": [], "warm": [], "bytes": [], "cold_steps": [], "warm_steps": []} for k in kinds}
               for c in conditions}
    with tempfile.TemporaryDirectory(prefix="tapete-bench-site-") as tmp:
        site = Path(tmp) / "site"
        shutil.copytree(DIST, site, copy_function=os.link)
        shutil.copytree(bare, site / "bare", copy_function=os.link)
        (site / "bare.html").write_text(BARE_HTML.replace("DIR", "bare"))
        (site / "cut.html").write_text(BARE_HTML.replace("DIR", "static/vendor/pyodide"))
        direct_page(site)
        others = {}
        for i, other in enumerate(args.compare):
            name = f"other{i + 1 if i else ''}"
            shutil.copytree(other, site / name, copy_function=os.link)
            PAGES[name] = f"app as built in {other} (for a before/after)"
            others[name] = f"{name}/index.html"
        build.compress_dist(site)       # .br/.gz for the pages written here (dist's are linked in)
        server = start_server(site)
        base = server_url(server)
        urls = {"app": base + "index.html", "direct": base + "direct.html", "bare": base + "bare.html",
                "cut": base + "cut.html", **{name: base + path for name, path in others.items()}}
        try:
            with sync_playwright() as pw:
                one_run(pw, urls[kinds[-1]], None)  # warm-up: OS file cache, Chromium start-up
                for i in range(args.runs):
                    for cond in conditions:
                        order = kinds if i % 2 == 0 else kinds[::-1]
                        for kind in order:
                            r = run_once_more_on_crash(pw, urls[kind], CONDITIONS[cond][1])
                            for m in ("cold", "warm", "bytes", "cold_steps", "warm_steps"):
                                results[cond][kind][m].append(r[m])
                            print(f"run {i + 1}/{args.runs} {cond:8s} {kind:6s} cold {r['cold']:6.2f} s  "
                                  f"warm {r['warm']:5.2f} s  {r['bytes'] / 1e6:5.2f} MB", flush=True)
        finally:
            server.shutdown()
            server.server_close()

    if args.dump:
        import json
        args.dump.write_text(json.dumps(results, indent=1))
    text = table(results, args.runs, conditions, machine(), load_start, kinds)
    print()
    print(text)
    if not args.no_write:
        write_doc(text, args.section)
        print(f"\nwritten into {DOC.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
