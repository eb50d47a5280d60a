"""Issue 31: bots have names, and a win has its moment.

- test_bots_are_named_at_the_table_in_the_log_and_results: a game against 3 bots in English, where this
  browser's name is "Emma": the bots are three distinct names of the English list (never "Emma", no
  "Bot n"), shown at the table's seats, in the log and in the result; the same seed in Spanish gives
  Spanish names. The result's headline has its moment: it animates (and its stars rise) by default.
- test_the_win_moment_is_still_under_reduced_motion: with prefers-reduced-motion: reduce (Playwright's
  emulation) nothing of it moves: no animation on the headline or the stars, which stay hidden.
"""

from __future__ import annotations

import re

import pytest

from tapete.ui.bot_names import NAMES
from test_accessibility import start

pytestmark = pytest.mark.browser
ANIMATIONS = """() => [document.querySelector('[data-testid=result-winner]'),
                      ...document.querySelectorAll('[data-testid=win-stars] span')].map(
                      (n) => [getComputedStyle(n).animationName, getComputedStyle(n).opacity])"""


def play_to_result(new_page, boot, site_url, locale, motion):
    page = new_page(viewport={"width": 390, "height": 844}, locale=locale, reduced_motion=motion)
    page.add_init_script("localStorage.setItem('tapete.name', 'Emma')")
    start(page, boot, site_url, "taki", "bot_delay=0&autoplay=0&seed=4", opponents=3)
    return page


def test_bots_are_named_at_the_table_in_the_log_and_results(new_page, boot, site_url):
    page = play_to_result(new_page, boot, site_url, "en-US", "no-preference")
    table = page.inner_text('[data-testid="table"]')
    names = [n for n in NAMES["en"] if n in table]
    assert len(names) == 3 and "Emma" not in names, table
    assert not re.search(r"\bBot \d", table)
    page.wait_for_selector('[data-testid="result"]', timeout=180_000)
    log = page.inner_text('[data-testid="log"]')
    assert any(n in log for n in names), log
    result = page.inner_text('[data-testid="result"]')
    assert all(n in result for n in names), result
    anim = page.evaluate(ANIMATIONS)
    assert anim[0][0] == "tapete-win-pop" and all(a[0] == "tapete-win-star" for a in anim[1:]), anim

    spanish = new_page(viewport={"width": 390, "height": 844}, locale="es-ES")
    start(spanish, boot, site_url, "taki", "bot_delay=0&seed=4", opponents=3)
    table = spanish.inner_text('[data-testid="table"]')
    assert len([n for n in NAMES["es"] if n in table]) == 3, table


def test_the_win_moment_is_still_under_reduced_motion(new_page, boot, site_url):
    page = play_to_result(new_page, boot, site_url, "en-US", "reduce")
    page.wait_for_selector('[data-testid="result"]', timeout=180_000)
    anim = page.evaluate(ANIMATIONS)
    assert len(anim) == 6 and all(a[0] == "none" for a in anim), anim
    assert all(a[1] == "0" for a in anim[1:]), anim               # the stars stay hidden
