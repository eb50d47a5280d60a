"""Names for the bots of a game against the computer (issue 31): a short list per language, drawn
stable per seed and seat (the same game's seed names the same bots, a resumed game keeps them: they are
saved with the seats), never the human's own name, never twice at one table. A room's bots (the host's
"Add bot") take their names from the same lists: :func:`room_bot_name`, drawn stable per room code."""

from __future__ import annotations

import hashlib
import random

NAMES = {
    "es": ("Lucía", "Mateo", "Carmen", "Pablo", "Elena", "Diego", "Marta", "Javier", "Sofía", "Hugo",
           "Nuria", "Álvaro"),
    "en": ("Alice", "Ben", "Chloe", "Daniel", "Emma", "Finn", "Grace", "Harry", "Isla", "Jack",
           "Lily", "Oscar"),
}


def bot_names(lang: str, count: int, seed, avoid: str = "") -> list[str]:
    """``count`` distinct names in ``lang`` (Spanish for any other), the same for the same ``seed``;
    none equal (case-insensitively) to ``avoid``, the human's name."""
    pool = [n for n in NAMES.get(lang, NAMES["es"]) if n.casefold() != (avoid or "").strip().casefold()]
    digest = hashlib.sha256(f"tapete/bot-names/{seed}".encode()).digest()
    rng = random.Random(int.from_bytes(digest[:8], "big"))
    return rng.sample(pool, min(count, len(pool)))


def next_bot_name(lang: str, taken, seed) -> str:
    """The name of one more bot at a table whose seats are already named ``taken`` (the host's, the
    guests' and the bots' names in a room's lobby): the first of ``lang``'s list, in the order drawn for
    ``seed`` (a room's code), that no seat has (case-insensitively). "Bot n" only if all are taken."""
    used = {str(n).strip().casefold() for n in taken if n}
    pool = NAMES.get(lang, NAMES["es"])
    for name in bot_names(lang, len(pool), seed):
        if name.casefold() not in used:
            return name
    n = 1
    while f"bot {n}" in used:
        n += 1
    return f"Bot {n}"


def room_bot_name(lang: str, room) -> str:
    """The name of the bot a room's host adds (the lobby's "Add bot"): :func:`next_bot_name` of the
    lobby's seats (``room.lobby``, SeatSpec or None) for the room's code, in the host's language."""
    return next_bot_name(lang, [seat.name for seat in room.lobby if seat is not None], room.code)


__all__ = ["NAMES", "bot_names", "next_bot_name", "room_bot_name"]
