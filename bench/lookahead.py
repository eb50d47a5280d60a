#!/usr/bin/env python3
"""DOS hard with a short lookahead: is a search that fits a bot's time budget the way to the search goal?

A research bench (not in ``make bench``). ``Lookahead`` is the DOS hard level
(``tapete.bots.dos_search.DosLookahead``, which is ``--top 99 --own hard --fast --prior 25`` here: the same choices,
tests/unit/test_bots.py) with the variants the research tried; the heuristic hard bot (bots/dos.py) whose
shortlist is played out before it chooses:

- the shortlist (``candidates``): the first match of the hard bot's plan for the turn, then its best
  scored matches up to ``TOP`` in all; its ``TOP`` best placements; ``draw`` and ``end`` when legal.
  A shortlist of one is played at once (no rollout);
- ``WORLDS`` sampled deals of the cards the seat cannot see, from its own view only
  (``Dos.determinize``), each shared by every candidate (common random numbers: the candidates are
  compared on the same deals);
- each candidate applied in each deal, then the medium bot's policy (``medium_choice``) plays every
  seat to the end of the round; a rollout is worth the seat's points of the round less the mean of the
  others' (as bench/search.py's reference, which plays for its own seat); ``--game-won`` adds a bonus
  when that round ends the game with the seat among its winners (a malus when others won it);
  ``--fast`` plays those rounds with tapete.bots.dos_rollout (coded cards, the same points and the same
  choices: tests/unit/test_dos_rollout.py; bench/dos_rollout.py measures how much faster);
  ``--halving`` spends the same number of rollouts by sequential halving (``Lookahead.halve``): the
  better half of the candidates goes on to more deals, round after round; ``--rollouts N`` deals at least
  N rollouts per decision (a shortlist of K gets max(``WORLDS``, N / K) deals), as the reference spends
  its 200 on every decision, however few its moves; ``--own hard`` plays the searching seat's own later
  turns in its rollouts with the hard bot from its view (the value of hard's first match is then hard's
  turn, not medium's; slower than medium: the hard bot plans each own turn); ``--own hard-turn`` only the
  rest of the turn being decided (then medium, as every other seat). Both work with ``--fast`` too: the
  coded round gives the hard bot the engine's very view and legal actions (``own`` of ``play_round``: the
  same points, the same choices, tests/unit/test_dos_rollout.py). ``--prior P`` adds P points to the
  heuristic's first candidate in every deal: the search overrules the heuristic only when a move beats it
  by more than P a deal on average (with 8 deals a lucky move often overrules a right one). ``--more M
  --keep K``: after those deals the K best candidates so far go on to M further deals (``staged``).

It reads nothing but its view, legal actions and generator, so it passes the fairness check of
tests/unit/test_bots.py as it is. ``think`` yields after every deal, so a table could run it in slices
between frames (the decision time below is the sum of the slices).

    python3 bench/lookahead.py --vs hard --games 200          # two Lookahead seats against two hard (2v2)
    python3 bench/lookahead.py --vs hard --games 200 --fast   # the same games, rollouts on coded cards
    python3 bench/lookahead.py --vs medium --layout 1v3 --games 200
    python3 bench/lookahead.py --vs search --games 100 --first 0 --save .bench/la-0.json   # the reference
    python3 bench/lookahead.py --merge .bench/la-0.json,.bench/la-1.json

Prints the Lookahead seats' win share (± one standard error) and their decision times (CPU, CPython).
Figures: docs/benchmarks.md, "A lookahead within the budget (DOS)".
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections import Counter

from _common import machine, machine_lines
from bots import GAMES, Timed, pct, play, share
from search import FlatSearch
from tapete.bots import make_bot
from tapete.bots.dos import DosHard
from tapete.bots.dos_rollout import CALLS, game_winner, play_round
from tapete.bots.dos_search import WORLDS, DosLookahead, value

TOP = 3             # the shortlist keeps this many matches and this many placements
HORIZON = 400       # actions at most in a rollout (a round ends long before)
OWN = ("medium", "hard", "hard-turn")    # who plays the searching seat's own turns in its rollouts


def medium_choice(hand: list[str], legal: list[str], rng: random.Random) -> str:
    """The medium bot's DOS turn (bots/medium.py) without its view: the match or placement that sheds the
    most cards (medium prices DOS cards at 0: the engine has no ``card_points``), then the colour of its
    first card held most, ties by ``rng``; else ``end``, else ``draw``. About 1.7× faster in a rollout;
    the same choices (tests/unit/test_bots.py)."""
    held, best, top = Counter(c[0] for c in hand if c[0] != "W"), None, []
    for action in legal:
        if action.startswith(("match ", "place ")):
            cards = action.split(" ")[1].split("+")
            key = (len(cards), held[cards[0][0]])
            if best is None or key > best:
                best, top = key, [action]
            elif key == best:
                top.append(action)
    if top:
        return rng.choice(top)
    return "end" if "end" in legal else "draw"


class Lookahead(DosLookahead):
    """DOS hard (``tapete.bots.dos_search.DosLookahead``) with the research options (module docstring):
    a shortlist of ``top``, the engine path, medium or hard-for-this-turn own turns, a game-won bonus,
    a rollout floor, sequential halving. Its defaults are the research's first setting (a shortlist of 3,
    medium own turns, the engine path, no prior); ``--top 99 --own hard --fast --prior 25`` is the level."""

    def __init__(self, worlds: int = WORLDS, top: int = TOP, game_won: float = 0.0, fast: bool = False,
                 halving: bool = False, rollouts: int = 0, own: str = "medium", prior: float = 0.0,
                 more: int = 0, keep: int = 3) -> None:
        super().__init__(worlds)
        self.more, self.keep = more, keep
        self.top, self.game_won, self.fast, self.halving, self.prior = top, game_won, fast, halving, prior
        self.rollouts, self.own = rollouts, own
        if own not in OWN:
            raise ValueError(f"own: one of {', '.join(OWN)}")
        self.own_bot = None if own == "medium" else DosHard()     # plays the seat's own turns in a rollout

    def search(self, view, shortlist, rng):
        if self.halving:
            return (yield from self.halve(view, shortlist, dict.fromkeys(shortlist, 0.0), rng))
        if self.more:
            return (yield from self.staged(view, shortlist, rng))
        return (yield from super().search(view, shortlist, rng))

    def staged(self, view: dict, shortlist: list[str], rng):
        """The level's search (``worlds`` deals, the prior), then the ``keep`` best so far in ``more``
        further deals; the best total of those, ties to the earlier. Yields after each deal."""
        totals, alive = dict.fromkeys(shortlist, 0.0), shortlist
        for stage, deals in enumerate((self.deals(len(shortlist)), self.more)):
            if stage:
                ranked = sorted(alive, key=lambda a: -totals[a])     # stable: ties keep the shortlist order
                alive = sorted(ranked[:self.keep], key=shortlist.index)
            for _ in range(deals if len(alive) > 1 else 0):
                world = rng.getrandbits(64)
                for action, worth in zip(alive, self.outcomes(view, alive, random.Random(world))):
                    totals[action] += worth + self.prior if action == shortlist[0] else worth
                yield
        best = max(totals[a] for a in alive)
        return next(a for a in alive if totals[a] == best)

    def deals(self, candidates: int) -> int:
        return max(self.worlds, math.ceil(self.rollouts / candidates))

    def outcomes(self, view, actions, gen):
        """Each action's ``rollout`` with its own copy of ``gen`` (the deal dealt anew: the engine path
        plays on its state)."""
        start, out = gen.getstate(), []
        for action in actions:
            gen.setstate(start)
            out.append(self.rollout(view, action, gen))
        return out

    def halve(self, view: dict, shortlist: list[str], totals: dict, rng):
        """Sequential halving (Karnin, Koren and Somekh, "Almost optimal exploration in multi-armed
        bandits", ICML 2013) on the flat search's budget (``worlds`` deals for every candidate, at least
        ``rollouts``): in each of
        ceil(log2 K) rounds the candidates left share an equal part of it, on deals common to them all, and
        the better half (by total, ties in shortlist order) goes on. Yields after each deal."""
        budget, alive = max(self.worlds * len(shortlist), self.rollouts), list(shortlist)
        rounds = math.ceil(math.log2(len(alive)))
        while len(alive) > 1:
            for _ in range(max(1, budget // (len(alive) * rounds))):
                world = rng.getrandbits(64)
                for action in alive:
                    totals[action] += self.rollout(view, action, random.Random(world))
                yield
            ranked = sorted(alive, key=lambda a: -totals[a])        # stable: ties keep the shortlist order
            alive = sorted(ranked[:math.ceil(len(alive) / 2)], key=shortlist.index)
        return alive[0]

    def rollout(self, view: dict, action: str, gen: random.Random) -> float:
        """One deal of the unseen cards (from ``gen``), ``action``, then the medium bot's policy for every
        seat (``medium_choice``) to the round's end: the seat's points of the round less the others' mean.
        ``fast``: the round is played by tapete.bots.dos_rollout (the same points, tested), not the engine.
        ``own``: the seat's own turns by the hard bot (``hard``), or only the rest of this one (``hard-turn``)."""
        game, seat = self.game, view["seat"]
        state = game.determinize(view, gen)
        rng = random.Random(gen.getrandbits(32))
        own, this_turn = self.own_bot, self.own == "hard-turn"
        if self.fast:
            gained = play_round(state, seat, action, rng, own=own, this_turn=this_turn)
            winner = game_winner(state, gained)
            winners = None if winner is None else [winner]
        else:
            gained = engine_round(game, state, seat, action, rng, own, this_turn)
            winners = state["result"]["winners"] if state["over"] else None
        worth = value(gained, seat)
        if self.game_won and winners is not None:    # the round ended the game: only who won it counts
            worth += self.game_won if seat in winners else -self.game_won
        return worth


