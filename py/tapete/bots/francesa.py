"""The hard bot of Chúpate 2 with the French deck (the medium bot is the generic greedy one).

Each play is scored; the highest is played (ties by the rng). Measured in bench/bots.py against the
medium bot (2v2, 400 seeded games, ± 2.3): this bot 68.0%; the same bot without a tactic:

- 7s are held to answer a 7 (``HOLD_SEVEN``); they attack a next seat about to go out (``ATTACK``).
  Without the hold: 63.4%. Holding a lone playable 7 by drawing instead (``HOLD_SEVEN_DRAW``): 64.1%,
  so it is off;
- an Ace is played when another card can follow it at once (two cards shed in one turn, ``ACE_PAIR``),
  and after an Ace the follow-up is chosen like any play. Without it: 67.2% (within the noise: it
  neither wins nor loses measurably);
- Jacks (wild, 20 points) go last (``JACK``), naming the suit held most. Letting them go earlier
  (``JACK`` = -15): 67.6%;
- the pile is turned to the suit held most, keeping cards whose rank matches others in the hand;
- when an opponent is about to go out, high-point cards go first (``DANGER_POINTS``). Without it:
  69.5% (within the noise);
- the call and the denounce are always made.

It sees only its own view: what the others hold is inferred from the table (counts, top, suit).
"""

from __future__ import annotations

import random
from collections import Counter

from ..games.francesa import POINTS
from .medium import MediumBot, option_of, verb_of

DANGER = 2                # an opponent with this many cards or fewer is about to go out
COLOUR_WEIGHT = 2         # per card left in the suit the play turns the pile to
RANK_WEIGHT = 1           # per card left of the played rank (it can follow the play)
POINT_WEIGHT = 0.1        # per point the card is worth (shed the expensive ones first)
DANGER_POINTS = 1.0       # per point when an opponent is about to go out
HOLD_SEVEN = -12          # a 7 nobody needs to fear is kept to answer a 7
ATTACK = {"7": 40, "8": 30, "9": 20}   # the next seat is about to go out: hit it
ACE_PAIR = 8              # an Ace with a card that can follow it (two cards in one turn)
ACE_ALONE = -8            # an Ace that nothing follows makes us draw one
JACK = -100               # a Jack is the last resort...
JACK_SUIT_WEIGHT = 3      # ...naming the suit held most
HOLD_SEVEN_DRAW = False   # draw rather than play a lone 7 with nobody in danger


def suits_of(hand: list[str]) -> Counter:
    return Counter(c[-1] for c in hand if c[:-1] != "J")


class FrancesaHard(MediumBot):
    level = "hard"
    needs_view = True

    def choose(self, view: dict | None, legal: list[str], must_act: bool, rng: random.Random) -> str | None:
        if not view or view.get("game") != "francesa" or not legal:
            return super().choose(view, legal, must_act, rng)
        for first in ("call", "denounce"):
            if first in legal:
                return first
        if not must_act:
            return None
        if "next" in legal:
            return "next"
        plays = [a for a in legal if verb_of(a) == "play"]
        if not plays:
            return "draw"
        danger = self.danger(view)
        if HOLD_SEVEN_DRAW and not view.get("pending") and not danger and \
                all(a.split(" ")[1][:-1] == "7" for a in plays):
            return "draw"
        return self.best_play(view, plays, danger, rng)

    @staticmethod
    def next_seat(view: dict) -> int:
        n, seat, step = view["players"], view["seat"], view["direction"]
        gone = view.get("gone") or [False] * n
        nxt = (seat + step) % n
        while gone[nxt] and nxt != seat:
            nxt = (nxt + step) % n
        return nxt

    def danger(self, view: dict) -> bool:
        gone = view.get("gone") or [False] * view["players"]
        return any(c <= DANGER for s, c in enumerate(view["counts"]) if s != view["seat"] and not gone[s])

    def best_play(self, view: dict, plays: list[str], danger: bool, rng: random.Random) -> str:
        hand = view["hand"]
        held = suits_of(hand)
        ranks = Counter(c[:-1] for c in hand)
        next_close = view["counts"][self.next_seat(view)] <= DANGER

        def score(action: str) -> float:
            card = action.split(" ")[1]
            rank, suit = card[:-1], option_of(action, "suit") or card[-1]
            if view.get("pending"):                 # only 7s: stack the one of the suit held most
                return held[suit]
            if len(hand) == 1:
                return 1000
            points = POINTS[card] * (DANGER_POINTS if danger else POINT_WEIGHT)
            if rank == "J":
                return JACK + JACK_SUIT_WEIGHT * held[suit] + points
            left = list(hand)
            left.remove(card)
            s = COLOUR_WEIGHT * (held[suit] - 1) + RANK_WEIGHT * (ranks[rank] - 1) + points
            if rank in ATTACK and next_close:
                s += ATTACK[rank]
            elif rank == "7":
                s += HOLD_SEVEN
            if rank == "A" and not view.get("ace_bonus"):
                follows = any(c[-1] == suit or c[:-1] in ("A", "J") for c in left)
                s += ACE_PAIR if follows else ACE_ALONE
            return s

        scores = {a: score(a) for a in plays}
        best = max(scores.values())
        return rng.choice([a for a in plays if scores[a] == best])
