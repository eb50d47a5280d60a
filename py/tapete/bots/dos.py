"""The heuristic hard bot of DOS (the medium bot is the generic greedy one).

Since 2026-12-03 the hard level is ``DosLookahead`` (bots/dos_search.py): this bot's every move played out
in sampled deals, this bot playing the seat's own later turns in them. What follows is the heuristic: its
order of the moves, its own turns in the rollouts, and its answer where the search does not search.

Each match or placement is scored; the highest is played (ties by the rng). Measured in bench/bots.py
against the medium bot: 65% (2v2, 100 games), 44.7% as one against three medium (300 games); on
2026-12-02, 2,000 games a row, 70.2% and 53.2% (bots now win the race for their own ¡DOS! call:
``tapete.bots.race_calls``). A one-step lookahead (bench/regret.py --game dos --rounds: each legal
move played out to the end of the round in 40 sampled deals, this bot for its own seat, 30 first
rounds) gained +84 points of value per round before that fix (it learnt to dodge the two-card catch),
and -17 and +24 in two runs after it (different deals; the noise is of that size): no clear gain left
for a lookahead to take. Tactics:

- the turn's matches are planned together (``plan``): the set of matches, at most one per centre card
  and no card used twice, with the highest total score is found first and its first match played (the
  best ``PLAN_TOP`` matches of each centre card are tried; ``PLAN_NODES`` bounds the search). Matching
  the best-scored match first, as this bot did before, could spend a card another centre card needed.
  Measured 2026-12-02 (bench seeds 0-1,999): 58.8% ± 1.1 against this bot without the plan (2v2);
  against medium 75.4% ± 1.0 (2v2, was 70.2%) and 57.1% ± 1.1 one against three (was 53.2%);
  with only the best 3 matches per centre card 58.7%; a bonus for a plan that empties the hand, 59.5%
  (no gain: emptying the hand already sheds the most); ``DOUBLE_BONUS`` 40, 75.0% against medium.
  Against bench/search.py's search (own seat) it did not help: 39.0% with the plan, 37.0% without on
  seeds 0-99 (paired difference +2.0 ± 6.0; the goal is 50%). Tried, not kept: placing the card the next
  seat is least likely to match (singles and pairs, by its hand size), 52.4% against this bot but 70.5%
  / 48.4% against medium. A lookahead over this bot's shortlist that fits the time budget (8 sampled
  deals, bench/lookahead.py) won 49.5% against it, 67.5% against medium and 41.0% against the search
  (2026-12-02, docs/benchmarks.md): not kept. With rollouts on coded cards (``dos_rollout``), every
  legal move in 8 shared deals fits the budget (p95 70 ms CPython) and won 39.1% and 46.0% against the
  search on two sets of seeds; at least 200 rollouts a decision (over the budget) 45.3%: not kept.
  The same search with this bot playing its seat's own turns in the rollouts (``--own hard``, 2026-12-03)
  won 46.2% against the search where medium's own turns won 37.5% (160 paired seeds, +8.8 ± 4.9), at
  p95 97 ms CPython on coded cards (about 210 ms in Pyodide, over the budget): not kept then; with the
  hard turn on coded cards (``dos_rollout.hard_choose``) p95 52 ms, and that search became the level;
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

import math
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
PLAN_TOP = 8              # the turn's plan tries this many of the best matches on each centre card
PLAN_NODES = 2_000        # ...and stops looking after this many partial plans (a long row, a big hand)


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
            return rng.choice(self.plan(view, matches))
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

    def plan(self, view: dict, matches: list[str]) -> list[str]:
        """The first matches of the best-scored plans for this turn: sets of matches with at most one
        per centre card and no card used twice (a branch and bound over the centre cards)."""
        groups: dict[str, list] = {}
        for action in matches:
            words = action.split(" ")
            groups.setdefault(words[2], []).append((self.match_score(view, action), Counter(words[1].split("+")),
                                                    action))
        options = [sorted(g, key=lambda t: -t[0])[:PLAN_TOP] for g in groups.values()]
        hope = [0.0] * (len(options) + 1)             # the most the centre cards from i on can still add
        for i in range(len(options) - 1, -1, -1):
            hope[i] = hope[i + 1] + max(0.0, options[i][0][0])
        best = [-math.inf, []]                         # score, first matches of the plans that reach it
        nodes = [0]

        def search(i: int, left: Counter, score: float, first: str | None) -> None:
            nodes[0] += 1
            if i == len(options):
                if first is not None and score >= best[0]:
                    if score > best[0]:
                        best[0], best[1] = score, []
                    if first not in best[1]:
                        best[1].append(first)
                return
            if score + hope[i] < best[0] or nodes[0] > PLAN_NODES:
                return
            for value, cards, action in options[i]:
                if all(left[c] >= k for c, k in cards.items()):
                    left.subtract(cards)
                    search(i + 1, left, score + value, first or action)
                    left.update(cards)
            search(i + 1, left, score, first)          # this centre card left alone

        search(0, Counter(view.get("hand") or []), 0.0, None)
        return best[1] or [max(matches, key=lambda a: self.match_score(view, a))]

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
