"""The hard bot of DOS: the heuristic hard bot's every move played out in sampled deals before it chooses.

``DosLookahead`` is ``DosHard`` (bots/dos.py: the plan of the turn's matches, the placement that starves
the next seat) with a flat determinized search on top, for a turn action with more than one choice:

- the candidates (``candidates``) are every legal move of the turn in the heuristic's order: its plan's
  first match, its other matches by score, its placements by score, ``draw``, ``end``; a tie between
  candidates goes to the one earlier in that order, so the search only overrules the heuristic when a
  move did better in the deals;
- ``WORLDS`` deals of the cards the seat cannot see, sampled from its own view only
  (``Dos.determinize``: the other hands by their sizes, the draw pile, the discard pile under its top),
  each shared by every candidate (common random numbers: the candidates are compared on the same deals);
- in each deal each candidate is applied and the round played to its end on coded cards
  (``dos_rollout.play_round``: the engine's rules, tested equal to it): the seat's own later turns by the
  heuristic hard bot (``hard_choose``, tested equal to ``DosHard``), every other seat by the medium bot's
  policy; a rollout is worth the seat's points of the round less the mean of the others';
- the heuristic's first move gets ``PRIOR`` points more in every deal: another move overrules it only
  when it did better by more than that on average (with 8 deals a move that did well by chance would
  often overrule a right choice);
- the calls (¡DOS!, a catch), ``next`` between rounds, out-of-turn moves and a turn with one legal move
  are the heuristic's, at once.

``think`` yields after each deal (a room and the page's bot pump run it in slices between frames:
bots/__init__.py); ``choose`` is the whole thought. It reads its view, its legal list and its generator,
nothing else (the fairness test of tests/unit/test_bots.py).

Measured (docs/benchmarks.md, "Bot strength", "2026-12-03: DOS hard searches"; bench/lookahead.py, where
the research variants live: a shortlist, more deals, sequential halving, the engine path):

- against bench/search.py's reference (200 rollouts over every legal move, medium rollouts; own seat,
  2v2) without the prior: 48.9% ± 2.3 over 460 games (seeds 200–686), where ``DosHard`` alone won
  36.9% ± 4.2; with medium for its own turns in the rollouts it won 37.5% (the gain is in the later turns);
- without the prior it was weaker than the heuristic against medium (one against three: 45.1% over 2,000
  games against 57.1%); ``PRIOR`` 10 and 25: 49.8% and 59.8% (400 seeds; 45.5% without on the same),
  and against the reference 50.0% ± 3.5 on seeds 687–886 (+3.7 ± 7.9 over no prior on 81 paired seeds);
- decision time in Pyodide (2026-12-04, without the prior: the same work): p50 4.9 ms, p95 46 ms; the
  longest slice p95 12 ms, 59 ms at worst.
"""

from __future__ import annotations

import random

from ..core import get
from .dos import DosHard
from .dos_rollout import play_round

WORLDS = 8      # sampled deals per searched decision, each shared by every candidate
PRIOR = 25      # points a deal added to the heuristic's first move: others must beat it by more on average


class DosLookahead(DosHard):
    """DOS hard: ``DosHard``'s moves played out in ``worlds`` sampled deals (module docstring)."""

    top: int | None = None      # candidates per kind (matches, placements); None: every legal move
    prior: float = PRIOR

    def __init__(self, worlds: int = WORLDS) -> None:
        self.worlds = worlds
        self.own_bot = DosHard()     # the seat's own turns in a rollout (``hard_choose`` on coded cards)
        self.game = get("dos")

    def candidates(self, view: dict, legal: list[str]) -> list[str]:
        """The turn's moves in the heuristic's order: its plan's first match, its other matches by score,
        its placements by score (both stable sorts: ties in legal order), ``draw``, ``end``; at most
        ``top`` matches and ``top`` placements."""
        out: list[str] = []
        matches = [a for a in legal if a.startswith("match ")]
        if matches:
            first = self.plan(view, matches)[0]
            ranked = sorted(matches, key=lambda a: -self.match_score(view, a))
            out += ([first] + [a for a in ranked if a != first])[:self.top]
        places = [a for a in legal if a.startswith("place ")]
        if places:
            unseen = self.unseen(view)
            out += sorted(places, key=lambda a: -self.place_score(a.split(" ")[1], unseen))[:self.top]
        return out + [a for a in ("draw", "end") if a in legal]

    def choose(self, view, legal, must_act, rng):
        from . import think_through     # bots/__init__.py imports this module first
        return think_through(self.think(view, legal, must_act, rng))

    def think(self, view, legal, must_act, rng):
        """A generator: yields after each sampled deal, returns the action."""
        if (not view or view.get("game") != "dos" or not must_act or "next" in legal
                or any(a.split(" ")[0] in ("dos", "catch") for a in legal)):
            return super().choose(view, legal, must_act, rng)
        shortlist = self.candidates(view, legal)
        if len(shortlist) < 2:
            return super().choose(view, legal, must_act, rng)
        return (yield from self.search(view, shortlist, rng))

    def search(self, view: dict, shortlist: list[str], rng: random.Random):
        """Every candidate in the same ``deals`` sampled deals, the first (the heuristic's) with ``prior``
        more a deal; the best total, ties to the earlier."""
        totals = dict.fromkeys(shortlist, 0.0)
        for _ in range(self.deals(len(shortlist))):
            world = rng.getrandbits(64)
            for i, worth in enumerate(self.outcomes(view, shortlist, random.Random(world))):
                totals[shortlist[i]] += worth + self.prior if i == 0 else worth
            yield
        best = max(totals.values())
        return next(a for a in shortlist if totals[a] == best)

    def deals(self, candidates: int) -> int:
        """How many deals a decision between ``candidates`` moves samples."""
        return self.worlds

    def outcomes(self, view: dict, actions: list[str], gen: random.Random) -> list[float]:
        """Each action's rollout in the one deal ``gen`` draws: what ``rollout`` gives each action with a
        fresh copy of ``gen``, the deal sampled once (``play_round`` leaves the state as it was)."""
        seat = view["seat"]
        state = self.game.determinize(view, gen)
        seed = gen.getrandbits(32)
        return [value(play_round(state, seat, action, random.Random(seed), own=self.own_bot), seat)
                for action in actions]

    def rollout(self, view: dict, action: str, gen: random.Random) -> float:
        """One deal of the unseen cards (from ``gen``), ``action``, then the round to its end: the seat's
        points of the round less the others' mean."""
        return self.outcomes(view, [action], gen)[0]


def value(gained: list[int], seat: int) -> float:
    """A rollout's worth: ``seat``'s points of the round less the mean of the others'."""
    others = [g for s, g in enumerate(gained) if s != seat]
    return gained[seat] - sum(others) / len(others)
