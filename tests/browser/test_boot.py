"""The boot path of issues 13 and 30 and its neighbours: the page boots through PyScript; the trimmed
build runs every path (PyScript's own start-up included) with no missing import, no CSP violation and no
console error; compressed files are what the page gets, and of PyScript only the chunks the boot needs;
a slow link boots with byte progress and no error; an error box never stays over a ready page; a reload
re-downloads nothing; the Content-Security-Policy holds (no inline script or eval runs) while the page
boots and plays; the app is installable."""

from __future__ import annotations

import json
import zipfile

import pytest

import importlib.util

from conftest import ROOT
from local_site import CHROMIUM, CHROMIUM_ARGS, server_url, start_server

pytestmark = pytest.mark.browser

spec = importlib.util.spec_from_file_location("tapete_build", ROOT / "scripts" / "build.py")
build = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build)
build.QUIET = True

FULL_STDLIB = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
SHORT_GAMES = {             # setup fields that keep a game against bots short
    "chupate": {"check": "opt-mode-quick"},
    "skypo": {"fill": ("opt-target", "15")},
    "francesa": {"fill": ("opt-limit", "15")},
    "taki": {},
    "dos": {"fill": ("opt-target", "15")},
}
# Records what the page went through: CSP violations, whether the boot error box was ever shown,
# every text the progress line showed.
WATCH = """
window.__csp = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.__csp.push(e.violatedDirective + " " + (e.blockedURI || "inline")));
window.__errorShown = false;
window.__stages = [];
new MutationObserver(() => {
  const box = document.querySelector('[data-testid="boot-error"]');
  if (box && !box.hidden) window.__errorShown = true;
  const stage = document.getElementById("boot-stage");
  if (stage && window.__stages.at(-1) !== stage.textContent) window.__stages.push(stage.textContent);
}).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
"""


def stdlib_modules(zip_path) -> set[str]:
    """Dotted module names a standard-library zip holds."""
    names = set()
    with zipfile.ZipFile(zip_path) as zf:
        for name in zf.namelist():
            if name.endswith(".py"):
                parts = name[:-3].split("/")
                names.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def missing_imports(page) -> set[str]:
    """Imports that found nothing in the page but exist in npm pyodide's full standard library."""
    missed = set(json.loads(page.evaluate("window.tapeteMissingImports()")))
    return missed & stdlib_modules(FULL_STDLIB)


def clean(page) -> None:
    """Nothing the page did broke the policy or showed a PyScript banner."""
    assert page.evaluate("window.__csp") == [], page.evaluate("window.__csp")
    assert page.locator(".py-error").count() == 0, "a PyScript banner reached the page"


