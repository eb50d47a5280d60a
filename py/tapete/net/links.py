"""A room's names: its six-letter code, the link's secret (the host's public key) and the share link.

Pure functions shared by the host page (:mod:`tapete.net.room`), a guest page (:mod:`tapete.net.guest`)
and the UI (:mod:`tapete.ui.rooms`). See docs/multiplayer.md.
"""

from __future__ import annotations

import secrets

from .keys import Signer
from .protocol import b64, unb64

# Room codes: six letters, none that reads like another (no I/L/O, hence no 1/0 confusion either).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 6


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_secret() -> str:
    """A random link secret that is no host key (rooms made before host keys; tests)."""
    return secrets.token_urlsafe(16)


def link_secret_of(signer: Signer) -> str:
    """The link's ``k`` for a host key held by ``signer``."""
    return b64(signer.public)


# The 8 points of edwards25519's torsion subgroup, canonically encoded (tests/js/rfc8032_vectors.json,
# checked there with @noble/curves' isSmallOrder): no signature by such a "key" proves anything.
SMALL_ORDER = frozenset(bytes.fromhex(h) for h in (
    "0100000000000000000000000000000000000000000000000000000000000000",
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
    "0000000000000000000000000000000000000000000000000000000000000000",
    "0000000000000000000000000000000000000000000000000000000000000080",
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa"))
FIELD_P = 2 ** 255 - 19
CURVE_D = -121665 * pow(121666, FIELD_P - 2, FIELD_P) % FIELD_P     # edwards25519's d (RFC 8032, 5.1)
SQRT_M1 = pow(2, (FIELD_P - 1) // 4, FIELD_P)                       # a square root of -1 mod p


def decodes_to_a_point(key: bytes) -> bool:
    """Does this 32-byte string decode to a point of edwards25519, by RFC 8032 section 5.1.3's steps?
    Fails for y >= p (non-canonical), for a y with no x on the curve, and for x = 0 with the sign bit set
    (01…80, ec…ff: an encoding noble's strict decoding refuses too). A check, not cryptography: nothing
    is computed from the point."""
    if len(key) != 32:
        return False
    number = int.from_bytes(key, "little")
    y, sign = number & ((1 << 255) - 1), number >> 255
    if y >= FIELD_P:
        return False
    u, v = (y * y - 1) % FIELD_P, (CURVE_D * y * y + 1) % FIELD_P
    x = u * pow(v, 3, FIELD_P) * pow(u * pow(v, 7, FIELD_P), (FIELD_P - 5) // 8, FIELD_P) % FIELD_P
    if (v * x * x - u) % FIELD_P:
        x = x * SQRT_M1 % FIELD_P
        if (v * x * x - u) % FIELD_P:
            return False                    # u/v has no square root: no point has this y
    return not (x == 0 and sign == 1)


def weak_host_key(key: bytes) -> bool:
    """Can this 32-byte ``k`` not be a host's key: not a point (:func:`decodes_to_a_point`), or a point of
    small order (the 8 of the torsion subgroup)? The same rule as ``isHostKey`` in static/js/keys.js
    (noble's strict decoding and ``isSmallOrder``), checked against it in tests/unit/test_net.py."""
    return key in SMALL_ORDER or not decodes_to_a_point(key)


def host_public(secret: str) -> bytes | None:
    """The host's public key a link's secret names, or None (bare code, an older random secret, or a
    small-order or non-canonical ``k``, which would never verify: :func:`weak_host_key`)."""
    key = unb64(secret, 32) if secret else None
    return None if key is None or weak_host_key(key) else key


def normalize_code(text: str) -> str | None:
    """The code typed by a person (any case, spaces or dashes) or None if it cannot be one."""
    code = "".join(ch for ch in str(text).upper() if not ch.isspace() and ch != "-")
    if len(code) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in code):
        return None
    return code


def room_fragment(code: str, secret: str | None) -> str:
    return f"room={code}" + (f"&k={secret}" if secret else "")


SHARED_PARAMS = ("relay", "ice")     # what a share link keeps of the host page's query (no test hooks)


def share_link(base: str, search: str, code: str, secret: str) -> str:
    """The invitation link: ``base`` (origin and path), the host page's ``relay``/``ice`` parameters and
    the room fragment. Test hooks (``seed``, ``debug_room``, ``autoplay``, ``bot_delay``...) are left
    out; a value with credentials (``turn:user:pass@host``, ``wss://user:pass@host``) goes into the
    fragment, which never reaches a server, instead of the query (static/js/p2p.js reads both).
    A ``secret`` that is a small-order or non-canonical key (:func:`weak_host_key`) makes no link: ValueError."""
    host_key = unb64(secret, 32)
    if host_key is not None and weak_host_key(host_key):
        raise ValueError("the link's k is a small-order or non-canonical key")
    from urllib.parse import parse_qsl, urlencode
    query, private = [], []
    for key, value in parse_qsl(search.lstrip("?")):
        if key in SHARED_PARAMS:
            (private if "@" in value else query).append((key, value))
    return (f"{base}" + (f"?{urlencode(query)}" if query else "") + "#" + room_fragment(code, secret)
            + "".join(f"&{urlencode([pair])}" for pair in private))


def parse_fragment(fragment: str) -> tuple[str, str] | None:
    """``#room=ABCDEF&k=<secret>`` -> (code, secret or ""), or None when it names no room."""
    params = {}
    for part in fragment.lstrip("#").split("&"):
        key, _, value = part.partition("=")
        params[key] = value
    code = normalize_code(params.get("room", ""))
    if code is None:
        return None
    secret = params.get("k", "")
    if not all(ch.isalnum() or ch in "-_" for ch in secret) or len(secret) > 64:
        secret = ""
    return code, secret


def password(code: str, secret: str) -> str:
    """The signalling password of a room (same rule as static/js/p2p.js): the link's secret. (A typed
    join code reaches the room through the SPAKE2 handshake of static/js/pake.js, which hands over the link.)"""
    return f"k:{secret}"
