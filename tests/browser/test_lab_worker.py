"""The bot lab's runner in the real page (issue 33): real Chromium, the built site, the real Web Worker
(static/js/lab_worker.mjs) with its own real Pyodide, driven through the page API the lab screen uses
(static/js/lab.mjs, imported as the UI imports it: by URL, after boot). No mock anywhere.

- 200 games of the English Chúpate 2 template against easy run in the worker: the share comes back with
  every game on the curve, equal to the same games in CPython (tapete.lab.run here), and the page's
  thread has no long task (over 50 ms of the thread's CPU time, read from Chromium's trace: see
  main_thread.py) from the run's start to its end;
  the built-in medium bot against easy gives bench/bots.py's row on the same seeds, in the browser;
- a bot that raises, and one that returns an illegal action, are reported with their lines;
- an endless loop is stopped three ways, each within 5 s and with no long task on the page: Python's
  move limit (a plain loop, with its line), the page's time limit (a loop that swallows Python's stop,
  the worker is ended), the Stop button's call (``stop()``); then the lab runs again (a new worker) and
  the page still plays a move at a table."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from main_thread import long_tasks, main_thread_tasks
from tapete.lab import run as run_in_cpython
from tapete.lab import template

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
RUN_TIMEOUT_MS = 240_000      # 200 games plus the worker's Pyodide start, on a loaded machine

SETUP = """async () => {
  window.__lab = await window.tapeteImport(new URL('static/js/lab.mjs', location.href).href);
  window.__violations = [];
  document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(e.violatedDirective));
  return typeof window.__lab.run;
}"""

# Runs params in the worker; returns the last snapshot, the progress count and the CSP violations.
RUN = """async ([params, stopAfterMs]) => {
  const started = performance.now();
  let progress = 0;
  const running = window.__lab.run(params, (snapshot, json) => { progress += JSON.parse(json).played >= 0; });
  if (stopAfterMs !== null) setTimeout(() => window.__lab.stop(), stopAfterMs);
  const result = await running;
  return {result, progress, seconds: (performance.now() - started) / 1000, violations: window.__violations};
}"""

RAISES = """\
def helper(view):
    return view["hand"][99]


def choose(view, legal):
    return helper(view)
"""

ILLEGAL = """\
def choose(view, legal):
    plays = [a for a in legal if a.startswith("play ")]
    return "play Z9"
"""

PLAIN_LOOP = """\
def choose(view, legal):
    while True:
        pass
"""

# Python's stop (a BaseException raised on a line) is swallowed and the loop goes on with tracing off:
# only the page can end this one, by ending the worker.
STUBBORN_LOOP = """\
def choose(view, legal):
    while True:
        try:
            while True:
                pass
        except BaseException:
            pass