def engine_round(game, state: dict, seat: int, action: str, rng: random.Random, own=None,
                 this_turn: bool = False) -> list[int]:
    """A rollout's round on the engine: ``action`` for ``seat``, then ``medium_choice`` for every seat (each
    exposed holder calls ¡DOS! first, as the medium bot does) until the round ends or ``HORIZON`` more
    actions; the points each seat gained. ``own``: a bot that plays ``seat``'s turns instead (from its
    view); ``this_turn``: only the rest of the turn ``action`` began. ``state`` is played on (changed)."""
    before, round_no = list(state["scores"]), state["round"]
    game.apply(state, seat, action)
    same_turn = True
    for _ in range(HORIZON):
        if state["over"] or state["round"] != round_no or state["phase"] == "round_over":
            break
        for holder in game.exposed(state):    # every holder calls ¡DOS! first, as the medium bot does
            game.apply(state, holder, "dos")
        turn = state["turn"]
        same_turn = same_turn and turn == seat
        legal = game.legal_actions(state, turn)
        if own is not None and turn == seat and (same_turn or not this_turn):
            legal = [a for a in legal if a.split(" ", 1)[0] not in CALLS]
            game.apply(state, turn, own.choose(game.view(state, turn), legal, True, rng))
        else:
            game.apply(state, turn, medium_choice(state["hands"][turn], legal, rng))
    return [a - b for a, b in zip(state["scores"], before)]


