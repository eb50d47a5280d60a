"""Ed25519 as the room protocol gets it: no cryptography of our own, a kept implementation handed in.

- The page's verifier, ``verify`` of static/js/keys.js (@noble/curves, strict RFC 8032, small-order
  keys and R refused): tests/js/keys.test.mjs under node.
- The unit tests' signer and verifier, PyNaCl (libsodium; tests/unit/signing.py): RFC 8032's vectors
  (tests/js/rfc8032_vectors.json, shared with the JS test), the identity key with a zero signature, every
  small-order key and R, non-canonical encodings, all refused.
- The protocol's own wrapper (:func:`tapete.net.protocol.verified`): no verifier or one that raises is a
  refusal, never an exception.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import nacl.bindings
import pytest
from node_tests import run_node_test

from signing import NaclSigner, verify
from tapete.net.protocol import verified

ROOT = Path(__file__).resolve().parents[2]
DATA = json.loads((ROOT / "tests" / "js" / "rfc8032_vectors.json").read_text())
SMALL = [bytes.fromhex(h) for h in DATA["small_order"]]
IDENTITY = SMALL[0]
L = 2 ** 252 + 27742317777372353535851937790883648493      # the group order (RFC 8032, section 5.1)


def test_the_pages_verifier_under_node():
    """static/js/keys.js ``verify``: RFC 8032 vectors, small-order keys and R, malformed input."""
    run_node_test("keys.test.mjs", "noble", 7)


@pytest.mark.parametrize("vector", DATA["vectors"], ids=lambda v: v["name"])
def test_rfc_8032_vectors(vector):
    secret, public, message, signature = (bytes.fromhex(vector[k]) for k in ("secret", "public", "message", "signature"))
    key = NaclSigner(secret)
    assert key.public == public
    signed = []
    key.sign(message, signed.append)
    assert signed == [signature]
    assert verify(public, message, signature)
    assert not verify(public, message + b"x", signature)
    assert not verify(public, message, signature[:-1] + bytes([signature[-1] ^ 1]))
    assert not verify(public, message, bytes([signature[0] ^ 1]) + signature[1:])
    s = int.from_bytes(signature[32:], "little")
    assert not verify(public, message, signature[:32] + (s + L).to_bytes(32, "little"))    # non-canonical S


def test_the_identity_key_with_a_zero_signature_is_refused():
    """R = identity, S = 0: [S]B = R + [k]A holds for every message when A is the identity."""
    for message in (b"", b"tapete-seat/v2|ABCDEF|", b"any message at all"):
        assert not verify(IDENTITY, message, IDENTITY + bytes(32))


def test_the_8_small_order_points_are_the_ones_libsodium_knows():
    assert len(set(SMALL)) == 8
    assert not any(nacl.bindings.crypto_core_ed25519_is_valid_point(p) for p in SMALL)
    assert nacl.bindings.crypto_core_ed25519_is_valid_point(bytes.fromhex(DATA["vectors"][0]["public"]))


def test_every_small_order_key_is_refused_with_every_small_order_r_and_s_zero():
    """For a small-order A, R + [k]A is one of the 8 small-order points; with R chosen among all 8 and S = 0
    a verifier that does not refuse small-order keys takes about one in eight (every one, cofactored)."""
    for public in SMALL:
        for r in SMALL:
            for i in range(8):
                assert not verify(public, f"message {i}".encode(), r + bytes(32))


def test_a_small_order_r_is_refused_with_the_real_key():
    """R = identity and S = k·a (a: the key's secret scalar) is a signature the verification equation
    [S]B = R + [k]A accepts; libsodium refuses it for its small-order R (as keys.js does)."""
    vector = DATA["vectors"][0]
    secret, public = bytes.fromhex(vector["secret"]), bytes.fromhex(vector["public"])
    digest = bytearray(hashlib.sha512(secret).digest()[:32])
    digest[0] &= 248
    digest[31] = digest[31] & 127 | 64
    a = int.from_bytes(digest, "little")
    for r in SMALL:
        for message in (b"", b"hello"):
            k = int.from_bytes(hashlib.sha512(r + public + message).digest(), "little") % L
            assert not verify(public, message, r + (k * a % L).to_bytes(32, "little"))


def test_non_canonical_encodings_are_refused_as_keys_and_as_r():
    vector = DATA["vectors"][0]
    public, message, signature = (bytes.fromhex(vector[k]) for k in ("public", "message", "signature"))
    for bad in map(bytes.fromhex, DATA["non_canonical"]):
        assert not verify(bad, message, bad + bytes(32))
        assert not verify(public, message, bad + signature[32:])


def test_malformed_input_is_false_never_an_exception():
    vector = DATA["vectors"][0]
    public, message, signature = (bytes.fromhex(vector[k]) for k in ("public", "message", "signature"))
    for args in ((b"", b"", b""), (public[1:], message, signature), (public, message, signature[1:]),
                 (public + public, message, signature), (None, message, signature), ("text", message, signature)):
        assert verify(*args) is False


def test_the_protocol_never_trusts_a_missing_or_failing_verifier():
    vector = DATA["vectors"][0]
    args = tuple(bytes.fromhex(vector[k]) for k in ("public", "message", "signature"))

    def broken(*_):
        raise RuntimeError("the dependency failed")

    assert verified(verify, *args) is True
    assert verified(None, *args) is False
    assert verified(broken, *args) is False
    assert verified(lambda *_: 1, *args) is False          # only True is a yes
