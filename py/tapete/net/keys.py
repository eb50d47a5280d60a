"""Seats bound to keys: each browser signs with its own Ed25519 key, the host binds a seat to it.

A guest's seat belongs to the key that took it, not to an id the guest states: the player id the
host files a seat under is :func:`key_id` of the guest's public key, and a hello is accepted only
with a signature by that key over :func:`seat_message`: the room's id and the host's public key (a
signature made for another room, or for another host in this one, is good nowhere else), a fresh
nonce the host gave this connection and both peer ids. A copied id, a recorded hello, one relayed
through another connection or from another room takes nothing. In the browser the private keys are
non-extractable WebCrypto keys kept in IndexedDB (static/js/keys.js); the unit tests sign with PyNaCl.

A :class:`Signer` signs asynchronously (WebCrypto is), so callers pass a continuation. Signatures are
checked by the :data:`~tapete.net.protocol.Verify` the caller hands in (no cryptography here).
See docs/multiplayer.md ("Seats and keys").
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Callable

from .protocol import Verify, b64, unb64, verified

KEY_ID_PREFIX = "k"
SEAT_TAG = "tapete-seat/v2"


def key_id(public: bytes) -> str:
    """The player id of a seat key: ``k`` + 22 base64url characters of its SHA-256 (132 bits)."""
    return KEY_ID_PREFIX + b64(hashlib.sha256(b"tapete-seat-key/v1|" + public).digest())[:22]


def new_nonce() -> str:
    """A fresh per-connection nonce the host asks a guest to sign (128 bits)."""
    return secrets.token_urlsafe(16)


def seat_message(room: str, host_key: bytes, nonce: str, guest_peer: str, host_peer: str, public: bytes) -> bytes:
    """What a guest signs to take or take back a seat: the room's id and the host's public key it proved
    itself with (a hello made for room B, or for another key, verifies nowhere else), the host's nonce
    for this connection, both peer ids (a hello relayed through another connection names the wrong
    ids) and the key itself. Every field but the peer ids has a fixed alphabet without ``|``.
    ``/v1`` hellos (no room, no host key) verify nowhere."""
    return f"{SEAT_TAG}|{room}|{b64(host_key)}|{nonce}|{guest_peer}|{host_peer}|{b64(public)}".encode()


def check_seat(verify: Verify | None, key: object, signature: object, *, room: str, host_key: bytes, nonce: str,
               guest_peer: str, host_peer: str) -> str | None:
    """The player id of ``key`` (base64url) if ``signature`` (base64url) signs this room's, this host's
    and this connection's :func:`seat_message` with it; None otherwise (never raises)."""
    public, sig = unb64(key, 32), unb64(signature, 64)
    if public is None or sig is None:
        return None
    if not verified(verify, public, seat_message(room, host_key, nonce, guest_peer, host_peer, public), sig):
        return None
    return key_id(public)


class Signer:
    """A signing key this page holds: ``public`` (32 bytes) and ``sign(data, then)``, which calls
    ``then(signature)`` with 64 bytes, now or later (WebCrypto answers asynchronously)."""

    public: bytes = b""

    def sign(self, data: bytes, then: Callable[[bytes], None]) -> None:
        raise NotImplementedError
