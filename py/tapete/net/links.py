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


def weak_host_key(key: bytes) -> bool:
    """Is this 32-byte ``k`` a point of small order, or a non-canonical encoding (y >= p, RFC 8032 5.1.3)?"""
    return key in SMALL_ORDER or int.from_bytes(key, "little") & ((1 << 255) - 1) >= FIELD_P


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
