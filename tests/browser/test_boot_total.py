"""Issue 31 item 6: the boot progress announces ONE total on a slow first visit.

- test_boot_total_is_stable_when_the_server_does_not_compress: a host that sends every file as is (no
  .br/.gz beside them, e.g. a plain static server) on a throttled first visit: every
  "Preparing the cards… x / y MB" line shows the same total, the raw sizes' sum. Before the fix the line
  started at the brotli figure (3.9 MB) and jumped once the first uncompressed bytes came in.
"""

from __future__ import annotations

import json
import shutil

import pytest

from test_boot import WATCH

pytestmark = pytest.mark.browser


def test_boot_total_is_stable_when_the_server_does_not_compress(new_page, dist_dir, serve_dir, tmp_path):
    plain = tmp_path / "plain"
    shutil.copytree(dist_dir, plain, ignore=shutil.ignore_patterns("*.br", "*.gz"))
    url = serve_dir(plain)
    sizes = json.loads(
        (plain / "index.html").read_text().split('data-boot-sizes="', 1)[1].split('"', 1)[0].replace("&quot;", '"'))
    raw = sum(s[0] for s in sizes.values()) / 1e6
    page = new_page(locale="en-US")
    page.add_init_script(WATCH)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": 40, "downloadThroughput": 40e6 / 8, "uploadThroughput": 5e6 / 8})
    page.goto(url)
    page.wait_for_function("() => document.documentElement.dataset.ready === '1'", timeout=240_000, polling=200)
    stages = page.evaluate("window.__stages")
    counted = [s for s in stages if s.startswith("Preparing the cards… ") and s.endswith(" MB")]
    assert len(counted) >= 3, stages                      # the bytes moved on screen while they came
    totals = {s.split(" / ")[1] for s in counted}
    assert totals == {f"{raw:.1f} MB"}, counted
