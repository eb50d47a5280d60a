"""The engines run unchanged in Pyodide: the conformance pass inside the page gives the same final
states (digests) as under CPython for the same seeds."""

import json

import pytest

from tapete import selftest

pytestmark = pytest.mark.browser
GAMES = 4


def test_conformance_pass_inside_the_page_matches_cpython(new_page, boot):
    page = new_page()
    boot(page)
    in_browser = json.loads(page.evaluate(f"() => window.tapeteSelfTest({GAMES})"))
    in_cpython = selftest.run(GAMES)
    assert set(in_browser) == set(in_cpython) and len(in_browser) >= 1
    for game_id, report in in_cpython.items():
        assert in_browser[game_id] == report, game_id


def test_a_game_started_without_a_seed_deals_from_the_csprng_in_pyodide(new_page, boot, site_url):
    """No ``?seed=``: the shell seeds with ``new_seed()`` (``secrets``, crypto.getRandomValues in Pyodide),
    a 64-hex-character seed, and the table deals and takes moves from it."""
    page = new_page()
    boot(page, f"{site_url}?bot_delay=0")
    page.click('[data-testid="game-taki"]')
    page.check('[data-testid="opt-opponents-1"]')
    page.click('[data-testid="btn-start"]')
    page.wait_for_selector('[data-testid="table"]')
    page.wait_for_function("() => document.querySelectorAll('[data-testid=hand] .card').length === 8"
                           " || Number(document.querySelector('[data-testid=table]').dataset.version) > 0")
    assert not page.inner_text('[data-testid="message"]').strip()
