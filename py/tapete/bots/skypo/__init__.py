"""Skypo bots: three levels that read the grid, not the random grid moves of the generic bots.

All three see only ``view(seat)`` (their grid, every face-up card on the table, the top discard, the
drawn card, the counts) and the legal actions. Every move is scored as the change it makes to the
expected points of the bot's grid (a face-down card counts as the mean of the cards it could be); the
lowest score is played.

- easy: keeps a card when it is low (``EASY_KEEP_MAX``), puts it over its highest card or on a random
  face-down place, and now and then (``EASY_SLIP``) makes a random move; it never thinks about closing.
- medium: expected value with the deck's mean for every unseen card (``DECK_MEAN``), columns it can
  complete, the draw valued as the mean over the deck; it does not close while its grid is worth more
  than ``MEDIUM_CLOSE_MAX``.
- hard: counts cards (the 150-card deck minus every card face up on the table, the top discard and the
  drawn card), values a pair in a column by its chance to be completed (``PAIR_WEIGHT``, ``PAIR_TURNS``),
  closes only when the normal estimate of being strictly lowest (the closer's points are doubled
  otherwise) makes it pay (``LAST_TURN_GAIN``), charges a move for the use the next seat can make of the
  card it leaves on the discard pile (``GIFT_WEIGHT`` beyond ``GIFT_FREE``), and looks one own turn
  ahead (``LOOKAHEAD``): a move is worth the expected grid after its next turn (a card drawn from the
  unseen ones, put where it helps most), and turning a card up is worth the mean over every card it
  could be. So it turns cards up to learn them where one move deep it would trade a 7 for a 5, and it
  weighs a take against a draw the same way. Its last turn after a close is played one move deep.

Measured (paired seeds, hard in two opposite seats against two medium, ``row`` of bench/bots.py with
the engine and these bots as they are; ± one standard error):
- the look ahead: 79.1% ± 1.3 against 54.1% ± 1.6 without it (seeds 100,000-100,999, 1,000 games,
  paired difference +25.0 ± 1.9): it stays. Without it the bot is the previous hard level, which scored
  56.6% ± 1.1 on seeds 100,000-101,999 and 56.2% ± 1.1 on the bench's seeds 0-1,999 (main, 2,000 games).
- bench seeds 0-1,999 (bench/bots.py, 2,000 games a row, docs/benchmarks.md "Bot strength"): 80.2% ± 0.9
  2v2, 53.5% ± 1.1 one against three medium, 87.5% ± 0.7 one against one (one move deep: 56.2%, 33.0%,
  63.0%); 15.8 points per round in tables of four hard, against 16.8 (medium) and 20.2 (``auto_action``).
- decision time: CPython p95 ~4-5 ms, against ~0.8 ms one move deep; Pyodide p95 9.4 ms, worst 25.7 ms
  (bench/bots_browser.py): within a frame at p95, so it runs on the page's thread.
- earlier rounds, one move deep, one against one, 100-300 games (± 3-5, so mostly noise): without the
  pair hope 41.5% (0.3: 51%, 0.9: 61.8%); without card counting 57%; without the gift charge 56% (1.0:
  60.5%); a tempo term (turn cards up faster when leading) 38-58% and a reward for closing when surely
  lowest (4 and 8 points) 59.7% and 55.2%: both dropped.
"""

from __future__ import annotations

import math
import random
from collections import Counter

from ...games.skypo import DECK_COUNTS, DISCARD, GRID_ROWS, SWAP, TAKE

VALUES = {str(v): v for v in range(-2, 13)}
DECK_MEAN = sum(VALUES[c] * n for c, n in DECK_COUNTS.items()) / sum(DECK_COUNTS.values())   # 5.07

EASY_KEEP_MAX = 5        # the easy bot keeps a card of this value or less...
EASY_SLIP = 0.2          # ...and makes a random legal move this often

MEDIUM_CLOSE_MAX = 10    # medium closes only with a grid worth at most this many points...

PAIR_WEIGHT = 0.6        # hard: share of a pair's removable points counted before the third card comes
PAIR_TURNS = 6           # hard: turns a pair has to find its third card
GIFT_WEIGHT = 0.5        # hard: points per point the next seat would gain from the card we discard...
GIFT_FREE = 3.0          # ...beyond this many (a small gain is no gift: it could draw as well)
LAST_TURN_GAIN = 3.0     # hard: points an opponent is expected to shed in its last turn after we close
LOOKAHEAD = True         # hard: a move is worth the expected grid after our next turn, not the grid it leaves
STALL_TURNS = 30         # after this many of its turns in a round a bot closes whenever it can (no stalemate)


def _cells(view: dict, seat: int) -> list:
    return view["grids"][seat]


def _place(row: int, col: int) -> str:
    return f"{row},{col}"


