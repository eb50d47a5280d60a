"""The hard bot of Super Taki (the medium bot is the generic greedy one).

Each play is scored; the highest is played (ties by the rng). Measured in bench/bots.py against the
medium bot (2v2, 300-400 seeded games, ± 2.5-2.8): 58-61%. No single constant moved it measurably:
playing the King freely (``HOLD_KING`` = 8) 55.3%, the +3 freely 57.7%, both 57.7%, the colour change
earlier 55.0%, +2s freely 57.7%, Stops for tempo (``TEMPO``) 61.0% against 58.0% without (kept),
action cards before numbers 57-59%, and remembering the colours the next seat drew on (as the Chúpate 2
hard bot does) 59.5% against 60.8% without (dropped), a bonus for joining a TAKI another seat left
open (4 or 10 per card of its colour; 600 games) 60.0% and 59.7% (dropped). Over 2,000 games: 59.5%
(2v2) and 33.2% as one against three medium. Re-measured on 2026-12-01 (the engine and deals as on
main then) over 10,000 seeded games: 56.0% ± 0.5 (2v2) and 29.3% ± 0.5 (one against three): the goal
(60% / 35%) is not met. Tried that round over seeds 0-3,999 against 55.0% ± 0.8 / 29.0% ± 0.7 (same
seeds), none kept: ``DANGER`` 1 or 3 (54.5%, 55.7%), ``COLOUR_WEIGHT`` 1 or 4 (55.6%, 55.5%),
``RANK_WEIGHT`` 0 or 2 (55.5%, 55.4%), ``TAKI_RUN`` 2 or 8 (56.3%, 55.5%), ``HOLD_PLUS2`` 0 or -20
(55.3%, 55.0%), no tempo for Stops (56.0%), more (55.2%), the +3 played freely (53.5% / 27.8%), the
King played freely (53.2% / 27.3%), a run never closed on a Plus nothing can follow (56.1% / 28.9%),
never breaking our own +3 (54.1% / 28.7%), never ending a King's extra turn (55.0% / 29.0%); and a
short determinized lookahead (8 deals of the hidden cards, each candidate play run with medium
opponents until our next turn, scored by hand sizes) 47.1% against 55.2% over 1,000 games: the
hand-size score prefers shedding now over keeping the King and the +2s. Also tried, 4,000 games (2v2 /
one against three; the same seeds gave 55.0% / 29.0%): a chain answered with the King first
(``ANSWER_ORDER`` K, +2, +3) 54.8% / 28.9%, with the +3 first 54.9% / 28.7%; a lone TAKI played more
readily or less (``TAKI_ALONE`` 5 or -30) 54.9% / 28.7% both.
2026-12-04: DOS hard's kind of search on top of this bot (bench/shed_lookahead.py; docs/benchmarks.md)
won 24.5% one against three with 8 deals and 35.0% with 128 (sixteen times the budget) where it alone won
30–31%; told the other hands (a cheat), 54.0%. Its tactics:

- a TAKI (or Super TAKI) opens on the colour held most (``TAKI_RUN`` per card it sheds at once), the
  run sheds every card of its colour with the action cards last (``RUN_ORDER``: a Plus, +2 or Stop
  ends it), and it is closed on purpose (``close`` fires the last card; ``end`` would hand the open run
  to the next seat);
- the King and the breaker are kept for defence (``HOLD_KING``): a pending +2 chain is answered with a
  +2 (the colour held most), then the +3, then the King; a +3 is broken out of turn; a breaker is never
  played as a fine;
- the +3 is held to pass a +2 chain on (``HOLD_PLUS3``) unless the seats are near the end;
- a Plus goes when another card can follow it; Stops and +2s hit a next seat about to go out;
- the colour change goes last, naming the colour held most; the call is always made.

It sees only its own view: what the others hold is inferred from the table (counts, top, colour).
"""

from __future__ import annotations

import random
from collections import Counter

from .medium import MediumBot, option_of, verb_of

DANGER = 2                # a seat with this many cards or fewer is about to go out
COLOUR_WEIGHT = 2         # per card left in the colour the play turns the pile to
RANK_WEIGHT = 1           # per card left of the played rank (it can follow the play)
TAKI_RUN = 4              # per card of its colour a TAKI lets us shed in the same turn
TAKI_ALONE = -6           # a TAKI with no card of its colour behind it is just a card
HOLD_KING = -60           # the King answers chains and +3s: played freely only as a last card
HOLD_PLUS3 = -25          # the +3 passes a +2 chain on; in a free turn it waits for the end game
PLUS3_END = 30            # ...when some opponent is about to go out, it hits all of them
HOLD_PLUS2 = -6           # a +2 nobody fears is kept to answer a chain
PLUS_FOLLOW = 5           # a Plus with a card to follow it (two cards in one turn)
PLUS_ALONE = -10          # a Plus that nothing follows makes us draw one
ATTACK = {"+2": 40, "S": 30, "R": 15}   # the next seat is about to go out: hit it
TEMPO = {"S": 8, "+2": 0}   # a Stop or a +2 played with nobody in danger (the next seat loses a turn)
CHANGE_COLOUR = -40       # a colour change is a last resort, naming the colour held most
COLOUR_CHOICE = 3         # per card of the colour a colour change (or Super TAKI on a King) names
RUN_ORDER = {"+": 3, "+2": 2, "S": 2, "R": 1}   # inside a run these go last (highest last)
ANSWER_ORDER = ("+2", "+3", "K")   # a chain aimed at us is passed on with the first of these we hold


