"""Headless Chromium and a static server on loopback: shared by the browser tests (conftest.py) and
the browser benchmarks (bench/boot.py, bench/p2p.py), so all of them run the same browser the same way."""

from __future__ import annotations

import functools
import os
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

CHROMIUM = os.environ.get("TAPETE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--allow-loopback-in-peer-connection",
]


class QuietHandler(SimpleHTTPRequestHandler):
    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm",
        ".mjs": "text/javascript",
        ".toml": "text/plain",
    }

    def log_message(self, format, *args):  # noqa: A002
        pass


class QuietServer(ThreadingHTTPServer):
    daemon_threads = True

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
