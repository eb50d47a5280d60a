"""Helpers shared by the engine and bot benchmarks: the bench venv, machine facts, docs sections."""

from __future__ import annotations

import datetime as dt
import os
import platform
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "benchmarks.md"
VENV = ROOT / ".bench" / "venv"
REQUIREMENTS = ROOT / "bench" / "requirements-engines.txt"
STAMP = VENV / ".tapete-bench-requirements"

sys.path.insert(0, str(ROOT / "py"))


def in_bench_venv() -> bool:
    return Path(sys.prefix).resolve() == VENV.resolve()


def reexec_in_bench_venv() -> None:
    """Create .bench/venv with the pinned reference engines if needed, then re-run this script in it."""
    if in_bench_venv():
        return
    python = VENV / "bin" / "python"
    if not python.exists():
        print(f"creating {VENV.relative_to(ROOT)}", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(VENV)], check=True)
    if not STAMP.exists() or STAMP.read_text() != REQUIREMENTS.read_text():
        subprocess.run([str(python), "-m", "pip", "install", "--disable-pip-version-check", "-q",
                        "-r", str(REQUIREMENTS)], check=True)
        STAMP.write_text(REQUIREMENTS.read_text())
    os.execv(str(python), [str(python), *sys.argv])


def machine() -> dict:
    model = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return {"date": dt.date.today().isoformat(), "nproc": os.cpu_count(), "cpu": model,
            "python": f"{platform.python_implementation()} {platform.python_version()}", "load": load}


def machine_lines(m: dict) -> list[str]:
    return [f"- date: {m['date']}",
            f"- machine: {m['nproc']} cores, {m['cpu']}, load average {m['load']:.2f} at start",
            f"- Python: {m['python']}"]


def write_section(name: str, body: str) -> None:
    """Replace the text between ``<!-- name:start -->`` and ``<!-- name:end -->`` (append if absent)."""
    start, end = f"<!-- {name}:start -->", f"<!-- {name}:end -->"
    text = DOC.read_text() if DOC.exists() else "# Benchmarks\n"
    block = f"{start}\n{body.rstrip()}\n{end}"
    if start in text and end in text:
        head, rest = text.split(start, 1)
        tail = rest.split(end, 1)[1]
        text = head + block + tail
    else:
        text = text.rstrip() + "\n\n" + block + "\n"
    DOC.write_text(text)
