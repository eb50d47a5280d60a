"""A person acts while a DOS hard bot is thinking: the bot thinks in slices (bots/dos_search.py, one
sampled deal each) and the page's bot pump hands the page back between them (ui/table_clock.py, ``_pump``), so
clicks, keys and a language switch land in the middle of a thought. ``?think_pause=<ms>`` (a test hook)
stretches the gap between slices so the test can act while a bot thinks for sure; ``tapeteApp()`` says
whether a bot is between two slices and how many slices ran. Every interaction must leave the page
clean (no console error, no error toast), a hand card clicked out of turn is selected for later or
refused with a message, and the bots must go on to finish their turns after it."""

from __future__ import annotations

import json

import pytest
from clicks import clean

pytestmark = pytest.mark.browser
TABLE = "document.querySelector('[data-testid=table]')"
THINKING = "() => JSON.parse(tapeteApp()).thinking"


def app(page) -> dict:
    return json.loads(page.evaluate("tapeteApp()"))


def version(page) -> int:
    return int(page.evaluate(f"() => {TABLE} ? {TABLE}.dataset.version : -1"))


def test_clicks_keys_and_a_language_switch_while_dos_hard_thinks(new_page, boot, site_url):
    page = new_page(viewport={"width": 1280, "height": 800}, locale="es-ES")
    # autoplay=0: this page's own seat plays by itself, so the round goes on between the bots' thoughts
    boot(page, f"{site_url}?bot_delay=0&seed=3&think_pause=120&autoplay=0")
    page.click('[data-testid="game-dos"]')
    page.check('[data-testid="opt-opponents-3"]')
    page.check('[data-testid="opt-level-hard"]')
    page.click('[data-testid="btn-start"]')
    page.wait_for_selector('[data-testid="table"]')

    def in_a_thought(kind: str, act) -> bool:
        """Wait for a bot between two slices, act, and say whether a bot was still thinking after it."""
        page.wait_for_function(THINKING, timeout=60_000)
        before = app(page)
        seen = version(page)
        turn = page.evaluate(f"() => {TABLE}.dataset.turn")
        picked = page.locator('[data-testid="hand"] .card.selected').count()
        act()
        after = app(page)
        clean(page, new_page, kind)
        if kind == "hand card" and turn != "0":
            # not my turn: the card is (un)selected for later (DOS's two-step match) or the click is
            # refused with a message (the bots may move the table meanwhile: no version check here)
            message = page.inner_text('[data-testid="message"]').strip()
            changed = page.locator('[data-testid="hand"] .card.selected').count() != picked
            assert message or changed, (message, picked, seen, version(page))
        return before["thinking"] and after["thinking"]

    def hand_card():
        cards = page.query_selector_all('[data-testid="hand"] .card')
        cards[len(cards) // 2].click()

    def language():
        page.click('[data-testid="lang-toggle"]')

    def keys():
        page.keyboard.press("Tab")
        page.keyboard.press("ArrowRight")
        page.keyboard.press("Escape")

    def felt_and_log():
        page.click('[data-testid="table"]', position={"x": 5, "y": 5})
        page.click('[data-testid="log"]')

    acts = [("hand card", hand_card), ("language", language), ("keys", keys), ("felt and log", felt_and_log)]
    start, inside, langs = version(page), 0, set()
    for i in range(16):
        kind, act = acts[i % len(acts)]
        if app(page)["screen"] != "table" or page.query_selector('[data-testid="result"]'):
            break
        inside += in_a_thought(kind, act)
        langs.add(page.evaluate("document.documentElement.lang"))
    assert inside >= 8, inside                             # most acts landed while a bot was thinking
    assert langs >= {"es", "en"}, langs                    # the switch took effect mid-thought, both ways

    # the bots finish their thoughts and go on playing: the table moves well past where the acts began
    page.wait_for_function(f"v => !{TABLE} || Number({TABLE}.dataset.version) >= v", arg=start + 12,
                           timeout=120_000)
    assert app(page)["slices"] > 0
    clean(page, new_page, "after")
