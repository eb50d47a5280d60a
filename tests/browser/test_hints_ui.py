"""Hints at a table against bots (issue 33; py/tapete/ui/hints.py), in the real page.

For each of the five games, in Spanish and in English: a seeded table of two (you and an easy bot)
is opened from the picker; at the player's first moment to act, "Hint" (a button of the bar) shows the hard
bot's move and its ideas. The same table is replayed here in CPython (the same Host, seed and options,
its bots moving until the seat must act): the hint's move is the hard bot's own move for that view with
the hint's generator (``make_bot("hard").choose``), and the ideas shown are exactly
``explain(...)``'s, each said by ``hint_text`` in the page's language: an idea the bot really used (an
idea is named only when, left out, the bot would play otherwise: tests/unit/test_hints.py).
A whole Chúpate 2 game played by following the hints shows the number of hints in the result dialog."""

from __future__ import annotations

import pytest

from tapete.bots import make_bot
from tapete.bots.explain import explain
from tapete.bots.hint_texts import hint_text
from tapete.core import get
from tapete.net import Host, SeatSpec
from tapete.ui.hints import hint_rng
from tapete.ui.setup import default_settings, options_of

pytestmark = pytest.mark.browser

GAMES = [(game, lang) for game in ("chupate", "skypo", "francesa", "taki", "dos") for lang in ("es", "en")]
SEED = 11


def replay(game_id: str, seed: int) -> tuple[dict, list[str], bool]:
    """The view and legal actions of seat 0 (the page's player) at its first moment to act."""
    game = get(game_id)
    settings = {**default_settings(game), "opponents": 1}
    host = Host(game_id, [SeatSpec("You", player="me"), SeatSpec("Bot 1", bot="easy")], seed,
                options_of(game, settings))
    while not game.legal_actions(host.state, 0):
        assert host.bot_step(), "the bots stopped before the player could act"
    return game.view(host.state, 0), game.legal_actions(host.state, 0), game.to_move(host.state)[:1] == [0]


def open_table(page, boot, site_url, game_id: str, lang: str, seed: int) -> None:
    boot(page, f"{site_url}?bot_delay=0&seed={seed}")
    if page.evaluate("() => document.documentElement.lang") != lang:
        page.click('[data-testid="lang-toggle"]')
        page.wait_for_function("lang => document.documentElement.lang === lang", arg=lang)
    page.click(f'[data-testid="game-{game_id}"]')
    page.check('[data-testid="opt-opponents-1"]')
    page.click('[data-testid="btn-start"]')
    page.wait_for_selector('[data-testid="btn-hint"]:not([disabled])')


@pytest.mark.parametrize("game_id,lang", GAMES)
def test_the_hint_names_the_hard_bots_move_and_the_ideas_it_really_used(new_page, boot, site_url, game_id, lang):
    page = new_page(viewport={"width": 1280, "height": 900})
    page.set_default_timeout(120_000)
    open_table(page, boot, site_url, game_id, lang, SEED)
    view, legal, must = replay(game_id, SEED)
    assert page.get_attribute('[data-testid="table"]', "data-version") == str(view["version"])
    page.click('[data-testid="btn-hint"]')
    page.wait_for_selector('[data-testid="hint"][data-state="ready"]')
    shown_action = page.get_attribute('[data-testid="hint"]', "data-hint-action")
    shown_ideas = page.eval_on_selector_all('[data-testid="hint-ideas"] li', "els => els.map(e => e.dataset.idea)")
    texts = page.eval_on_selector_all('[data-testid="hint-ideas"] li', "els => els.map(e => e.textContent)")

    rng = hint_rng(game_id, view["version"], 0)
    hint = explain(game_id, view, legal, rng, must_act=must)
    own = make_bot("hard", game_id)
    assert shown_action == hint.action == own.choose(view, legal, must, hint_rng(game_id, view["version"], 0))
    assert shown_action in legal
    assert shown_ideas == hint.ideas and shown_ideas, shown_ideas
    assert texts == [hint_text(lang, game_id, key) for key in hint.ideas]


def test_following_the_hints_to_the_end_the_result_says_how_many_were_used(new_page, boot, site_url):
    page = new_page(viewport={"width": 1280, "height": 900})
    page.set_default_timeout(120_000)
    open_table(page, boot, site_url, "chupate", "en", 5)
    used = 0
    for _ in range(200):
        if page.locator('[data-testid="result"]').count():
            break
        page.wait_for_selector('[data-testid="btn-hint"]:not([disabled]), [data-testid="result"]')
        if page.locator('[data-testid="result"]').count():
            break
        page.click('[data-testid="btn-hint"]')
        page.wait_for_selector('[data-testid="hint"][data-state="ready"], [data-testid="result"]')
        if page.locator('[data-testid="result"]').count():
            break
        used += 1
        action = page.get_attribute('[data-testid="hint"]', "data-hint-action")
        version = page.get_attribute('[data-testid="table"]', "data-version")
        if " color:" in action:                                       # a wild: the card, then its colour
            page.click(f'[data-action="wild {action.split(" ")[1]}"]')
        page.click(f'[data-action="{action}"]')
        page.wait_for_function("v => (document.querySelector('[data-testid=table]') || {dataset: {}}).dataset.version"
                               " !== v || document.querySelector('[data-testid=result]')", arg=version)
    page.wait_for_selector('[data-testid="result"]')
    assert used > 0
    assert page.inner_text('[data-testid="hints-used"]') == f"Hints used: {used}"
