"""Issue 31 item 6: the round dialogs' tables read as tables.

- test_dos_round_table_is_aligned_and_says_points: DOS's "cards left in hand" table has a "Points"
  column (not a second "In hand"), every cell of a row shares the row's top and bottom (a flex ``<td>``
  is no table cell: the winner's empty row went askew), the winner's empty hand says so in words,
  and the points are right-aligned numbers.
- test_francesa_round_table_has_no_empty_header: the French rummy's round and result tables name
  their first column (axe and a screen reader met an empty header cell).
"""

from __future__ import annotations

import pytest

from test_accessibility import start

pytestmark = pytest.mark.browser

ROW_CELLS = """sel => [...document.querySelectorAll(sel + ' tr')].map(tr => {
  const r = tr.getBoundingClientRect();
  return [...tr.children].map(c => { const b = c.getBoundingClientRect();
    return {tag: c.tagName, display: getComputedStyle(c).display, top: b.top - r.top, bottom: r.bottom - b.bottom,
            text: c.textContent.trim(), align: getComputedStyle(c).textAlign}; });
})"""
EMPTY_HEADERS = """() => [...document.querySelectorAll('dialog[open] th')].filter(th => !th.textContent.trim()).length"""


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_dos_round_table_is_aligned_and_says_points(new_page, boot, site_url, width, height):
    page = new_page(viewport={"width": width, "height": height}, locale="en-US")
    start(page, boot, site_url, "dos", "bot_delay=0&autoplay=0&seed=3", {"opt-target": "300"}, opponents=2)
    page.wait_for_selector('dialog[data-testid="round-result"][open] [data-testid="round-hands"]', timeout=180_000)
    rows = page.evaluate(ROW_CELLS, '[data-testid="round-hands"]')
    assert [c["text"] for c in rows[0]] == ["Player", "Hand", "Points"]
    assert len(rows) == 4                                    # the header and three seats
    for row in rows:
        assert [c["display"] for c in row] == ["table-cell"] * 3, row
        for cell in row:                                      # each cell fills its row: nothing askew
            assert abs(cell["top"]) < 1.5 and abs(cell["bottom"]) < 1.5, row
    for row in rows[1:]:
        assert row[2]["align"] == "right" and row[2]["text"].isdigit(), row
    winner = page.inner_text('[data-testid="round-hands"] tr.winner td.hand-cell').strip()
    assert winner == "none"
    assert page.evaluate(EMPTY_HEADERS) == 0


def test_francesa_round_table_has_no_empty_header(new_page, boot, site_url):
    page = new_page(viewport={"width": 390, "height": 844}, locale="es-ES")
    start(page, boot, site_url, "francesa", "bot_delay=0&autoplay=0&seed=3", {"opt-limit": "300"}, opponents=2)
    page.wait_for_selector('dialog[data-testid="round-result"][open] [data-testid="round-hands"]', timeout=180_000)
    assert page.evaluate(EMPTY_HEADERS) == 0
    first = page.inner_text('dialog[open] [data-testid="round-hands"] tr:first-child th:first-child').strip()
    assert first == "Jugador"
