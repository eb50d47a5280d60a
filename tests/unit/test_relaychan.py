"""The relay fallback's channel (issue 40, first step; not wired into p2p.js yet): tests/js/relaychan.test.mjs
under node, on the same bundled @noble/hashes (static/vendor/noble.mjs) and node's WebCrypto as the page's.

HKDF-SHA-256 against RFC 5869's vectors, AES-256-GCM against the GCM spec's, and the channel: round trip,
replays, forgeries, reflection, reordering, the window, chunks, sizes, the signed handshake, nonces.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_relay_channel_vectors_and_refusals_under_node():
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py"), "--step", "noble", "-q"], check=True)
    out = subprocess.run([node, "--test", str(ROOT / "tests" / "js" / "relaychan.test.mjs")],
                         capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]
    passed = re.search(r"^# pass (\d+)$", out.stdout, re.M)
    assert passed and int(passed.group(1)) >= 15 and "# fail 0" in out.stdout, out.stdout[-2000:]


def test_a_relay_frame_fits_the_test_relays_content_limit():
    """The chunk size keeps a frame's content under the loopback relay's limit (nostr-relay's max_event_size)."""
    js = (ROOT / "static" / "js" / "relaychan.js").read_text()
    chunk = int(re.search(r"export const CHUNK_BYTES = (\d+);", js).group(1))
    most = int(re.search(r"export const MAX_CONTENT_CHARS = (\d+);", js).group(1))
    frame = 7 + chunk + 16
    assert -(-frame * 4 // 3) <= most < 4096 - 600
