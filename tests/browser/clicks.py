"""Playing Chúpate 2 by clicking, as a player would (shared by browser tests and bench/p2p.py)."""

from __future__ import annotations

VERSION_CHANGED = ("v => { const t = document.querySelector('[data-testid=table]');"
                   " return !t || t.dataset.version !== v; }")


def take_chupate_turn(page, timeout_ms: int = 30_000) -> None:
    """One move: a colour for a pending wild, else a playable card, else pass, else draw; then wait
    until the table's version changes."""
    version = page.get_attribute('[data-testid="table"]', "data-version")
    if page.query_selector('[data-testid="color-chooser"]'):
        page.click('[data-testid="color-B"]')
    elif page.query_selector('[data-testid="hand"] .card.playable'):
        page.click('[data-testid="hand"] .card.playable')
        if page.query_selector('[data-testid="color-chooser"]'):
            page.click('[data-testid="color-G"]')
    elif page.query_selector('[data-testid="btn-pass"]'):      # the bar shows only legal actions
        page.click('[data-testid="btn-pass"]')
    else:
        page.click('[data-testid="btn-draw"]')
    page.wait_for_function(VERSION_CHANGED, arg=version, timeout=timeout_ms)
