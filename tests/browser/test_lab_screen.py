"""The bot lab's screen (issue 33; py/tapete/ui/lab_screen.py), in the real built page: real Chromium, the
real Web Worker with its own Pyodide (static/js/lab.mjs), CodeMirror from PyScript's vendored chunks
(static/js/lab_editor.mjs). Driven by clicks and keys like a student; no mock anywhere.

- The editor is not loaded at boot, only when the lab opens; the template, edited in the editor with the
  keyboard, runs 200 games against easy in the worker: the share appears (equal to the same games in
  CPython), the chart has 200 points, the bench's row is shown, and the page's thread has no long task
  (over 50 ms of its CPU time, from Chromium's trace: main_thread.py) during the run; the edited bot survives a reload.
- A bot that raises and one that returns an illegal action (loaded as files) are reported with their
  line, which is marked in the editor; the illegal one with the legal actions.
- An endless loop: Python's move limit stops a plain one (with its line), the Stop button a stubborn one,
  each within 5 s and without a long task; then "Play against my bot" plays a whole game at a table where
  the student's bot moves through the worker, and a bot that fails at the table is said there with its line.
The built-in medium bot against easy giving bench/bots.py's row in the browser is
tests/browser/test_lab_worker.py (the screen drives the same lab.run)."""

from __future__ import annotations

import time

import pytest

from main_thread import long_tasks, main_thread_tasks
from tapete.lab import run as run_in_cpython
from tapete.lab import template

pytestmark = pytest.mark.browser

RUN_TIMEOUT_MS = 240_000

# The editor's text, read through CodeMirror's own API (the same vendored module the page imported).
CODE = """async () => {
  const base = new URL('static/vendor/pyscript/', location.href);
  const names = await (await fetch(new URL('editor.json', base))).json();
  const cm = await import(new URL(names.codemirror, base).href);
  return cm.EditorView.findFromDOM(document.querySelector('[data-testid=lab-editor] .cm-editor')).state.doc.toString();
}"""
EDITOR_FILES = """() => performance.getEntriesByType('resource').map((e) => e.name)
  .filter((n) => /codemirror|lab_editor|lab\\.mjs/.test(n))"""

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

STUBBORN_LOOP = """\
def choose(view, legal):
    while True:
        try:
            while True:
                pass
        except BaseException:
            pass
"""


def open_lab(page, boot, site_url, query="?bot_delay=0"):
    boot(page, site_url + query)
    page.click('[data-testid="btn-lab"]')
    page.wait_for_selector('[data-testid="lab"][data-editor="codemirror"] .cm-content')


def load_file(page, code: str, name: str = "bot.py") -> None:
    page.set_input_files('[data-testid="lab-file"]', files=[{"name": name, "mimeType": "text/x-python",
                                                               "buffer": code.encode()}])
    page.wait_for_function("name => document.querySelector('[data-testid=lab-note]').textContent.includes(name)",
                           arg=name)


def run_and_wait(page) -> dict:
    page.evaluate("() => document.querySelector('[data-testid=lab]').removeAttribute('data-stopped')")
    page.click('[data-testid="lab-run"]')
    page.wait_for_selector('[data-testid="lab"][data-stopped]', timeout=RUN_TIMEOUT_MS)
    return {"stopped": page.get_attribute('[data-testid="lab"]', "data-stopped"),
            "kind": page.get_attribute('[data-testid="lab-error"]', "data-kind"),
            "line": page.get_attribute('[data-testid="lab-error"]', "data-line"),
            "error": page.inner_text('[data-testid="lab-error"]')}


