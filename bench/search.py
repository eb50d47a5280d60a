#!/usr/bin/env python3
"""The reference opponent for the hard bots: a flat determinized Monte-Carlo search.

At each decision with more than one legal action, ``ROLLOUTS`` rollouts are shared round-robin among
the actions. A rollout copies the table, deals every card hidden from the searching seat at random
among the places that hide them (``tapete.selftest.reshuffled_hidden``: other hands, the draw pile,
face-down cells; the engine's generator is reseeded too), applies the action and lets medium bots
play every seat to the end of the game (first-out games) or of the round (points games), at most
``HORIZON`` actions. A rollout is worth 1 when the searching seat wins (its own seat, as every bot
plays; ``--team``: when either search seat wins, the two playing as a team), else 0; in points
games the round's points against the others' mean (scaled to about ±1). The action with the best mean
is played. The search reads the real state only to copy its public part; what is hidden is dealt anew.

Skypo is defined apart (``OPTIONS``, ``HORIZONS``; docs/benchmarks.md says why): its games are single
rounds (the ``target`` option at 1, a short game), and a rollout stops after one lap of the table (8
actions: each seat draws or takes, then places) unless the round ends first; it is then worth the
grids' expected points as if the round ended there (``counted_points``: face-down cards at the mean
of the cards nobody sees, no doubling). Played to the round's end, as the other games are, a decision cost
6.8 s of CPU and 400 games 150-240 hours. The Skypo medium bot of the rollouts remembers its draw
prices (``MemoSkypoMedium``: the same choices, tested).

    python3 bench/search.py [--games 400] [--only dos,francesa] [--rollouts 200] [--budget 1800] [--no-write]
    python3 bench/search.py --only dos --first 200 --games 200 --save .bench/dos-b.json   # one slice of seeds
    python3 bench/search.py --merge .bench/dos-a.json,.bench/dos-b.json                    # one table of slices

Writes hard's share against it (2v2, same seeds as bench/bots.py) into docs/benchmarks.md between
<!-- search:start --> and <!-- search:end -->.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time

from _common import machine, machine_lines, write_section
from bots import GAMES, Timed, pct, play, share
from tapete.bots import make_bot
from tapete.bots.skypo import DECK_MEAN, SkypoMedium
from tapete.games.skypo import VALUE, Skypo
from tapete.selftest import reshuffled_hidden
from tapete.sim import step

ROLLOUTS = 200
HORIZON = 400
HORIZONS = {"skypo": 8}                  # Skypo: one lap of the table, then the grids are counted (CUT_OFF)
OPTIONS = {"skypo": {"target": 1}}       # Skypo: one-round games
POINTS_GAMES = {"skypo": -1, "francesa": -1, "dos": 1}   # sign of a good score change per round
POINTS_SCALE = 30.0


def _arrange(game_id: str, state: dict):
    if game_id != "dos":
        return None
    from tapete.games.dos.cards import sort_key
    return lambda place, cards: cards if place is state["draw"] else sorted(cards, key=sort_key)


class _DrawPrices:
    """A bounded memo of the Skypo medium bot's draw price, a pure function of its grid and two flags."""

    def __init__(self, size: int = 200_000):
        self.size, self.prices = size, {}

    def __call__(self, compute, grid: list, ctx: dict) -> float:
        key = (tuple(tuple(column) if column is not None else None for column in grid), ctx["last"],
               ctx["stalled"])
        price = self.prices.get(key)
        if price is None:
            if len(self.prices) >= self.size:
                self.prices.clear()
            price = self.prices[key] = compute()
        return price


class MemoSkypoMedium(SkypoMedium):
    """The Skypo medium bot with its draw prices remembered. It prices a draw from its own grid only (the
    deck's mean, no card counting), so the memo changes no choice (tests/unit/test_bots.py)."""

    prices = _DrawPrices()

    def draw_cost(self, view, grid, ctx):
        if self.counts_cards or ctx["mean"] != DECK_MEAN:      # not the medium bot's pricing: no memo
            return super().draw_cost(view, grid, ctx)
        return self.prices(lambda: SkypoMedium.draw_cost(self, view, grid, ctx), grid, ctx)


