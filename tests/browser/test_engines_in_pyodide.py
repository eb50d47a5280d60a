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
