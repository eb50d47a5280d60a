#!/usr/bin/env python3
"""How fast a Sybil makes seat keys in search of a friend's ask number (asking to join, issue 42).

A newcomer that asks to join is shown to the host with its name and its ask number
(tapete.net.room.ask_number of its seat key's id). A Sybil that wants to pass for a friend needs a key
whose number is the friend's: every try is a new Ed25519 key pair (libsodium through PyNaCl, in C), its
key id and its number. This measures that rate on this machine, next to the reference measured in the
same run (the key pair alone, the part no number can make cheaper), and prints what ten minutes of tries
give against the old four digits and today's twelve. Writes docs/benchmarks.md between
<!-- sybil:start --> and <!-- sybil:end -->.

    .venv/bin/python bench/sybil.py [--seconds 3] [--no-write]
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

from _common import machine, machine_lines, write_section

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

import nacl.signing  # noqa: E402

from tapete.net.keys import key_id  # noqa: E402
from tapete.net.room import ASK_DIGITS, ask_number  # noqa: E402

TEN_MINUTES = 600.0


def rate(seconds: float, with_number: bool) -> float:
    tries, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        for _ in range(500):
            public = bytes(nacl.signing.SigningKey.generate().verify_key)
            if with_number:
                ask_number(key_id(public))
        tries += 500
    return tries / (time.perf_counter() - start)


def chance(tries: float, digits: int) -> float:
    """The chance that ``tries`` random keys include one whose number is a given friend's."""
    return -math.expm1(-tries / 10 ** digits)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    reference = rate(args.seconds, False)
    sybil = rate(args.seconds, True)
    tries = sybil * TEN_MINUTES
    rows = [
        "| measured (one core, this run) | keys per second |",
        "| --- | ---: |",
        f"| reference: an Ed25519 key pair alone (libsodium) | {reference:,.0f} |",
        f"| a Sybil's try: key pair, key id, ask number | {sybil:,.0f} |",
        "",
        "| ask number | tries in ten minutes at that rate | chance to match a given friend | expected time to match |",
        "| --- | ---: | ---: | ---: |",
    ]
    for digits in (4, ASK_DIGITS):
        expected = 10 ** digits / sybil
        shown = f"{expected:.2f} s" if expected < 120 else f"{expected / 86400:,.0f} days"
        rows.append(f"| {digits} digits{' (before issue 42)' if digits == 4 else ' (today)'} | {tries:,.0f} "
                    f"| {chance(tries, digits):.2e} | {shown} |")
    text = "\n".join(rows)
    print(text)
    if not args.no_write:
        write_section("sybil", "\n".join(machine_lines(machine())) + "\n\n" + text + "\n")


if __name__ == "__main__":
    main()
