"""The hard bot of DOS (the medium bot is the generic greedy one).

Each match or placement is scored; the highest is played (ties by the rng). Measured in bench/bots.py
against the medium bot: 65% (2v2, 100 games), 44.7% as one against three medium (300 games); on
2026-12-02, 2,000 games a row, 70.2% and 53.2% (bots now win the race for their own ¡DOS! call:
``tapete.bots.race_calls``). A one-step lookahead (bench/regret.py --game dos --rounds: each legal
move played out to the end of the round in 40 sampled deals, this bot for its own seat, 30 first
rounds) gained +84 points of value per round before that fix (it learnt to dodge the two-card catch),
and -17 and +24 in two runs after it (different deals; the noise is of that size): no clear gain left
for a lookahead to take. Tactics:

- a match is worth the cards it sheds (``SHED``), a colour bonus (``BONUS``: one more card placed) and
  a double colour bonus most (``DOUBLE_BONUS``: every other seat draws one);
- wilds (Wild DOS, Wild #) are kept for doubles and colour bonuses: spent on a plain match they cost
  ``WILD_SPENT`` each;
- high-point cards go first (``POINT_WEIGHT``: the round's winner scores the hands left);
- the card placed in the centre row is chosen to starve the next seat: a number whose copies are
  mostly seen (``STARVE``), never a wild while another card can go, high points first.

It sees only its own view: the unseen cards are the deck minus its hand, the centre row and the covers.
"""

from __future__ import annotations

import random
from collections import Counter

from ..games.dos.cards import DECK_COUNT, INFO, card_points, resolve
from .medium import MediumBot, verb_of

SHED = 10                 # per card a match sheds
BONUS = 12                # a colour match: one more card leaves the hand (placed in the row)
DOUBLE_BONUS = 25         # a double colour match: also every other seat draws one
WILD_SPENT = 14           # per wild used in a match without a colour bonus
POINT_WEIGHT = 0.3        # per point of the cards shed
PLACE_POINTS = 0.5        # placing: per point of the card placed
STARVE = 20               # placing: times the share of unseen cards that could match its number alone
PLACE_WILD = -100         # placing a wild: only when nothing else is left


def is_wild(card: str) -> bool:
    return card == "WD" or card.endswith("#")


class DosHard(MediumBot):
    level = "hard"
    needs_view = True

    def choose(self, view: dict | None, legal: list[str], must_act: bool, rng: random.Random) -> str | None:
        if not view or view.get("game") != "dos" or not legal:
            return super().choose(view, legal, must_act, rng)
        for action in legal:
            if verb_of(action) in ("dos", "catch"):
                return action
        if not must_act:
            return None
        if "next" in legal:
            return "next"
        matches = [a for a in legal if verb_of(a) == "match"]
        if matches:
            return self.best(matches, lambda a: self.match_score(view, a), rng)
        places = [a for a in legal if verb_of(a) == "place"]
        if places:
            unseen = self.unseen(view)
            return self.best(places, lambda a: self.place_score(a.split(" ")[1], unseen), rng)
        for verb in ("end", "draw"):
            if verb in legal:
                return verb
        return legal[0]

    @staticmethod
    def best(actions: list[str], score, rng: random.Random) -> str:
        scores = {a: score(a) for a in actions}
        top = max(scores.values())
        return rng.choice([a for a in actions if scores[a] == top])

    def match_score(self, view: dict, action: str) -> float:
        words = action.split(" ")
        cards = words[1].split("+")
        target = view["center"][int(words[2][3:])]
        bonus = resolve(cards, target)["bonus"]
        s = SHED * len(cards) + POINT_WEIGHT * sum(card_points(c) for c in cards)
        if bonus == "double":
            s += DOUBLE_BONUS
        elif bonus:
            s += BONUS
        else:
            s -= WILD_SPENT * sum(1 for c in cards if is_wild(c))
        return s

    def unseen(self, view: dict) -> Counter:
        pool = Counter(DECK_COUNT)
        seen = list(view.get("hand") or []) + list(view["center"])
        for cover in view.get("covers") or []:
            seen += cover
        if view.get("discard_top"):
            seen.append(view["discard_top"])
        for card in seen:
            if pool[card] > 0:
                pool[card] -= 1
        return pool

    def place_score(self, card: str, unseen: Counter) -> float:
        if is_wild(card):
            return PLACE_WILD + card_points(card)
        number = INFO[card][1]
        total = sum(unseen.values()) or 1
        matching = sum(n for c, n in unseen.items() if INFO[c][1] <= number <= INFO[c][2])
        return PLACE_POINTS * card_points(card) - STARVE * matching / total