def rollout_bot(game_id: str):
    """The medium bot a rollout plays every seat with."""
    return MemoSkypoMedium() if game_id == "skypo" else make_bot("medium", game_id)


def counted_points(state: dict) -> list[float]:
    """Skypo: each grid's expected points as if the round ended now: its face-up cards, and each
    face-down card at the mean of the cards no seat sees (the draw pile and every face-down card of the
    rollout's deal; the sampled values themselves would add their noise to every rollout). The closer's
    doubling and the columns that might still vanish are left out."""
    hidden = list(state["draw"]) + [c for down in state["down"] for c in down]
    mean = sum(VALUE[c] for c in hidden) / len(hidden) if hidden else 0.0
    return [Skypo.face_up_sum(grid) + mean * len(state["down"][seat]) for seat, grid in enumerate(state["grids"])]


CUT_OFF = {"skypo": counted_points}      # the score change of a rollout stopped within the round (HORIZONS)


class FlatSearch:
    """Flat determinized Monte-Carlo search with medium rollouts (a bench reference, not a level)."""

    needs_view = False

    def __init__(self, rollouts: int = ROLLOUTS, seed: int = 0, paired: bool = False, from_view: bool = False,
                 fast: bool = False):
        self.rollouts, self.random, self.paired, self.from_view = rollouts, random.Random(seed), paired, from_view
        self.fast = fast                   # DOS: the rollout's round on coded cards (``play_fast``), the same values
        self.side: set = set()
        self.seat: int | None = None       # the seat it plays, when it plays one (else found from legal)

    def bind(self, state: dict, game) -> None:
        self.state, self.game = state, game

    def choose(self, view, legal, must_act, rng):
        game, state = self.game, self.state
        seat = self.seat if self.seat is not None else next(   # legal may be a subset (bots.race_calls)
            s for s in game.to_move(state) if set(legal) <= set(game.legal_actions(state, s))
            and (not self.side or s in self.side))
        if not must_act:                 # out of turn: what the medium bot would do
            return make_bot("medium", game.id).choose(game.view(state, seat), legal, False, rng)
        if len(legal) == 1:
            return legal[0]
        text = game.view(state, seat) if self.from_view else game.to_json(state)
        totals = {a: 0.0 for a in legal}
        counts = {a: 0 for a in legal}
        if self.paired:                  # --paired, common random numbers: each world (deal and generators) for every move
            for _ in range(max(1, self.rollouts // len(legal))):
                world = self.random.getrandbits(64)
                for action in legal:
                    totals[action] += self.rollout(text, seat, action, random.Random(world))
                    counts[action] += 1
        else:
            for i in range(self.rollouts):
                action = legal[i % len(legal)]
                totals[action] += self.rollout(text, seat, action)
                counts[action] += 1
        return max(legal, key=lambda a: totals[a] / counts[a] if counts[a] else -math.inf)

    def rollout(self, text: str | dict, seat: int, action: str, world: random.Random | None = None) -> float:
        """One play-out of ``action``; ``world`` (else the search's own generator) deals the hidden cards
        and seeds the engine and the bots. ``text`` is the table as JSON, or the seat's view with
        ``--from-view`` (every card the view does not show is dealt anew: ``Dos.determinize``)."""
        game = self.game
        gen = world or self.random
        if self.from_view:
            return self.play_out(game.determinize(text, gen), seat, action, gen)
        state = json.loads(text)
        with reshuffled_hidden(game, state, seat, gen, _arrange(game.id, state)):
            return self.play_out(state, seat, action, gen)   # on a throwaway copy: the restore is moot

    def play_out(self, state: dict, seat: int, action: str, gen: random.Random | None = None) -> float:
        game = self.game
        gen = gen or self.random
        state["rng"] = "%064x" % gen.getrandbits(256)   # a fresh engine generator state (core/rng.py)
        side = self.side or {seat}
        n = state["players"]
        if self.fast and game.id == "dos":
            return play_fast(state, seat, action, random.Random(gen.getrandbits(32)), side)
        before = list(state["scores"])
        round_no = state.get("round")
        game.apply(state, seat, action)
        bots = [rollout_bot(game.id) for _ in range(n)]
        rng = random.Random(gen.getrandbits(32))
        sign = POINTS_GAMES.get(game.id)

        def ended() -> bool:
            return state["over"] or bool(sign and (state.get("round") != round_no or state.get("phase") == "round_over"))

        for _ in range(HORIZONS.get(game.id, HORIZON)):
            if ended():
                break
            step(game, state, bots, rng)
        if state["over"] and not sign:
            return share(state, side)
        if sign is None:
            return 0.5
        if ended() or game.id not in CUT_OFF:
            delta = [a - b for a, b in zip(state["scores"], before)]
        else:                                       # cut off within the round: count the grids
            delta = CUT_OFF[game.id](state)
        mine = sum(delta[s] for s in side) / len(side)
        others = [delta[s] for s in range(n) if s not in side]
        return 0.5 + sign * (mine - sum(others) / len(others)) / (2 * POINTS_SCALE)


def medium_bot_move(hand: list, center: list, covers: list, phase: str, drawn: bool, rng: random.Random) -> tuple:
    """The medium bot's DOS turn on coded cards, drawing from ``rng`` as that bot does: ``dos_rollout.choose``
    (``medium_choice``: the same choices, tests/unit/test_bots.py), and when it ends the turn one
    ``rng.choice`` of the one action left (``MediumBot.choose`` picks among its active actions, and ``end``
    is the only one then). The engine path's rollouts thus draw the same numbers, rollout for rollout."""
    from tapete.bots.dos_rollout import END_MOVE, choose
    move = choose(hand, center, covers, phase, drawn, rng)
    if move == END_MOVE:
        rng.choice((END_MOVE,))
    return move


def play_fast(state: dict, seat: int, action: str, rng: random.Random, side: set) -> float:
    """``FlatSearch.play_out``'s DOS rollout on coded cards (``--fast``): ``tapete.bots.dos_rollout.play_round``
    plays the round with the medium bot's turn (``medium_bot_move``), every exposed holder calling ¡DOS!
    first as the engine path's medium bots do. The same value as the engine path and the same draws,
    rollout for rollout (tests/unit/test_bots.py), about four times sooner. Its horizon counts turn
    actions where the engine path's counts the calls too: a round cut by the horizon (none in the tests)
    is worth 0.5 on both paths, the points of nobody."""
    from tapete.bots.dos_rollout import play_round
    gained = play_round(state, seat, action, rng, HORIZON, policy=medium_bot_move)
    n = state["players"]
    mine = sum(gained[s] for s in side) / len(side)
    others = [gained[s] for s in range(n) if s not in side]
    return 0.5 + (mine - sum(others) / len(others)) / (2 * POINTS_SCALE)


def play_row(game_id: str, args, results: dict) -> dict:
    """Hard's share per seed (seeds ``args.first`` on) and the search's decision times for one game.

    With ``--save`` the file is rewritten after every game, so a stopped run keeps what it played."""
    shares, times, started = {}, [], time.time()
    for seed in range(args.first, args.first + args.games):
        if args.budget and time.time() - started > args.budget:
            break
        mine = {0, 2} if seed % 2 == 0 else {1, 3}
        seats = []
        for s in range(4):
            if s in mine:
                seats.append(make_bot("hard", game_id))
            else:
                bot = FlatSearch(args.rollouts, seed, args.paired, args.from_view, args.fast)
                bot.side, bot.seat = (set(range(4)) - mine if args.team else {s}), s
                seats.append(Timed(bot, times))
        shares[str(seed)] = share(play(game_id, seats, seed, {**GAMES[game_id][1], **OPTIONS.get(game_id, {})}),
                                  mine)
        print(game_id, seed, f"{sum(shares.values()) / len(shares):.3f}", f"{time.time() - started:.0f} s",
              file=sys.stderr, flush=True)
        if args.save:
            with open(args.save, "w") as f:
                json.dump({**results, game_id: {"shares": shares, "times": times}}, f)
    return {"shares": shares, "times": times}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--rollouts", type=int, default=ROLLOUTS)
    parser.add_argument("--only", default=",".join(GAMES))
    parser.add_argument("--budget", type=float, default=0.0,
                        help="wall seconds per game: no new game starts after them (0: play all --games)")
    parser.add_argument("--first", type=int, default=0, help="first seed (to split a row across processes)")
    parser.add_argument("--save", default="", help="also write each game's result and the decision times here")
    parser.add_argument("--merge", default="",
                        help="comma-separated --save files: write one table from them instead of playing")
    parser.add_argument("--team", action="store_true", help="each rollout scores both search seats (a "
                        "team); the default scores the searching seat only, as every bot plays")
    parser.add_argument("--paired", action="store_true", help="common random numbers: every move of a "
                        "decision meets the same sampled worlds (rollouts // moves of them); not the reference's "
                        "definition, a test of its noise (docs/benchmarks.md, Skypo)")
    parser.add_argument("--from-view", action="store_true", help="deal every card the seat's view does not "
                        "show (DOS: also the discard pile under its top card, which the default keeps as it "
                        "is, a perfect memory of it): Dos.determinize")
    parser.add_argument("--fast", action="store_true", help="DOS: play each rollout's round on coded cards "
                        "(tapete.bots.dos_rollout): the same values and choices as the engine's rounds, sooner")
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()
    if args.merge:
        rows: dict = {}
        for path in args.merge.split(","):
            for game_id, got in json.loads(open(path).read()).items():
                mine = rows.setdefault(game_id, {"shares": {}, "times": []})
                mine["shares"].update(got["shares"])
                mine["times"] += got["times"]
        results = rows
    else:
        results = {}
        for game_id in [g for g in args.only.split(",") if g]:
            results[game_id] = play_row(game_id, args, results)
    lines = [f"Hard (two opposite seats) against the flat determinized search of `bench/search.py` "
             f"({args.rollouts} rollouts per decision, medium rollouts; two seats), 2v2, seeds from 0; "
             "± is one standard error. Games per row as measured (the search is slow"
             + (f"; at most {args.budget:.0f} s of wall time per game" if args.budget else "")
             + ("; the two search seats scored as a team" if args.team else "")
             + "); the last column projects the search's CPU time for 400 games from the games played.", "",
             *machine_lines(machine()), "",
             "| game | games | hard's win share | search: decisions | search p50 (s) | search p95 (s) "
             "| search CPU per game (s) | 400 games (CPU hours) |",
             "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for game_id, got in results.items():
        shares, times = list(got["shares"].values()), got["times"]
        n = max(len(shares), 1)
        p = sum(shares) / n
        long = [t for t in times if t > 0.0005]
        per_game = sum(times) / n
        lines.append(f"| {GAMES[game_id][0]} | {len(shares)} | {100 * p:.1f}% ± {100 * math.sqrt(max(p * (1 - p), 1e-9) / n):.1f} "
                     f"| {len(long):,} | {pct(long, 0.5):.2f} | {pct(long, 0.95):.2f} | {per_game:.0f} "
                     f"| {400 * per_game / 3600:.1f} |")
        print(lines[-1], flush=True)
    table = "\n".join(lines + ["", "Reproduce: `python3 bench/search.py --games 400` (hours on a shared machine)."])
    print(table)
    if not args.no_write:
        write_section("search", table)
    return 0


if __name__ == "__main__":
    sys.exit(main())
