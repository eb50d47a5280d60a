"""Issue 31: a phone player sees the whole table.

- test_whole_hand_in_view[<size>-<n>]: at 390×844, 360×640 and landscape 844×390, with 7, 14 and 24
  cards in hand (a save with that hand, built by the real engine and resumed through the picker:
  tests/browser/rigged_save.py), every card of the hand, the discard, the draw pile, the status and the
  action buttons lie inside the viewport with the page at the top and nothing to scroll; every card
  keeps a strip at least 12 px wide and 44 px tall that is its own (the topmost element there); a tap
  (touch, has_touch) on the visible strip of a playable card plays it.
- test_last_moves_in_view_and_the_round_one_tap_away: on a phone the newest moves show above the hand
  and btn-log-all opens the whole round.
- test_resume_shows_the_same_log: the moves before a reload are the moves after it (saves.py keeps them).
- test_skypo_whole_grid_discard_and_actions_in_view[360x640|390x844]: Skypo with 3 bots, after the
  opening flips, on my turn and once I drew: all 12 cells of my grid, the discard, the draw pile, the
  status and the action buttons lie inside the viewport with the page at the top.
- test_dos_hand_and_row_in_view_on_a_small_phone: DOS against 3 bots at 360×640, on my turn and after a
  draw: the hand, the centre row, the draw pile, the status and the actions inside the viewport.
"""

from __future__ import annotations

import pytest

from rigged_save import install, resume, rigged_save

pytestmark = pytest.mark.browser
TABLE = "document.querySelector('[data-testid=table]')"

IN_VIEW = """() => {
  const vw = innerWidth, vh = innerHeight;
  const box = (el) => { const r = el.getBoundingClientRect(); return {l: r.left, t: r.top, r: r.right, b: r.bottom}; };
  const inside = (b) => b.l >= 0 && b.t >= 0 && b.r <= vw + 0.5 && b.b <= vh + 0.5;
  const out = [];
  const want = [...document.querySelectorAll('[data-testid=hand] .card')].map((c) => ['card ' + c.dataset.key, c]);
  for (const id of ['discard-top', 'draw-pile', 'status', 'actions']) want.push([id, document.querySelector(`[data-testid=${id}]`)]);
  for (const b of document.querySelectorAll('[data-testid=actions] .btn')) want.push(['button ' + b.dataset.testid, b]);
  for (const [name, el] of want) { if (!el || !inside(box(el))) out.push([name, el ? box(el) : null]); }
  // each card's own strip: the left edge of the card, up to the next card's left edge, must hit this card
  const strips = [];
  const cards = [...document.querySelectorAll('[data-testid=hand] .card')];
  for (let i = 0; i < cards.length; i++) {
    const r = cards[i].getBoundingClientRect();
    let right = r.right;
    for (const o of cards) { const q = o.getBoundingClientRect();
      if (o !== cards[i] && q.left > r.left && q.left < right && q.top < r.bottom && q.bottom > r.top) right = q.left; }
    const hit = document.elementFromPoint(r.left + Math.min(6, (right - r.left) / 2), r.top + r.height / 2);
    strips.push({w: right - r.left, h: r.height, own: !!hit && cards[i].contains(hit)});
  }
  return {out, strips, scrollY, scrollH: document.documentElement.scrollHeight, vh, count: cards.length};
}"""


def open_rigged(new_page, boot, site_url, size, cards, game="chupate"):
    w, h = size
    page = new_page(viewport={"width": w, "height": h}, has_touch=True, is_mobile=True)
    install(page, game, rigged_save(game, cards))
    boot(page, f"{site_url}?bot_delay=0")
    resume(page, game)
    page.wait_for_function(f"() => {TABLE}.dataset.turn === '0' && document.querySelector('[data-testid=btn-draw]')")
    return page


