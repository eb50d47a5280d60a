"""Headless Chromium and a static server on loopback: shared by the browser tests (conftest.py) and
the browser benchmarks (bench/boot.py, bench/p2p.py), so all of them run the same browser the same way.

The server behaves like a common static host that serves precompressed files (nginx with
``gzip_static``/``brotli_static``, Caddy's ``precompressed``, Netlify, Cloudflare Pages...): for a
request of ``x`` whose ``Accept-Encoding`` takes ``br`` (else ``gzip``) and a ``x.br`` (``x.gz``)
beside it, it sends that file with ``Content-Encoding`` and ``Vary: Accept-Encoding``; the
``Content-Type`` is ``x``'s. ``Last-Modified`` and ``If-Modified-Since`` (304) as ``http.server`` does.
A sibling older than its file (a test edited the file after the build) is ignored. Every answer is
logged in ``server.sent`` as (path, status, encoding, body bytes).
"""

from __future__ import annotations

import email.utils
import functools
import os
import posixpath
import sys
import threading
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

CHROMIUM = os.environ.get("TAPETE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--allow-loopback-in-peer-connection",
    # Shared memory from /tmp, not /dev/shm: a container's /dev/shm is often 64 MiB, and two
    # browsers at once (a persistent context beside the session's) crashed a page there on CI.
    "--disable-dev-shm-usage",
]


class QuietHandler(SimpleHTTPRequestHandler):
    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".toml": "text/plain",
        ".webmanifest": "application/manifest+json",
    }

    def log_message(self, format, *args):  # noqa: A002
        pass

    def _encoded(self, path: str) -> tuple[str, str]:
        """(file to send, Content-Encoding) for ``path``: a fresh .br or .gz sibling if accepted."""
        accepted = {part.split(";")[0].strip().lower() for part in self.headers.get("Accept-Encoding", "").split(",")}
        for coding, suffix in (("br", ".br"), ("gzip", ".gz")):
            sibling = path + suffix
            if coding in accepted and os.path.isfile(sibling) and os.path.getmtime(sibling) >= os.path.getmtime(path):
                return sibling, coding
        return path, ""

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path) or not os.path.isfile(path):
            return super().send_head()   # directories (index.html), 404s: http.server's own answers
        real, coding = self._encoded(path)
        try:
            f = open(real, "rb")
        except OSError:
            self.send_error(HTTPStatus.NOT_FOUND, "File not found")
            return None
        try:
            fs = os.fstat(f.fileno())
            mtime = int(os.path.getmtime(path))
            since = self.headers.get("If-Modified-Since")
            if since and "If-None-Match" not in self.headers:
                try:
                    if email.utils.parsedate_to_datetime(since).timestamp() >= mtime:
                        self.send_response(HTTPStatus.NOT_MODIFIED)
                        self.send_header("Vary", "Accept-Encoding")
                        self.end_headers()
                        self._log_sent(HTTPStatus.NOT_MODIFIED, coding, 0)
                        f.close()
                        return None
                except (TypeError, ValueError, OverflowError, IndexError):
                    pass
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-type", self.guess_type(path))
            if coding:
                self.send_header("Content-Encoding", coding)
            self.send_header("Vary", "Accept-Encoding")
            self.send_header("Content-Length", str(fs.st_size))
            self.send_header("Last-Modified", self.date_time_string(mtime))
            self.end_headers()
            self._log_sent(HTTPStatus.OK, coding, fs.st_size)
            return f
        except Exception:
            f.close()
            raise

    def _log_sent(self, status, coding: str, size: int) -> None:
        sent = getattr(self.server, "sent", None)
        if sent is not None:
            sent.append((posixpath.normpath(unquote(urlsplit(self.path).path)), int(status), coding, size))


class QuietServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.sent: list[tuple[str, int, str, int]] = []

    def handle_error(self, request, client_address):
        exc = sys.exc_info()[1]
        if not isinstance(exc, (BrokenPipeError, ConnectionResetError, TimeoutError)):
            super().handle_error(request, client_address)


def start_server(directory: Path) -> QuietServer:
    """Serve ``directory`` on 127.0.0.1 (a free port) from a daemon thread."""
    server = QuietServer(("127.0.0.1", 0), functools.partial(QuietHandler, directory=str(directory)))
    threading.Thread(target=server.serve_forever, name=f"http:{directory}", daemon=True).start()
    return server


def server_url(server: QuietServer) -> str:
    return f"http://127.0.0.1:{server.server_address[1]}/"


class WorkerChromium:
    """The worker's Chromium: launched on first use, and launched afresh after a test whose page crashed.

    A renderer that dies ("Target crashed") has been seen to leave its browser unable to keep a page alive:
    on a loaded CI machine every later test of that worker crashed too, the rerun included. So the test
    that saw a crash retires the browser at its teardown, and the rerun (and every later test) gets a new
    one. A healthy browser is kept for the tests of one file (``module``: the file it was launched for) and
    replaced for the next file, so that no state of a browser outlives a file (about a second per file).
    """

    def __init__(self, playwright):
        self.playwright = playwright
        self.current = None
        self.module = None

    def get(self):
        if self.current is None or not self.current.is_connected():
            self.retire()
            self.current = self.playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        return self.current

    def retire(self) -> None:
        if self.current is not None:
            try:
                self.current.close()
            except Exception:  # noqa: BLE001 - a browser that died cannot be closed
                pass
        self.current = None


_CRASHED = ("Target crashed", "Page crashed", "Target page, context or browser has been closed")


def crashed(report) -> bool:
    """Whether a failed report is Chromium dying under the test rather than the test's own failure."""
    return bool(report is not None and report.failed and any(word in str(report.longrepr) for word in _CRASHED))
