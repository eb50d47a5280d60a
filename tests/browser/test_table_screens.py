"""The five tables in the real page, mid-game and at their end: the log speaks the player's language
and person, the timer's move is announced, the hand order is remembered, the end screens explain
(winner and cards left, or the round-by-round sheet), and round/result dialogs are modal, named,
focused and closed with Escape.

Screenshots of every table mid-game and at its result, at 1280×800 and 390×844, are written to
test-artifacts/screenshots/<game>-table-<w>x<h>.png and <game>-result-<w>x<h>.png.
"""

from __future__ import annotations

import re

import pytest

from clicks import take_chupate_turn
from conftest import ARTIFACTS

pytestmark = pytest.mark.browser
SHOTS = ARTIFACTS / "screenshots"
SIZES = [(1280, 800), (390, 844)]
# game -> (setup fields to fill, a quick game?)
GAMES = {
    "chupate": ({"mode": "quick"}, True),
    "taki": ({}, True),
    "francesa": ({"opt-limit": "25"}, False),
    "dos": ({"opt-target": "25"}, False),
    "skypo": ({"opt-target": "40"}, False),
}
TABLE = "document.querySelector('[data-testid=table]')"


def open_game(page, boot, site_url, game: str, query: str, opponents: int = 1, fields: dict | None = None):
    boot(page, f"{site_url}?{query}")
    page.click(f'[data-testid="game-{game}"]')
    page.check(f'[data-testid="opt-opponents-{opponents}"]')
    for name, value in (fields or {}).items():
        if name == "mode":
            page.check(f'[data-testid="opt-mode-{value}"]')
        elif name.startswith("opt-timer"):
            page.check(f'[data-testid="{name}"]')
        else:
            page.fill(f'[data-testid="{name}"]', value)
    page.click('[data-testid="btn-start"]')
    page.wait_for_selector('[data-testid="table"]')


def play_out(page, use_escape: bool = False, max_rounds: int = 40) -> int:
    """With ?autoplay my seat plays by itself: close every round dialog (by its button, or by Escape)
    until the result shows; returns how many round dialogs were closed."""
    rounds = 0
    while True:
        wait_for_end_of_round(page)
        if page.query_selector('[data-testid="result"]'):
            return rounds
        assert rounds < max_rounds, "the game did not end"
        dialog = page.query_selector('dialog[data-testid="round-result"]')
        assert_modal_dialog(page, "round-result")
        version = page.get_attribute('[data-testid="table"]', "data-version")
        if use_escape:
            page.keyboard.press("Escape")
        else:
            page.click('[data-testid="btn-next"]')
        page.wait_for_function(f"v => !{TABLE}.querySelector('dialog[data-testid=round-result][open]')"
                               f" || {TABLE}.dataset.version !== v", arg=version, timeout=60_000)
        rounds += dialog is not None


def wait_for_end_of_round(page, stall_ms: int = 45_000) -> None:
    """Wait for a round or result dialog for as long as the table keeps moving (long games are fine,
    a table that stops changing for ``stall_ms`` is not)."""
    ended = '[data-testid="result"], dialog[data-testid="round-result"][open]'
    while not page.query_selector(ended):
        version = page.get_attribute('[data-testid="table"]', "data-version")
        page.wait_for_function(f"v => document.querySelector('{ended}') || {TABLE}.dataset.version !== v",
                               arg=version, timeout=stall_ms)


def assert_modal_dialog(page, testid: str) -> None:
    """Open with showModal (the :modal pseudo-class), named by its heading, focus inside it."""
    state = page.evaluate("""id => { const d = document.querySelector(`dialog[data-testid="${id}"]`);
        const label = document.getElementById(d.getAttribute('aria-labelledby'));
        return {modal: d.matches(':modal'), name: label ? label.textContent.trim() : '',
                focused: d.contains(document.activeElement)}; }""", testid)
    assert state["modal"] and state["name"] and state["focused"], state