@pytest.mark.parametrize("cards", [7, 14, 24])
@pytest.mark.parametrize("size", [(390, 844), (360, 640), (844, 390)], ids=["390x844", "360x640", "844x390"])
def test_whole_hand_in_view(new_page, boot, site_url, size, cards):
    page = open_rigged(new_page, boot, site_url, size, cards)
    look = page.evaluate(IN_VIEW)
    assert look["count"] == cards
    assert look["out"] == [], look["out"]
    assert look["scrollY"] == 0 and look["scrollH"] <= look["vh"], look        # nothing below the fold
    for strip in look["strips"]:
        assert strip["own"] and strip["w"] >= 12 and strip["h"] >= 44, look["strips"]
    # a tap on the visible strip of a playable card plays it
    card = page.query_selector('[data-testid=hand] .card.playable:not([data-action^="wild"])')
    assert card is not None
    action = card.get_attribute("data-action")
    version = int(page.get_attribute('[data-testid="table"]', "data-version"))
    card.tap(position={"x": 5, "y": 40})
    page.wait_for_function(f"v => +{TABLE}.dataset.version > v", arg=version)
    page.wait_for_function("() => [...document.querySelectorAll('[data-testid=log] li')].some("
                           "(li) => /^(Juegas|You play)/.test(li.textContent))")
    assert page.evaluate("() => document.querySelectorAll('[data-testid=hand] .card').length") == cards - 1, action


def test_last_moves_in_view_and_the_round_one_tap_away(new_page, boot, site_url):
    page = open_rigged(new_page, boot, site_url, (360, 640), 9)
    page.query_selector('[data-testid=hand] .card.playable:not([data-action^="wild"])').tap(position={"x": 5, "y": 40})
    page.wait_for_function("() => document.querySelectorAll('[data-testid=log] li').length >= 3", timeout=60_000)
    shown = page.evaluate("""() => [...document.querySelectorAll('[data-testid=log] li')].filter((li) => {
        const r = li.getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; }).length""")
    assert shown == 2
    button = page.query_selector('[data-testid="btn-log-all"]')
    assert button.is_visible() and button.bounding_box()["height"] >= 44
    assert not page.is_visible('[data-testid="btn-log-round"]')
    button.tap()
    page.wait_for_selector('dialog[data-testid="log-round"][open] [data-testid="round-log"] li')
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('dialog[data-testid=log-round][open]')"
                           " && document.activeElement === document.querySelector('[data-testid=btn-log-all]')")


LOG_LINES = "() => [...document.querySelectorAll('[data-testid=log] li')].map((li) => li.value + ' ' + li.textContent)"


@pytest.mark.parametrize("game", ["chupate", "dos"])
def test_resume_shows_the_same_log(new_page, boot, site_url, game):
    page = new_page(viewport={"width": 390, "height": 844})
    boot(page, f"{site_url}?bot_delay=0&seed=4")
    page.click(f'[data-testid="game-{game}"]')
    page.check('[data-testid="opt-opponents-3"]')
    page.click('[data-testid="btn-start"]')
    page.wait_for_selector('[data-testid="table"]')
    mine = (f"() => {TABLE}.dataset.turn === '0' && document.querySelector("
            "'[data-testid=btn-draw], [data-testid=btn-pass], [data-testid=btn-end]')")
    for _ in range(12):                  # draw, then pass or end the turn, until the bots have played
        page.wait_for_function(mine, timeout=60_000)
        if page.evaluate("() => document.querySelectorAll('[data-testid=log] li').length") >= 4 \
                and page.query_selector('[data-testid="btn-draw"]'):
            break
        version = int(page.get_attribute('[data-testid="table"]', "data-version"))
        page.click('[data-testid="btn-pass"], [data-testid="btn-end"]' if page.query_selector(
            '[data-testid="btn-pass"], [data-testid="btn-end"]') else '[data-testid="btn-draw"]')
        page.wait_for_function(f"v => +{TABLE}.dataset.version > v", arg=version)
    before = page.evaluate(LOG_LINES)
    page.reload()
    page.wait_for_function("() => document.documentElement.dataset.ready === '1'")
    if not page.query_selector('[data-testid="table"]'):
        page.click(f'[data-testid="resume-{game}"]')
    page.wait_for_selector('[data-testid="table"] [data-testid="log"] li')
    after = page.evaluate(LOG_LINES)
    assert after == before and len(after) >= 4


SKYPO_IN_VIEW = """() => {
  const vw = innerWidth, vh = innerHeight, out = [];
  const want = [...document.querySelectorAll('[data-testid=my-grid] .cell:not(.gone)')].map((c) => [c.dataset.testid, c]);
  for (const id of ['discard-top', 'draw-pile', 'status', 'actions']) want.push([id, document.querySelector(`[data-testid=${id}]`)]);
  for (const b of document.querySelectorAll('[data-testid=actions] .btn')) want.push(['button ' + b.dataset.testid, b]);
  for (const [name, el] of want) {
    const r = el ? el.getBoundingClientRect() : null;
    if (!r || r.left < 0 || r.top < 0 || r.right > vw + 0.5 || r.bottom > vh + 0.5) out.push([name, r && [r.left, r.top, r.right, r.bottom]]);
  }
  return {out, cells: want.length, scrollY, scrollH: document.documentElement.scrollHeight, vh};
}"""