def test_every_game_a_room_and_the_selftest_run_on_the_trimmed_build(new_page, boot, site_url, nostr_relay):
    """Boot through PyScript, the self-test, a whole game of each table against bots and a room played out:
    no import misses what the full standard library has (PyScript's start-up included), no CSP violation,
    no PyScript banner, no console error, no request off the host (new_page's guard)."""
    shipped = stdlib_modules(ROOT / "dist" / "static" / "vendor" / "pyodide" / "python_stdlib.zip")
    assert len(shipped) < len(stdlib_modules(FULL_STDLIB)) / 3, "the build ships the cut standard library"

    first = new_page(locale="en-US")
    first.add_init_script(WATCH)
    page = boot(first, f"{site_url}?bot_delay=0&autoplay=0&seed=3")
    assert page.evaluate("document.querySelector('script[type=py]').src").endswith("/main.py")
    assert page.evaluate("typeof window.tapeteMissingImports") == "function"
    report = json.loads(page.evaluate("window.tapeteSelfTest(3)"))
    assert sorted(report) == sorted(SHORT_GAMES)
    for game_id, fields in SHORT_GAMES.items():
        page.click('[data-testid="game-' + game_id + '"]')
        if "check" in fields:
            page.check(f'[data-testid="{fields["check"]}"]')
        if "fill" in fields:
            page.fill(f'[data-testid="{fields["fill"][0]}"]', fields["fill"][1])
        page.check('[data-testid="opt-opponents-1"]')
        page.check('[data-testid="opt-level-hard"]')        # the hard bot's code runs too
        page.click('[data-testid="btn-start"]')
        page.wait_for_selector('[data-testid="result"]', timeout=300_000)
        assert not missing_imports(page), game_id
        clean(page)
        boot(page, page.url)        # back to the picker for the next game

    # a room: host and guest pages over the real relay play a quick game to its end
    query = f"?relay={nostr_relay}&ice=none&bot_delay=0&autoplay=20"
    host_page = new_page(locale="es-ES")
    host_page.add_init_script(WATCH)
    host = boot(host_page, f"{site_url}{query}")
    host.click('[data-testid="game-chupate"]')
    host.check('[data-testid="opt-mode-quick"]')
    host.fill('[data-testid="room-name"]', "Ana")
    host.click('[data-testid="btn-create-room"]')
    host.wait_for_selector('[data-testid="lobby"] [data-testid="lobby-seat-0"]')
    base, fragment = host.input_value('[data-testid="room-link"]').split("#", 1)
    # share links carry no test hooks: the guest page adds its own autoplay
    guest_page = new_page(locale="en-US")
    guest_page.add_init_script(WATCH)
    guest = boot(guest_page, f"{base}{'&' if '?' in base else '?'}autoplay=20#{fragment}")
    host.wait_for_selector('[data-testid="lobby-seat-1"][data-kind="player"]', timeout=30_000)
    host.click('[data-testid="btn-start-room"]')
    for p in (host, guest):
        p.wait_for_selector('[data-testid="result"]', timeout=300_000)
        assert not missing_imports(p)
        clean(p)
    assert not new_page.console_errors, new_page.console_errors


def test_the_page_gets_brotli_and_moves_under_the_goal(new_page, boot, dist_dir):
    server = start_server(dist_dir)
    try:
        page = boot(new_page(), server_url(server))
        sent = {path: (status, coding, size) for path, status, coding, size in server.sent}
        asked = [path for path, *_ in server.sent]
    finally:
        server.shutdown()
        server.server_close()
    # each boot download once: what Pyodide and PyScript fetch is what the preloads downloaded
    twice = sorted({path for path in asked if asked.count(path) > 1})
    assert twice == [], f"downloaded more than once: {twice}"
    pyscript = {path.lstrip("/") for path in sent if path.startswith("/static/vendor/pyscript/")}
    assert pyscript == set(build.boot_chunks()), "PyScript: the chunks its boot needs (no editor, terminal...)"
    for path in ("/static/vendor/pyodide/pyodide.asm.wasm", "/static/vendor/pyodide/python_stdlib.zip",
                 "/static/vendor/pyodide/pyodide.asm.mjs", "/tapete.zip", "/main.py", *(f"/{p}" for p in pyscript)):
        assert sent[path][:2] == (200, "br"), (path, sent[path])
    assert sum(size for _, _, size in sent.values()) <= 4.0e6
    assert "/pyscript.toml" not in sent, "the config is in the page"
    # what the page measured agrees: bytes on the wire well under the decoded size
    transfer = page.evaluate("performance.getEntriesByType('resource').reduce((n, e) => n + e.encodedBodySize, 0)")
    decoded = page.evaluate("performance.getEntriesByType('resource').reduce((n, e) => n + e.decodedBodySize, 0)")
    assert transfer < decoded / 2


