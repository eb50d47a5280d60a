"""Offline play: after one boot the service worker (dist/sw.js) has precached the site; with the
network and the server gone a reload still boots and a game against bots is played. A new build
version replaces the old cache."""

from __future__ import annotations

import importlib.util
import re
import shutil
import time
from urllib.parse import urlsplit

import pytest

from conftest import ROOT
from local_site import server_url, start_server
from tapete.ui.chupate_table import card_name

pytestmark = pytest.mark.browser

spec = importlib.util.spec_from_file_location("tapete_build", ROOT / "scripts" / "build.py")
build = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build)
build.QUIET = True

CONTROLLED = "() => navigator.serviceWorker.controller !== null"
MY_TURN = "() => document.querySelector('[data-testid=table]')?.dataset.turn === '0'"
VERSION_CHANGED = "v => document.querySelector('[data-testid=table]')?.dataset.version !== v"


def sw_version(site) -> str:
    return re.search(r'const VERSION = "(\w+)"', (site / "sw.js").read_text()).group(1)


def wait_for_caches(page, expected: list[str], timeout_s: float = 60) -> None:
    """Poll caches.keys() (wait_for_function does not await a promise) until it equals expected."""
    deadline = time.monotonic() + timeout_s
    while (keys := page.evaluate("caches.keys()")) != expected:
        assert time.monotonic() < deadline, f"caches {keys}, expected {expected}"
        page.wait_for_timeout(100)


def play_one_card(page, max_turns: int = 40) -> str:
    """Take turns (drawing when nothing fits) until a card from my hand is played; return its code."""
    for _ in range(max_turns):
        page.wait_for_function(MY_TURN, timeout=30_000)
        version = page.get_attribute('[data-testid="table"]', "data-version")
        card = page.query_selector('[data-testid="hand"] .card.playable')
        if card is None:
            page.click('[data-testid="btn-pass"]' if page.query_selector('[data-testid="btn-pass"]')
                       else '[data-testid="btn-draw"]')      # only the actions that make sense are shown
        else:
            code = card.get_attribute("data-testid").removeprefix("card-")
            card.click()
            if page.query_selector('[data-testid="color-chooser"]'):
                page.click('[data-testid="color-B"]')
        page.wait_for_function(VERSION_CHANGED, arg=version, timeout=30_000)
        if card is not None:
            return code
    pytest.fail("no card became playable")


def test_offline_reload_boots_and_plays_against_bots(new_page, boot, dist_dir):
    server = start_server(dist_dir)  # our own server, to stop it
    url = server_url(server) + "?bot_delay=400&seed=11"
    page = new_page(service_workers="allow", locale="es-ES")
    requested = set()
    page.on("request", lambda r: requested.add(urlsplit(r.url).path.lstrip("/") or "index.html"))
    boot(page, url)
    page.wait_for_function(CONTROLLED, timeout=60_000)
    # the precache list holds everything the page fetched to boot
    precache = set(build.precache_list(build.dist_files(dist_dir)))
    assert requested - {"sw.js"} <= precache, requested - precache
    assert page.evaluate("caches.keys()") == [f"tapete-{sw_version(dist_dir)}"]

    page.context.set_offline(True)
    server.shutdown()
    server.server_close()
    boot(page, url)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    page.click('[data-testid="game-chupate"]')
    assert "Sin conexión" in page.inner_text('[data-testid="friends-offline"]')
    assert page.is_disabled('[data-testid="btn-create-room"]')
    page.check('[data-testid="opt-opponents-1"]')
    page.check('[data-testid="opt-mode-quick"]')
    page.click('[data-testid="btn-start"]')
    page.wait_for_selector('[data-testid="table"]')
    code = play_one_card(page)
    played = f"Juegas {card_name('es', code)}"                 # tapete.ui.log, first person
    assert played in page.inner_text('[data-testid="log"]'), played


def test_a_sub_path_deploy_boots_plays_and_works_offline(new_page, boot, dist_dir, tmp_path):
    """dist/ served at /games/tapete/ (a project page, a school's folder): PyScript, Pyodide, the zip and
    main.py all come from under that path, the service worker's scope is that folder, and with the
    server gone a reload boots from the cache and a game starts."""
    import os
    root = tmp_path / "www"
    shutil.copytree(dist_dir, root / "games" / "tapete", copy_function=os.link)
    server = start_server(root)
    url = server_url(server) + "games/tapete/?bot_delay=0&seed=4"
    page = new_page(service_workers="allow", locale="en-US")
    requested = []
    page.on("request", lambda r: requested.append(urlsplit(r.url).path))
    boot(page, url)
    page.wait_for_function(CONTROLLED, timeout=60_000)
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL").endswith("/games/tapete/sw.js")
    assert page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.scope)").endswith("/games/tapete/")
    assert {"/games/tapete/main.py", "/games/tapete/tapete.zip", "/games/tapete/static/vendor/pyscript/core.js",
            "/games/tapete/static/vendor/pyodide/pyodide.asm.wasm"} <= set(requested)
    assert all(path.startswith("/games/tapete/") for path in requested), requested
    assert [p for p, status, _, _ in server.sent if status >= 400] == []

    page.context.set_offline(True)
    server.shutdown()
    server.server_close()
    boot(page, url)
    page.click('[data-testid="game-chupate"]')
    page.check('[data-testid="opt-opponents-1"]')
    page.check('[data-testid="opt-mode-quick"]')
    page.click('[data-testid="btn-start"]')
    page.wait_for_selector('[data-testid="table"]')
    assert not new_page.console_errors, new_page.console_errors


def test_new_build_version_replaces_the_old_cache(new_page, boot, dist_dir, serve_dir, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(dist_dir, site)
    url = serve_dir(site)
    page = boot(new_page(service_workers="allow"), url)
    page.wait_for_function(CONTROLLED, timeout=60_000)
    old = sw_version(site)
    wait_for_caches(page, [f"tapete-{old}"])

    css = site / "static" / "css" / "tapete.css"
    css.write_text(css.read_text() + "\n/* new build */\n")
    new = build.write_service_worker(site)
    assert new != old
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    wait_for_caches(page, [f"tapete-{new}"])
    cached = page.evaluate("caches.match('static/css/tapete.css').then((r) => r.text())")
    assert "/* new build */" in cached
    boot(page, url)  # the next load runs the new version
    assert "/* new build */" in page.evaluate("fetch('static/css/tapete.css').then((r) => r.text())")
