"""Leaving and coming back, in the real page: Menu/Leave with its confirmation, browser Back/Forward,
reload → Resume of a bots game, a corrupt save dropped with a message, and no developer banner ever
(clicks on things that are not buttons, and a real Python error, end in the one friendly toast)."""

from __future__ import annotations

import json

import pytest

pytestmark = pytest.mark.browser

TABLE = "() => !!document.querySelector('[data-testid=table]')"
SCREEN = "s => JSON.parse(window.tapeteApp()).screen === s"


def start(page, boot, site_url, game="chupate", query="bot_delay=0&seed=11", opponents=1):
    boot(page, f"{site_url}?{query}")
    page.click(f'[data-testid="game-{game}"]')
    page.check(f'[data-testid="opt-opponents-{opponents}"]')
    page.click('[data-testid="btn-start"]')
    page.wait_for_function(TABLE)


def hand(page) -> list[str]:
    return [c.get_attribute("data-testid") for c in page.query_selector_all('[data-testid="hand"] .card')]


def no_banners(page, new_page):
    assert page.locator(".py-error").count() == 0
    assert page.get_by_test_id("error-toast").is_hidden(), page.get_by_test_id("error-toast").inner_text()
    assert not new_page.console_errors, new_page.console_errors


def test_clicks_on_non_buttons_raise_nothing(new_page, boot, site_url):
    """Issue 8 item 1: a setup radio's label, arrow keys on radios, the felt, the log, an opponent's box."""
    page = new_page(viewport={"width": 1280, "height": 800})
    boot(page, f"{site_url}?bot_delay=0&seed=11")
    page.click("#picker-title")
    page.click('[data-testid="game-chupate"]')
    page.click('[data-testid="setup"] legend >> nth=0')
    page.click('[data-testid="opt-opponents-2"]')
    page.locator('[data-testid="opt-opponents-2"]').press("ArrowRight")
    page.click('label:has([data-testid="opt-level-medium"])')
    page.click('[data-testid="btn-start"]')
    page.wait_for_function(TABLE)
    page.click('[data-testid="table"]', position={"x": 5, "y": 5})
    page.click('[data-testid="log"]')
    page.click('[data-testid="seat-1"]')
    page.click("header.topbar", position={"x": 5, "y": 5})
    page.evaluate("document.body.dispatchEvent(new MouseEvent('click', {bubbles: true}))")
    page.wait_for_timeout(200)          # let any handler error surface (there must be none)
    no_banners(page, new_page)


def test_uncaught_errors_become_one_friendly_toast(new_page, boot, site_url):
    page = new_page(locale="en-US")
    boot(page, f"{site_url}?debug_errors=1")
    page.evaluate("setTimeout(() => window.tapeteRaise('boom one'), 0)")    # a real Python exception
    toast = page.get_by_test_id("error-toast")
    toast.wait_for(state="visible")
    page.wait_for_timeout(300)              # PyScript's banner for the same error comes a moment later
    assert toast.get_attribute("data-count") == "1"
    page.evaluate("setTimeout(() => { throw new Error('boom two'); }, 0)")  # and a JS one
    page.wait_for_function("() => document.querySelector('[data-testid=error-toast]').dataset.count === '2'")
    assert page.locator("[data-testid=error-toast]").count() == 1
    text = toast.inner_text()
    assert "Something went wrong" in text and "Traceback" not in text and "boom" not in text
    assert page.locator(".py-error").count() == 0, "PyScript's banner reached the page"
    assert any("boom one" in line for line in new_page.console_errors), new_page.console_errors
    page.click('[data-testid="toast-close"]')
    assert toast.is_hidden()
    new_page.console_errors.clear()


def test_leave_confirm_returns_to_picker_and_costs_ranking(new_page, boot, site_url):
    page = new_page(locale="en-US", viewport={"width": 390, "height": 844})
    start(page, boot, site_url)
    page.click('[data-testid="btn-leave"]')
    dialog = page.get_by_test_id("leave-dialog")
    assert dialog.is_visible()
    assert "20" in page.inner_text('[data-testid="leave-cost"]')
    assert page.evaluate("document.activeElement.dataset.testid") == "btn-leave-cancel"   # focus moved in
    page.keyboard.press("Escape")                                        # closes, the game goes on
    assert dialog.is_hidden()
    assert page.query_selector('[data-testid="table"]')
    page.click('[data-testid="btn-leave"]')
    page.click('[data-testid="btn-leave-cancel"]')
    assert dialog.is_hidden() and page.query_selector('[data-testid="table"]')
    assert page.evaluate("document.activeElement.dataset.testid") == "btn-leave"          # and back
    page.click('[data-testid="btn-leave"]')
    page.click('[data-testid="btn-leave-confirm"]')
    page.wait_for_function(SCREEN, arg="picker")
    assert page.get_by_test_id("game-chupate").is_visible()
    assert page.evaluate("localStorage.getItem('tapete.ranking.chupate')") == "-20"
    assert page.evaluate("localStorage.getItem('tapete.save.chupate')") is None
    assert page.query_selector('[data-testid="resume-chupate"]') is None
    no_banners(page, new_page)