class SkypoBot:
    """The shared machinery: enumerate the moves, score each, play the lowest."""

    level = "medium"
    needs_view = True
    counts_cards = False
    pair_weight = 0.0
    gift_weight = 0.0
    tempo_weight = 0.0

    def __init__(self) -> None:
        self.round: int | None = None
        self.turns = 0           # own turns in this round

    def choose(self, view: dict | None, legal: list[str], must_act: bool, rng: random.Random) -> str | None:
        if not legal or not must_act:
            return None
        if view is None or view.get("game") != "skypo":
            return rng.choice(legal)
        phase = view["phase"]
        if phase in ("reveal", "round_over"):
            return self.opening(view, legal, rng) if phase == "reveal" else legal[0]
        return self.decide(view, legal, rng)

    # ----- knowledge -------------------------------------------------------------------------------
    def unseen(self, view: dict) -> Counter:
        """The cards this seat cannot see: the deck minus every face-up card, the top and the drawn card."""
        pool = Counter(DECK_COUNTS)
        for grid in view["grids"]:
            for column in grid:
                if column is not None:
                    for card in column:
                        if card is not None:
                            pool[card] -= 1
        for card in (view.get("top"), view.get("drawn")):
            if card is not None:
                pool[card] -= 1
        return +pool

    def mean(self, pool: Counter) -> float:
        if not self.counts_cards:
            return DECK_MEAN
        total = sum(pool.values())
        return sum(VALUES[c] * n for c, n in pool.items()) / total if total else DECK_MEAN

    # ----- the grid's expected points --------------------------------------------------------------
    def column_points(self, column: tuple | list | None, mean: float, ctx: dict) -> float:
        """Expected points of one column (a face-down cell counts ``mean``), less a pair's hope."""
        if column is None:
            return 0.0
        column = tuple(column)
        cache = ctx["cache"]
        if column in cache:
            return cache[column]
        a, b, c = column
        if a is not None and a == b == c:
            total = 0.0
        else:
            total = sum(VALUES[x] if x is not None else mean for x in column)
            if self.pair_weight and not ctx["last"] and total > 0:
                for v in set(column):
                    if v is not None and column.count(v) == 2:
                        share = ctx["pool"][v] / ctx["pool_total"] if ctx["pool_total"] else 0.0
                        total -= self.pair_weight * (1.0 - (1.0 - share) ** PAIR_TURNS) * total
        cache[column] = total
        return total

    def grid_points(self, grid: list, mean: float, ctx: dict) -> float:
        return sum(self.column_points(col, mean, ctx) for col in grid)

    # ----- moves ------------------------------------------------------------------------------------
    def opening(self, view: dict, legal: list[str], rng: random.Random) -> str:
        """Two flips in the same column: its pair (or not) is known sooner."""
        grid = _cells(view, view["seat"])
        for col, column in enumerate(grid):
            if column is not None and column.count(None) == GRID_ROWS - 1:
                for row in range(GRID_ROWS):
                    if column[row] is None and f"flip {_place(row, col)}" in legal:
                        return f"flip {_place(row, col)}"
        return rng.choice(legal)

    def context(self, view: dict) -> dict:
        pool = self.unseen(view)
        seat = view["seat"]
        ctx = {"pool": pool, "pool_total": sum(pool.values()), "mean": self.mean(pool),
               "last": view.get("closer") is not None, "seat": seat, "view": view}
        ctx["lead"] = self.lead(view, ctx) if self.tempo_weight else 0.0
        ctx["cache"] = {}
        grid = view["grids"][seat]
        ctx["up"] = sum(VALUES[c] for col in grid if col is not None for c in col if c is not None)
        return ctx

    def estimate(self, view: dict, seat: int, mean: float) -> float:
        """A grid's expected points: face-up cards plus the mean for each face-down one."""
        grid = view["grids"][seat]
        up = sum(VALUES[c] for col in grid if col is not None for c in col if c is not None)
        return up + mean * view["down_counts"][seat]

    def lead(self, view: dict, ctx: dict) -> float:
        """How many points the best other grid is worth more than ours (negative: we trail)."""
        me = view["seat"]
        best = min(self.estimate(view, s, ctx["mean"]) for s in range(view["players"]) if s != me)
        return best - self.estimate(view, me, ctx["mean"])

    def decide(self, view: dict, legal: list[str], rng: random.Random) -> str:
        if view.get("round") != self.round:
            self.round, self.turns = view.get("round"), 0
        if view["phase"] == "turn":
            self.turns += 1
        ctx = self.context(view)
        ctx["stalled"] = self.turns > STALL_TURNS
        grid = _cells(view, view["seat"])
        if view["phase"] == "drawn":
            return self.best_with(view, grid, view["drawn"], ctx, legal, "swap")[1]
        take_cost, take = self.best_with(view, grid, view["top"], ctx, legal, "take")
        if "draw" not in legal:
            return take
        draw_cost = self.draw_cost(view, grid, ctx)
        return take if take is not None and take_cost < draw_cost else "draw"

    def draw_cost(self, view: dict, grid: list, ctx: dict) -> float:
        """Expected score of drawing: the best answer to each card the draw could give, weighed by its odds."""
        pool = ctx["pool"] if self.counts_cards else DECK_COUNTS
        total = sum(pool.values())
        cost = 0.0
        for card, n in pool.items():
            cost += n * self.best_with(view, grid, card, ctx, None, "swap")[0]
        return cost / total

    def best_with(self, view: dict, grid: list, card: str, ctx: dict, legal: list[str] | None,
                  verb: str) -> tuple[float, str | None]:
        """The lowest-scored way to use ``card``: swap it (or take it) into a cell, or, for a drawn card,
        discard it and flip a face-down cell. Returns (score, action)."""
        mean = ctx["mean"]
        base = self.grid_points(grid, mean, ctx)
        down = sum(col.count(None) for col in grid if col is not None)
        up = sum(VALUES[c] for col in grid if col is not None for c in col if c is not None)
        best, where = math.inf, None
        flip_cost = None
        for col, column in enumerate(grid):
            if column is None:
                continue
            others = base - self.column_points(column, mean, ctx)
            for row in range(GRID_ROWS):
                old = column[row]
                new = list(column)
                new[row] = card
                score = others + self.column_points(new, mean, ctx)
                left = down - (old is None)
                up_after = None
                if left == 0:
                    up_after = up - (VALUES[old] if old is not None else 0) + VALUES[card]
                    if new[0] == new[1] == new[2]:
                        up_after -= 3 * VALUES[card]
                score += self.move_extra(view, ctx, left, up_after, old) + self.tempo(ctx, down - left)
                if score < best:
                    best, where = score, (verb, row, col)
                if old is None and verb == "swap":
                    if flip_cost is None:
                        flip_cost = base + self.move_extra(view, ctx, down - 1, None, card) + self.tempo(ctx, 1)
                    if flip_cost < best:
                        best, where = flip_cost, ("discard", row, col)
        if where is None:
            return best, None
        verb, row, col = where
        action = {"swap": SWAP, "take": TAKE, "discard": DISCARD}[verb][col][row]
        if legal is not None and action not in legal:      # cannot happen with the engine's lists
            return best, legal[0]
        return best, action

    def tempo(self, ctx: dict, flipped: int) -> float:
        """A turned-up card brings the round's end nearer: good when we lead, bad when we trail."""
        return -self.tempo_weight * ctx["lead"] * flipped if flipped and self.tempo_weight else 0.0

    def move_extra(self, view: dict, ctx: dict, down_left: int, up_after: int | None,
                   discarded: str | None) -> float:
        """Points a move costs beyond the grid: closing (``up_after``: the face-up points it leaves,
        None when unknown: a flip), and the card it leaves on the discard pile for the next seat."""
        return 0.0