"""


def lab_page(new_page, boot):
    page = new_page(viewport={"width": 1280, "height": 800})
    boot(page)
    assert page.evaluate(SETUP) == "function"
    return page


def run(page, params, stop_after_ms=None):
    """The run's outcome, with "long": the page's main-thread tasks over 50 ms of CPU meanwhile."""
    with main_thread_tasks(page) as tasks:
        out = page.evaluate(RUN, [params, stop_after_ms])
    return {**out, "long": long_tasks(tasks)}


def test_lab_runs_200_games_in_a_worker_and_the_page_has_no_long_task(new_page, boot):
    page = lab_page(new_page, boot)
    page.set_default_timeout(RUN_TIMEOUT_MS)
    code = template("chupate", "en")
    out = run(page, {"game": "chupate", "level": "easy", "code": code, "games": 200, "lang": "en"})
    result = out["result"]
    assert result["error"] is None and result["stopped"] is None
    assert result["played"] == 200 and len(result["curve"]) == 200
    expected = run_in_cpython("chupate", "easy", code, games=200)
    assert result["share"] == expected["share"] and result["curve"] == expected["curve"]
    assert result["low"] <= result["share"] <= result["high"]
    assert out["progress"] >= 3, out["progress"]          # the bar moved while the games ran
    assert out["long"] == [], f"long tasks on the page during the run: {out['long']}"
    assert out["violations"] == []                        # the CSP lets the worker in (worker-src -> 'self')

    # The built-in medium bot against easy: bench/bots.py's row, the same games, played in the browser.
    sys.path.insert(0, str(ROOT / "bench"))
    import bots as bench
    out = run(page, {"game": "chupate", "level": "easy", "bot": "medium", "layout": "2v2", "games": 60})
    assert out["result"]["share"] == bench.row("chupate", "medium", "easy", "2v2", 60, {})
    assert out["result"]["se"] == pytest.approx(bench.se(out["result"]["share"], 60))


def test_lab_reports_a_raising_bot_and_an_illegal_action_with_their_lines(new_page, boot):
    page = lab_page(new_page, boot)
    page.set_default_timeout(RUN_TIMEOUT_MS)
    refused = page.evaluate("""async () => {
      const out = [];
      const bad = [{game: 'chupate', level: 'easy', code: 'x = 1', games: 0}, {game: 'poker', level: 'easy', code: ''}];
      for (const params of bad) {
        try { await window.__lab.run(params); out.push('resolved'); } catch (e) { out.push(String(e.message)); }
      }
      const first = window.__lab.run({game: 'taki', level: 'easy', code: 'x = 1'});
      try { await window.__lab.run({game: 'taki', level: 'easy', code: 'x = 1'}); } catch (e) { out.push(e.message); }
      out.push((await first).error.kind);
      return out;
    }""")
    assert "games must be" in refused[0] and "unknown game" in refused[1]      # bad parameters: a rejection
    assert refused[2:] == ["a lab run is already going", "no_function"]           # the same worker runs on
    error = run(page, {"game": "chupate", "level": "easy", "code": RAISES, "lang": "es"})["result"]["error"]
    assert (error["kind"], error["type"], error["line"]) == ("raised", "IndexError", 2)
    assert error["code"] == 'return view["hand"][99]'
    assert [(f["function"], f["line"]) for f in error["frames"]] == [("choose", 6), ("helper", 2)]
    error = run(page, {"game": "taki", "level": "medium", "code": ILLEGAL})["result"]["error"]
    assert (error["kind"], error["action"], error["line"]) == ("illegal", "play Z9", 3)
    assert error["legal"] and all(isinstance(a, str) for a in error["legal"])
    assert error["view"]["game"] == "taki" and "hand" in error["view"]


def test_lab_stops_an_endless_loop_within_5_s_and_runs_again_and_the_page_still_plays(new_page, boot):
    page = lab_page(new_page, boot)
    page.set_default_timeout(RUN_TIMEOUT_MS)
    page.evaluate("() => window.__lab.ready()")                       # the worker's Python is up
    params = {"game": "chupate", "level": "easy", "games": 20, "moveLimit": 1}

    out = run(page, {**params, "code": PLAIN_LOOP})                     # Python's own move limit
    assert out["result"]["error"]["kind"] == "time" and out["result"]["error"]["line"] in (2, 3)   # the loop
    assert out["result"]["stopped"] is None and out["seconds"] < 5 and out["long"] == [], out

    out = run(page, {**params, "code": STUBBORN_LOOP})                  # the page's time limit (4 s)
    assert out["result"]["stopped"] == "time" and out["result"]["error"]["kind"] == "timeout"
    assert out["seconds"] < 5 and out["long"] == [], out

    page.evaluate("() => window.__lab.ready()")                       # a new worker
    start = time.monotonic()
    out = run(page, {**params, "code": STUBBORN_LOOP}, stop_after_ms=500)   # the Stop button
    assert out["result"]["stopped"] == "user" and out["result"]["played"] == 0
    assert out["seconds"] < 5 and out["long"] == [] and time.monotonic() - start < 5 + 2

    code = template("skypo", "es")                                      # and it runs again
    out = run(page, {"game": "skypo", "level": "easy", "code": code, "games": 5})
    assert out["result"]["played"] == 5 and out["result"]["error"] is None
    assert out["result"]["share"] == run_in_cpython("skypo", "easy", code, games=5)["share"]

    # The page still plays: a table opens from the picker and takes a move.
    page.click('[data-testid="game-francesa"]')
    page.check('[data-testid="opt-opponents-1"]')
    page.click('[data-testid="btn-start"]')
    page.wait_for_function("() => (document.querySelector('[data-testid=table]') || {dataset: {}}).dataset.turn"
                           " === '0'")
    version = page.get_attribute('[data-testid="table"]', "data-version")
    page.click('[data-testid="btn-draw"]')
    page.wait_for_function("v => document.querySelector('[data-testid=table]').dataset.version !== v", arg=version)


DECIDE = """async (params) => {
  const started = performance.now();
  const result = await window.__lab.decide(params);
  return {result, seconds: (performance.now() - started) / 1000};
}"""


def test_lab_decides_a_move_at_a_table_in_the_worker_and_a_stuck_bot_never_freezes_the_page(new_page, boot):
    """"Play against my bot": the page asks the worker for one move of the student's bot at a time."""
    from tapete.core import get

    page = lab_page(new_page, boot)
    page.set_default_timeout(RUN_TIMEOUT_MS)
    game = get("taki")
    state = game.new(2, 5)
    seat = game.to_move(state)[0]
    view, legal = game.view(state, seat), game.legal_actions(state, seat)
    ask = {"game": "taki", "table": "t1", "seat": seat, "view": view, "legal": legal}
    out = page.evaluate(DECIDE, {**ask, "code": template("taki", "es")})
    assert out["result"]["error"] is None and out["result"]["action"] in legal
    out = page.evaluate(DECIDE, {**ask, "code": ILLEGAL})
    assert (out["result"]["error"]["kind"], out["result"]["error"]["line"]) == ("illegal", 3)
    with main_thread_tasks(page) as tasks:
        out = page.evaluate(DECIDE, {**ask, "code": STUBBORN_LOOP})
    assert out["result"]["error"]["kind"] == "timeout" and out["seconds"] < 5
    assert long_tasks(tasks) == []
    out = page.evaluate(DECIDE, {**ask, "code": template("taki", "en")})     # a new worker answers
    assert out["result"]["action"] in legal
