"""Seats bound to keys: each browser signs with its own Ed25519 key, the host binds a seat to it.

A guest's seat belongs to the key that took it, not to an id the guest states: the player id the
host files a seat under is :func:`key_id` of the guest's public key, and a hello is accepted only
with a signature by that key over a fresh nonce the host gave this connection and both peer ids
(:func:`seat_message`). A copied id, a recorded hello or one relayed through another connection takes
nothing. In the browser the private keys are non-extractable WebCrypto keys kept in IndexedDB
(static/js/keys.js); :class:`Ed25519Signer` (pure Python, RFC 8032) stands in for them in unit tests.

A :class:`Signer` signs asynchronously (WebCrypto is), so callers pass a continuation.
See docs/multiplayer.md ("Seats and keys").
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Callable

from . import ed25519
from .protocol import b64, unb64

KEY_ID_PREFIX = "k"


def key_id(public: bytes) -> str:
    """The player id of a seat key: ``k`` + 22 base64url characters of its SHA-256 (132 bits)."""
    return KEY_ID_PREFIX + b64(hashlib.sha256(b"tapete-seat-key/v1|" + public).digest())[:22]


def new_nonce() -> str:
    """A fresh per-connection nonce the host asks a guest to sign (128 bits)."""
    return secrets.token_urlsafe(16)


def seat_message(nonce: str, guest_peer: str, host_peer: str, public: bytes) -> bytes:
    """What a guest signs to take or take back a seat: the host's nonce for this connection, both
    peer ids (a hello relayed through another connection names the wrong ids) and the key itself."""
    return f"tapete-seat/v1|{nonce}|{guest_peer}|{host_peer}|{b64(public)}".encode()


def check_seat(key: object, signature: object, nonce: str, guest_peer: str, host_peer: str) -> str | None:
    """The player id of ``key`` (base64url) if ``signature`` (base64url) signs this connection's nonce
    with it; None otherwise."""
    public, sig = unb64(key, 32), unb64(signature, 64)
    if public is None or sig is None:
        return None
    if not ed25519.verify(public, seat_message(nonce, guest_peer, host_peer, public), sig):
        return None
    return key_id(public)


class Signer:
    """A signing key this page holds: ``public`` (32 bytes) and ``sign(data, then)``, which calls
    ``then(signature)`` with 64 bytes, now or later (WebCrypto answers asynchronously)."""

    public: bytes = b""

    def sign(self, data: bytes, then: Callable[[bytes], None]) -> None:
        raise NotImplementedError


class Ed25519Signer(Signer):
    """A pure-Python key (tests, tools); ``seed`` is the 32-byte private seed (random if omitted)."""

    def __init__(self, seed: bytes | None = None) -> None:
        self.seed = seed if seed is not None else secrets.token_bytes(32)
        self.public = ed25519.public_key(self.seed)

    def sign(self, data: bytes, then: Callable[[bytes], None]) -> None:
        then(ed25519.sign(self.seed, data))
