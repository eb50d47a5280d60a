"""A real Nostr relay on loopback (PyPI nostr-relay, installed by `make relay` into .venv-relay).

Shared by the peer-to-peer browser test and bench/p2p.py; no pytest import.

    relay = start_relay(folder)      # folder: a scratch directory (config, sqlite db, relay.log)
    relay.url                        # "ws://127.0.0.1:<port>"
    relay.stop()

or ``with running_relay(folder) as url: ...``. Raises RelayError if the binary is missing or the relay
does not answer its NIP-11 document within `timeout` seconds (the message ends with the log's tail).
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
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

    def log_tail(self, chars: int = 2000) -> str:
        try:
            return (self.folder / "relay.log").read_text()[-chars:]
        except OSError:
            return ""

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.log.close()


def start_relay(folder: Path | str, *, timeout: float = 30.0, relay_bin: Path = RELAY_BIN) -> Relay:
    """Start nostr-relay on a free loopback port with its config, db and log in `folder`."""
    if not Path(relay_bin).exists():
        raise RelayError(f"{relay_bin} missing: run `make relay` (installs requirements-relay.txt into .venv-relay)")
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    port = free_port()
    config = folder / "relay.yaml"
    config.write_text(RELAY_CONFIG.format(db=folder / "nostr.sqlite3", port=port))
    log = open(folder / "relay.log", "w")
    proc = subprocess.Popen([str(relay_bin), "-c", str(config), "serve"], cwd=folder, stdout=log,
                            stderr=subprocess.STDOUT, env={**os.environ, "PYTHONWARNINGS": "ignore"})
    relay = Relay(url=f"ws://127.0.0.1:{port}", port=port, folder=folder, proc=proc, log=log)
    deadline = time.monotonic() + timeout
    while True:
        try:
            req = urllib.request.Request(f"http://127.0.0.1:{port}/", headers={"Accept": "application/nostr+json"})
            urllib.request.urlopen(req, timeout=1).read()
            return relay
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                relay.stop()
                raise RelayError("nostr-relay did not start:\n" + relay.log_tail()) from None
            time.sleep(0.2)


@contextlib.contextmanager
def running_relay(folder: Path | str, **kwargs) -> Iterator[str]:
    """`with running_relay(tmp) as url:` -> ws:// URL; the relay stops on exit."""
    relay = start_relay(folder, **kwargs)
    try:
        yield relay.url
    finally:
        relay.stop()
