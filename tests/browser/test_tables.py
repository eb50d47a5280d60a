"""Every game's table in the real page: it opens from the picker, renders, and takes a first move
by clicking; a refused move explains itself."""

import pytest

pytestmark = pytest.mark.browser

FIRST_MOVE = {
    "skypo": '[data-testid="my-grid"] button.card',       # an opening flip
    "francesa": '[data-testid="btn-draw"]',
    "taki": '[data-testid="hand"] .card.playable:not([data-action^="ui:"])',
    "dos": '[data-testid="btn-draw"]',
}


def open_game(page, boot, site_url, game_id, seed=4):
    boot(page, f"{site_url}?bot_delay=0&seed={seed}")
    page.click(f'[data-testid="game-{game_id}"]')
    page.check('[data-testid="opt-opponents-1"]')
    page.click('[data-testid="btn-start"]')
    page.wait_for_selector('[data-testid="table"]')


@pytest.mark.parametrize("game_id", sorted(FIRST_MOVE))
def test_table_opens_and_takes_a_move(new_page, boot, site_url, game_id):
    page = new_page(viewport={"width": 390, "height": 844})
    open_game(page, boot, site_url, game_id)
    assert page.inner_text('[data-testid="status"]').strip()
    page.wait_for_function("() => { const t = document.querySelector('[data-testid=table]');"
                           " return t.dataset.turn === '0' || t.dataset.phase === 'reveal'; }")
    version = page.get_attribute('[data-testid="table"]', "data-version")
    if game_id == "taki" and not page.query_selector(FIRST_MOVE[game_id]):
        page.click('[data-testid="btn-draw"]')      # nothing to play: drawing is the move
    else:
        page.click(FIRST_MOVE[game_id] + " >> nth=0")
    page.wait_for_function(
        "v => document.querySelector('[data-testid=table]').dataset.version !== v", arg=version)
    assert not page.inner_text('[data-testid="message"]').strip()


def test_francesa_refused_move_explains_itself(new_page, boot, site_url):
    page = new_page(viewport={"width": 1280, "height": 800})
    open_game(page, boot, site_url, "francesa", seed=7)
    page.wait_for_function("() => document.querySelector('[data-testid=table]').dataset.turn === '0'")
    unplayable = page.query_selector('[data-testid="hand"] .card:not(.playable)')
    if unplayable is None:
        pytest.skip("every card of this deal is playable")
    version = page.get_attribute('[data-testid="table"]', "data-version")
    unplayable.click()
    page.wait_for_function("() => document.querySelector('[data-testid=message]').textContent.trim() !== ''")
    assert page.get_attribute('[data-testid="table"]', "data-version") == version