def test_pyodide_sets_up_once_the_page_has_parsed(new_page, boot):
    """interpreter.mjs: from <head> nothing holds the main thread (the preloads download; the wasm is
    compiled by Pyodide itself, from its preload); Pyodide's main-thread set-up (loadPyodide) starts at
    DOMContentLoaded, after the page has parsed and could paint; CPython starts only once PyScript
    asks for it. No global (fetch, WebAssembly) is swapped to hand Pyodide anything."""
    page = boot(new_page())
    marks = page.evaluate("""() => Object.fromEntries(performance.getEntriesByType("mark")
      .filter((m) => m.name.startsWith("interpreter:")).map((m) => [m.name, m.startTime]))""")
    parsed = page.evaluate("performance.getEntriesByType('navigation')[0].domContentLoadedEventStart")
    steps = ("interpreter:loadPyodide", "interpreter:set-up", "interpreter:python", "interpreter:up")
    assert set(steps) <= set(marks), marks
    assert [marks[s] for s in steps] == sorted(marks[s] for s in steps), marks
    assert parsed <= marks["interpreter:loadPyodide"], (parsed, marks)
    assert page.evaluate("WebAssembly.instantiateStreaming.toString().includes('[native code]')")
    assert page.evaluate("window.fetch.toString().includes('[native code]')"), "boot.mjs's counter is gone"


def test_throttled_boot_shows_bytes_and_reaches_ready_without_an_error(new_page, site_url):
    page = new_page(locale="en-US")
    page.add_init_script(WATCH)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": 150,
        "downloadThroughput": 1.6e6 / 8, "uploadThroughput": 750e3 / 8})
    page.goto(site_url)
    page.wait_for_function("() => document.documentElement.dataset.ready === '1'", timeout=240_000, polling=200)
    assert page.get_by_test_id("boot-error").is_hidden()
    assert page.evaluate("window.__errorShown") is False
    stages = page.evaluate("window.__stages")
    counted = [s for s in stages if s.startswith("Preparing the cards… ") and s.endswith(" MB")]
    assert len(counted) >= 5, stages                 # the bytes moved on screen while they came
    total = counted[-1].split(" / ")[1]
    assert all(s.split(" / ")[1] == total for s in counted)
    assert float(total.removesuffix(" MB")) <= 4.0
    # then the stages, each once and in order: Python starting, PyScript's onReady (boot.mjs's hook)
    after = stages[stages.index(counted[-1]) + 1:]
    assert [s for s in after if s in ("Shuffling…", "Setting the table…")] == ["Shuffling…", "Setting the table…"]
    marks = page.evaluate("performance.getEntriesByType('mark').map((m) => m.name)")
    assert [m for m in dict.fromkeys(marks) if m.startswith("tapete:")] == [
        "tapete:start", "tapete:app", "tapete:main", "tapete:ready"], marks
    assert page.get_by_test_id("boot-progress").is_hidden()


def test_the_recorder_sees_pyscripts_own_imports(new_page, dist_dir, serve_dir, tmp_path):
    """The missing-import recorder is on before PyScript imports its own package (boot.mjs's onReady hook):
    with `html` taken out of the cut standard library (PyScript's display module imports it), the boot
    fails in the error box, not in a PyScript banner, and window.tapeteMissingImports() names `html`."""
    import os
    import shutil
    site = tmp_path / "site"
    shutil.copytree(dist_dir, site, copy_function=os.link)
    stdlib = site / "static" / "vendor" / "pyodide" / "python_stdlib.zip"
    for path in (stdlib, *build.compressed_siblings(stdlib)):
        path.unlink()
    with zipfile.ZipFile(dist_dir / stdlib.relative_to(site)) as full, zipfile.ZipFile(stdlib, "w") as cut:
        for info in full.infolist():
            if not info.filename.startswith("html/"):
                cut.writestr(info, full.read(info))
    page = new_page(locale="en-US")
    page.goto(serve_dir(site))
    box = page.get_by_test_id("boot-error")
    box.wait_for(state="visible", timeout=90_000)
    assert "No module named 'html'" in box.inner_text()
    assert "html" in json.loads(page.evaluate("window.tapeteMissingImports()"))
    assert page.locator(".py-error").count() == 0
    assert page.locator("html").get_attribute("data-ready") is None


