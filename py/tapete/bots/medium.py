"""The medium bot: greedy and generic. It makes its calls, denounces whenever it may, sheds its most
valuable card, keeps wilds for when nothing else plays and names the colour it holds most.

It sees only ``view(seat)`` and the legal actions. It is the medium level of Chúpate 2, the French deck,
Super Taki and DOS; Skypo has its own three levels (bots/skypo/). DOS's engine prices no card and its
wilds name no colour in an action, so in DOS medium sheds the most cards first (a pair before a single),
ties by the colour held most. Given DOS's points and its wilds kept back, it measured 49.8% ± 1.1 against
itself (2,000 games, 2v2, 2026-12-02): no stronger, so it stays the simpler bot; DOS hard prices both.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache

CALL_VERBS = ("ultima", "call", "dos")               # "last card" calls: always made
CATCH_VERBS = ("denounce", "catch", "break")         # out-of-turn actions that hurt someone else
SHED_VERBS = ("play", "match", "place")              # actions that put cards down
PASSIVE_VERBS = ("draw", "pass")
WILD_PENALTY = 1000                                   # keep wilds: play one only when nothing else goes


def verb_of(action: str) -> str:
    return action.split(" ", 1)[0]


def option_of(action: str, key: str) -> str | None:
    for word in action.split(" ")[1:]:
        if word.startswith(key + ":"):
            return word[len(key) + 1:]
    return None


def cards_of(action: str) -> list[str]:
    """The cards an action puts down: ``play R7`` -> [R7], ``match B3+Y5 row:1`` -> [B3, Y5]."""
    words = [w for w in action.split(" ")[1:] if ":" not in w]
    return words[0].split("+") if words and verb_of(action) == "match" else words[:1]


@lru_cache(maxsize=4096)
def card_value(game_id: str | None, card: str) -> int:
    """The card's points in its game's rules (public knowledge). 0 in a game whose engine prices no card:
    DOS (and Skypo, which has its own bots), where medium therefore sheds the most cards first, colour held
    most to break ties. Remembered: a pure function of its arguments, asked for every card of every shed
    a bot weighs (the rollouts of a search)."""
    if not game_id:
        return 0
    from ..core import get
    points = getattr(get(game_id), "card_points", None)
    return int(points(card)) if points is not None else 0


def colour_counts(hand: list[str]) -> Counter:
    return Counter(c[0] for c in hand if c[0] != "W")


class MediumBot:
    level = "medium"
    needs_view = True

    def choose(self, view: dict | None, legal: list[str], must_act: bool, rng: random.Random) -> str | None:
        if not legal:
            return None
        view = view or {}
        for verbs in (CALL_VERBS, CATCH_VERBS):
            for action in legal:
                if verb_of(action) in verbs:
                    return action
        if not must_act:
            return None
        if "next" in legal:
            return "next"
        sheds = [a for a in legal if verb_of(a) in SHED_VERBS]
        if sheds:
            return self.best_shed(view, sheds, rng)
        active = [a for a in legal if verb_of(a) not in PASSIVE_VERBS]
        if active and view.get("game") not in ("chupate", "francesa", "taki"):
            return rng.choice(active)
        for verb in ("pass", "draw"):                 # after drawing a card that cannot go: pass
            if verb in legal:
                return verb
        return rng.choice(legal)

    def best_shed(self, view: dict, sheds: list[str], rng: random.Random) -> str:
        game_id = view.get("game")
        held = colour_counts(view.get("hand") or [])

        def score(action: str) -> tuple:
            cards = cards_of(action)
            value = sum(card_value(game_id, c) for c in cards) + 10 * (len(cards) - 1)
            colour = option_of(action, "color")
            if colour is not None:              # a wild: last resort, then the colour held most
                return (-WILD_PENALTY + value, held[colour])
            return (value, held[cards[0][0]] if cards else 0)

        best = max(score(a) for a in sheds)
        return rng.choice([a for a in sheds if score(a) == best])