@pytest.mark.parametrize("width,height", SIZES)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_table_mid_game_and_result(new_page, boot, site_url, game, width, height):
    SHOTS.mkdir(parents=True, exist_ok=True)
    fields, quick = GAMES[game]
    page = new_page(viewport={"width": width, "height": height})
    # my seat plays every 100 ms: a quick game (Chúpate 2, Super Taki) must not end before the test has
    # seen it mid-game (the log keeps only the newest moves; 20 ms ended Super Taki first on a loaded machine)
    open_game(page, boot, site_url, game, "bot_delay=0&seed=6&autoplay=100", fields=fields)
    page.wait_for_selector('[data-testid="log-move-3"]', state="attached", timeout=60_000)   # phones show 2
    page.wait_for_function(f"() => !document.querySelector('dialog[open]') && {TABLE}.dataset.phase !== 'reveal'",
                           timeout=60_000)
    assert not page.query_selector('.actions .btn[disabled]'), "only actions that make sense are shown"
    if game == "skypo":              # my whole grid in view without scrolling
        box = page.evaluate("() => { const r = document.querySelector('[data-testid=my-grid] .grid')"
                            ".getBoundingClientRect(); return {top: r.top, bottom: r.bottom, right: r.right,"
                            " scrolled: window.scrollY}; }")
        assert box["top"] >= 0 and box["bottom"] <= height and box["right"] <= width and box["scrolled"] == 0, box
    page.screenshot(path=str(SHOTS / f"{game}-table-{width}x{height}.png"))

    play_out(page, use_escape=width == 390)
    assert_modal_dialog(page, "result")
    assert page.inner_text('[data-testid="result-winner"]').strip()
    if quick:
        rows = page.query_selector_all('[data-testid="cards-left"] tr[data-seat]')
        assert len(rows) == 2 and rows[0].get_attribute("class") == "winner"
    else:
        sheet = page.query_selector('[data-testid="result"] [data-testid="score-sheet"]')
        assert int(sheet.get_attribute("data-rounds")) >= 1
        target = next(v for v in fields.values())
        assert target in page.inner_text('[data-testid="sheet-goal"]')
    assert page.inner_text('[data-testid="ranking-rule"]').strip()
    page.screenshot(path=str(SHOTS / f"{game}-result-{width}x{height}.png"))
    # Escape closes the result to look at the table; it opens again from its button
    page.keyboard.press("Escape")
    page.wait_for_selector('[data-testid="btn-show-result"]')
    assert not page.query_selector('dialog[data-testid="result"]')
    page.click('[data-testid="btn-show-result"]')
    page.wait_for_selector('dialog[data-testid="result"][open]')


def log_items(page) -> list[tuple[int, str]]:
    return [(int(li.get_attribute("value")), li.inner_text())
            for li in page.query_selector_all('[data-testid="log"] li[value]')]


def test_language_switch_mid_game_rerenders_the_whole_log(new_page, boot, site_url):
    page = new_page(locale="es-ES", viewport={"width": 1280, "height": 800})
    open_game(page, boot, site_url, "chupate", "bot_delay=0&seed=6", opponents=3, fields={"mode": "quick"})
    bar_heights = set()
    while not page.query_selector('[data-testid="log-move-9"]'):
        page.wait_for_function(f"() => {TABLE}.dataset.turn === '0'", timeout=30_000)
        bar_heights.add(page.evaluate("document.querySelector('[data-testid=actions]').offsetHeight"))
        take_chupate_turn(page)
        bar_heights.add(page.evaluate("document.querySelector('[data-testid=actions]').offsetHeight"))
    assert len(bar_heights) == 1, f"the action bar changed height: {bar_heights}"   # nothing jumps
    es = log_items(page)
    numbers = [n for n, _ in es]
    assert numbers == sorted(numbers, reverse=True) and numbers[-1] == 1 and len(numbers) >= 9   # whole round
    text = " ".join(t for _, t in es)
    assert re.search(r"\b(Juegas|Robas|Pasas)\b", text) and re.search(r"\b(juega|roba|pasa)\b", text), text
    assert not re.search(r"\bTú (juega|roba|pasa)", text)
    page.click('[data-testid="lang-toggle"]')
    page.wait_for_function("() => /\\b(You|plays|draws|passes)\\b/.test("
                           "document.querySelector('[data-testid=log]').textContent)")
    en = " ".join(t for _, t in log_items(page))
    assert re.search(r"\bYou (play|draw|pass)\b", en) and not re.search(r"\b(Juegas|Robas|juega|roba)\b", en), en
    assert not re.search(r"\bYou (plays|draws|passes)\b", en)


