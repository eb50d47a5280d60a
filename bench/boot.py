#!/usr/bin/env python3
"""Boot benchmark: time to "ready" of the Tapete page vs a bare loadPyodide() page.

One run measures both side by side, interleaved, from the same vendored files on the
same loopback server:
  app   dist/index.html: shell + PyScript + Pyodide + tapete.zip + main.py, ready when
        main.py sets <html data-ready="1">
  bare  bare.html (written into a temporary copy of dist/): `await loadPyodide({indexURL})`,
        `runPython("1")`, then data-ready
Cold = first load in a fresh persistent Chromium profile; warm = second load in the same
`launch_persistent_context` (its disk cache holds the 9.6 MB wasm; new_context()'s
in-memory cache would not). Time = performance.now() when data-ready appears (from
navigation start). No page.route() (it disables the cache).

Prints a table and writes it into docs/benchmarks.md between <!-- boot:start --> and
<!-- boot:end --> (other sections are kept). Usage: .venv/bin/python bench/boot.py [--runs 5]
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "browser"))
from local_site import CHROMIUM, CHROMIUM_ARGS, server_url, start_server  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
DOC = ROOT / "docs" / "benchmarks.md"
START, END = "<!-- boot:start -->", "<!-- boot:end -->"
TARGET_RATIO = 1.10

BARE_HTML = """<!doctype html>
<html><head><meta charset="utf-8"><title>bare loadPyodide</title><link rel="icon" href="data:,"></head>
<body><p>bare</p>
<script type="module">
import { loadPyodide } from "./static/vendor/pyodide/pyodide.mjs";
const py = await loadPyodide({ indexURL: new URL("./static/vendor/pyodide/", location.href).href });
py.runPython("1");
document.documentElement.dataset.ready = "1";
</script></body></html>
"""

# Records performance.now() at the moment <html data-ready="1"> appears.
READY_PROBE = """
new MutationObserver(() => {
  const el = document.documentElement;
  if (el && el.dataset.ready === "1" && window.__readyAt === undefined) window.__readyAt = performance.now();
}).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
"""


def load(page, url: str) -> float:
    page.goto(url)
    page.wait_for_function("() => window.__readyAt !== undefined", timeout=120_000, polling=50)
    return page.evaluate("window.__readyAt") / 1000.0


def one_run(pw, url: str) -> tuple[float, float]:
    with tempfile.TemporaryDirectory(prefix="tapete-bench-profile-") as profile:
        ctx = pw.chromium.launch_persistent_context(
            profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
        )
        try:
            ctx.add_init_script(READY_PROBE)
            page = ctx.pages[0] if ctx.pages else ctx.new_page()
            cold = load(page, url)
            page.goto("about:blank")
            warm = load(page, url)
        finally:
            ctx.close()
    return cold, warm


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
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    return {"nproc": str(os.cpu_count()), "cpu": cpu, "chromium": version, "load": load}


def write_doc(section: str) -> None:
    DOC.parent.mkdir(parents=True, exist_ok=True)
    block = f"{START}\n{section.rstrip()}\n{END}"
    if DOC.exists():
        text = DOC.read_text()
        if START in text and END in text:
            head, rest = text.split(START, 1)
            _, tail = rest.split(END, 1)
            text = head + block + tail
        else:
            text = text.rstrip() + "\n\n" + block + "\n"
    else:
        text = (
            "# Benchmarks\n\nMeasured on the project's machine by the scripts in `bench/` "
            "(`make bench`). Each section is rewritten by its script; reference and subject are "
            "measured side by side in one run.\n\n## Boot time\n\n" + block + "\n"
        )
    DOC.write_text(text)


def main() -> int:
    ap = argparse.ArgumentParser(description="Tapete boot benchmark")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--no-write", action="store_true", help="print only, leave docs/benchmarks.md alone")
    args = ap.parse_args()

    if (ROOT / "node_modules").is_dir():
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py"), "-q"], check=True)
    if not (DIST / "index.html").exists():
        sys.exit("dist/ missing: run `make dist` first")

    results: dict[str, dict[str, list[float]]] = {k: {"cold": [], "warm": []} for k in ("app", "bare")}
    with tempfile.TemporaryDirectory(prefix="tapete-bench-site-") as tmp:
        site = Path(tmp) / "site"
        shutil.copytree(DIST, site, copy_function=os.link)
        (site / "bare.html").write_text(BARE_HTML)
        server = start_server(site)
        base = server_url(server)
        urls = {"app": base + "index.html", "bare": base + "bare.html"}
        try:
            with sync_playwright() as pw:
                one_run(pw, urls["bare"])  # warm-up: OS file cache, Chromium start-up
                for i in range(args.runs):
                    order = ("app", "bare") if i % 2 == 0 else ("bare", "app")
                    for kind in order:
                        cold, warm = one_run(pw, urls[kind])
                        results[kind]["cold"].append(cold)
                        results[kind]["warm"].append(warm)
                        print(f"run {i + 1}/{args.runs} {kind:4s} cold {cold:.2f} s  warm {warm:.2f} s", flush=True)
        finally:
            server.shutdown()
            server.server_close()

    med = {k: {m: statistics.median(v) for m, v in r.items()} for k, r in results.items()}
    ratio = {m: med["app"][m] / med["bare"][m] for m in ("cold", "warm")}
    info = machine()
    fmt = lambda xs: ", ".join(f"{x:.2f}" for x in xs)  # noqa: E731
    verdict = lambda r: "ok" if r <= TARGET_RATIO else "over target"  # noqa: E731
    table = "\n".join(
        [
            f"Time from navigation start to `<html data-ready=\"1\">`, median of {args.runs} loads each "
            "(headless Chromium, loopback `http.server`, interleaved).",
            "",
            f"- date: {dt.date.today().isoformat()}",
            f"- machine: {info['nproc']} cores, {info['cpu']}",
            f"- browser: {info['chromium']}",
            f"- load average (1/5/15 min) at the end: {info['load']} (other work on the machine inflates both pages alike)",
            "",
            "| page | cold median (s) | warm median (s) | cold runs | warm runs |",
            "| --- | ---: | ---: | --- | --- |",
            f"| app: shell + PyScript + Pyodide + tapete | {med['app']['cold']:.2f} | {med['app']['warm']:.2f} "
            f"| {fmt(results['app']['cold'])} | {fmt(results['app']['warm'])} |",
            f"| bare: `loadPyodide()` + `runPython(\"1\")` | {med['bare']['cold']:.2f} | {med['bare']['warm']:.2f} "
            f"| {fmt(results['bare']['cold'])} | {fmt(results['bare']['warm'])} |",
            f"| **ratio app/bare** (target ≤ {TARGET_RATIO:.2f}) | **{ratio['cold']:.2f}** ({verdict(ratio['cold'])}) "
            f"| **{ratio['warm']:.2f}** ({verdict(ratio['warm'])}) | | |",
            "",
            "Cold: first load in a fresh browser profile. Warm: second load in the same persistent "
            "profile (disk cache). Reproduce: `make bench` or `.venv/bin/python bench/boot.py --runs 5`.",
        ]
    )
    print()
    print(table)
    if not args.no_write:
        write_doc(table)
        print(f"\nwritten into {DOC.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
