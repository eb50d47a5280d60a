"""The page's main-thread tasks during a stretch of a test, read from Chromium's own trace.

    with main_thread_tasks(page) as tasks:
        ...                                     # what the page does meanwhile
    assert [t for t in tasks if t.cpu_ms > 50] == []

Each task is one run of the renderer's main-thread scheduler (the trace's ``RunTask`` event: what a
PerformanceObserver ``longtask`` entry measures), with its wall time and its CPU time: the time the
thread really ran (``tdur``). On a machine shared with other browsers, the wall time of a 15 ms task can
reach 50 ms while the thread waits for a core; its CPU time is what the page's code costs, so the
"no task over 50 ms" checks of the lab read the CPU time (docs/testing.md). Chromium's tracing, not an
observer in the page: nothing runs in the page to measure it.
"""

from __future__ import annotations

import json
from contextlib import contextmanager
from dataclasses import dataclass

CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline"]
TASK_NAMES = ("RunTask", "ThreadControllerImpl::RunTask")
MAIN_THREAD = "CrRendererMain"


@dataclass(frozen=True)
class Task:
    wall_ms: float
    cpu_ms: float
    pid: int


def tasks_of(trace: bytes, over_ms: float = 0.0) -> list[Task]:
    """The renderers' main-thread tasks in a Chromium trace (JSON bytes), longer than over_ms (wall)."""
    data = json.loads(trace)
    events = data["traceEvents"] if isinstance(data, dict) else data
    main = {(e["pid"], e["tid"]) for e in events
            if e.get("name") == "thread_name" and e.get("args", {}).get("name") == MAIN_THREAD}
    out = []
    for e in events:
        if e.get("ph") == "X" and e.get("name") in TASK_NAMES and (e.get("pid"), e.get("tid")) in main:
            wall = e.get("dur", 0) / 1000
            if wall > over_ms:
                out.append(Task(wall_ms=wall, cpu_ms=e.get("tdur", 0) / 1000, pid=e["pid"]))
    return out


@contextmanager
def main_thread_tasks(page, over_ms: float = 0.0):
    """Traces the browser of page while the block runs; the list fills with its main-thread tasks."""
    browser = page.context.browser
    tasks: list[Task] = []
    browser.start_tracing(page=page, categories=CATEGORIES)
    try:
        yield tasks
    finally:
        tasks.extend(tasks_of(browser.stop_tracing(), over_ms))


def long_tasks(tasks: list[Task], ms: float = 50.0) -> list[Task]:
    """The tasks whose CPU time is over ms; fails if the trace saw no main-thread task at all (a trace
    that recorded nothing would otherwise pass any bound)."""
    assert tasks, "the trace saw no main-thread task of the page"
    return [t for t in tasks if t.cpu_ms > ms]
