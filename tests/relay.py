"""A real Nostr relay on loopback (PyPI nostr-relay, installed by `make relay` into .venv-relay).

Shared by the peer-to-peer browser test and bench/p2p.py; no pytest import.

    relay = start_relay(folder)      # folder: a scratch directory (config, sqlite db, relay.log)
    relay.url                        # "ws://127.0.0.1:<port>"
    relay.stop()                     # an outage: the port is free, clients' sockets close
    relay.start()                    # back on the SAME port (same folder, db; the log is appended to)
    relay.stop()

or ``with running_relay(folder) as url: ...``. One page's network path to it can be cut alone:

    path = Cut(relay.port)           # a loopback TCP forwarder: give that page path.url as its relay
    path.cut()                       # its sockets close, new ones are refused (the relay stays up)
    path.restore()
    path.close()

Raises RelayError if the binary is missing or the relay
does not answer its NIP-11 document within `timeout` seconds (the message ends with the log's tail).
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import threading
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Iterator

ROOT = Path(__file__).resolve().parent.parent
RELAY_BIN = ROOT / ".venv-relay" / "bin" / "nostr-relay"

RELAY_CONFIG = """\
DEBUG: false
relay_name: tapete test relay
storage:
  sqlalchemy.url: sqlite+aiosqlite:///{db}
  num_concurrent_reqs: 10
  num_concurrent_adds: 2
  validators:
    - nostr_relay.validators.is_not_too_large
    - nostr_relay.validators.is_signed
verification:
  nip05_verification: disabled
gunicorn:
  bind: 127.0.0.1:{port}
  workers: 1
  loglevel: warning
  reload: false
authentication:
  enabled: false
"""


class RelayError(RuntimeError):
    pass


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class Relay:
    url: str
    port: int
    folder: Path
    proc: subprocess.Popen
    log: IO[str]
    relay_bin: Path = RELAY_BIN
    timeout: float = 30.0

    def log_tail(self, chars: int = 2000) -> str:
        try:
            return (self.folder / "relay.log").read_text()[-chars:]
        except OSError:
            return ""

    @property
    def running(self) -> bool:
        return self.proc.poll() is None

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.log.close()

    def start(self) -> None:
        """Start the relay again after stop(): the same port (so clients reconnect to the URL they know),
        the same config and database; its log is appended to."""
        if self.running:
            raise RelayError("the relay is already running")
        self.log = open(self.folder / "relay.log", "a")
        self.proc = _spawn(self.relay_bin, self.folder, self.log)
        deadline = time.monotonic() + self.timeout
        while not _answers(self.port):
            # the port was just freed: a bind can fail for a moment, so a relay that exits is started again
            if self.proc.poll() is not None:
                if time.monotonic() > deadline:
                    self.stop()
                    raise RelayError(f"nostr-relay did not start again on port {self.port}:\n" + self.log_tail())
                self.proc = _spawn(self.relay_bin, self.folder, self.log)
            elif time.monotonic() > deadline:
                self.stop()
                raise RelayError(f"nostr-relay did not answer again on port {self.port}:\n" + self.log_tail())
            time.sleep(0.2)


def _spawn(relay_bin: Path, folder: Path, log: IO[str]) -> subprocess.Popen:
    return subprocess.Popen([str(relay_bin), "-c", str(folder / "relay.yaml"), "serve"], cwd=folder, stdout=log,
                            stderr=subprocess.STDOUT, env={**os.environ, "PYTHONWARNINGS": "ignore"})


def _answers(port: int) -> bool:
    """Whether the relay on `port` serves its NIP-11 document."""
    try:
        req = urllib.request.Request(f"http://127.0.0.1:{port}/", headers={"Accept": "application/nostr+json"})
        urllib.request.urlopen(req, timeout=1).read()
        return True
    except OSError:
        return False


def start_relay(folder: Path | str, *, timeout: float = 30.0, relay_bin: Path = RELAY_BIN) -> Relay:
    """Start nostr-relay on a free loopback port with its config, db and log in `folder`."""
    if not Path(relay_bin).exists():
        raise RelayError(f"{relay_bin} missing: run `make relay` (installs requirements-relay.txt into .venv-relay)")
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    port = free_port()
    (folder / "relay.yaml").write_text(RELAY_CONFIG.format(db=folder / "nostr.sqlite3", port=port))
    log = open(folder / "relay.log", "w")
    proc = _spawn(relay_bin, folder, log)
    relay = Relay(url=f"ws://127.0.0.1:{port}", port=port, folder=folder, proc=proc, log=log, relay_bin=Path(relay_bin),
                  timeout=timeout)
    deadline = time.monotonic() + timeout
    while not _answers(port):
        if proc.poll() is not None or time.monotonic() > deadline:
            relay.stop()
            raise RelayError("nostr-relay did not start:\n" + relay.log_tail())
        time.sleep(0.2)
    return relay


@contextlib.contextmanager
def running_relay(folder: Path | str, **kwargs) -> Iterator[str]:
    """`with running_relay(tmp) as url:` -> ws:// URL; the relay stops on exit."""
    relay = start_relay(folder, **kwargs)
    try:
        yield relay.url
    finally:
        relay.stop()


class Cut:
    """A loopback TCP forwarder to ``127.0.0.1:<port>`` (one page's "network" to the relay): ``cut()``
    closes every connection through it and refuses new ones (accepted, then closed at once) until
    ``restore()``. ``url`` is its ws:// URL."""

    def __init__(self, port: int):
        self.target = port
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]
        self.url = f"ws://127.0.0.1:{self.port}"
        self.down = False
        self.live: set[socket.socket] = set()
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.server.accept()
            except OSError:
                return                                  # closed
            with self.lock:
                if self.down:
                    client.close()
                    continue
                try:
                    upstream = socket.create_connection(("127.0.0.1", self.target), timeout=5)
                except OSError:
                    client.close()
                    continue
                upstream.settimeout(None)
                self.live.update((client, upstream))
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    def _pump(self, src: socket.socket, dst: socket.socket) -> None:
        try:
            while data := src.recv(65536):
                dst.sendall(data)
        except OSError:
            pass
        self._drop(src, dst)

    def _drop(self, *socks: socket.socket) -> None:
        with self.lock:
            for sock in socks:
                self.live.discard(sock)
                try:
                    sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                sock.close()

    def cut(self) -> None:
        with self.lock:
            self.down = True
            live = list(self.live)
        self._drop(*live)

    def restore(self) -> None:
        with self.lock:
            self.down = False

    def close(self) -> None:
        self.cut()
        self.server.close()