def test_leaving_any_game_costs_the_same_ranking(new_page, boot, site_url):
    page = new_page(locale="en-US")
    start(page, boot, site_url, game="dos")
    page.click('[data-testid="btn-leave"]')
    assert "20" in page.inner_text('[data-testid="leave-cost"]')
    page.click('[data-testid="btn-leave-confirm"]')
    page.wait_for_function(SCREEN, arg="picker")
    assert page.evaluate("localStorage.getItem('tapete.ranking.dos')") == "-20"


def test_back_and_forward_move_between_screens(new_page, boot, site_url):
    page = new_page(viewport={"width": 1280, "height": 800})
    start(page, boot, site_url, game="skypo")
    version = page.get_attribute('[data-testid="table"]', "data-version")
    page.go_back()
    page.wait_for_function(SCREEN, arg="setup")
    assert page.get_attribute('[data-testid="setup"]', "data-setup") == "skypo"
    page.go_back()
    page.wait_for_function(SCREEN, arg="picker")
    assert page.query_selector('[data-testid="resume-skypo"]'), "the game left with Back is resumable"
    page.go_forward()
    page.wait_for_function(SCREEN, arg="setup")
    page.go_forward()
    page.wait_for_function(SCREEN, arg="table")
    assert int(page.get_attribute('[data-testid="table"]', "data-version")) >= int(version)
    assert page.url.startswith(site_url)
    no_banners(page, new_page)


def test_reload_mid_game_resumes_same_hand_and_version(new_page, boot, site_url):
    page = new_page(viewport={"width": 1280, "height": 800})
    start(page, boot, site_url, query="bot_delay=0&seed=11")
    page.wait_for_function("() => document.querySelector('[data-testid=table]').dataset.turn === '0'")
    page.click('[data-testid="btn-draw"]')                  # a move, so the save is not the deal
    page.wait_for_function("() => document.querySelector('[data-testid=table]').dataset.turn === '0'"
                           " && !document.querySelector('[data-testid=round-result]')", timeout=30_000)
    before_hand, before_version = hand(page), page.get_attribute('[data-testid="table"]', "data-version")
    saved = json.loads(page.evaluate("localStorage.getItem('tapete.save.chupate')"))
    assert saved["state"]["version"] == int(before_version)
    boot(page, f"{site_url}?bot_delay=0")
    page.click('[data-testid="resume-chupate"]')
    page.wait_for_function(TABLE)
    assert page.get_attribute('[data-testid="table"]', "data-version") == before_version
    assert hand(page) == before_hand
    no_banners(page, new_page)


def test_corrupt_or_old_save_is_dropped_with_a_message(new_page, boot, site_url):
    page = new_page(locale="en-US")
    boot(page, site_url)
    page.evaluate("""() => {
        localStorage.setItem('tapete.save.chupate', '{"v":1,"kind":"tapete.bots","game":"chupate"');
        localStorage.setItem('tapete.save.dos', JSON.stringify({v: 0, kind: 'tapete.bots', game: 'dos'}));
    }""")
    boot(page, site_url)
    message = page.get_by_test_id("picker-message")
    assert "could not be restored" in message.inner_text()
    assert page.evaluate("localStorage.getItem('tapete.save.chupate')") is None
    assert page.evaluate("localStorage.getItem('tapete.save.dos')") is None
    assert page.query_selector('[data-testid="resume-chupate"]') is None
    assert page.get_by_test_id("game-chupate").is_enabled()
    no_banners(page, new_page)


def test_picker_speaks_the_current_language_after_a_game(new_page, boot, site_url):
    page = new_page(locale="es-ES")
    start(page, boot, site_url, game="taki")
    page.click('[data-testid="lang-toggle"]')                  # to English mid-game
    page.go_back()
    page.wait_for_function(SCREEN, arg="setup")
    page.click('[data-testid="btn-menu"]')
    page.wait_for_function(SCREEN, arg="picker")
    assert page.inner_text("#picker-title") == "Pick a game"
    assert "players" in page.inner_text('[data-testid="game-taki"]')
    assert page.inner_text('[data-testid="resume-taki"]').startswith("Resume game")
    page.click('[data-testid="lang-toggle"]')                  # and back, on the picker itself
    assert page.inner_text('[data-testid="resume-taki"]').startswith("Continuar partida")
    assert "jugadores" in page.inner_text('[data-testid="game-taki"]')
