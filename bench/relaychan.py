#!/usr/bin/env python3
"""The relay fallback's channel (static/js/relaychan.js; issue 40, not wired yet), under node: the cost of
sealing and opening one message per size against the floor (one WebCrypto AES-256-GCM encrypt + decrypt of
the same bytes), interleaved in one run, what a message costs on the relay (frames, base64url characters),
and the link's handshake (two ephemerals, two ECDH, four HKDF) against one Ed25519 sign + verify (what a
host pays per `who` today). The relay's own latency is not here (bench/p2p.py measures the network).
Writes docs/benchmarks.md between <!-- relaychan:start --> and <!-- relaychan:end -->.

    python3 bench/relaychan.py [--rounds 200] [--no-write]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from _common import machine, machine_lines, write_section

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    node = shutil.which("node")
    if node is None:
        sys.exit("node is not installed")
    subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py"), "--step", "noble", "-q"], check=True)
    m = machine()
    done = subprocess.run([node, str(ROOT / "bench" / "relaychan_bench.mjs"), str(args.rounds)],
                          capture_output=True, text=True, check=True, cwd=ROOT)
    r = json.loads(done.stdout)
    end_load = os.getloadavg()[0]
    lines = ["The relay fallback's channel (`static/js/relaychan.js`, issue 40: not wired into p2p.js yet), under "
             f"node {r['node']}: median of {r['rounds']} rounds per size, channel and floor interleaved in one run.",
             "", *machine_lines(m), f"- load average {end_load:.2f} at the end (the machine is shared: other work "
             "inflates both columns alike)", "",
             "| message (UTF-8 bytes) | frames (events) | content on the relay (chars) | seal + open (ms) "
             "| floor: one AES-GCM encrypt + decrypt (ms) | ratio |",
             "| ---: | ---: | ---: | ---: | ---: | ---: |"]
    for s in r["sizes"]:
        ratio = s["channel_ms"] / s["floor_ms"] if s["floor_ms"] else float("nan")
        lines.append(f"| {s['size']:,} | {s['frames']} | {s['chars']:,} | {s['channel_ms']:.3f} | "
                     f"{s['floor_ms']:.3f} | {ratio:.1f} |")
    lines += ["", f"A link's handshake (two ECDH P-256 pairs, both secrets, four direction keys): "
              f"{r['handshake_ms']:.2f} ms median; reference, one Ed25519 sign + verify (WebCrypto): "
              f"{r['ed25519_ms']:.2f} ms."]
    body = "\n".join(lines)
    print(body)
    if not args.no_write:
        write_section("relaychan", "## The relay fallback's channel (issue 40, first step)\n\n" + body)


if __name__ == "__main__":
    main()