def test_error_box_leaves_when_a_slow_boot_comes_through(new_page, site_url):
    page = new_page(locale="en-US")
    held = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page.goto(site_url + "?boot-timeout=2", wait_until="domcontentloaded")
    box = page.get_by_test_id("boot-error")
    box.wait_for(state="visible", timeout=30_000)
    assert "Nothing has arrived for 2 s" in box.inner_text()
    held[0].continue_()                              # the download resumes after the error showed
    page.wait_for_function("() => document.documentElement.dataset.ready === '1'", timeout=120_000)
    assert box.is_hidden()
    assert page.locator("html").get_attribute("data-boot") == "ready"


def test_reload_does_not_download_again(browser, dist_dir):
    """What the error box's Reload does (location.reload()) keeps every finished download. A context
    of our own: new_page's off-host guard routes requests, and routing turns Chromium's cache off."""
    server = start_server(dist_dir)
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        requested = []
        page.on("request", lambda r: requested.append(r.url))
        page.goto(server_url(server))
        page.wait_for_function("() => document.documentElement.dataset.ready === '1'", timeout=90_000)
        first = len(server.sent)
        page.evaluate("document.getElementById('boot-error').hidden = false")   # the box's own button
        with page.expect_navigation():
            page.click('[data-testid="boot-reload"]')
        page.wait_for_function("() => document.documentElement.dataset.ready === '1'", timeout=90_000)
        again = server.sent[first:]
    finally:
        context.close()
        server.shutdown()
        server.server_close()
    assert all(url.startswith(server_url(server)) or url.startswith("data:") for url in requested)
    big = [entry for entry in again if entry[0].endswith((".wasm", ".zip", ".asm.mjs")) and entry[1] == 200]
    assert not big, f"downloaded again on reload: {big}"


def test_csp_blocks_inline_script_while_the_page_boots_and_plays(new_page, boot, site_url):
    page = new_page(locale="en-US")
    page.add_init_script(WATCH)
    boot(page, f"{site_url}?bot_delay=0&seed=5")
    page.click('[data-testid="game-chupate"]')
    url = page.url
    page.press('[data-testid="room-name"]', "Enter")      # the form is never sent (no inline onsubmit)
    assert page.url == url and page.locator('[data-testid="setup"]').count() == 1
    page.check('[data-testid="opt-opponents-1"]')
    page.click('[data-testid="btn-start"]')
    page.wait_for_selector('[data-testid="table"]')
    page.wait_for_function("() => document.querySelector('[data-testid=table]').dataset.turn === '0'")
    version = page.get_attribute('[data-testid="table"]', "data-version")
    page.click('[data-testid="btn-draw"]')
    page.wait_for_function("v => document.querySelector('[data-testid=table]').dataset.version !== v", arg=version)
    assert page.evaluate("window.__csp") == [], "booting and playing needs nothing the policy forbids"

    blocked = page.evaluate("""() => new Promise((resolve) => {
        window.__inlineRan = false;
        const s = document.createElement("script");
        s.textContent = "window.__inlineRan = true";
        document.body.append(s);
        const img = document.createElement("img");
        img.setAttribute("onerror", "window.__inlineRan = true");
        img.src = "data:,";
        document.body.append(img);
        window.__evalRan = false;
        try { setTimeout("window.__evalRan = true", 0); } catch (e) { /* blocked at once */ }
        setTimeout(() => resolve({ inline: window.__inlineRan, evalRan: window.__evalRan, csp: window.__csp }), 300);
    })""")
    assert blocked["inline"] is False and blocked["evalRan"] is False
    assert any(v.startswith("script-src") for v in blocked["csp"]), blocked


def test_installable_manifest_icons_and_service_worker(browser, site_url, tmp_path):
    """Chromium's own install check (Page.getInstallabilityErrors) in a persistent profile: an
    incognito context (new_page's) is never installable."""
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"), executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        requested = []
        page.on("request", lambda r: requested.append(r.url))
        page.goto(site_url)
        page.wait_for_function("() => document.documentElement.dataset.ready === '1'", timeout=90_000)
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
        check_installable(page)
    finally:
        context.close()
    assert all(url.startswith(site_url) or url.startswith("data:") for url in requested)


