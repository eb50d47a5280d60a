"""The hard level of Skypo: card counting, pair hope, the closing odds, the gift charge and a look one
own turn ahead. Its ideas, constants and measured effects are in the package docstring (bots/skypo)."""

from __future__ import annotations

import math
import random

from ...games.skypo import DISCARD, GRID_ROWS, SWAP, TAKE
from . import (DECK_MEAN, GIFT_FREE, GIFT_WEIGHT, LAST_TURN_GAIN, LOOKAHEAD, PAIR_TURNS, PAIR_WEIGHT,
               STALL_TURNS, VALUES, SkypoBot)


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


_TAKE, _SWAP, _FLIP = 0, 1, 2
_ACTIONS = {_TAKE: TAKE, _SWAP: SWAP, _FLIP: DISCARD}
_NO_CARD = "z"           # sorts after every card code: the key of a face-down cell in ``_pair_key``


def _pair_key(b: str | None, c: str | None) -> tuple:
    """The same key for two cells in either order (a column's value does not depend on their order)."""
    kb = _NO_CARD if b is None else b
    kc = _NO_CARD if c is None else c
    return (kb, kc) if kb <= kc else (kc, kb)


def _with(column: tuple, row: int, card: str) -> tuple:
    if row == 0:
        return (card, column[1], column[2])
    if row == 1:
        return (column[0], card, column[2])
    return (column[0], column[1], card)