def colours_of(hand: list[str]) -> Counter:
    return Counter(c[0] for c in hand if c[0] in "RBGY")


class TakiHard(MediumBot):
    level = "hard"
    needs_view = True

    def choose(self, view: dict | None, legal: list[str], must_act: bool, rng: random.Random) -> str | None:
        if not view or view.get("game") != "taki" or not legal:
            return super().choose(view, legal, must_act, rng)
        if "call" in legal:
            return "call"
        if "break" in legal:
            return "break"
        if not must_act:
            return None
        return self.decide(view, legal, rng)

    def decide(self, view: dict, legal: list[str], rng: random.Random) -> str:
        hand = view["hand"]
        if view["phase"] == "taki":
            return self.in_run(view, legal, hand)
        plays = [a for a in legal if verb_of(a) == "play" and a != "play X3"]
        if view.get("pending") or view.get("plus3_by") is not None:
            return self.answer(view, plays, legal, hand)
        if "close" in legal and self.close_now(view, hand, plays):
            return "close"
        if not plays:
            for verb in ("end", "draw", "close"):
                if verb in legal:
                    return verb
            return legal[0]
        return self.best_play(view, plays, legal, hand, rng)

    # ----- situations -------------------------------------------------------------------------------
    def next_seat(self, view: dict) -> int:
        return (view["seat"] + view["direction"]) % view["players"]

    def danger(self, view: dict) -> bool:
        return any(c <= DANGER for s, c in enumerate(view["counts"]) if s != view["seat"])

    def in_run(self, view: dict, legal: list[str], hand: list[str]) -> str:
        """Inside our TAKI: numbers first, action cards last; close when the colour is out."""
        plays = [a for a in legal if verb_of(a) == "play"]
        if not plays:
            return "close" if "close" in legal else "end"
        if len(plays) == 1 and len(hand) > 1:
            return plays[0]
        return min(plays, key=lambda a: (RUN_ORDER.get(a.split(" ")[1][1:], 0), a))

    def close_now(self, view: dict, hand: list[str], plays: list[str]) -> bool:
        """An open TAKI we joined: close it (fire its last card) unless our cards follow it anyway."""
        return True

    def answer(self, view: dict, plays: list[str], legal: list[str], hand: list[str]) -> str:
        """A +2 chain or a +3 aimed at us: pass it on with a +2 (colour held most), the +3, then the King."""
        held = colours_of(hand)
        plus2 = [a for a in plays if a.split(" ")[1][1:] == "+2"]
        for card in ANSWER_ORDER:
            if card == "+2" and plus2:
                return max(plus2, key=lambda a: (held[a.split(" ")[1][0]], a))
            if f"play {card}" in plays:
                return f"play {card}"
        return "draw" if "draw" in legal else legal[0]

    def best_play(self, view: dict, plays: list[str], legal: list[str], hand: list[str],
                  rng: random.Random) -> str:
        held = colours_of(hand)
        ranks = Counter(c[1:] for c in hand if c[0] in "RBGY")
        nxt = self.next_seat(view)
        next_close = view["counts"][nxt] <= DANGER
        danger = self.danger(view)

        def score(action: str) -> float:
            card = action.split(" ")[1]
            if len(hand) == 1:
                return 1000
            colour = option_of(action, "color")
            if card == "K":
                return HOLD_KING
            if card == "+3":
                return PLUS3_END if danger else HOLD_PLUS3
            if card == "CC":
                return CHANGE_COLOUR + COLOUR_CHOICE * held[colour]
            if card == "ST":
                run = held[colour or view.get("color") or "R"]
                return TAKI_RUN * run if run else TAKI_ALONE
            colour, rank = card[0], card[1:]
            s = COLOUR_WEIGHT * (held[colour] - 1) + RANK_WEIGHT * (ranks[rank] - 1)
            if rank == "T":
                run = held[colour] - 1
                s += TAKI_RUN * run if run else TAKI_ALONE
            elif rank == "+":
                follows = held[colour] - 1 + sum(1 for c in hand if c[0] not in "RBGY" and c != "X3")
                s += PLUS_FOLLOW if follows else PLUS_ALONE
            if rank in ATTACK and next_close:
                s += ATTACK[rank]
            else:
                s += TEMPO.get(rank, 0) + (HOLD_PLUS2 if rank == "+2" else 0)
            return s

        scores = {a: score(a) for a in plays}
        best = max(scores.values())
        if "end" in legal and best < 0 and view["phase"] == "king":
            return "end"
        return rng.choice([a for a in plays if scores[a] == best])