def play_games(args) -> dict:
    """The Lookahead seats' share per seed and their decision times."""
    shares, times = {}, []
    for seed in range(args.first, args.first + args.games):
        mine = ({0, 2} if seed % 2 == 0 else {1, 3}) if args.layout == "2v2" else {seed % 4}
        seats = []
        for s in range(4):
            if s in mine:
                seats.append(Timed(Lookahead(args.worlds, args.top, args.game_won, args.fast, args.halving,
                                             args.rollouts, args.own, args.prior, args.more, args.keep), times))
            elif args.vs == "search":
                bot = FlatSearch(seed=seed, fast=args.fast)     # the same values, sooner (bench/search.py)
                bot.side, bot.seat = {s}, s
                seats.append(bot)
            else:
                seats.append(make_bot(args.vs, "dos"))
        shares[str(seed)] = share(play("dos", seats, seed, GAMES["dos"][1]), mine)
        print("dos", seed, f"{sum(shares.values()) / len(shares):.3f}", file=sys.stderr, flush=True)
        if args.save:
            with open(args.save, "w") as f:
                json.dump({"args": vars(args), "shares": shares, "times": times}, f)
    return {"shares": shares, "times": times}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--vs", default="hard", choices=("easy", "medium", "hard", "search"))
    parser.add_argument("--layout", default="2v2", choices=("2v2", "1v3"))
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first", type=int, default=0, help="first seed (to split a run into slices)")
    parser.add_argument("--worlds", type=int, default=WORLDS)
    parser.add_argument("--top", type=int, default=TOP)
    parser.add_argument("--game-won", type=float, default=0.0, help="added to a rollout whose round ends the "
                        "game with the seat among the winners, taken off when others won it (0: round points only)")
    parser.add_argument("--fast", action="store_true", help="play the rollouts' rounds with the coded-card "
                        "simulator (tapete.bots.dos_rollout: the same points, faster) instead of the engine; with --vs search "
                        "the reference's rollouts too (bench/search.py --fast: the same values, rollout for rollout)")
    parser.add_argument("--rollouts", type=int, default=0, help="at least this many rollouts per decision: a "
                        "short shortlist gets more deals than --worlds (the reference spends 200 on every decision)")
    parser.add_argument("--halving", action="store_true", help="spend the same budget by sequential halving "
                        "(the better half of the candidates goes on to more deals) instead of evenly")
    parser.add_argument("--own", default="medium", choices=OWN, help="the policy of the searching seat's own "
                        "turns in its rollouts (hard: the DOS hard bot from its view; hard-turn: only for the rest "
                        "of the turn being decided; with or without --fast)")
    parser.add_argument("--prior", type=float, default=0.0, help="points added to the heuristic's first "
                        "candidate in every deal: the search overrules it only by more than this on average (the flat search; "
                        "--halving ignores it)")
    parser.add_argument("--more", type=int, default=0, help="after --worlds deals, the --keep best candidates "
                        "go on to this many further deals (0: none)")
    parser.add_argument("--keep", type=int, default=3, help="candidates kept for --more")
    parser.add_argument("--save", default="", help="write each game's share and the decision times here")
    parser.add_argument("--merge", default="", help="comma-separated --save files: one line from them")
    args = parser.parse_args()
    if args.merge:
        got = {"shares": {}, "times": []}
        for path in args.merge.split(","):
            part = json.loads(open(path).read())
            saved = {**vars(parser.parse_args([])), **part["args"], "merge": args.merge}
            args = argparse.Namespace(**saved)       # the printed line names the settings the runs used
            got["shares"].update(part["shares"])
            got["times"] += part["times"]
    else:
        got = play_games(args)
    shares, times = list(got["shares"].values()), [t for t in got["times"] if t > 0.0005]
    n = max(len(shares), 1)
    p = sum(shares) / n
    print("\n".join(machine_lines(machine())))
    fast = (", fast rollouts" if args.fast else "") + (", sequential halving" if args.halving else "") + (
        f", at least {args.rollouts} rollouts" if args.rollouts else "") + (
        f", own turns by {args.own}" if getattr(args, "own", "medium") != "medium" else "") + (
        f", prior {args.prior:g}" if getattr(args, "prior", 0.0) else "") + (
        f", the best {args.keep} {args.more} deals more" if getattr(args, "more", 0) else "")
    print(f"Lookahead ({args.worlds} deals, top {args.top}{fast}) vs {args.vs}, {args.layout}: {len(shares)} games, "
          f"{100 * p:.1f}% ± {100 * math.sqrt(max(p * (1 - p), 1e-9) / n):.1f}; searched decisions "
          f"{len(times):,}, p50 {1000 * pct(times, 0.5):.1f} ms, p95 {1000 * pct(times, 0.95):.1f} ms, "
          f"max {1000 * max(times, default=0):.1f} ms (CPU, CPython)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
