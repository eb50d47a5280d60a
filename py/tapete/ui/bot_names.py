"""Names for the bots of a game against the computer (issue 31): a short list per language, drawn
stable per seed and seat (the same game's seed names the same bots, a resumed game keeps them: they are
saved with the seats), never the human's own name, never twice at one table."""

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


__all__ = ["NAMES", "bot_names"]