def check_installable(page):
    cdp = page.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"].endswith("/static/manifest.webmanifest") and not manifest["errors"], manifest
    data = json.loads(manifest["data"])
    assert data["name"] == "Tapete" and data["display"] == "standalone"
    assert data["theme_color"] == page.get_attribute('meta[name="theme-color"]', "content")
    icons = page.evaluate("""async (icons) => Promise.all(icons.map(async (icon) => {
        const url = new URL(icon.src, new URL("static/manifest.webmanifest", document.baseURI)).href;
        const r = await fetch(url);
        const bitmap = await createImageBitmap(await r.blob());
        return [icon.sizes, r.status, r.headers.get("content-type"), `${bitmap.width}x${bitmap.height}`];
    }))""", data["icons"])
    for sizes, status, kind, actual in icons:
        assert status == 200 and kind == "image/png" and actual == sizes, (sizes, status, kind, actual)
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    favicon = page.evaluate("fetch(document.querySelector('link[rel=icon]').href).then((r) => [r.status, r.headers.get('content-type')])")
    assert favicon == [200, "image/png"]


def test_setup_works_before_python_and_the_start_waits_for_it(new_page, site_url, dist_dir, serve_dir, tmp_path):
    """Hold the wasm back: the cards, the setup form (in both languages, values kept), a rules page
    and Start work; the start is queued and runs once Python is up, with the form's values."""
    import os
    import shutil
    site = tmp_path / "site"
    shutil.copytree(dist_dir, site, copy_function=os.link)
    page = new_page(locale="es-ES")
    held = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page.goto(serve_dir(site) + "?bot_delay=0&seed=9", wait_until="domcontentloaded")
    page.wait_for_function("() => document.querySelector('[data-testid=game-chupate]') && !document.querySelector('[data-testid=game-chupate]').disabled")
    page.click('[data-testid="game-chupate"]')
    assert page.locator('[data-testid="setup"]').count() == 1
    assert "Nueva partida" in page.inner_text('[data-testid="setup"]')
    page.check('[data-testid="opt-opponents-1"]')
    page.check('[data-testid="opt-mode-quick"]')
    page.fill('[data-testid="room-name"]', "Ana")
    page.click('[data-testid="lang-toggle"]')                                # re-rendered, values kept
    assert "New game" in page.inner_text('[data-testid="setup"]')
    assert page.is_checked('[data-testid="opt-opponents-1"]') and page.is_checked('[data-testid="opt-mode-quick"]')
    assert page.input_value('[data-testid="room-name"]') == "Ana"
    page.click('[data-testid="btn-setup-rules"]')                            # the build's rules page (ui.js)
    page.wait_for_selector('[data-testid="rules-dialog"][open]')
    # the page is fetched: "Loading the rules…" first, then the sheet (wait for that state)
    page.wait_for_function("() => document.querySelector('[data-testid=rules-body]').textContent.includes('Chúpate 2')")
    page.click('[data-testid="rules-close"]')
    assert page.is_checked('[data-testid="opt-opponents-1"]')
    page.click('[data-testid="btn-start"]')
    assert page.get_by_test_id("preboot-queued").is_visible()
    assert page.is_disabled('[data-testid="btn-start"]')
    assert page.locator("html").get_attribute("data-ready") is None
    assert not held[0].request.failure
    held[0].continue_()
    page.wait_for_function("() => document.documentElement.dataset.ready === '1'", timeout=120_000)
    page.wait_for_selector('[data-testid="table"]', timeout=60_000)
    assert page.locator('[data-testid="opponents"] [data-testid^="seat-"]').count() == 1   # one bot, as chosen
    assert page.get_by_test_id("preboot-queued").count() == 0
    assert page.get_by_test_id("boot-error").is_hidden()
