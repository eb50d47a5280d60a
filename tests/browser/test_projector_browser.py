"""Projector mode has a way out for a mouse, a finger and a keyboard (issue 32; docs/classroom.md).

Projector mode draws no controls; Escape left it, and nothing else did: a teacher with a touch screen or
a mouse was stuck. Now one small button, "Leave projector mode (Esc)", sits in the top corner on every
screen while projector mode is on (tapete.ui.projector.ProjectorLeave) and does what Escape does.

test_projector_mode_has_a_visible_way_out, over a real relay and real WebRTC: a host page opened with
``?projector=1`` (Spanish, 1920×1080) shows the button on the picker and leaves by a click; in the room's
lobby, "Projector mode" then the button by keyboard (focus lands on it, Enter leaves, focus is back on
"Projector mode") and by mouse, the lobby's controls back each time; a watcher page (English, 390×844, a
touch screen) with ``?projector=1`` leaves by a tap at the table; the host's page reopened with
``?projector=1`` at its table leaves by a click and has its table bar back. axe-core: 0 serious or
critical on each projector screen with the button.
"""

from __future__ import annotations

import pytest

from conftest import _READY_OR_ERROR, ARTIFACTS
from test_accessibility import Axe
from test_p2p import open_quick_chupate_room
from test_watch_browser import watcher_url

pytestmark = pytest.mark.browser
LEAVE = '[data-testid="btn-projector-leave"]'
PROJECTOR = "document.documentElement.classList.contains('projector')"
FOCUSED = "document.activeElement && document.activeElement.dataset.testid"
VISIBLE_BUTTONS = """() => [...document.querySelectorAll('button, a.btn, input')].filter(
    n => n.getClientRects().length && getComputedStyle(n).visibility !== 'hidden').map(n => n.dataset.testid)"""


@pytest.fixture
def axe(request):
    return Axe(request.node.name)


def check_button(page, text: str) -> None:
    """The way out is there, says ``text``, is in the top right corner and big enough for a finger."""
    page.wait_for_selector(LEAVE, state="visible")
    assert page.inner_text(LEAVE).strip() == text
    assert page.get_attribute(LEAVE, "aria-keyshortcuts") == "Escape"
    box = page.locator(LEAVE).bounding_box()
    width = page.viewport_size["width"]
    assert box["y"] <= 16 and box["x"] + box["width"] >= width - 16 and box["height"] >= 44, box


def gone(page) -> None:
    page.wait_for_function(f"() => !({PROJECTOR})")
    assert page.locator(LEAVE).count() == 0


def test_projector_mode_has_a_visible_way_out(new_page, boot, site_url, nostr_relay, axe):
    query = f"?relay={nostr_relay}&ice=none&bot_delay=0&debug_room=1"
    host = boot(new_page(locale="es-ES", viewport={"width": 1920, "height": 1080}),
                f"{site_url}{query}&projector=1")
    # The picker of a page opened with ?projector=1: no topbar, the button; a click leaves.
    assert host.evaluate(PROJECTOR)
    check_button(host, "Salir del modo proyector (Esc)")
    axe(host, "picker projector 1920")
    host.click(LEAVE)
    gone(host)
    host.wait_for_selector(".topbar", state="visible")

    # A long name, as a class has them: on the wall every seat shows without a sideways scroll.
    link = open_quick_chupate_room(host, name="Maximiliana Fernández")
    host.wait_for_selector('[data-testid="lobby-qr"] svg')

    # The lobby on the wall by keyboard: Projector mode, focus on the way out, Enter leaves.
    host.focus('[data-testid="btn-projector"]')
    host.keyboard.press("Enter")
    host.wait_for_selector('[data-testid="lobby"][data-projector="1"]')
    check_button(host, "Salir del modo proyector (Esc)")
    host.wait_for_function(f"() => ({FOCUSED}) === 'btn-projector-leave'")
    assert host.evaluate(VISIBLE_BUTTONS) == ["btn-projector-leave"]        # the only control on the wall
    axe(host, "lobby projector 1920")
    ARTIFACTS.mkdir(exist_ok=True)
    host.screenshot(path=str(ARTIFACTS / "projector-leave-lobby-1920.png"))
    host.keyboard.press("Enter")
    host.wait_for_selector('[data-testid="lobby"][data-projector="0"]')
    gone(host)
    host.wait_for_function(f"() => ({FOCUSED}) === 'btn-projector'")
    for testid in ("btn-start-room", "btn-add-bot", "btn-lock-room", "btn-menu", "btn-copy-link"):
        assert host.locator(f'[data-testid="{testid}"]').is_visible(), testid
    # ... and by mouse.
    host.click('[data-testid="btn-projector"]')
    host.wait_for_selector('[data-testid="lobby"][data-projector="1"]')
    assert not host.locator('[data-testid="btn-start-room"]').is_visible()
    host.click(LEAVE)
    host.wait_for_selector('[data-testid="lobby"][data-projector="0"]')
    gone(host)
    host.wait_for_selector('[data-testid="btn-start-room"]', state="visible")

    # A watcher on a touch screen (English, a phone's size) with ?projector=1: a tap at the table leaves.
    watcher = boot(new_page(locale="en-US", viewport={"width": 390, "height": 844}, has_touch=True,
                            is_mobile=True), watcher_url(site_url, query, link).replace("?", "?projector=1&", 1))
    watcher.wait_for_selector('[data-testid="watch-lobby"]', timeout=30_000)
    check_button(watcher, "Leave projector mode (Esc)")
    host.wait_for_selector('[data-testid="watcher-count"][data-count="1"]', timeout=30_000)
    host.click('[data-testid="btn-add-bot"]')
    host.wait_for_selector('[data-testid="lobby-seat-1"][data-kind="bot"]')
    host.click('[data-testid="btn-start-room"]')
    host.wait_for_selector('[data-testid="table"]', timeout=30_000)
    watcher.wait_for_selector('[data-testid="watch-screen"][data-projector="1"] [data-testid="table"]',
                              timeout=60_000)
    check_button(watcher, "Leave projector mode (Esc)")
    assert watcher.evaluate(VISIBLE_BUTTONS) == ["btn-projector-leave"]
    assert watcher.eval_on_selector('[data-testid="opponents"]', "el => el.scrollWidth <= el.clientWidth"), \
        "a seat is hidden sideways on the wall"
    axe(watcher, "watcher table projector 390")
    watcher.screenshot(path=str(ARTIFACTS / "projector-leave-watcher-390.png"))
    watcher.tap(LEAVE)
    watcher.wait_for_selector('[data-testid="watch-screen"][data-projector="0"] [data-testid="table"]')
    gone(watcher)
    watcher.wait_for_selector('[data-testid="watch-screen"] [data-testid="btn-projector"]', state="visible")

    # The host's own page reopened with ?projector=1 at its table: the button; a click brings the bar back.
    assert "#room=" in host.url
    host.goto(host.url.replace("?", "?projector=1&", 1))
    host.wait_for_function(_READY_OR_ERROR, timeout=90_000, polling=100)
    host.wait_for_selector('[data-testid="table"]', timeout=30_000)
    check_button(host, "Salir del modo proyector (Esc)")
    assert not host.locator(".table-bar").is_visible()
    axe(host, "host table projector 1920")
    host.screenshot(path=str(ARTIFACTS / "projector-leave-table-1920.png"))
    host.click(LEAVE)
    gone(host)
    host.wait_for_selector(".table-bar", state="visible")
    axe.check()
