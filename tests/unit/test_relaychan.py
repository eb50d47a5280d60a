"""The relay fallback's channel (issue 40, first step; not wired into p2p.js yet): tests/js/relaychan.test.mjs
under node, on the same bundled @noble/hashes (static/vendor/noble.mjs) and node's WebCrypto as the page's.

HKDF-SHA-256 against RFC 5869's vectors, AES-256-GCM against the GCM spec's, and the channel: round trip,
replays, forgeries, reflection, reordering, the window, chunks, sizes, the signed handshake, nonces.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from node_tests import run_node_test

ROOT = Path(__file__).resolve().parents[2]


def test_relay_channel_vectors_and_refusals_under_node():
    run_node_test("relaychan.test.mjs", "noble", 15)


def test_a_relay_frame_fits_the_test_relays_content_limit():
    """The chunk size keeps a frame's content under the loopback relay's limit (nostr-relay's max_event_size)."""
    js = (ROOT / "static" / "js" / "relaychan.js").read_text()
    chunk = int(re.search(r"export const CHUNK_BYTES = (\d+);", js).group(1))
    most = int(re.search(r"export const MAX_CONTENT_CHARS = (\d+);", js).group(1))
    frame = 7 + chunk + 16
    assert -(-frame * 4 // 3) <= most < 4096 - 600