class SkypoHard(SkypoBot):
    """Card counting, pair hope, the gift charge and the closing odds (see the module docstring), and a
    look one own turn ahead (``LOOKAHEAD``): a move is worth the expected grid after our next turn, in
    which we draw a card of the unseen ones and put it where it helps most. A turned-up card is valued
    over every card it could be, so turning up is worth what we learn (a high card found can be replaced
    next turn). The last turn after someone closed is played one move deep (there is no next turn).

    The tables of one decision live in ``self._t`` and are dropped when it returns."""

    level = "hard"
    lookahead = LOOKAHEAD

    def decide(self, view: dict, legal: list[str], rng: random.Random) -> str:
        if view.get("round") != self.round:
            self.round, self.turns = view.get("round"), 0
        if view["phase"] == "turn":
            self.turns += 1
        try:
            return self._decide(view, legal)
        finally:
            self._t = None

    # ----- what the seat knows -----------------------------------------------------------------
    def _prepare(self, view: dict) -> tuple:
        """Count the unseen cards (``SkypoBot.unseen``: positive counts only) and set this decision's
        tables. Returns our grid as column tuples, its face-up points, its face-down count and its expected
        points."""
        pool = self.unseen(view)
        total = points = 0
        for card, n in pool.items():
            total += n
            points += n * VALUES[card]
        mean = points / total if total else DECK_MEAN
        last = view.get("closer") is not None
        self._t = t = {"view": view, "pool": pool, "total": total, "mean": mean, "last": last,
                       "guard": not last and self.turns <= STALL_TURNS,
                       "columns": {}, "gifts": {}, "closing": {}}
        if total:
            odds = [(card, n / total) for card, n in pool.items()]
            t["odds"], t["probs"] = odds, [p for _, p in odds]
            t["hope"] = {card: PAIR_WEIGHT * (1.0 - (1.0 - n / total) ** PAIR_TURNS) for card, n in pool.items()}
        cols = [None if c is None else tuple(c) for c in view["grids"][view["seat"]]]
        up = down = 0
        for column in cols:
            if column is not None:
                for card in column:
                    if card is None:
                        down += 1
                    else:
                        up += VALUES[card]
        base = 0.0
        for column in cols:
            if column is not None:
                base += self._column(column)
        t["grid"] = cols
        return cols, up, down, base

    def _column(self, column: tuple) -> float:
        """Expected points of one column (a face-down cell counts the unseen mean), less a pair's hope
        of its third card (``PAIR_WEIGHT``, ``PAIR_TURNS``) while the round goes on."""
        t = self._t
        cache = t["columns"]
        value = cache.get(column)
        if value is not None:
            return value
        a, b, c = column
        if a is not None and a == b == c:
            value = 0.0
        else:
            mean = t["mean"]
            value = ((VALUES[a] if a is not None else mean) + (VALUES[b] if b is not None else mean)
                     + (VALUES[c] if c is not None else mean))
            if not t["last"] and value > 0:
                pair = None
                if a is not None and (a == b or a == c):
                    pair = a
                elif b is not None and b == c:
                    pair = b
                if pair is not None:
                    share = t["pool"][pair] / t["total"] if t["total"] else 0.0
                    if share > 0:
                        value -= PAIR_WEIGHT * (1.0 - (1.0 - share) ** PAIR_TURNS) * value
        cache[column] = value
        return value

    def _decide(self, view: dict, legal: list[str]) -> str:
        cols, up, down, base = self._prepare(view)
        t = self._t
        two_ply = self.lookahead and not t["last"] and t["total"]
        moves = self._moves if two_ply else self._one_ply
        if two_ply:
            t.update(ahead={}, best_in={}, pair_rows={}, flips={}, elsewhere={})
        if view["phase"] == "drawn":
            return moves(cols, view["drawn"], _SWAP, up, down, base)[1]
        take_value, take = moves(cols, view["top"], _TAKE, up, down, base)
        if "draw" not in legal:
            return take
        draw_value = 0.0
        if two_ply:
            for card, p in t["odds"]:
                draw_value += p * moves(cols, card, _SWAP, up, down, base)[0]
        else:
            pool, total = t["pool"], t["total"]
            for card, n in pool.items():
                draw_value += n * moves(cols, card, _SWAP, up, down, base)[0]
            draw_value /= total
        return take if take is not None and take_value < draw_value else "draw"

    # ----- one move deep (the last turn) ------------------------------------------------------------
    def _one_ply(self, cols: list, card: str, verb: int, up: int, down: int, base: float) -> tuple:
        """The lowest-scored way to use ``card`` (swap or take it into a cell, or discard it and turn
        a face-down card up), scored by the grid it leaves. Returns (score, action)."""
        t = self._t
        best, where, flip_cost = math.inf, None, None
        value = VALUES[card]
        guard = t["guard"]
        for ci, column in enumerate(cols):
            if column is None:
                continue
            others = base - self._column(column)
            for row in range(GRID_ROWS):
                old = column[row]
                new = _with(column, row, card)
                score = others + self._column(new)
                if old is not None:
                    score += self._gift(old)
                if guard and down - (old is None) == 0:
                    up_after = up - (VALUES[old] if old is not None else 0) + value
                    if new[0] == new[1] == new[2]:
                        up_after -= 3 * value
                    score += self._closing(up_after)
                if score < best:
                    best, where = score, (verb, row, ci)
                if old is None and verb == _SWAP:
                    if flip_cost is None:
                        flip_cost = base + self._gift(card)
                        if guard and down == 1:
                            flip_cost += self._closing(up + t["mean"])
                    if flip_cost < best:
                        best, where = flip_cost, (_FLIP, row, ci)
        return best, self._action(where)

    @staticmethod
    def _action(where: tuple | None) -> str | None:
        if where is None:
            return None
        verb, row, ci = where
        return _ACTIONS[verb][ci][row]

    # ----- one own turn ahead ---------------------------------------------------------------------
    def _moves(self, cols: list, card: str, verb: int, up: int, down: int, base: float) -> tuple:
        """Like ``_one_ply``, but a move that does not close is worth the expected grid after our next
        turn (``_ahead``), and turning a card up is worth the mean over the card it could be."""
        t = self._t
        guard = t["guard"]
        value = VALUES[card]
        best, where = math.inf, None
        for ci, column in enumerate(cols):
            if column is None:
                continue
            others = base - self._column(column)
            for row in range(GRID_ROWS):
                old = column[row]
                new = _with(column, row, card)
                base2 = others + self._column(new)
                gone = new[0] == new[1] == new[2]
                up2 = up + value - (3 * value if gone else 0)
                if old is None:
                    down2, extra = down - 1, 0.0
                else:
                    down2, extra = down, self._gift(old)
                    up2 -= VALUES[old]
                if down2 == 0:
                    score = base2 + extra + (self._closing(up2) if guard else 0.0)
                else:
                    score = extra + self._ahead(ci, None if gone else new, up2, down2, base2)
                if score < best:
                    best, where = score, (verb, row, ci)
                if old is None and verb == _SWAP:
                    score = self._flip_value(ci, row, up, down, base) + self._gift(card)
                    if score < best:
                        best, where = score, (_FLIP, row, ci)
        return best, self._action(where)

    def _flip_value(self, ci: int, row: int, up: int, down: int, base: float) -> float:
        """Turning up the face-down card at ``row``/``ci``: the mean over every card it could be."""
        t = self._t
        flips = t["flips"]
        value = flips.get((ci, row))
        if value is not None:
            return value
        column = t["grid"][ci]
        others = base - self._column(column)
        guard = t["guard"]
        value = 0.0
        for card, p in t["odds"]:
            new = _with(column, row, card)
            gone = new[0] == new[1] == new[2]
            points = VALUES[card]
            base2 = others + self._column(new)
            up2 = up + points - (3 * points if gone else 0)
            if down == 1:
                score = base2 + (self._closing(up2) if guard else 0.0)
            else:
                score = self._ahead(ci, None if gone else new, up2, down - 1, base2)
            value += p * score
        flips[(ci, row)] = value
        return value

    def _pair_row(self, b: str | None, c: str | None) -> list:
        """``_column`` of (x, b, c) for every unseen card x, in the order of ``odds``."""
        t = self._t
        key = _pair_key(b, c)
        row = t["pair_rows"].get(key)
        if row is not None:
            return row
        mean, hope = t["mean"], t["hope"]
        both = (VALUES[b] if b is not None else mean) + (VALUES[c] if c is not None else mean)
        pair_bc = b if (b is not None and b == c) else None
        row = []
        for x, _ in t["odds"]:
            if pair_bc is not None and x == pair_bc:
                row.append(0.0)
                continue
            value = VALUES[x] + both
            pair = x if (x == b or x == c) else pair_bc
            if pair is not None and value > 0:
                value -= hope.get(pair, 0.0) * value    # no unseen copy left: no hope
            row.append(value)
        t["pair_rows"][key] = row
        return row

    def _best_in(self, column: tuple, skip: int = -1) -> list:
        """For every unseen card: the best change of this column's points by putting that card in one
        of its cells (not row ``skip``)."""
        t = self._t
        key = (column, skip)
        best = t["best_in"].get(key)
        if best is not None:
            return best
        a, b, c = column
        here = self._column(column)
        rows = []
        if skip != 0:
            rows.append(self._pair_row(b, c))
        if skip != 1:
            rows.append(self._pair_row(a, c))
        if skip != 2:
            rows.append(self._pair_row(a, b))
        if len(rows) == 3:
            best = [min(x, y, z) - here for x, y, z in zip(*rows)]
        elif len(rows) == 2:
            best = [min(x, y) - here for x, y in zip(*rows)]
        else:
            best = [x - here for x in rows[0]]
        t["best_in"][key] = best
        return best

    def _elsewhere(self, ci: int) -> list:
        """For every unseen card: the best change it makes anywhere in our grid but column ``ci``, or 0
        (discard it and turn a card up: no change expected)."""
        t = self._t
        best = t["elsewhere"].get(ci)
        if best is not None:
            return best
        best = [0.0] * len(t["odds"])
        for j, column in enumerate(t["grid"]):
            if j != ci and column is not None:
                best = [min(x, y) for x, y in zip(best, self._best_in(column))]
        t["elsewhere"][ci] = best
        return best

    def _ahead(self, ci: int, new: tuple | None, up: int, down: int, base: float) -> float:
        """Expected points of our grid after our next turn (a card drawn from the unseen ones and put
        where it helps most, one move deep), the grid being ours with column ``ci`` now ``new``
        (None: removed), worth ``base`` with ``up`` face-up points and ``down`` face-down cards."""
        t = self._t
        ahead = t["ahead"]
        key = (ci, new)
        value = ahead.get(key)
        if value is not None:
            return value
        if down == 1 and t["guard"]:
            cols = list(t["grid"])
            cols[ci] = new
            value = self._ahead_closing(cols, up, base)
        else:
            elsewhere = self._elsewhere(ci)
            if new is None:
                value = base + sum(p * x for p, x in zip(t["probs"], elsewhere))
            else:
                here = self._best_in(new)
                value = base + sum(p * (x if x < y else y) for p, x, y in zip(t["probs"], elsewhere, here))
        ahead[key] = value
        return value

    def _ahead_closing(self, cols: list, up: int, base: float) -> float:
        """``_ahead`` for a grid with one face-down cell left: filling it or turning it up closes."""
        t = self._t
        for ci, column in enumerate(cols):
            if column is not None and None in column:
                row0, ci0 = column.index(None), ci
                break
        flip = self._closing(up + t["mean"])
        bests = [self._best_in(column, row0 if ci == ci0 else -1) for ci, column in enumerate(cols)
                 if column is not None]
        column0 = cols[ci0]
        here0 = self._column(column0)
        value = base
        for k, (card, p) in enumerate(t["odds"]):
            best = flip
            for changes in bests:
                if changes[k] < best:
                    best = changes[k]
            new = _with(column0, row0, card)
            points = VALUES[card]
            score = self._column(new) - here0 + self._closing(
                up + points - (3 * points if new[0] == new[1] == new[2] else 0))
            if score < best:
                best = score
            value += p * best
        return value

    # ----- the table around us --------------------------------------------------------------------
    def _gift(self, card: str) -> float:
        """``GIFT_WEIGHT`` per point the next seat gains by taking ``card`` from the pile instead of
        drawing, beyond ``GIFT_FREE``."""
        gifts = self._t["gifts"]
        value = gifts.get(card)
        if value is None:
            value = gifts[card] = GIFT_WEIGHT * self._gift_points(card)
        return value

    def _gift_points(self, card: str) -> float:
        t = self._t
        table = t.get("gift_table", 0)
        if table == 0:
            table = t["gift_table"] = self._next_seat_needs()
        if table is None:
            return 0.0
        high, pairs = table
        gain = high - VALUES[card]
        pair = pairs.get(card)
        if pair is not None and pair > gain:
            gain = pair
        return max(0.0, gain - GIFT_FREE)

    def _next_seat_needs(self) -> tuple | None:
        """The next seat's highest cell (a face-down one counts the unseen mean) and, per card, what it
        gains by completing a pair that waits over a face-down cell; None if it has no more turns."""
        t = self._t
        view = t["view"]
        nxt = (view["seat"] + 1) % view["players"]
        if t["last"] and nxt == view.get("closer"):
            return None
        mean = t["mean"]
        high = -math.inf
        pairs: dict = {}
        for column in view["grids"][nxt]:
            if column is None:
                continue
            a, b, c = column
            for x in column:
                here = VALUES[x] if x is not None else mean
                if here > high:
                    high = here
            for p, q, r in ((a, b, c), (a, c, b), (b, c, a)):
                if p is not None and p == q and r is None:
                    gain = 2 * VALUES[p] + mean
                    if gain > pairs.get(p, -math.inf):
                        pairs[p] = gain
        return high, pairs

    def _closing(self, mine: float) -> float:
        """Expected points added by the doubling if we close leaving ``mine`` points: each other grid
        is taken as normal (its face-down cards at the unseen mean and variance) less the
        ``LAST_TURN_GAIN`` of its last turn."""
        t = self._t
        cache = t["closing"]
        cost = cache.get(mine)
        if cost is not None:
            return cost
        view, pool, mean = t["view"], t["pool"], t["mean"]
        total = t["total"] or 1
        var = sum(n * (VALUES[c] - mean) ** 2 for c, n in pool.items()) / total
        p_lowest = 1.0
        for seat, other in enumerate(view["grids"]):
            if seat == view["seat"]:
                continue
            up = sum(VALUES[c] for col in other if col is not None for c in col if c is not None)
            down = view["down_counts"][seat]
            mu = up + mean * down - LAST_TURN_GAIN
            sd = math.sqrt(down * var + 4.0)
            p_lowest *= 1.0 - _phi((mine + 0.5 - mu) / sd)
        cost = cache[mine] = max(mine, 0) * (1.0 - p_lowest)
        return cost