def test_lab_screen_runs_an_edited_template_200_games_in_the_worker_and_keeps_it_after_a_reload(new_page, boot,
                                                                                                 site_url):
    page = new_page(viewport={"width": 1280, "height": 900})
    page.set_default_timeout(RUN_TIMEOUT_MS)
    boot(page, site_url + "?bot_delay=0")
    assert page.evaluate(EDITOR_FILES) == [], "nothing of the lab or its editor loads at boot"
    page.click('[data-testid="btn-lab"]')
    page.wait_for_selector('[data-testid="lab"][data-editor="codemirror"] .cm-content')
    loaded = page.evaluate(EDITOR_FILES)
    assert any("codemirror_lang-python" in n for n in loaded) and any("lab_editor.mjs" in n for n in loaded)
    page.select_option('[data-testid="lab-game"]', "chupate")
    page.select_option('[data-testid="lab-level"]', "easy")
    page.wait_for_function("() => document.querySelector('[data-testid=lab-editor] .cm-content')")
    lang = page.evaluate("() => document.documentElement.lang")
    assert page.evaluate(CODE) == template("chupate", lang)            # the template, in the page's language

    # Edit in the editor with the keyboard: a first line that prints once per game.
    page.click('[data-testid="lab-editor"] .cm-content')
    page.keyboard.press("Control+Home")
    page.keyboard.type('print("edited bot")\n')
    code = page.evaluate(CODE)
    assert code.startswith('print("edited bot")\n') and code.endswith(template("chupate", lang))

    with main_thread_tasks(page) as tasks:
        out = run_and_wait(page)
    long = long_tasks(tasks)
    assert out["stopped"] == "done" and out["kind"] is None, out
    expected = run_in_cpython("chupate", "easy", code, games=200, lang=lang)
    assert page.get_attribute('[data-testid="lab-result"]', "data-played") == "200"
    assert float(page.get_attribute('[data-testid="lab-result"]', "data-share")) == expected["share"]
    share_words = f"{100 * expected['share']:.1f}"
    assert share_words.replace(".", ",") in page.inner_text('[data-testid="lab-result"]') or \
        share_words in page.inner_text('[data-testid="lab-result"]')
    assert page.get_attribute('[data-testid="lab-chart"]', "data-points") == "200"
    row = page.inner_text('[data-testid="lab-row"]')
    assert "200" in row and "1v3" in row
    assert "edited bot" in page.inner_text('[data-testid="lab-output"]')        # its prints are shown
    assert long == [], f"long tasks on the page during the run: {long}"

    page.reload()
    page.wait_for_function("() => document.documentElement.dataset.ready === '1'")
    page.click('[data-testid="btn-lab"]')
    page.wait_for_selector('[data-testid="lab"][data-editor="codemirror"] .cm-content')
    assert page.input_value('[data-testid="lab-game"]') == "chupate"
    assert page.evaluate(CODE) == code                                   # the saved bot survived the reload


def test_lab_screen_reports_a_raising_bot_and_an_illegal_action_with_their_lines(new_page, boot, site_url):
    page = new_page(viewport={"width": 1280, "height": 900})
    page.set_default_timeout(RUN_TIMEOUT_MS)
    open_lab(page, boot, site_url)
    page.select_option('[data-testid="lab-game"]', "chupate")
    page.wait_for_selector('[data-testid="lab-editor"] .cm-content')
    load_file(page, RAISES, "raises.py")
    assert page.evaluate(CODE) == RAISES                                  # loaded as a file
    out = run_and_wait(page)
    assert (out["kind"], out["line"]) == ("raised", "2"), out
    assert "IndexError" in out["error"] and "2" in out["error"] and 'view["hand"][99]' in out["error"]
    marked = page.locator('[data-testid="lab-editor"] .cm-line.lab-error-line')
    assert marked.count() == 1 and marked.inner_text() == '    return view["hand"][99]'

    page.select_option('[data-testid="lab-game"]', "taki")
    page.wait_for_selector('[data-testid="lab-editor"] .cm-content')
    load_file(page, ILLEGAL, "illegal.py")
    out = run_and_wait(page)
    assert (out["kind"], out["line"]) == ("illegal", "3"), out
    assert "play Z9" in out["error"] and ("draw" in out["error"] or "play " in out["error"].split("Z9", 1)[1])
    assert page.locator('[data-testid="lab-editor"] .cm-line.lab-error-line').inner_text() == '    return "play Z9"'
    page.click('[data-testid="lab-goto-line"]')                          # the button takes the cursor there
    assert page.evaluate("() => document.activeElement.closest('.cm-editor') !== null")


def test_lab_screen_stops_endless_loops_and_then_plays_against_my_bot(new_page, boot, site_url):
    page = new_page(viewport={"width": 1280, "height": 900})
    page.set_default_timeout(RUN_TIMEOUT_MS)
    open_lab(page, boot, site_url, "?bot_delay=0&autoplay=0")
    page.select_option('[data-testid="lab-game"]', "chupate")
    page.wait_for_selector('[data-testid="lab-editor"] .cm-content')
    page.evaluate("() => window.tapeteImport('lab.mjs').then((lab) => lab.ready())")   # the worker's Python is up

    load_file(page, PLAIN_LOOP, "loop.py")
    start = time.monotonic()
    with main_thread_tasks(page) as tasks:
        out = run_and_wait(page)                                          # Python's move limit (1 s)
    assert out["kind"] == "time" and out["line"] in ("2", "3"), out
    assert time.monotonic() - start < 5 + 2 and long_tasks(tasks) == []

    load_file(page, STUBBORN_LOOP, "stubborn.py")
    page.evaluate("() => document.querySelector('[data-testid=lab]').removeAttribute('data-stopped')")
    page.click('[data-testid="lab-run"]')
    page.wait_for_selector('[data-testid="lab"][data-state="running"]')
    page.wait_for_timeout(300)     # the run is under way (a state is waited for below, this only lets it start)
    start = time.monotonic()
    with main_thread_tasks(page) as tasks:
        page.click('[data-testid="lab-stop"]')                            # the Stop button
        page.wait_for_selector('[data-testid="lab"][data-stopped="user"]', timeout=5000)
    assert time.monotonic() - start < 5 and long_tasks(tasks) == []
    assert not page.is_disabled('[data-testid="lab-run"]')                # the page is still the page

    # "Play against my bot": the template plays a whole game against this seat (autoplay) via the worker.
    load_file(page, template("chupate", "en"), "mine.py")
    page.click('[data-testid="lab-play"]')
    page.wait_for_selector('[data-testid="table"]')
    names = page.inner_text('[data-testid="table"]')
    assert "My bot" in names or "Mi bot" in names
    page.wait_for_selector('[data-testid="result"], [data-testid="round-result"]', timeout=RUN_TIMEOUT_MS)
    assert page.locator('[data-testid="hints-used"]').count() <= 1
    assert page.evaluate("() => !!document.querySelector('[data-testid=lab]')") is False


