"""The app shell: boot, progress, game picker, language, offline guarantee, boot errors."""

import os
import shutil
import zipfile
from pathlib import Path

import pytest

GAMES = ["chupate", "skypo", "francesa", "taki", "dos"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"


def test_boots_to_ready_with_picker(new_page, boot):
    page = boot(new_page())
    assert page.locator("html").get_attribute("data-ready") == "1"
    assert page.get_by_test_id("boot-progress").is_hidden()
    assert page.get_by_test_id("boot-error").is_hidden()
    buttons = page.locator("[data-game]")
    assert buttons.count() == len(GAMES)
    enabled = []
    for game in GAMES:
        button = page.get_by_test_id(f"game-{game}")
        assert button.get_attribute("data-game") == game
        if button.is_enabled():
            enabled.append(game)
    # Without tapete.ui.app main.py enables every button; the real UI enables the games it
    # can already play. Either way the picker is usable once ready.
    assert enabled, "no game can be picked after boot"
    assert page.locator("main#app").count() == 1
    assert not new_page.console_errors, new_page.console_errors


def test_shell_shows_before_python(new_page, site_url):
    page = new_page()
    # Hold the wasm back: the shell must be readable and honest while Python loads.
    page.route("**/pyodide.asm.wasm", lambda route: None)
    page.goto(site_url, wait_until="domcontentloaded")
    assert page.locator("header h1").inner_text() == "Tapete"
    progress = page.get_by_test_id("boot-progress")
    assert progress.is_visible()
    assert progress.locator("progress").count() == 1
    # player words, in bytes on the wire: "Preparando las cartas… 0,8 / 3,9 MB"
    page.wait_for_function("() => / MB$/.test(document.querySelector('#boot-stage').textContent)")
    assert "cartas" in progress.inner_text() or "cards" in progress.inner_text()
    for game in GAMES:   # the cards work before Python (tests/browser/test_boot.py plays through them)
        assert page.get_by_test_id(f"game-{game}").is_enabled()
    assert page.locator("html").get_attribute("data-ready") is None


def test_language_toggle_switches_and_persists(new_page, boot):
    page = boot(new_page(locale="es-ES"))
    toggle = page.get_by_test_id("lang-toggle")
    assert page.locator("html").get_attribute("lang") == "es"
    assert page.locator("#picker-title").inner_text() == "Elige un juego"
    assert page.get_by_test_id("game-francesa").inner_text().startswith("Chúpate 2 con baraja francesa")
    assert toggle.inner_text() == "EN"

    toggle.click()
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.locator("#picker-title").inner_text() == "Pick a game"
    assert page.get_by_test_id("game-francesa").inner_text().startswith("Chúpate 2 with a French deck")
    assert toggle.inner_text() == "ES"
    assert page.evaluate("localStorage.getItem('tapete.lang')") == "en"

    boot(page, page.url)  # the choice survives a reload, over navigator.language
    assert page.locator("html").get_attribute("lang") == "en"
    page.get_by_test_id("lang-toggle").click()
    assert page.locator("#picker-title").inner_text() == "Elige un juego"


def test_language_defaults_from_navigator(new_page, boot):
    page = boot(new_page(locale="en-GB"))
    assert page.locator("html").get_attribute("lang") == "en"
    assert page.locator("#picker-title").inner_text() == "Pick a game"


def test_no_offhost_requests_and_offhost_is_blocked(new_page, boot):
    page = boot(new_page())
    assert new_page.offhost == [], "boot reached for another host"
    result = page.evaluate(
        """async () => {
            try { await fetch("https://cdn.example.com/x.js"); return "fetched"; }
            catch (e) { return "blocked"; }
        }"""
    )
    assert result == "blocked"
    page.evaluate(
        """() => new Promise(resolve => {
            const ws = new WebSocket("wss://relay.example.com/");
            ws.onclose = ws.onerror = () => resolve();
            setTimeout(resolve, 3000);
        })"""
    )
    attempted = new_page.take_offhost()
    assert "https://cdn.example.com/x.js" in attempted
    assert any(url.startswith("wss://relay.example.com") for url in attempted)


def test_missing_zip_shows_boot_error(new_page, site_url):
    page = new_page()
    page.route("**/tapete.zip", lambda route: route.fulfill(status=404, body="not found"))
    page.goto(site_url)
    box = page.get_by_test_id("boot-error")
    box.wait_for(state="visible", timeout=90_000)
    assert "tapete.zip" in box.inner_text()
    assert page.get_by_test_id("boot-progress").is_hidden()
    assert page.locator("html").get_attribute("data-ready") is None


def _dist_with_app(dist_dir, tmp_path, app_source: str) -> Path:
    """A copy of dist/ whose tapete.zip carries `app_source` as tapete/ui/app.py."""
    site = tmp_path / "dist"
    shutil.copytree(dist_dir, site, copy_function=os.link)
    (site / "tapete.zip").unlink()
    with zipfile.ZipFile(dist_dir / "tapete.zip") as src, zipfile.ZipFile(site / "tapete.zip", "w") as dst:
        for info in src.infolist():
            # Skip the real module and its bytecode (the zip carries tapete/ui/app.pyc, no source).
            if info.filename not in ("tapete/ui/app.py", "tapete/ui/app.pyc"):
                dst.writestr(info, src.read(info))
        dst.writestr("tapete/ui/app.py", app_source)
    return site


FAKE_APP = """
import asyncio, sys
from pyscript import document

print("a warning-like note on stderr", file=sys.stderr)

async def start():
    await asyncio.sleep(0.05)
    assert not document.documentElement.hasAttribute("data-ready")
    p = document.createElement("p")
    p.id = "ui-started"
    p.textContent = "UI started"
    document.getElementById("app").append(p)
"""


def test_main_awaits_ui_start_before_ready(new_page, boot, dist_dir, serve_dir, tmp_path):
    page = boot(new_page(), serve_dir(_dist_with_app(dist_dir, tmp_path, FAKE_APP)))
    assert page.locator("#app #ui-started").inner_text() == "UI started"
    assert page.get_by_test_id("boot-error").is_hidden()
    # Python's stderr is a console warning (PyScript would make it an error and a banner), nothing more
    assert any("warning: a warning-like note on stderr" in line for line in new_page.console), new_page.console
    assert not new_page.console_errors, new_page.console_errors
    assert page.locator(".py-error").count() == 0


def test_ui_start_exception_shows_boot_error(new_page, dist_dir, serve_dir, tmp_path):
    app = "def start():\n    raise RuntimeError('boom from start')\n"
    page = new_page()
    page.goto(serve_dir(_dist_with_app(dist_dir, tmp_path, app)))
    box = page.get_by_test_id("boot-error")
    box.wait_for(state="visible", timeout=90_000)
    assert "RuntimeError: boom from start" in box.inner_text()
    assert page.locator("html").get_attribute("data-ready") is None


def test_zip_without_package_shows_boot_error(new_page, dist_dir, serve_dir, tmp_path):
    broken = tmp_path / "dist"
    shutil.copytree(dist_dir, broken, copy_function=os.link)
    (broken / "tapete.zip").unlink()
    with zipfile.ZipFile(broken / "tapete.zip", "w") as zf:
        zf.writestr("README.txt", "no package here")
    page = new_page()
    page.goto(serve_dir(broken))
    box = page.get_by_test_id("boot-error")
    box.wait_for(state="visible", timeout=90_000)
    text = box.inner_text()
    assert "ModuleNotFoundError" in text and "tapete" in text
    assert page.locator("html").get_attribute("data-ready") is None


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 800)])
def test_layout_fits_viewport(new_page, boot, width, height):
    page = boot(new_page(viewport={"width": width, "height": height}))
    overflow = page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"horizontal overflow of {overflow}px at {width}x{height}"
    for game in GAMES:
        box = page.get_by_test_id(f"game-{game}").bounding_box()
        assert box and box["height"] >= 44 and box["x"] >= 0 and box["x"] + box["width"] <= width
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"shell-{width}x{height}.png"), full_page=True)


def test_watchdog_shows_error_when_python_never_arrives(new_page, site_url):
    page = new_page(locale="en-US")
    page.route("**/pyodide.asm.wasm", lambda route: None)  # never answers
    page.goto(site_url + "?boot-timeout=2", wait_until="domcontentloaded")
    box = page.get_by_test_id("boot-error")
    box.wait_for(state="visible", timeout=15_000)
    assert "Nothing has arrived for 2 s" in box.inner_text()
    assert page.get_by_test_id("game-dos").is_disabled()
    assert "unavailable" in page.get_by_test_id("game-dos").inner_text()


def test_vendored_trystero_imports_offline(new_page, boot):
    page = boot(new_page())
    kinds = page.evaluate(
        """async () => {
            const url = new URL("./static/vendor/trystero.mjs", document.baseURI).href;
            const t = await import(url);
            return [typeof t.joinRoom, typeof t.selfId];
        }"""
    )
    assert kinds == ["function", "string"]
