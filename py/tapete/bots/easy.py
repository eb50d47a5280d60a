"""The easy bot: a random legal action (it forgets calls and denounces only now and then)."""

from __future__ import annotations

import random

OPTIONAL_ACTION_CHANCE = 0.3


class EasyBot:
    level = "easy"
    needs_view = False

    def choose(self, view: dict, legal: list[str], must_act: bool, rng: random.Random) -> str | None:
        if not legal:
            return None
        if not must_act and rng.random() >= OPTIONAL_ACTION_CHANCE:
            return None
        return rng.choice(legal)
