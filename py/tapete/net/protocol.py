"""Message schema shared by host and guests. JSON text only; every message carries ``v``.

Guest to host:
  ``{"v":1,"type":"who","challenge":"<nonce>"}`` (to every peer met: who is the host?)
  ``{"v":1,"type":"hello","name":"Ana","key":"<Ed25519 public key>","sig":"<signature>"}`` (to the host only)
  ``{"v":1,"type":"intent","id":"<nonce>","seat":2,"state_version":17,"action":"play R7"}``
  ``{"v":1,"type":"deal_commit","round":"<64 hex>","commitment":"<64 hex>"}`` (the fair deal, tapete.net.deal)
  ``{"v":1,"type":"deal_open","round":"<64 hex>","nonce":"<64 hex>"}``
  ``{"v":1,"type":"watch"}`` (a watcher, after the host's proof: the public table, no seat; tapete.net.watch)
  ``{"v":1,"type":"rename","name":"Ana"}`` (a seated player's new name: :func:`clean_name`, rate-limited)
Host to a guest:
  ``{"v":1,"type":"host","proof":"<signature>","nonce":"<nonce>"}`` (the answer to ``who``)
  ``{"v":1,"type":"update","seat":2,"view":{...},"events":[...],"legal":[...]}``
  ``{"v":1,"type":"rejected","id":"<nonce>","code":"stale","message":"..."}``
``proof`` is an Ed25519 signature of :func:`proof_message` that only the holder of the room's host key
can make; ``sig`` signs the host's ``nonce`` with the guest's seat key (:mod:`tapete.net.keys`).

Signatures are checked by a kept implementation handed in as a :data:`Verify` (the page: @noble/curves
through static/js/keys.js; tests: PyNaCl): no cryptography is written here. Every peer text is parsed
by :func:`loads`, which refuses nesting deeper than :data:`MAX_DEPTH` before ``json.loads`` sees it.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
from typing import Callable

from ..core import TapeteError

SCHEMA_VERSION = 1
MAX_MESSAGE_BYTES = 4096           # a guest message is small: an intent or a hello
NONCE = re.compile(r"^[A-Za-z0-9_-]{1,40}$")
CHALLENGE = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
MAX_NAME = 24

KEY = re.compile(r"^[A-Za-z0-9_-]{43}$")        # 32 bytes, base64url without padding
SIGNATURE = re.compile(r"^[A-Za-z0-9_-]{86}$")  # 64 bytes

GUEST_FIELDS = {
    "who": {"v": int, "type": str, "challenge": str},
    "hello": {"v": int, "type": str, "name": str, "key": str, "sig": str},
    "intent": {"v": int, "type": str, "id": str, "seat": int, "state_version": int, "action": str},
    # the guest's share of the deal (tapete.net.deal): a commitment to its nonce, then the nonce
    "deal_commit": {"v": int, "type": str, "round": str, "commitment": str},
    "deal_open": {"v": int, "type": str, "round": str, "nonce": str},
    # a watcher (tapete.net.watch): no seat, no key, no name; the host answers with the public table
    "watch": {"v": int, "type": str},
    # a seated player renames itself (issue 31); the host checks the name again and limits how often
    "rename": {"v": int, "type": str, "name": str},
}
MARKUP = re.compile(r"[<>&\"'`]")


def clean_name(name: object) -> str:
    """A player's name as it may travel and show: stripped, runs of spaces made one, 1 to MAX_NAME
    characters, printable (no control, format or bidi-override characters) and without markup characters
    (``< > & " ' ` ``: the pages escape every name, this keeps them out of the protocol too). Raises
    :class:`ProtocolError` ("malformed") otherwise."""
    if not isinstance(name, str):
        raise ProtocolError("bad player name", "malformed")
    if not name.isprintable():               # (before the spaces are collapsed: a newline is not a space)
        raise ProtocolError("bad player name", "malformed")
    name = " ".join(name.split())
    if not name or len(name) > MAX_NAME or MARKUP.search(name):
        raise ProtocolError("bad player name", "malformed")
    return name
HEX64 = re.compile(r"\A[0-9a-f]{64}\Z")


# ----- parsing peer text: nesting bounded before any parse ----------------------------------------------
MAX_DEPTH = 32     # deepest nesting of arrays and objects a peer text may have (honest messages: <= 8)
_BRACKETS_ONLY = bytes(range(256)).translate(None, b"[]{}")     # every byte but the four brackets
_ONE_PAIR = bytes.maketrans(b"{}", b"[]")


def too_deep(text: str, limit: int = MAX_DEPTH) -> bool:
    """Do ``text``'s arrays and objects nest deeper than ``limit`` (brackets inside strings not counted),
    or do its brackets not balance (then it is no JSON)? Without recursion, in at most ``limit`` passes
    of bytes methods: strings go (escaped backslashes and quotes first, then every quote-delimited run),
    the rest is cut to its brackets, and each pass removes the innermost pairs. Up to the first error
    ``json.loads`` meets, it sees the same strings, so it never descends deeper than counted here."""
    data = text.encode("utf-8", "surrogatepass")        # (multi-byte characters hold no ASCII byte)
    if b'"' in data:
        data = data.replace(b"\\\\", b"").replace(b'\\"', b"")
        data = b"".join(data.split(b'"')[0::2])          # outside the strings (an unterminated one: to the end)
    brackets = data.translate(_ONE_PAIR, _BRACKETS_ONLY)
    if b"[" * (limit + 1) in brackets:
        return True                                      # the usual bomb, answered without a pass
    for _ in range(limit):
        if not brackets:
            return False
        shorter = brackets.replace(b"[]", b"")          # one level: the innermost pairs
        if len(shorter) == len(brackets):
            return True                                  # brackets that never close: no JSON
        brackets = shorter
    return bool(brackets)


def loads(text: object, max_depth: int = MAX_DEPTH) -> object:
    """``json.loads`` for text from another page (or storage): ValueError if it is not text, nests deeper
    than ``max_depth`` (checked before parsing: a deep text never reaches the recursive parser, whose
    overflow in Pyodide is fatal, not a RecursionError) or is not JSON. Never raises anything else."""
    if not isinstance(text, str):
        raise ValueError("not text")
    if too_deep(text, max_depth):
        raise ValueError(f"nested deeper than {max_depth} (or brackets that do not balance)")
    try:
        return json.loads(text)
    except RecursionError:                     # (cannot happen at this depth; kept as a guarantee)
        raise ValueError("nested too deep") from None


class ProtocolError(TapeteError):
    """A message refused before it reaches the game (unknown, oversized, malformed, stale, forged...)."""

    code = "protocol"


def encode(message: dict) -> str:
    return json.dumps({"v": SCHEMA_VERSION, **message}, separators=(",", ":"))


def decode(text: object) -> dict:
    """Validate a guest message; raise :class:`ProtocolError` with a precise code."""
    if not isinstance(text, str):
        raise ProtocolError("a message must be JSON text", "malformed")
    if len(text) > MAX_MESSAGE_BYTES or len(text.encode("utf-8", "replace")) > MAX_MESSAGE_BYTES:
        raise ProtocolError(f"message larger than {MAX_MESSAGE_BYTES} bytes", "oversized")
    try:
        message = loads(text)
    except ValueError:
        raise ProtocolError("message is not valid JSON (or nested too deep)", "malformed") from None
    if not isinstance(message, dict):
        raise ProtocolError("message must be a JSON object", "malformed")
    if message.get("v") != SCHEMA_VERSION:
        raise ProtocolError(f"unsupported schema version {message.get('v')!r}", "version")
    fields = GUEST_FIELDS.get(message.get("type"))
    if fields is None:
        raise ProtocolError(f"unknown message type {message.get('type')!r}", "unknown_type")
    if set(message) != set(fields):
        raise ProtocolError(f"{message['type']} needs exactly the fields {sorted(fields)}", "malformed")
    for name, kind in fields.items():
        value = message[name]
        if not isinstance(value, kind) or isinstance(value, bool):
            raise ProtocolError(f"field {name} must be {kind.__name__}", "malformed")
    if message["type"] == "who":
        if not CHALLENGE.match(message["challenge"]):
            raise ProtocolError("bad challenge", "malformed")
    elif message["type"] == "hello":
        if not KEY.match(message["key"]) or not SIGNATURE.match(message["sig"]):
            raise ProtocolError("bad key or signature", "malformed")
        if not message["name"].strip() or len(message["name"]) > MAX_NAME or not message["name"].isprintable():
            raise ProtocolError("bad player name", "malformed")
    elif message["type"] == "rename":
        message["name"] = clean_name(message["name"])
    elif message["type"] in ("deal_commit", "deal_open"):
        value = message["commitment" if message["type"] == "deal_commit" else "nonce"]
        if not HEX64.match(message["round"]) or not HEX64.match(value):
            raise ProtocolError("a deal round, commitment or nonce is 64 lowercase hex digits", "malformed")
    elif message["type"] == "watch":
        pass                                      # exactly {v, type}: nothing more to check
    else:
        if not NONCE.match(message["id"]):
            raise ProtocolError("bad intent id", "malformed")
    return message


# ----- the host's proof (docs/multiplayer.md, "Who is the host") ----------------------------------------
def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64(text: object, size: int) -> bytes | None:
    """``size`` bytes from unpadded base64url text, or None."""
    if not isinstance(text, str) or len(text) != (size * 4 + 2) // 3 or not re.fullmatch(r"[A-Za-z0-9_-]*", text):
        return None
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        return None


Verify = Callable[[bytes, bytes, bytes], bool]
"""``verify(public, message, signature) -> bool``: is ``signature`` (64 bytes) an Ed25519 signature of
``message`` by ``public`` (32 bytes)? A kept implementation in strict RFC 8032 mode that refuses
public keys and R of small order: in the page @noble/curves (``keys.verify``, static/js/keys.js, wrapped
by ``tapete.ui.room_bridge.BrowserVerifier``), in the unit tests PyNaCl (libsodium). See docs/multiplayer.md."""


def verified(verify: Verify | None, public: bytes, message: bytes, signature: bytes) -> bool:
    """``verify``'s answer, False without a verifier or if it raises (a verifier's error never escapes)."""
    if verify is None:
        return False
    try:
        return verify(public, message, signature) is True
    except Exception:  # noqa: BLE001 - any failure of the dependency is a refusal
        return False


PROOF_TAG = "tapete-host-proof/v2"


def proof_message(room: str, challenge: str, guest_peer: str, host_peer: str) -> bytes:
    """What the host signs to answer ``challenge``: the room's id (a proof is good in one room only) and
    both peer ids, which bind it to this connection: a peer that relays the guest's challenge to the
    real host gets a proof naming itself, which the guest (who knows its own id) refuses. (The proof is
    made with the host key, so it names that key too.) ``/v1`` proofs (no room) verify nowhere."""
    return f"{PROOF_TAG}|{room}|{challenge}|{guest_peer}|{host_peer}".encode()


def check_proof(verify: Verify | None, public: bytes, proof: object, *, room: str, challenge: str,
                guest_peer: str, host_peer: str) -> bool:
    """Did the holder of ``public``'s host key answer this guest's ``challenge`` in ``room`` on this connection?"""
    signature = unb64(proof, 64)
    return signature is not None and verified(verify, public, proof_message(room, challenge, guest_peer, host_peer),
                                              signature)
