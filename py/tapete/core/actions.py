"""Action text notation: ``verb arg arg key:value``, e.g. ``play R7``, ``play W+4 color:G``, ``flip 1,3``.

Actions travel as these strings everywhere (logs, errors, network, tests, saves).
"""

from __future__ import annotations

from typing import NamedTuple

from .errors import MalformedAction

MAX_ACTION_LENGTH = 120


class Parsed(NamedTuple):
    verb: str
    args: tuple[str, ...]
    opts: dict


def parse(text: object) -> Parsed:
    """Split an action text; raise :class:`MalformedAction` for anything that is not one."""
    if not isinstance(text, str):
        raise MalformedAction(f"an action must be text, not {type(text).__name__}")
    if not text or len(text) > MAX_ACTION_LENGTH or text != text.strip() or "  " in text:
        raise MalformedAction(f"malformed action text {text[:40]!r}")
    if not text.isprintable():
        raise MalformedAction("action text holds control characters")
    verb, *rest = text.split(" ")
    args, opts = [], {}
    for word in rest:
        key, sep, value = word.partition(":")
        if sep:
            if not key or not value or key in opts:
                raise MalformedAction(f"malformed option {word!r} in {text!r}")
            opts[key] = value
        else:
            args.append(word)
    return Parsed(verb, tuple(args), opts)


def fmt(verb: str, *args: object, **opts: object) -> str:
    """Build an action text: ``fmt("play", "W+4", color="G") == "play W+4 color:G"``."""
    words = [verb, *(str(a) for a in args), *(f"{k}:{v}" for k, v in opts.items())]
    return " ".join(words)
