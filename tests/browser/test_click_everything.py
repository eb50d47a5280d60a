"""Click every element and use the keyboard on every control, as a curious newcomer would: on the picker,
on every setup, and mid-game on each of the five tables. Any console error, PyScript `.py-error` node or
error toast fails the test (issue 8, item 1: clicks on non-buttons used to pile up Python tracebacks).

"Every element" is every element of the page with a box (not only buttons: labels, legends, the felt, the
log, an opponent's box, the header...), clicked with the real mouse at its centre; elements that would
leave the screen under test (Start, Menu, a game on the picker, room buttons) are clicked by the other
tests instead. Every focusable control then gets arrow keys, Home/End, Escape and (radios, checkboxes)
Space. The table keeps playing meanwhile: some clicks are moves, refused ones explain themselves.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser
GAMES = ["chupate", "skypo", "francesa", "taki", "dos"]
TABLE = "document.querySelector('[data-testid=table]')"
# Clicked elsewhere, and they would take us off the screen under test.
LEAVES = ('[data-action="setup-start"], [data-action="menu"], [data-action="leave"], [data-game], '
          '[data-action^="room-"], [data-action="again"], [data-action="lab"], [data-testid="lang-toggle"], '
          '.boot-error-reload')
TARGETS = """leaves => {
  const out = [];
  const all = document.querySelectorAll('body *');
  for (let i = 0; i < all.length; i++) {
    const el = all[i];
    if (el.closest(leaves) || el.closest('dialog:not([open])') || el.closest('[hidden]')) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(el === hit || el.contains(hit) || hit.contains(el))) continue;   // covered by something
    if (hit.closest(leaves)) continue;
    out.push([x, y, el.tagName + (el.dataset.testid ? '#' + el.dataset.testid : '')]);
  }
  return out;
}"""
CONTROLS = """leaves => [...document.querySelectorAll(
    'button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])')]
  .filter(el => !el.closest(leaves) && !el.disabled && el.getClientRects().length && !el.closest('[hidden]'))
  .map((el, i) => { el.setAttribute('data-kbd', String(i)); return [String(i), el.type || ''] })"""


def clean(page, new_page, where: str) -> None:
    assert page.locator(".py-error").count() == 0, f"{where}: a .py-error banner"
    toast = page.get_by_test_id("error-toast")
    assert toast.is_hidden(), f"{where}: the error toast showed ({toast.get_attribute('data-count')})"
    assert not new_page.console_errors, f"{where}: {new_page.console_errors[:3]}"


def close_dialogs(page) -> None:
    """A click may open the rules or leave dialog: close it the way a player would."""
    for _ in range(3):
        if not page.evaluate("() => !!document.querySelector('dialog.dialog[open]')"):
            return
        page.keyboard.press("Escape")


def click_everything(page, new_page, where: str, limit: int = 400) -> int:
    screen = page.evaluate("JSON.parse(tapeteApp()).screen")
    done = 0
    for x, y, name in page.evaluate(TARGETS, LEAVES)[:limit]:
        page.mouse.click(x, y)
        done += 1
        close_dialogs(page)
        clean(page, new_page, f"{where}: click on {name}")
        if page.evaluate("JSON.parse(tapeteApp()).screen") != screen:
            break                           # e.g. the game ended: the other checks still ran
    return done


def keyboard_everything(page, new_page, where: str) -> int:
    done = 0
    for index, kind in page.evaluate(CONTROLS, LEAVES):
        node = page.query_selector(f'[data-kbd="{index}"]')
        if node is None or not node.is_visible():
            continue                        # re-rendered meanwhile
        node.focus()
        keys = ["ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp", "Home", "End", "Escape"]
        if kind in ("radio", "checkbox"):
            keys.append(" ")
        for key in keys:
            page.keyboard.press(key)
        close_dialogs(page)
        done += 1
        clean(page, new_page, f"{where}: keys on control {index} ({kind})")
    return done


def test_picker_and_every_setup(new_page, boot, site_url):
    page = new_page(viewport={"width": 1280, "height": 800})
    boot(page, site_url)
    clicks = click_everything(page, new_page, "picker")
    keys = keyboard_everything(page, new_page, "picker")
    assert clicks > 20 and keys >= 5, (clicks, keys)
    for game in GAMES:
        page.click(f'[data-testid="game-{game}"]')
        page.wait_for_selector('[data-testid="setup"]')
        clicks = click_everything(page, new_page, f"setup {game}")
        keys = keyboard_everything(page, new_page, f"setup {game}")
        assert clicks > 15 and keys > 5, (game, clicks, keys)
        assert page.evaluate("JSON.parse(tapeteApp()).screen") == "setup"
        page.click('[data-testid="btn-menu"]')
    clean(page, new_page, "end")


@pytest.mark.parametrize("game", GAMES)
def test_every_element_of_a_table_mid_game(new_page, boot, site_url, game):
    page = new_page(viewport={"width": 1280, "height": 800})
    boot(page, f"{site_url}?bot_delay=0&seed=6")
    page.click(f'[data-testid="game-{game}"]')
    page.check('[data-testid="opt-opponents-2"]')
    page.click('[data-testid="btn-start"]')
    page.wait_for_function(f"() => {TABLE} && ({TABLE}.dataset.turn === '0' || {TABLE}.dataset.phase === 'reveal')")
    clicks = click_everything(page, new_page, f"table {game}")
    keys = keyboard_everything(page, new_page, f"table {game}")
    assert clicks > 20 and keys >= 1, (clicks, keys)     # (a table late in a round may offer few controls)
    clean(page, new_page, "end")
