"""Chúpate 2 against bots in the real page: a whole game played by clicking, refusals, keyboard.

Screenshots of the table and the result at 1280×800 and 390×844 go to test-artifacts/screenshots/
(chupate-4p-*.png).
"""

from __future__ import annotations

import pytest

from clicks import take_chupate_turn as take_turn
from conftest import ARTIFACTS

pytestmark = pytest.mark.browser
SHOTS = ARTIFACTS / "screenshots"
MAX_CLICKS = 600


def start_game(page, boot, site_url, query: str, opponents: int = 3, points: bool = False):
    boot(page, f"{site_url}?{query}")
    page.click('[data-testid="game-chupate"]')
    page.check(f'[data-testid="opt-opponents-{opponents}"]')
    if points:
        page.check('[data-testid="opt-mode-points"]')
        page.fill('[data-testid="opt-target"]', "150")
    else:
        page.check('[data-testid="opt-mode-quick"]')
    page.click('[data-testid="btn-start"]')
    page.wait_for_selector('[data-testid="table"]')


# Something for me to do: the result, a round's result, or my turn (waited for, never slept on).
MY_MOVE = """() => { if (document.querySelector('[data-testid=result], [data-testid=round-result]')) return true;
  const t = document.querySelector('[data-testid=table]'); return !!t && t.dataset.turn === '0'; }"""
ROUND_CLOSED = ("v => { const t = document.querySelector('[data-testid=table]');"
                " return !document.querySelector('[data-testid=round-result]') || !t || t.dataset.version !== v; }")


def play_to_the_end(page, max_clicks: int = MAX_CLICKS, on_round=None) -> int:
    """Click my turns (and each round's "next") until the result shows; returns the clicks made.
    ``on_round(page)`` looks at each round's result before it is closed."""
    clicks = 0
    while True:
        page.wait_for_function(MY_MOVE, timeout=60_000)
        if page.query_selector('[data-testid="result"]'):
            return clicks
        assert clicks < max_clicks, "the game did not end"
        if page.query_selector('[data-testid="round-result"]'):
            if on_round is not None:
                on_round(page)
            version = page.get_attribute('[data-testid="table"]', "data-version")
            page.click('[data-testid="btn-next"]')
            page.wait_for_function(ROUND_CLOSED, arg=version)
        else:
            take_turn(page)
        clicks += 1


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_chupate_whole_game_against_bots_by_clicking(new_page, boot, site_url, width, height):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = new_page(viewport={"width": width, "height": height})
    start_game(page, boot, site_url, "bot_delay=0&seed=11")
    # the table shows my hand, three opponents' counts, the piles, colour and direction
    assert len(page.query_selector_all('[data-testid="hand"] .card')) == 7
    for seat in (1, 2, 3):
        assert page.inner_text(f'[data-testid="count-{seat}"]').split()[0].isdigit()
    assert page.get_attribute('[data-testid="current-color"]', "data-color") in ("R", "B", "G", "Y")
    assert page.query_selector('[data-testid="discard-top"]')
    # no card of another seat is in the DOM: only my hand holds card faces
    assert not page.query_selector('[data-testid="opponents"] .card')
    page.screenshot(path=str(SHOTS / f"chupate-4p-table-{width}x{height}.png"))
    clicks = play_to_the_end(page)
    assert clicks > 0
    assert page.inner_text('[data-testid="result-winner"]')
    # a quick game: the winner first with no cards left, everybody's cards left, the ranking explained
    left = page.query_selector_all('[data-testid="cards-left"] tr[data-seat]')
    assert len(left) == 4 and left[0].get_attribute("class") == "winner"
    assert left[0].query_selector("td").inner_text() == "0"
    assert all(int(row.query_selector("td").inner_text()) > 0 for row in left[1:])
    assert "total" in page.inner_text('[data-testid="ranking"]').lower()
    assert page.inner_text('[data-testid="ranking-rule"]')
    page.screenshot(path=str(SHOTS / f"chupate-4p-result-{width}x{height}.png"))
    # play again deals a new game
    page.click('[data-testid="btn-again"]')
    page.wait_for_function("() => document.querySelector('[data-testid=table]')"
                           " && !document.querySelector('[data-testid=result]')")
    assert "Ronda" not in page.inner_text('[data-testid="log"]')


