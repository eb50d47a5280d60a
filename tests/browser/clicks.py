"""Playing the shedding tables by clicking, as a player would (shared by browser tests and bench/p2p.py)."""

from __future__ import annotations

def clean(page, new_page, where: str) -> None:
    """Nothing went wrong on the page so far: no Python error banner, no error toast, no console error
    (``new_page`` is the conftest fixture that collects them)."""
    assert page.locator(".py-error").count() == 0, f"{where}: a .py-error banner"
    assert page.get_by_test_id("error-toast").is_hidden(), f"{where}: the error toast showed"
    assert not new_page.console_errors, f"{where}: {new_page.console_errors[:3]}"


VERSION_CHANGED = ("v => { const t = document.querySelector('[data-testid=table]');"
                   " return !t || t.dataset.version !== v; }")


def take_turn(page, chooser: str = "color-chooser", choice: str = "color-G", timeout_ms: int = 30_000) -> None:
    """One move of a shedding table: a choice for a pending chooser (a wild's colour, a Jack's suit),
    else a playable card (choosing if it asks), else pass, else draw; then wait until the table's
    version changes."""
    version = page.get_attribute('[data-testid="table"]', "data-version")
    if page.query_selector(f'[data-testid="{chooser}"]'):
        page.click(f'[data-testid="{choice}"]')
    elif page.query_selector('[data-testid="hand"] .card.playable'):
        page.click('[data-testid="hand"] .card.playable')
        if page.query_selector(f'[data-testid="{chooser}"]'):
            page.click(f'[data-testid="{choice}"]')
    elif page.query_selector('[data-testid="btn-pass"]'):      # the bar shows only legal actions
        page.click('[data-testid="btn-pass"]')
    else:
        page.click('[data-testid="btn-draw"]')
    page.wait_for_function(VERSION_CHANGED, arg=version, timeout=timeout_ms)


def take_chupate_turn(page, timeout_ms: int = 30_000) -> None:
    """One move of Chúpate 2 (a wild gets green)."""
    take_turn(page, "color-chooser", "color-G", timeout_ms)


def take_francesa_turn(page, timeout_ms: int = 30_000) -> None:
    """One move of Chúpate 2 with a French deck (a Jack names hearts)."""
    take_turn(page, "suit-chooser", "suit-H", timeout_ms)
