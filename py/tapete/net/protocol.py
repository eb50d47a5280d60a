"""Message schema shared by host and guests. JSON text only; every message carries ``v``.

Guest to host:
  ``{"v":1,"type":"hello","player":"<id>","name":"Ana"}``
  ``{"v":1,"type":"intent","id":"<nonce>","seat":2,"state_version":17,"action":"play R7"}``
Host to a seat:
  ``{"v":1,"type":"update","seat":2,"view":{...},"events":[...],"legal":[...]}``
  ``{"v":1,"type":"rejected","id":"<nonce>","code":"stale","message":"..."}``
"""

from __future__ import annotations

import json
import re

from ..core import TapeteError

SCHEMA_VERSION = 1
MAX_MESSAGE_BYTES = 4096           # a guest message is small: an intent or a hello
PLAYER_ID = re.compile(r"^[A-Za-z0-9_-]{8,64}$")
NONCE = re.compile(r"^[A-Za-z0-9_-]{1,40}$")
MAX_NAME = 24

GUEST_FIELDS = {
    "hello": {"v": int, "type": str, "player": str, "name": str},
    "intent": {"v": int, "type": str, "id": str, "seat": int, "state_version": int, "action": str},
}


class ProtocolError(TapeteError):
    """A message refused before it reaches the game (unknown, oversized, malformed, stale, forged...)."""

    code = "protocol"


def encode(message: dict) -> str:
    return json.dumps({"v": SCHEMA_VERSION, **message}, separators=(",", ":"))


def decode(text: object) -> dict:
    """Validate a guest message; raise :class:`ProtocolError` with a precise code."""
    if not isinstance(text, str):
        raise ProtocolError("a message must be JSON text", "malformed")
    if len(text.encode("utf-8", "replace")) > MAX_MESSAGE_BYTES:
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
    if message["type"] == "hello":
        if not PLAYER_ID.match(message["player"]):
            raise ProtocolError("bad player id", "malformed")
        if not message["name"].strip() or len(message["name"]) > MAX_NAME or not message["name"].isprintable():
            raise ProtocolError("bad player name", "malformed")
    else:
        if not NONCE.match(message["id"]):
            raise ProtocolError("bad intent id", "malformed")
    return message