def test_a_failing_bot_at_the_table_is_said_with_its_line_and_the_game_goes_on(new_page, boot, site_url):
    page = new_page(viewport={"width": 1280, "height": 900})
    page.set_default_timeout(RUN_TIMEOUT_MS)
    open_lab(page, boot, site_url, "?bot_delay=0&autoplay=0")
    page.select_option('[data-testid="lab-game"]', "chupate")
    page.wait_for_selector('[data-testid="lab-editor"] .cm-content')
    load_file(page, ILLEGAL, "illegal.py")
    page.click('[data-testid="lab-play"]')
    page.wait_for_function("() => (document.querySelector('[data-testid=message]') || {}).textContent"
                           " && /Z9/.test(document.querySelector('[data-testid=message]').textContent)")
    message = page.inner_text('[data-testid="message"]')
    assert "3" in message and ("easy bot" in message or "bot fácil" in message)
    page.wait_for_selector('[data-testid="result"], [data-testid="round-result"]', timeout=RUN_TIMEOUT_MS)


def test_axe_the_lab_screen_and_the_hint_panel_at_three_sizes(new_page, boot, site_url):
    """axe-core: 0 serious/critical on the lab (with a run's results and an error on show) at 1280×800,
    390×844 and 360×640, in Spanish, nothing wider than the screen; and on a table with a hint on show."""
    from test_accessibility import Axe

    axe = Axe("test_axe_the_lab_screen_and_the_hint_panel")
    page = new_page(viewport={"width": 1280, "height": 800})
    page.set_default_timeout(RUN_TIMEOUT_MS)
    boot(page, site_url + "?bot_delay=0")
    if page.evaluate("() => document.documentElement.lang") != "es":
        page.click('[data-testid="lang-toggle"]')
    page.click('[data-testid="btn-lab"]')
    page.wait_for_selector('[data-testid="lab"][data-editor="codemirror"] .cm-content')
    assert page.inner_text("#lab-title") == "Laboratorio de bots"
    page.select_option('[data-testid="lab-game"]', "skypo")
    page.wait_for_selector('[data-testid="lab-editor"] .cm-content')
    assert page.evaluate(CODE) == template("skypo", "es")
    axe(page, "lab-1280")
    code = template("skypo", "es").replace("def elegir(vista, legales):",
                                          "def elegir(vista, legales):\n    if random.random() < 0.01:\n"
                                          "        raise ValueError('a veces')")
    load_file(page, "import random\n" + code, "skypo.py")
    run_and_wait(page)
    assert page.get_attribute('[data-testid="lab-error"]', "data-kind") == "raised"
    axe(page, "lab-with-results-1280")
    for width, height in ((390, 844), (360, 640)):
        page.set_viewport_size({"width": width, "height": height})
        axe(page, f"lab-{width}")
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    page.set_viewport_size({"width": 390, "height": 844})
    page.click('[data-testid="lab-back"]')
    page.click('[data-testid="game-chupate"]')
    page.check('[data-testid="opt-opponents-1"]')
    page.click('[data-testid="btn-start"]')
    page.click('[data-testid="btn-hint"]:not([disabled])')
    page.wait_for_selector('[data-testid="hint"][data-state="ready"]')
    axe(page, "hint-390")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    axe.check()


def test_back_and_forward_leave_and_reopen_the_lab_and_the_page_goes_on(new_page, boot, site_url):
    page = new_page(viewport={"width": 1280, "height": 900})
    page.set_default_timeout(RUN_TIMEOUT_MS)
    open_lab(page, boot, site_url)
    page.go_back()
    page.wait_for_selector('[data-testid="game-chupate"]')
    assert page.locator('[data-testid="lab"]').count() == 0
    page.go_forward()
    page.wait_for_selector('[data-testid="lab"][data-editor="codemirror"] .cm-content')
    page.click('[data-testid="lab-back"]')                                # the lab's own Menu button
    page.wait_for_selector('[data-testid="game-chupate"]')
    page.keyboard.press("Tab")                                             # the page goes on (no error toast)
    assert page.locator('[data-testid="error-toast"]:not([hidden])').count() == 0
