"""The harness itself: a page that crashes costs the worker its browser, not the rest of its tests."""

from __future__ import annotations

import pytest
from local_site import crashed
from playwright.sync_api import Error


class _Report:
    def __init__(self, failed: bool, longrepr: str):
        self.failed = failed
        self.longrepr = longrepr


def test_a_crashed_page_gives_the_next_test_a_new_browser(chromium):
    first = chromium.get()
    page = first.new_context().new_page()
    with page.expect_event("crash"):
        try:
            page.goto("chrome://crash")  # Chromium's own page that kills its renderer
        except Error:
            pass  # the navigation is aborted as the renderer dies
    with pytest.raises(Error) as died:
        page.evaluate("1")
    assert crashed(_Report(True, str(died.value))), str(died.value)
    chromium.retire()
    second = chromium.get()
    assert second is not first and second.is_connected() and not first.is_connected()
    context = second.new_context()
    fresh = context.new_page()
    fresh.set_content("<p id=x>alive</p>")
    assert fresh.inner_text("#x") == "alive"
    context.close()


def test_only_a_crash_counts_as_a_crash():
    assert crashed(_Report(True, "playwright._impl._errors.Error: Page.wait_for_function: Target crashed"))
    assert crashed(_Report(True, "TargetClosedError: Page.wait_for_selector: Page crashed"))
    assert not crashed(_Report(True, "TimeoutError: Page.wait_for_selector: Timeout 30000ms exceeded."))
    assert not crashed(_Report(False, "Target crashed"))
    assert not crashed(None)