class SkypoEasy(SkypoBot):
    level = "easy"

    def decide(self, view: dict, legal: list[str], rng: random.Random) -> str:
        if rng.random() < EASY_SLIP:
            return rng.choice(legal)
        grid = _cells(view, view["seat"])
        card = view["drawn"] if view["phase"] == "drawn" else view["top"]
        verb = "swap" if view["phase"] == "drawn" else "take"
        if VALUES[card] <= EASY_KEEP_MAX:
            high = max(((VALUES[c], r, col) for col, column in enumerate(grid) if column is not None
                        for r, c in enumerate(column) if c is not None), default=None)
            if high is not None and high[0] > VALUES[card]:
                return f"{verb} {_place(high[1], high[2])}"
            downs = [a for a in legal if a.startswith(verb) and self._down(grid, a)]
            if downs:
                return rng.choice(downs)
        if verb == "take":
            return "draw" if "draw" in legal else rng.choice(legal)
        flips = [a for a in legal if a.startswith("discard")]
        return rng.choice(flips or legal)

    @staticmethod
    def _down(grid: list, action: str) -> bool:
        row, col = map(int, action.split(" ")[1].split(","))
        return grid[col] is not None and grid[col][row] is None


class SkypoMedium(SkypoBot):
    level = "medium"

    def move_extra(self, view, ctx, down_left, up_after, discarded):
        if down_left == 0 and not ctx["last"] and not ctx["stalled"]:
            points = up_after if up_after is not None else ctx["up"] + ctx["mean"]
            if points > MEDIUM_CLOSE_MAX:
                return 2 * points
        return 0.0


from .hard import SkypoHard  # noqa: E402 - the hard level builds on SkypoBot above

__all__ = ["SkypoBot", "SkypoEasy", "SkypoMedium", "SkypoHard"]
