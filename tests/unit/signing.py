"""Ed25519 for the unit tests: PyNaCl (libsodium), pinned in requirements-test.txt.

The page signs with WebCrypto and verifies with @noble/curves (static/js/keys.js); the room protocol
takes both as dependencies (:class:`~tapete.net.keys.Signer`, :data:`~tapete.net.protocol.Verify`), so
tests hand it these. libsodium's verify (``crypto_sign_verify_detached``) is strict: it refuses a
non-canonical S, a public key or an R that is non-canonical or of small order
(tests/unit/test_signatures.py checks that, and RFC 8032's vectors).
"""

from __future__ import annotations

import hashlib
import secrets

import nacl.exceptions
import nacl.signing

from tapete.net import Signer


class NaclSigner(Signer):
    """A seat or host key; ``seed`` is the 32-byte private seed (random if omitted)."""

    def __init__(self, seed: bytes | None = None) -> None:
        self.key = nacl.signing.SigningKey(seed if seed is not None else secrets.token_bytes(32))
        self.public = bytes(self.key.verify_key)

    def sign(self, data: bytes, then) -> None:
        then(self.key.sign(data).signature)


def labelled(label: str) -> NaclSigner:
    """The same key for the same label (a browser that keeps its IndexedDB)."""
    return NaclSigner(hashlib.sha256(b"tapete-test-key|" + label.encode()).digest())


def verify(public: bytes, message: bytes, signature: bytes) -> bool:
    """The room protocol's ``Verify`` in tests: libsodium's strict Ed25519 verify."""
    try:
        nacl.signing.VerifyKey(public).verify(message, signature)
    except (nacl.exceptions.BadSignatureError, nacl.exceptions.CryptoError, ValueError, TypeError):
        return False
    return True
