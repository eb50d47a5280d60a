"""Message schema shared by host and guests. JSON text only; every message carries ``v``.

Guest to host:
  ``{"v":1,"type":"who","challenge":"<nonce>"}`` (to every peer met: who is the host?)
  ``{"v":1,"type":"hello","name":"Ana","key":"<Ed25519 public key>","sig":"<signature>"}`` (to the host only)
  ``{"v":1,"type":"intent","id":"<nonce>","seat":2,"state_version":17,"action":"play R7"}``
  ``{"v":1,"type":"deal_commit","round":"<64 hex>","commitment":"<64 hex>"}`` (the fair deal, tapete.net.deal)
  ``{"v":1,"type":"deal_open","round":"<64 hex>","nonce":"<64 hex>"}``
Host to a guest:
  ``{"v":1,"type":"host","proof":"<signature>","nonce":"<nonce>"}`` (the answer to ``who``)
  ``{"v":1,"type":"update","seat":2,"view":{...},"events":[...],"legal":[...]}``
  ``{"v":1,"type":"rejected","id":"<nonce>","code":"stale","message":"..."}``
``proof`` is :func:`host_proof`, an Ed25519 signature that only the holder of the room's host key can
make; ``sig`` signs the host's ``nonce`` with the guest's seat key (:mod:`tapete.net.keys`).
"""

from __future__ import annotations

import base64
import binascii
import json
import re

from ..core import TapeteError
from . import ed25519

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
}
HEX64 = re.compile(r"\A[0-9a-f]{64}\Z")


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
        message = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("message is not valid JSON", "malformed") from None
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
    elif message["type"] in ("deal_commit", "deal_open"):
        value = message["commitment" if message["type"] == "deal_commit" else "nonce"]
        if not HEX64.match(message["round"]) or not HEX64.match(value):
            raise ProtocolError("a deal round, commitment or nonce is 64 lowercase hex digits", "malformed")
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


def proof_message(challenge: str, guest_peer: str, host_peer: str) -> bytes:
    # The peer ids bind the proof to this connection: a peer that relays the guest's challenge to the
    # real host gets a proof naming itself, which the guest (who knows its own id) refuses.
    return f"tapete-host-proof/v1|{challenge}|{guest_peer}|{host_peer}".encode()


def host_proof(host_key: bytes, challenge: str, guest_peer: str, host_peer: str) -> str:
    """What the host answers to a hello with ``challenge`` from ``guest_peer``."""
    return b64(ed25519.sign(host_key, proof_message(challenge, guest_peer, host_peer)))


def check_proof(public: bytes, proof: object, challenge: str, guest_peer: str, host_peer: str) -> bool:
    """Did the holder of ``public``'s host key answer this guest's ``challenge`` on this connection?"""
    signature = unb64(proof, 64)
    return signature is not None and ed25519.verify(public, proof_message(challenge, guest_peer, host_peer),
                                                    signature)
