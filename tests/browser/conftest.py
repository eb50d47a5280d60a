"""Browser-test harness: the built site (dist/) in Debian's headless Chromium.

Fixtures (see docs/testing.md):
  dist_dir    session  the built site; rebuilt with scripts/build.py when node_modules exists
  serve_dir   session  factory: serve_dir(path) -> "http://127.0.0.1:<port>/" (threaded, quiet)
  site_url    session  URL of dist/ served on loopback
  chromium    session  the worker's Chromium (WorkerChromium): launched for each test file, and afresh after
                       a test whose page crashed ("Target crashed"), so that the rerun gets a new browser
  browser     function that Chromium (/usr/bin/chromium, the project's flags)
  new_page    function factory: new_page(**context_kwargs) -> Page in a fresh context with
                       microphone permission and service workers blocked (pass
                       service_workers="allow" to test offline play); every request or WebSocket to a host other than
                       127.0.0.1/localhost is aborted and recorded, and teardown fails the test
                       if any was attempted (unless taken with new_page.take_offhost()).
                       Console errors and page errors are collected in new_page.console_errors;
                       on failure every page is screenshotted into test-artifacts/.
  boot        function helper: boot(page, url=site_url, timeout_ms=90_000) goes to url, waits
                       for <html data-ready="1"> and fails with the boot-error text if shown.
  nostr_relay session  ws:// URL of a real Nostr relay on loopback (tests/relay.py), shared
  relay_server function a relay of the test's own (tests/relay.Relay: .url, .stop(), .start() on the
                       same port), for tests that take it down
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from local_site import CHROMIUM, QuietServer, WorkerChromium, crashed, server_url, start_server

try:
    from playwright.sync_api import sync_playwright
except ImportError:  # pragma: no cover - unit-only environments
    sync_playwright = None
    collect_ignore_glob = ["test_*.py"]
    print("tests/browser: playwright not installed, browser tests not collected", file=sys.stderr)

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
ARTIFACTS = ROOT / "test-artifacts"
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1"}
BOOT_TIMEOUT_MS = 90_000

_READY_OR_ERROR = """() => {
  if (document.documentElement.dataset.ready === "1") return "ready";
  const box = document.querySelector('[data-testid="boot-error"]');
  return box && !box.hidden ? "error" : false;
}"""


def is_local(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https", "ws", "wss"):
        return True  # data:, blob:, about:, chrome-extension: never leave the machine
    return (parts.hostname or "") in LOCAL_HOSTS


# --- session fixtures -------------------------------------------------------------------
@pytest.fixture(scope="session")
def dist_dir() -> Path:
    if (ROOT / "node_modules").is_dir():
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py"), "-q"], check=True, cwd=ROOT)
    if not (DIST / "index.html").exists():
        pytest.fail("dist/ is not built: run `make dist` (or `make setup`) first")
    return DIST


@pytest.fixture(scope="session")
def serve_dir():
    servers: list[QuietServer] = []

    def serve(directory: Path | str) -> str:
        server = start_server(Path(directory))
        servers.append(server)
        return server_url(server)

    yield serve
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def site_url(dist_dir, serve_dir) -> str:
    return serve_dir(dist_dir)


@pytest.fixture(scope="session")
def chromium():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} missing: run `make setup` (apt-get install -y chromium)")
    with sync_playwright() as pw:
        worker = WorkerChromium(pw)
        yield worker
        worker.retire()


@pytest.fixture
def browser(chromium, request):
    if chromium.module != request.node.module.__name__:     # a new file: a new browser (nothing carried over)
        chromium.retire()
        chromium.module = request.node.module.__name__
    yield chromium.get()
    if crashed(getattr(request.node, "rep_call", None)) or crashed(getattr(request.node, "rep_setup", None)):
        chromium.retire()


# --- per-test fixtures ------------------------------------------------------------------
@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


# Every click, as the page saw it, goes to the console log kept with a failed test's artifacts: a click that
# changed nothing can then be told from one that never arrived.
_CLICK_TRACE = """document.addEventListener('click', (e) => {
  const t = e.target && e.target.closest ? e.target.closest('[data-action],[data-testid]') : null;
  const table = document.querySelector('[data-testid=table]');
  console.debug('[trace] click', t ? (t.dataset.testid || '') + ' ' + (t.dataset.action || '') : String(e.target),
                t && t.disabled ? 'disabled' : '', table ? 'table v' + table.dataset.version : '');
}, true);"""

# What a failed test's pages showed at the end (written next to the screenshot).
_PAGE_STATE = """() => {
  const table = document.querySelector('[data-testid=table]');
  const active = document.activeElement;
  let app = null;
  try { app = window.tapeteApp ? String(window.tapeteApp()) : null; } catch (e) { app = String(e); }
  return JSON.stringify({app, table: table ? {...table.dataset} : null,
                         active: active ? (active.dataset.testid || active.tagName) : null,
                         message: (document.querySelector('[data-testid=message]') || {}).textContent || null});
}"""


class PageFactory:
    """new_page(**context_kwargs) -> Page, with off-host guard and log collection."""

    def __init__(self, browser):
        self.browser = browser
        self.contexts = []
        self.pages = []
        self.offhost: list[str] = []
        self.console_errors: list[str] = []
        self.console: list[str] = []

    def __call__(self, **context_kwargs):
        # Service workers off unless a test asks: none precaches 13 MB per test, and Playwright's
        # routing (the off-host guard) cannot see requests a service worker answers.
        context_kwargs.setdefault("service_workers", "block")
        context = self.browser.new_context(**context_kwargs)
        context.grant_permissions(["microphone"])
        context.route(lambda url: not is_local(url), self._abort)
        context.route_web_socket(lambda url: not is_local(url), self._close_ws)
        context.add_init_script(_CLICK_TRACE)
        page = context.new_page()
        index = len(self.pages)
        page.on("console", lambda msg: self._on_console(index, msg))
        page.on("pageerror", lambda err: self.console_errors.append(f"[page {index}] pageerror: {err}"))
        self.contexts.append(context)
        self.pages.append(page)
        return page

    def _abort(self, route):
        self.offhost.append(route.request.url)
        route.abort("blockedbyclient")

    def _close_ws(self, ws):
        self.offhost.append(ws.url)
        ws.close(code=1008, reason="off-host blocked by test harness")

    def _on_console(self, index, msg):
        line = f"[page {index}] {msg.type}: {msg.text}"
        self.console.append(line)
        if msg.type == "error":
            self.console_errors.append(line)

    def take_offhost(self) -> list[str]:
        """Return the off-host attempts so far and forget them (for tests that cause some)."""
        taken, self.offhost = self.offhost, []
        return taken

    def save_artifacts(self, name: str) -> None:
        ARTIFACTS.mkdir(exist_ok=True)
        safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", name)[:120]
        for i, page in enumerate(self.pages):
            try:
                page.screenshot(path=str(ARTIFACTS / f"{safe}-{i}.png"), full_page=True)
                self.console.append(f"[page {i}] state at the end: {page.evaluate(_PAGE_STATE)}")
            except Exception:  # noqa: BLE001 - page may be gone
                pass
        (ARTIFACTS / f"{safe}.console.txt").write_text("\n".join(self.console) + "\n")

    def close(self) -> None:
        for context in self.contexts:
            try:
                context.close()
            except Exception:  # noqa: BLE001
                pass


@pytest.fixture
def new_page(browser, request):
    factory = PageFactory(browser)
    yield factory
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        factory.save_artifacts(request.node.name)
    factory.close()
    assert not factory.offhost, f"off-host requests were attempted: {factory.offhost}"


@pytest.fixture
def boot(site_url, new_page):
    def boot(page, url: str | None = None, timeout_ms: int = BOOT_TIMEOUT_MS):
        page.goto(url or site_url)
        state = page.wait_for_function(_READY_OR_ERROR, timeout=timeout_ms, polling=100).json_value()
        if state == "error":
            text = page.get_by_test_id("boot-error").inner_text()
            logs = "\n".join(new_page.console_errors[-20:])
            pytest.fail(f"boot failed:\n{text}\n--- console errors ---\n{logs}", pytrace=False)
        return page

    return boot


# --- a real Nostr relay for the peer-to-peer tests ------------------------------------------
@pytest.fixture(scope="session")
def nostr_relay(tmp_path_factory):
    """ws:// URL of a real Nostr relay on loopback (tests/relay.py; `make relay` installs it)."""
    sys.path.insert(0, str(ROOT / "tests"))
    from relay import RelayError, start_relay

    try:
        relay = start_relay(tmp_path_factory.mktemp("relay"))
    except RelayError as err:
        pytest.fail(str(err))
    yield relay.url
    relay.stop()


@pytest.fixture
def relay_server(tmp_path):
    """A relay of this test's own (tests/relay.py ``Relay``): the test may stop it and start it again on
    the same port; it is stopped at the end."""
    sys.path.insert(0, str(ROOT / "tests"))
    from relay import RelayError, start_relay

    try:
        relay = start_relay(tmp_path / "relay")
    except RelayError as err:
        pytest.fail(str(err))
    yield relay
    relay.stop()
