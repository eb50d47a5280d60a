"""Shared test set-up: make ``py/`` importable, and order the run for parallel workers.

``make test`` runs pytest-xdist with one worker per core (``-n auto --dist load --maxschedchunk 1``): a
worker is handed the next test whenever it frees up, so the longest tests go first (marked ``long``; the late-join test mostly
waits on the clock) and the browser tests before the quick unit tests, leaving short tests to fill
the end. The order changes nothing else: no test depends on another.
"""

import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))


def in_browser_folder(item) -> bool:
    return "browser" in item.nodeid.split("::")[0].split("/")


@pytest.hookimpl(tryfirst=True)     # before `-m` deselects: `make check` (-m "not browser") must see the mark
def pytest_collection_modifyitems(config, items):
    for item in items:              # every test under tests/browser/ is a browser test, marked or not
        if in_browser_folder(item) and not item.get_closest_marker("browser"):
            item.add_marker(pytest.mark.browser)

    def rank(item) -> int:
        if item.get_closest_marker("long"):
            return 0
        return 1 if in_browser_folder(item) else 2

    items.sort(key=rank)   # stable: the file order stays within each rank
