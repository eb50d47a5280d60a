#!/usr/bin/env python3
"""Chúpate 2 and Super Taki hard with a lookahead: does DOS's kind of search lift them to the goals?

A research bench (not in ``make bench``). ``ShedLookahead`` is the game's hard bot whose every legal move of
a turn is played out in ``--deals`` sampled deals (each shared by every move: common random numbers)
before it chooses: in each deal the move is applied and the game played to its end (both games are
first-out games here: Chúpate 2 in its quick mode, as bench/bots.py plays it), the seat's own later turns
by the hard bot, every other seat by the medium bot; a rollout is worth 1 when the seat wins, else 0. The
hard bot's own choice gets ``--prior`` more in every deal (another move overrules it only when it won more
deals by that much on average), and ties go to it; ``--shape W`` takes W off a rollout per card the seat
still holds at its end. Out-of-turn moves, a single legal move and the answer to a wild +4 (whether it
was a bluff is in a hand no view shows) are the hard bot's at once.

The deals: by default from the seat's view alone (the game's ``determinize``: docs/engine.md), as a
level must; ``--real`` deals anew, on a copy of the real table, the cards hidden from the seat
(``tapete.selftest.reshuffled_hidden``, as bench/search.py's reference: the discard pile under the top
card stays as it is, a memory no bot has from its views). A pitfall met on the way: entering that
context manager by hand (``reshuffled_hidden(...).__enter__()``) without keeping it lets the collector
close it at once, which puts the real cards back: the rollouts then saw every hidden card, and the
"search" won 93% one against three. The copy must be taken inside a ``with`` block.

How much would reading the hands give? Three more ways to deal (2026-12-04), each a measurement, not a
level: ``--hands`` (a cheat, the ceiling) deals nothing but the draw pile: the other hands are the real
ones; ``--read`` fits each deal from the view to what the public moves say (``Reader``: a seat that drew
on a free turn held no card that could go then; fed every applied move by ``play_reading``, and checked
never to contradict the real hands over 150 games of each game); ``--read-policy`` reads every play too,
as the medium bot's (its most valuable card that could go: the seat held none worth more), which is the
exact model of the bench's opponents.

    python3 bench/shed_lookahead.py --game chupate --hands --deals 32 --games 200 --save F.json
    python3 bench/shed_lookahead.py --game taki --read-policy --deals 32 --games 200 --save F.json

    python3 bench/shed_lookahead.py --game chupate --layout 1v3 --vs medium --games 200 --save F.json
    python3 bench/shed_lookahead.py --game taki --baseline --layout 1v3 --games 200   # hard itself, same seeds

Prints the searching seats' win share (± one standard error) and their decision times (CPU, CPython).
Figures: docs/benchmarks.md, "A lookahead for Chúpate 2 and Super Taki".
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import random
import sys

from _common import machine, machine_lines
from bots import GAMES, Timed, pct, share
from tapete.bots import make_bot
from tapete.selftest import reshuffled_hidden
from tapete.sim import step

HORIZON = 400
FIT_PASSES = 8


class Reader:
    """What the public moves say about the other hands (``--read``): a seat that drew one card on a free
    turn (the normal phase, no penalty pending) held no card that could go then. A fact is [the cards
    that could go then, how many of the seat's cards are from before that draw]: those old cards hold
    none of them. A card that leaves the hand and is not among them may have been an old one, so it
    lowers the count (a bound is kept, never a guess); a new round forgets. With ``policy`` every play
    on a free turn is read as the medium bot's too (``played``). Every fact comes from what the whole
    table sees (the top card, the colour, the counts, who drew or played what); ``play_reading`` hands
    each applied move to ``saw``. ``check_reader`` tests the facts against the real hands."""

    def __init__(self, game, policy: bool = False) -> None:
        self.game, self.policy = game, policy
        self.kinds = sorted(set(game.sorted_deck))
        self.free_draw_cache: dict = {}
        self.facts: dict[int, list[list]] = {}     # seat -> [[cards that could go, old cards left]]
        self.round = None

    def before(self, state: dict) -> dict:
        """The public table just before a move: what ``saw`` needs to read a draw."""
        return {"discard": state["discard"][-1:], "color": state.get("color"), "taki": state.get("taki"),
                "phase": state["phase"], "pending": state.get("pending") or 0, "round": state.get("round"),
                "counts": [len(h) for h in state["hands"]]}

    def saw(self, table: dict, seat: int, action: str, state: dict) -> None:
        if table["round"] != self.round or state.get("round") != self.round:
            self.round, self.facts = state.get("round"), {}
            return
        verb = action.split(" ", 1)[0]
        shed = action.split(" ")[1] if verb == "play" else "X3" if verb == "break" else None   # Taki's breaker
        left = 1 if shed else max(0, table["counts"][seat] - len(state["hands"][seat]))
        if left:
            for fact in self.facts.get(seat, []):
                if shed is None or shed not in fact[0]:   # it may have been one of the old cards
                    fact[1] -= left
            self.facts[seat] = [f for f in self.facts.get(seat, []) if f[1] > 0]
        if (self.policy and verb == "play" and table["phase"] == "play" and not table["pending"]
                and table["counts"][seat] > 1):
            self.played(table, seat, shed)
        elif (verb == "draw" and table["phase"] == "play" and not table["pending"]
              and len(state["hands"][seat]) == table["counts"][seat] + 1):
            key = (table["discard"][0], table["color"], json.dumps(table["taki"], sort_keys=True))
            could = self.free_draw_cache.get(key)
            if could is None:
                could = self.free_draw_cache[key] = frozenset(
                    c for c in self.kinds if self.game.matches(table, c) and c != "X3")   # Taki's breaker aside
            if table["counts"][seat] > 0:
                self.facts.setdefault(seat, []).append([could, table["counts"][seat]])

    def played(self, table: dict, seat: int, card: str) -> None:
        """``--read-policy``: the seat plays as the medium bot does (its most valuable card that can go, a
        wild only when nothing else can): it held no card that could go and is worth more (no card but a
        wild, if it played a wild)."""
        from tapete.bots.medium import card_value
        game_id = self.game.id

        def wild(c: str) -> bool:        # a card that names a colour: Chúpate's wilds, Taki's change of colour
            return c[0] == "W" or c == "CC" or (c == "ST" and table["color"] is None)   # (a Super TAKI on a King)

        worth = card_value(game_id, card)
        could = frozenset(c for c in self.kinds if c != "X3" and not wild(c) and self.game.matches(table, c)
                          and (wild(card) or card_value(game_id, c) > worth))
        if could:
            self.facts.setdefault(seat, []).append([could, table["counts"][seat] - 1])

    def fit(self, dealt: dict, me: int, gen: random.Random) -> bool:
        """Make a deal dealt from the view agree with the facts: a hand holding more cards that could have
        gone than a fact allows swaps the extra ones with cards that could not, from the draw pile first,
        else from another hidden hand; passes over every seat until no fact is broken (at most
        ``FIT_PASSES``). Returns whether every fact holds: a best effort, which left 1 deal in about 600
        with a fact broken in Chúpate 2 and none in Super Taki (40 games each; the discard pile is never
        searched for a spare card)."""
        seats = [(s, dealt["hands"][s], f, frozenset().union(*(c for c, _ in f)))
                 for s, f in self.facts.items() if s != me and f]
        for _ in range(FIT_PASSES):
            broken = False
            for seat, hand, facts, banned in seats:
                for could, old in facts:
                    over = [i for i, c in enumerate(hand) if c in could]
                    extra = len(over) - (len(hand) - old)
                    if extra <= 0:
                        continue
                    broken = True
                    gen.shuffle(over)
                    for places in ([dealt["draw"]], [h for s, h in enumerate(dealt["hands"]) if s not in (me, seat)]):
                        spare = ([(p, j) for p in places for j, c in enumerate(p) if c not in banned]
                                 or [(p, j) for p in places for j, c in enumerate(p) if c not in could])
                        gen.shuffle(spare)
                        for i, (place, j) in zip(over[:extra], spare):
                            hand[i], place[j] = place[j], hand[i]
                        over, extra = over[len(spare):], extra - len(spare)
                        if extra <= 0:
                            break
            if not broken:
                return True
        return False


class ShedLookahead:
    """The hard bot of a first-out shedding game with a flat search over its legal moves (module docstring)."""

    needs_view = True

    def __init__(self, game_id: str, deals: int = 8, prior: float = 0.1, real: bool = False, shape: float = 0.0,
                 hands: bool = False, read: str = "", horizon: int = 0, value: "Value | None" = None):
        self.game_id, self.deals, self.prior, self.real, self.shape = game_id, deals, prior, real, shape
        self.hands = hands   # a ceiling, not a bot: the other hands as they really are, the draw pile reshuffled
        self.reader: Reader | None = None
        self.read = read     # "draws" or "policy": deals fitted to what the public moves say (Reader)
        self.horizon, self.value = horizon, value   # rollouts cut at our own n-th turn, valued by Value
        self.hard = make_bot("hard", game_id)       # the heuristic, with what it remembers of the game
        self.medium = make_bot("medium", game_id)   # every other seat in a rollout (it keeps no memory)
        self.state = self.game = None

    def bind(self, state: dict, game) -> None:
        self.state, self.game = state, game
        self.reader = Reader(game, policy=self.read == "policy") if self.read else None

    def choose(self, view, legal, must_act, rng):
        first = self.hard.choose(view, legal, must_act, random.Random(rng.getrandbits(64)))
        if (not must_act or len(legal) < 2 or first is None or view.get("wild4_pending")
                or view["phase"] not in self.game.turn_phases):
            return first
        moves = [first] + [a for a in legal if a != first]
        totals = dict.fromkeys(moves, 0.0)
        totals[first] = self.prior * self.deals
        for _ in range(self.deals):
            world = rng.getrandbits(64)
            for move in moves:
                totals[move] += self.rollout(view, move, random.Random(world))
        best = max(totals.values())
        return next(a for a in moves if totals[a] == best)

    def deal(self, view: dict, gen: random.Random) -> dict:
        """The rollout's table: dealt from the view (``determinize``), or with ``real`` the real table with
        the cards hidden from the seat reshuffled among their places (the discard pile kept)."""
        game = self.game
        if self.hands:
            dealt = json.loads(game.to_json(self.state))
            gen.shuffle(dealt["draw"])
            dealt["rng"] = "%064x" % gen.getrandbits(256)
            return dealt
        if not self.real:
            dealt = game.determinize(view, gen)
            if self.reader is not None:
                self.reader.fit(dealt, view["seat"], gen)
            return dealt
        table = json.loads(game.to_json(self.state))
        with reshuffled_hidden(game, table, view["seat"], gen):
            dealt = json.loads(game.to_json(table))     # taken inside: the block puts the cards back
        dealt["rng"] = "%064x" % gen.getrandbits(256)
        return dealt

    def rollout(self, view: dict, move: str, gen: random.Random) -> float:
        game, seat = self.game, view["seat"]
        state = self.deal(view, gen)
        game.apply(state, seat, move)
        bots = [copy.deepcopy(self.hard) if s == seat else self.medium for s in range(state["players"])]
        rng = random.Random(gen.getrandbits(32))
        turns = 0
        for _ in range(HORIZON):
            if state["over"]:
                return share(state, {seat}) - self.shape * len(state["hands"][seat])
            if self.horizon and state["turn"] == seat and state["phase"] in game.turn_phases:
                turns += 1
                if turns >= self.horizon:          # the start of our own turn, as Value was measured
                    return self.value.of(state, seat)
            step(game, state, bots, rng)
        return 0.0


class Value:
    """``--horizon``'s end of a rollout cut short: the chance that a seat wins, read from the cards it holds
    and the fewest any other seat holds, as measured (``build``: the hard bot one against three medium,
    every turn of its own noted with how the game ended; cells with few turns lean on the mean of their
    row, ``PRIOR_TURNS`` turns' worth)."""

    CAP = 15
    PRIOR_TURNS = 20

    def __init__(self, cells: list[list[list[float]]]) -> None:
        self.table = []
        for row in cells:
            won, seen = sum(c[0] for c in row), sum(c[1] for c in row)
            mean = won / seen if seen else 0.25
            self.table.append([(c[0] + self.PRIOR_TURNS * mean) / (c[1] + self.PRIOR_TURNS) for c in row])

    @classmethod
    def key(cls, state: dict, seat: int) -> tuple[int, int]:
        counts = [len(h) for h in state["hands"]]
        least = min(c for s, c in enumerate(counts) if s != seat)
        return min(counts[seat], cls.CAP), min(least, cls.CAP)

    def of(self, state: dict, seat: int) -> float:
        mine, least = self.key(state, seat)
        return self.table[mine][least]

    @classmethod
    def build(cls, game_id: str, games: int, first: int = 0) -> list[list[list[float]]]:
        from tapete.core import get

        game = get(game_id)
        cells = [[[0.0, 0] for _ in range(cls.CAP + 1)] for _ in range(cls.CAP + 1)]
        for seed in range(first, first + games):
            me = seed % 4
            bots = [make_bot("hard" if s == me else "medium", game_id) for s in range(4)]
            state, rng, seen = game.new(4, seed, GAMES[game_id][1]), random.Random(seed ^ 0x5EED), []
            while not state["over"]:
                if state["turn"] == me and state["phase"] in game.turn_phases:
                    seen.append(cls.key(state, me))
                step(game, state, bots, rng)
            won = share(state, {me})
            for mine, least in seen:
                cells[mine][least][0] += won
                cells[mine][least][1] += 1
        return cells


def play_reading(game_id: str, seats: list, seed: int, options: dict):
    """bench/bots.py's ``play``, every applied move shown to the searching seats' readers (``--read``)."""
    from tapete.core import get
    from tapete.sim import MAX_ACTIONS

    game = get(game_id)
    state = game.new(len(seats), seed, options)
    for bot in seats:
        getattr(bot, "bind", lambda st, g: None)(state, game)
    readers = [r for r in (getattr(getattr(b, "bot", b), "reader", None) for b in seats) if r is not None]
    rng = random.Random(seed ^ 0x5EED)
    for _ in range(MAX_ACTIONS):
        if state["over"]:
            return state
        table = readers[0].before(state) if readers else None
        seat, action = step(game, state, seats, rng)
        for reader in readers:
            reader.saw(table, seat, action, state)
    raise RuntimeError(f"{game_id} seed {seed}: no end")


def check_reader(game_id: str, seeds, policy: bool = False) -> int:
    """Play hard (seat 0) against three medium bots and check, after every move, every fact of a
    ``Reader`` against the real hands of the medium seats; returns the facts checked (``AssertionError``
    on the first one a hand contradicts). Only the medium seats' facts are checked (``policy`` reads plays
    as theirs)."""
    from tapete.core import get
    from tapete.sim import MAX_ACTIONS

    game, checked = get(game_id), 0
    for seed in seeds:
        state = game.new(4, seed, GAMES[game_id][1])
        bots = [make_bot("hard" if s == 0 else "medium", game_id) for s in range(4)]
        reader, rng = Reader(game, policy), random.Random(seed)
        for _ in range(MAX_ACTIONS):
            if state["over"]:
                break
            table = reader.before(state)
            seat, action = step(game, state, bots, rng)
            reader.saw(table, seat, action, state)
            for s, facts in reader.facts.items():
                hand = state["hands"][s]
                for could, old in facts if s != 0 else ():
                    assert sum(c in could for c in hand) <= len(hand) - old, (game_id, seed, s, hand, old)
                    checked += 1
    return checked


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="chupate", choices=("chupate", "taki"))
    parser.add_argument("--vs", default="medium", choices=("easy", "medium", "hard"))
    parser.add_argument("--layout", default="1v3", choices=("2v2", "1v3"))
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--deals", type=int, default=8)
    parser.add_argument("--prior", type=float, default=0.1)
    parser.add_argument("--real", action="store_true", help="deal the rollouts from the real table, the "
                        "hidden cards reshuffled (the discard pile kept), not from the view")
    parser.add_argument("--hands", action="store_true", help="a ceiling, not a bot: the rollouts see the other "
                        "hands as they are, only the draw pile is reshuffled (what a perfect reading of the hands gives)")
    parser.add_argument("--read", action="store_true", help="deals fitted to what the public moves say: a seat "
                        "that drew on a free turn held no card that could go then (Reader)")
    parser.add_argument("--read-policy", action="store_true", help="--read, and every play read as the medium "
                        "bot's: the seat held no card that could go and was worth more (a ceiling: the exact model of medium)")
    parser.add_argument("--horizon", type=int, default=0, help="cut each rollout at the start of the seat's "
                        "own n-th turn and value it by --value (the chance to win by the cards held)")
    parser.add_argument("--value", default="", help="a Value table written by --build-value")
    parser.add_argument("--build-value", default="", help="play --games games (hard one against three medium) "
                        "and write the Value table to this file")
    parser.add_argument("--shape", type=float, default=0.0, help="a rollout also loses this much per card "
                        "the seat still holds at the end (a lost game held close counts more than one held far)")
    parser.add_argument("--baseline", action="store_true", help="the hard bot itself in the searching seats")
    parser.add_argument("--save", default="")
    args = parser.parse_args()
    if args.build_value:
        with open(args.build_value, "w") as f:
            json.dump({"game": args.game, "games": args.games, "cells": Value.build(args.game, args.games, args.first)}, f)
        return 0
    value = None
    if args.value:
        with open(args.value) as f:
            value = Value(json.load(f)["cells"])
    shares, times = {}, []
    for seed in range(args.first, args.first + args.games):
        mine = ({0, 2} if seed % 2 == 0 else {1, 3}) if args.layout == "2v2" else {seed % 4}
        seats = [Timed(make_bot("hard", args.game) if args.baseline else
                       ShedLookahead(args.game, args.deals, args.prior, args.real, args.shape, args.hands,
                                     "policy" if args.read_policy else "draws" if args.read else "",
                                     args.horizon, value), times)
                 if s in mine else make_bot(args.vs, args.game) for s in range(4)]
        shares[str(seed)] = share(play_reading(args.game, seats, seed, GAMES[args.game][1]), mine)
        print(args.game, seed, f"{sum(shares.values()) / len(shares):.3f}", file=sys.stderr, flush=True)
        if args.save:
            with open(args.save, "w") as f:
                json.dump({"args": vars(args), "shares": shares, "times": times}, f)
    n = len(shares)
    p = sum(shares.values()) / n
    times = [t for t in times if t > 0.0005]
    print("\n".join(machine_lines(machine())))
    what = "hard" if args.baseline else f"ShedLookahead ({args.deals} deals, prior {args.prior:g}" + (
        ", the real table reshuffled" if args.real else ", the other hands known" if args.hands else
        ", deals fitted to the public moves read as medium's" if args.read_policy else
        ", deals fitted to the public moves" if args.read else "") + (
        f", rollouts cut at own turn {args.horizon}" if args.horizon else "") + (f", shape {args.shape:g})" if args.shape else ")")
    print(f"{args.game}: {what} vs {args.vs}, {args.layout}: {n} games, {100 * p:.1f}% ± "
          f"{100 * math.sqrt(max(p * (1 - p), 1e-9) / n):.1f}; searched decisions {len(times):,}, "
          f"p50 {1000 * pct(times, 0.5):.1f} ms, p95 {1000 * pct(times, 0.95):.1f} ms, max "
          f"{1000 * max(times, default=0):.1f} ms (CPU, CPython)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
