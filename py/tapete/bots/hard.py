"""The hard bot: the medium bot plus Chúpate 2 tactics; other games get the medium bot.

Chúpate 2: holds +2s for defence (stacks them on a pending +2, attacks with them only when the next
seat is close to going out), attacks a next seat with one or two cards with skips, reverses and +4s
(bluffing a +4 then), challenges a +4 from a seat with many cards, switches to its strongest colour,
keeps wilds, and remembers colours the next seat could not follow.
"""

from __future__ import annotations

import random

from .medium import MediumBot, colour_counts, option_of, verb_of

CHALLENGE_MIN_CARDS = 5       # a +4 from a hand this big most likely hid a card of the old colour
DANGER = 2                    # a seat with this many cards or fewer is about to go out
HOLD = -30                     # score of a +2 when nobody is in danger: kept for defence
BLUFF_CHANCE = 0.5            # play a +4 holding the colour (a bluff) against a seat about to go out


class HardBot(MediumBot):
    level = "hard"
    needs_view = True

    def __init__(self) -> None:
        self.last: dict | None = None      # the previous view seen, to notice who could not follow
        self.lacks: dict[int, set] = {}    # seat -> colours it drew on
        self.caught = False                # a +4 of ours was challenged this round

    def choose(self, view: dict | None, legal: list[str], must_act: bool, rng: random.Random) -> str | None:
        if not view or view.get("game") != "chupate" or not legal:
            return super().choose(view, legal, must_act, rng)
        self.observe(view)
        if not must_act:
            return "denounce" if "denounce" in legal else None
        for first in ("ultima", "denounce", "next"):
            if first in legal:
                return first
        if view.get("wild4_pending"):
            return self.answer_wild4(view, legal)
        plays = [a for a in legal if verb_of(a) == "play"]
        if not plays:
            return "pass" if "pass" in legal else "draw"
        return self.best_play(view, plays, rng)

    # ----- memory ------------------------------------------------------------------------------
    def observe(self, view: dict) -> None:
        last, self.last = self.last, view
        if last is None or last.get("round") != view.get("round"):
            self.lacks, self.caught = {}, False
            return
        me = view["seat"]
        if last.get("top") == "W+4" and view["counts"][me] >= last["counts"][me] + 4 and last["turn"] != me:
            self.caught = True                 # our +4 was challenged and we had to take it back
        turn = last["turn"]
        grew = view["counts"][turn] > last["counts"][turn]
        if grew and view.get("top") == last.get("top") and not last.get("pending"):
            self.lacks.setdefault(turn, set()).add(last["color"])   # it drew on this colour

    # ----- decisions ------------------------------------------------------------------------------
    def next_seat(self, view: dict) -> int:
        return (view["seat"] + view["direction"]) % view["players"]

    def answer_wild4(self, view: dict, legal: list[str]) -> str:
        offender = (view["seat"] - view["direction"]) % view["players"]
        if "challenge" in legal and view["counts"][offender] >= CHALLENGE_MIN_CARDS:
            return "challenge"
        return "draw"

    def best_play(self, view: dict, plays: list[str], rng: random.Random) -> str:
        hand = view.get("hand") or []
        held = colour_counts(hand)
        nxt = self.next_seat(view)
        teams = view.get("teams") or []
        friend = bool(teams) and nxt in teams[view["seat"]]
        danger = view["counts"][nxt] <= DANGER and not friend
        lacks = self.lacks.get(nxt, set())
        bluff = rng.random() < BLUFF_CHANCE

        def score(action: str) -> float:
            card = action.split(" ")[1]
            colour = option_of(action, "color")
            rank = card if card[0] == "W" else card[1:]
            if view.get("pending"):
                return 0                                      # only +2s are offered: stack one
            s = 0.0
            if colour is not None:                            # wilds: keep, unless attacking
                s = -100 + 3 * held[colour] + (5 if colour in lacks else 0)
                if card == "W+4" and danger and not self.caught:
                    s = 200 if bluff or held[view["color"]] == 0 else 50   # a bluff, unless we were caught
                return s
            s += 2 * held[card[0]] + (4 if card[0] in lacks else 0)   # stay in (or move to) my colour
            s += 1 if rank.isdigit() and int(rank) >= 5 else 0
            if rank == "+2":
                s += 150 if danger else HOLD                  # hold +2s for defence
            elif rank in ("S", "R"):
                s += 120 if danger else 3
            return s

        scores = {a: score(a) for a in plays}
        best = max(scores.values())
        return rng.choice([a for a in plays if scores[a] == best])
