"""The easy bot: a random legal action, leaning towards shedding a card over drawing or passing.

It forgets calls and denounces only now and then, which is what makes it easy.
"""

from __future__ import annotations

import random

OPTIONAL_ACTION_CHANCE = 0.3     # chance to take an out-of-turn action (denounce, breaker) when offered
PASSIVE_VERBS = ("draw", "pass")  # drawing or passing when something else is possible...
PASSIVE_CHANCE = 0.15             # ...is chosen this often


class EasyBot:
    level = "easy"
    needs_view = False

    def choose(self, view: dict | None, legal: list[str], must_act: bool, rng: random.Random) -> str | None:
        if not legal:
            return None
        if not must_act and rng.random() >= OPTIONAL_ACTION_CHANCE:
            return None
        active = [a for a in legal if not a.startswith(PASSIVE_VERBS)]
        if active and len(active) < len(legal) and rng.random() >= PASSIVE_CHANCE:
            return rng.choice(active)
        return rng.choice(legal)