@pytest.mark.long
def test_chupate_points_game_with_round_results(new_page, boot, site_url):
    page = new_page(viewport={"width": 1280, "height": 800})
    start_game(page, boot, site_url, "bot_delay=0&seed=5", opponents=1, points=True)
    rounds_seen = []

    def look_at_round(page):
        assert page.query_selector('[data-testid="round-result"] [data-testid="score-sheet"]')
        rounds_seen.append(True)

    play_to_the_end(page, 3 * MAX_CLICKS, look_at_round)
    assert rounds_seen, "a points game to 150 of this deal has several rounds"
    # the score sheet: one column per round, the totals, the target; the winner reached it
    sheet = page.query_selector('[data-testid="result"] [data-testid="score-sheet"]')
    rounds = int(sheet.get_attribute("data-rounds"))
    assert rounds >= 2
    assert "150" in page.inner_text('[data-testid="result"] [data-testid="sheet-goal"]')
    totals = [int(page.inner_text(f'[data-testid="total-{s}"]')) for s in (0, 1)]
    assert max(totals) >= 150, totals
    for seat in (0, 1):                                   # the rounds add up to the total
        cells = page.query_selector_all(f'[data-testid="score-sheet"] tr[data-seat="{seat}"] td:not(.total)')
        assert len(cells) == rounds and sum(int(c.inner_text()) for c in cells) == totals[seat]


def test_chupate_refused_move_explains_itself(new_page, boot, site_url):
    page = new_page(viewport={"width": 1280, "height": 800})
    start_game(page, boot, site_url, "bot_delay=0&seed=11")
    for _ in range(200):                  # my first turn with a card I may not play
        page.wait_for_function(MY_MOVE, timeout=60_000)
        assert not page.query_selector('[data-testid="result"], [data-testid="round-result"]')
        if page.query_selector('[data-testid="hand"] .card:not(.playable)') \
                and not page.query_selector('[data-testid="color-chooser"]'):
            break
        take_turn(page)
    version = page.get_attribute('[data-testid="table"]', "data-version")
    page.click('[data-testid="hand"] .card:not(.playable)')
    message = page.inner_text('[data-testid="message"]')
    assert message.startswith(("Jugada no válida", "Move refused")), message
    assert page.get_attribute('[data-testid="table"]', "data-version") == version   # nothing changed
    # a switch of language says the refusal again in the other language, reason included, and back
    spanish = message.startswith("Jugada no válida")
    page.click('[data-testid="lang-toggle"]')
    page.wait_for_function("() => document.documentElement.lang === %r" % ("en" if spanish else "es"))
    other = page.inner_text('[data-testid="message"]')
    assert other.startswith("Move refused" if spanish else "Jugada no válida"), other
    assert other.split(":", 1)[1].strip() != message.split(":", 1)[1].strip(), (message, other)
    page.click('[data-testid="lang-toggle"]')
    page.wait_for_function("() => document.documentElement.lang === %r" % ("es" if spanish else "en"))
    assert page.inner_text('[data-testid="message"]') == message
    assert page.get_attribute('[data-testid="table"]', "data-version") == version


def test_a_room_notice_follows_a_switch_of_language(new_page, boot, site_url):
    """A join code that is not one: the setup says so, and says it again in the other language after a
    switch (the notice is kept as what to say, not as the words of the language it was first said in)."""
    page = new_page(viewport={"width": 390, "height": 844})
    boot(page, f"{site_url}?bot_delay=0")
    page.click('[data-testid="game-chupate"]')
    page.fill('[data-testid="join-code"]', "12")
    page.click('[data-testid="btn-join"]')
    notice = page.locator('.message[role="status"]').first
    notice.wait_for()
    first = notice.inner_text()
    spanish = page.evaluate("document.documentElement.lang") == "es"
    assert ("no es válido" if spanish else "is not valid") in first, first
    page.click('[data-testid="lang-toggle"]')
    page.wait_for_function("() => document.documentElement.lang === %r" % ("en" if spanish else "es"))
    second = page.locator('.message[role="status"]').first.inner_text()
    assert ("is not valid" if spanish else "no es válido") in second, second


def test_chupate_keyboard_draw_and_focus(new_page, boot, site_url):
    page = new_page(viewport={"width": 1280, "height": 800})
    start_game(page, boot, site_url, "bot_delay=0&seed=11")
    page.wait_for_function("() => document.querySelector('[data-testid=table]').dataset.turn === '0'")
    before = len(page.query_selector_all('[data-testid="hand"] .card'))
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.classList.contains('card')")
    page.keyboard.press("d")
    page.wait_for_function(f"() => document.querySelectorAll('[data-testid=hand] .card').length !== {before}"
                           " || document.querySelector('[data-testid=table]').dataset.turn !== '0'")
    log = page.inner_text('[data-testid="log"]')
    assert "rob" in log.lower() or "draw" in log.lower()


def test_chupate_language_switch_rerenders_table(new_page, boot, site_url):
    page = new_page(viewport={"width": 390, "height": 844})
    start_game(page, boot, site_url, "bot_delay=0&seed=3")
    first = page.inner_text('[data-testid="btn-draw"]')
    page.click('[data-testid="lang-toggle"]')
    second = page.inner_text('[data-testid="btn-draw"]')
    assert {first.split()[0], second.split()[0]} == {"Robar", "Draw"}