@pytest.mark.parametrize("size", [(360, 640), (390, 844)], ids=["360x640", "390x844"])
def test_skypo_whole_grid_discard_and_actions_in_view(new_page, boot, site_url, size):
    """Skypo on a small phone: my whole grid (12 cells), the discard, the draw pile, the status and the
    action buttons lie inside the viewport with the page at the top, when my turn comes and once I drew."""
    w, h = size
    page = new_page(viewport={"width": w, "height": h}, has_touch=True, is_mobile=True)
    boot(page, f"{site_url}?bot_delay=0&seed=5")
    page.click('[data-testid="game-skypo"]')
    page.check('[data-testid="opt-opponents-3"]')
    page.click('[data-testid="btn-start"]')
    page.wait_for_selector('[data-testid="table"]')
    while page.get_attribute('[data-testid="table"]', "data-phase") == "reveal":     # the opening flips
        cell = page.query_selector('[data-testid="my-grid"] button.cell.playable')
        if cell is None:
            page.wait_for_function(f"() => {TABLE}.dataset.phase !== 'reveal' || "
                                   "document.querySelector('[data-testid=my-grid] button.cell.playable')")
            continue
        version = page.get_attribute('[data-testid="table"]', "data-version")
        cell.tap()
        page.wait_for_function(f"v => {TABLE}.dataset.version !== v", arg=version)
    page.wait_for_function(f"() => {TABLE}.dataset.turn === '0' && {TABLE}.dataset.phase === 'turn'")
    page.evaluate("() => scrollTo(0, 0)")
    look = page.evaluate(SKYPO_IN_VIEW)
    assert look["cells"] >= 12 + 4 and look["out"] == [], look
    assert look["scrollY"] == 0
    version = page.get_attribute('[data-testid="table"]', "data-version")
    page.tap('[data-testid="btn-draw"]')
    page.wait_for_function(f"() => {TABLE}.dataset.phase === 'drawn'")
    page.evaluate("() => scrollTo(0, 0)")
    look = page.evaluate(SKYPO_IN_VIEW)
    assert page.query_selector('[data-testid="btn-swap"]') and look["out"] == [], look


DOS_IN_VIEW = """() => {
  const vw = innerWidth, vh = innerHeight, out = [];
  const want = [...document.querySelectorAll('[data-testid=hand] .card, [data-testid^=center-]')].map((c) => [c.dataset.testid || c.dataset.key, c]);
  for (const id of ['draw-pile', 'status', 'actions']) want.push([id, document.querySelector(`[data-testid=${id}]`)]);
  for (const [name, el] of want) {
    const r = el ? el.getBoundingClientRect() : null;
    if (!r || r.left < 0 || r.top < 0 || r.right > vw + 0.5 || r.bottom > vh + 0.5) out.push([name, r && [r.left, r.top, r.right, r.bottom]]);
  }
  return {out, count: want.length, scrollY};
}"""


def test_dos_hand_and_row_in_view_on_a_small_phone(new_page, boot, site_url):
    """DOS against 3 bots at 360×640: the hand, the centre row's cards, the draw pile, the status and the
    actions inside the viewport at the top (the row's cards had stacked in a column and pushed the hand out)."""
    page = new_page(viewport={"width": 360, "height": 640}, has_touch=True, is_mobile=True)
    boot(page, f"{site_url}?bot_delay=0&seed=5")
    page.click('[data-testid="game-dos"]')
    page.check('[data-testid="opt-opponents-3"]')
    page.click('[data-testid="btn-start"]')
    page.wait_for_function(f"() => {TABLE} && {TABLE}.dataset.turn === '0'")
    for _ in range(2):                                     # my turn, then after a draw (one card more)
        look = page.evaluate(DOS_IN_VIEW)
        assert look["count"] >= 7 + 2 + 3 and look["out"] == [] and look["scrollY"] == 0, look
        if not page.query_selector('[data-testid="btn-draw"]'):
            break
        version = page.get_attribute('[data-testid="table"]', "data-version")
        page.tap('[data-testid="btn-draw"]')
        page.wait_for_function(f"v => {TABLE}.dataset.version !== v", arg=version)