# a computer shows the newest 20 moves and "Whole round (n moves)"; a phone the newest two and "Moves (n)"
OPENERS = {1280: ("btn-log-round", "Whole round ({n} moves)"), 390: ("btn-log-all", "Moves ({n})")}


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_the_table_shows_the_newest_moves_and_the_whole_round_opens_in_a_dialog(new_page, boot, site_url, width,
                                                                                 height):
    page = new_page(locale="en-GB", viewport={"width": width, "height": height})
    opener, label = OPENERS[width]
    open_game(page, boot, site_url, "chupate", "bot_delay=0&seed=6", opponents=3, fields={"mode": "quick"})
    while not page.query_selector('[data-testid="log-move-30"]'):
        assert not page.query_selector('[data-testid="result"]'), "the round ended before 30 moves"
        page.wait_for_function(f"() => {TABLE}.dataset.turn === '0'", timeout=30_000)
        take_chupate_turn(page)
    page.wait_for_function(f"() => {TABLE}.dataset.turn === '0'", timeout=30_000)    # the bots wait for me
    shown = log_items(page)
    newest = shown[0][0]
    assert [n for n, _ in shown] == list(range(newest, newest - 20, -1)), shown     # the newest 20, newest first
    assert page.inner_text(f'[data-testid="{opener}"]') == label.format(n=newest)
    other = "btn-log-all" if opener == "btn-log-round" else "btn-log-round"
    assert not page.is_visible(f'[data-testid="{other}"]')                        # one opener per size
    page.click(f'[data-testid="{opener}"]')
    page.wait_for_selector('dialog[data-testid="log-round"][open]')
    assert_modal_dialog(page, "log-round")
    state = page.evaluate("""() => { const list = document.querySelector('[data-testid=round-log]');
        return {focused: document.activeElement === list, overflows: list.scrollHeight > list.clientHeight + 40,
                bottom: list.scrollTop + list.clientHeight >= list.scrollHeight - 2,
                numbers: [...list.querySelectorAll('li[value]')].map((li) => +li.value),
                hidden: [...list.querySelectorAll('li[value]')].filter((li) => !li.getClientRects().length).length}; }""")
    assert state["focused"] and state["overflows"] and state["bottom"], state   # focused, on its newest moves
    assert state["hidden"] == 0, state          # every move shown (the phone's two-line rule is the table's)
    assert state["numbers"] == list(range(1, newest + 1)), state["numbers"]      # the whole round, oldest first
    text = page.inner_text('[data-testid="round-log"]')
    assert re.search(r"\bYou (play|draw|pass)\b", text) and shown[-1][1] in text
    page.keyboard.press("PageUp")                                     # the keyboard scrolls it
    page.wait_for_function("() => { const l = document.querySelector('[data-testid=round-log]');"
                           " return l.scrollTop + l.clientHeight < l.scrollHeight - 2; }")
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('[data-testid=log-round]')"
                           f" && document.activeElement === document.querySelector('[data-testid={opener}]')")


def test_timer_expiry_says_a_card_was_played_for_you(new_page, boot, site_url):
    page = new_page(locale="es-ES", viewport={"width": 390, "height": 844})
    open_game(page, boot, site_url, "chupate", "bot_delay=0&seed=6", fields={"mode": "quick", "opt-timer-15": ""})
    page.wait_for_function(f"() => {TABLE}.dataset.turn === '0'", timeout=30_000)
    page.wait_for_selector('[data-testid="turn-timer"]')
    page.wait_for_function("() => /tiempo|time's up/i.test(document.querySelector('[data-testid=log]').textContent)",
                           timeout=45_000)
    log = page.inner_text('[data-testid="log"]')
    assert ("Se acabó el tiempo: se ha jugado una carta por ti" in log
            or "Se acabó el tiempo: se ha hecho una jugada por ti" in log), log
    page.click('[data-testid="lang-toggle"]')
    page.wait_for_function("() => /Time's up/.test(document.querySelector('[data-testid=log]').textContent)")


def hand_codes(page) -> list[tuple[str, str]]:
    return [(b.get_attribute("data-card") or b.get_attribute("data-testid").removeprefix("card-"),
             b.get_attribute("data-index")) for b in page.query_selector_all('[data-testid="hand"] .card')]


def test_hand_sorting_is_remembered_by_the_browser(new_page, boot, site_url):
    page = new_page(viewport={"width": 390, "height": 844})
    open_game(page, boot, site_url, "chupate", "bot_delay=0&seed=8", fields={"mode": "quick"})
    before = hand_codes(page)
    assert page.get_attribute('[data-testid="sort-none"]', "aria-pressed") == "true"
    page.click('[data-testid="sort-color"]')
    page.wait_for_function("() => document.querySelector('[data-testid=sort-color]')"
                           ".getAttribute('aria-pressed') === 'true'")
    after = hand_codes(page)
    assert sorted(after) == sorted(before)                 # the same cards, each with its own index
    colours = ["RBGYW".index(code[0]) for code, _ in after]
    assert colours == sorted(colours), after
    assert page.evaluate("localStorage.getItem('tapete.sort')") == "color"
    # a new page in the same browser starts sorted by colour
    open_game(page, boot, site_url, "chupate", "bot_delay=0&seed=9", fields={"mode": "quick"})
    assert page.get_attribute('[data-testid="sort-color"]', "aria-pressed") == "true"
    colours = ["RBGYW".index(code[0]) for code, _ in hand_codes(page)]
    assert colours == sorted(colours)
    page.click('[data-testid="sort-number"]')
    page.wait_for_function("() => localStorage.getItem('tapete.sort') === 'number'")
