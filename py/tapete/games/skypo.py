"""Skypo: the 12-card grid game of sheet 001 ("gana quien menos suma") with its rulings (shared/RULINGS.md).

Card codes are the card values as text: ``-2``, ``-1``, ``0``, ``1`` ... ``12``.
Places are ``row,col`` with rows 0-2 and columns 0-3 (3 filas de 4 columnas).
Actions: ``flip 0,2`` (opening flips), ``draw``, then ``swap 1,3`` or ``discard flip:2,0``;
``take 1,3`` (take the top discard and swap it in); ``next`` (the closer deals the next round).
Not a shedding game: it stands on :class:`tapete.core.Game` directly.
"""

from __future__ import annotations

import json
from collections import Counter

from ..core import POINTS_OPTION, Game, MalformedAction, parse, require
from ..core.registry import register
from ..core.rng import shuffle_in_state

# ----- the deck ("Qué hace falta") ------------------------------------------------------------------
LOWEST, HIGHEST = -2, 12
COPIES = {-2: 5, -1: 10, 0: 15}          # every other value (1-12) has DEFAULT_COPIES
DEFAULT_COPIES = 10
DECK_SIZE = 150

# ----- the grid ("tres filas de cuatro columnas") -----------------------------------------------------
GRID_ROWS, GRID_COLS = 3, 4
GRID_SIZE = GRID_ROWS * GRID_COLS
OPENING_FLIPS = 2                         # "cada uno destapa dos cartas cualesquiera"
TARGET = 100                              # "Cuando alguien llega a 100 puntos, la partida termina"
CLOSER_FACTOR = 2                         # "se lleva el doble de sus puntos"

PHASES = ("reveal", "turn", "drawn", "round_over", "game_over")
CODES = tuple(str(v) for v in range(LOWEST, HIGHEST + 1))
CODE_SET = frozenset(CODES)
CELL_SET = CODE_SET | {None}
VALUE = {code: int(code) for code in CODES}
CELL_TEXT = [[f"{r},{c}" for c in range(GRID_COLS)] for r in range(GRID_ROWS)]
CELL_OF = {CELL_TEXT[r][c]: (r, c) for r in range(GRID_ROWS) for c in range(GRID_COLS)}
# action texts per cell, indexed [col][row] like the grids
FLIP = [["flip " + CELL_TEXT[r][c] for r in range(GRID_ROWS)] for c in range(GRID_COLS)]
SWAP = [["swap " + CELL_TEXT[r][c] for r in range(GRID_ROWS)] for c in range(GRID_COLS)]
TAKE = [["take " + CELL_TEXT[r][c] for r in range(GRID_ROWS)] for c in range(GRID_COLS)]
DISCARD = [["discard flip:" + CELL_TEXT[r][c] for r in range(GRID_ROWS)] for c in range(GRID_COLS)]
AUTO_KEEP_MAX = 4                         # auto-play keeps a drawn/discarded card of this value or less


def build_deck() -> list[str]:
    """The 150 cards: −2 ×5, −1 ×10, 0 ×15, 1-12 ×10 each."""
    cards = []
    for value in range(LOWEST, HIGHEST + 1):
        cards += [str(value)] * COPIES.get(value, DEFAULT_COPIES)
    return cards


DECK = build_deck()
DECK_COUNTS = Counter(DECK)
assert len(DECK) == DECK_SIZE, "the sheet's deck has 150 cards"


def is_place(text: str) -> bool:
    """Is ``text`` written like a place, ``row,col`` (digits; it may still lie outside the grid)?"""
    row, sep, col = text.partition(",")
    return bool(sep) and row.isdigit() and col.isdigit() and row.isascii() and col.isascii()


def new_grid() -> list:
    """Four columns of three face-down cells (``None`` = face down)."""
    return [[None] * GRID_ROWS for _ in range(GRID_COLS)]


def down_index(grid: list, row: int, col: int) -> int:
    """Index in the seat's ``down`` list of the face-down card at ``row,col`` (column-major order)."""
    index = 0
    for c in range(col):
        column = grid[c]
        if column is not None:
            index += column.count(None)
    return index + grid[col][:row].count(None)


class Skypo(Game):
    id = "skypo"
    title = {"es": "Skypo", "en": "Skypo"}
    min_players, max_players = 2, 8
    options_spec = {
        "target": (TARGET, POINTS_OPTION),   # the game ends after the round in which a total reaches this
        "turn_timer": (0, int),       # seconds per move, 0 = none; the host runs it with auto_action
    }

    # ----- set-up ----------------------------------------------------------------------------
    def _setup(self, state: dict) -> None:
        n = state["players"]
        state.update(scores=[0] * n, round=1, opener=None, last_round=None, result=None)
        self._deal_round(state)

    def _deal_round(self, state: dict) -> None:
        """Shuffle the whole deck, deal 12 face down to each seat, turn one up onto the discard pile."""
        n = state["players"]
        cards = list(DECK)
        shuffle_in_state(state, cards)
        state["grids"] = [new_grid() for _ in range(n)]
        state["down"] = [cards[i * GRID_SIZE:(i + 1) * GRID_SIZE] for i in range(n)]
        draw = cards[n * GRID_SIZE:]
        state["discard"] = [draw.pop()]
        state["draw"] = draw
        state.update(phase="reveal", turn=None, drawn=None, closer=None, to_flip=[OPENING_FLIPS] * n)

    # ----- queries -----------------------------------------------------------------------------
    def to_move(self, state: dict) -> list[int]:
        if state["over"]:
            return []
        phase = state["phase"]
        if phase == "reveal":
            return [s for s, left in enumerate(state["to_flip"]) if left]
        if phase == "round_over":
            return [state["last_round"]["closer"]]
        return [state["turn"]]

    def legal_actions(self, state: dict, seat: int) -> list[str]:
        if state["over"]:
            return []
        phase = state["phase"]
        if phase == "reveal":
            return self._cells(state["grids"][seat], FLIP, True) if state["to_flip"][seat] else []
        if phase == "round_over":
            return ["next"] if seat == state["last_round"]["closer"] else []
        if seat != state["turn"]:
            return []
        grid = state["grids"][seat]
        if phase == "turn":
            actions = ["draw"] if self._can_draw(state) else []
            return actions + self._cells(grid, TAKE, False)
        return self._cells(grid, SWAP, False) + self._cells(grid, DISCARD, True)

    @staticmethod
    def _cells(grid: list, texts: list, face_down_only: bool) -> list[str]:
        """``texts[c]`` (one text per row) for every cell of ``grid`` (only face-down ones if asked),
        column by column, top to bottom."""
        out: list[str] = []
        for column, column_texts in zip(grid, texts):
            if column is not None:
                if face_down_only:
                    out += [t for t, cell in zip(column_texts, column) if cell is None]
                else:
                    out += column_texts
        return out

    @staticmethod
    def _can_draw(state: dict) -> bool:
        """A draw is possible unless both the draw pile and the reshufflable discard pile are empty."""
        return bool(state["draw"]) or len(state["discard"]) > 1

    def is_legal(self, state: dict, seat: int, action: str) -> bool:
        """Exactly ``action in legal_actions(state, seat)``, without building the list."""
        if state["over"] or not isinstance(action, str):
            return False
        phase = state["phase"]
        if phase == "reveal":
            return bool(state["to_flip"][seat]) and action[:5] == "flip " and \
                self._cell_ok(state["grids"][seat], action[5:], True)
        if phase == "round_over":
            return action == "next" and seat == state["last_round"]["closer"]
        if seat != state["turn"]:
            return False
        grid = state["grids"][seat]
        if phase == "turn":
            if action == "draw":
                return self._can_draw(state)
            return action[:5] == "take " and self._cell_ok(grid, action[5:], False)
        if action[:5] == "swap ":
            return self._cell_ok(grid, action[5:], False)
        return action[:13] == "discard flip:" and self._cell_ok(grid, action[13:], True)

    @staticmethod
    def _cell_ok(grid: list, text: str, face_down_only: bool) -> bool:
        cell = CELL_OF.get(text)
        if cell is None:
            return False
        column = grid[cell[1]]
        return column is not None and (not face_down_only or column[cell[0]] is None)

    def refusal(self, state: dict, seat: int, action: str) -> tuple[str, str]:
        verb, _, rest = action.partition(" ")
        phase = state["phase"]
        grid = state["grids"][seat]
        target = rest.partition("flip:")[2] if verb == "discard" else rest
        if verb in ("flip", "swap", "take", "discard") and target:
            cell = CELL_OF.get(target)
            if cell is None:
                return "no_such_place", (f"{target!r} is not a place of the grid: write row,col with rows "
                                         f"0-{GRID_ROWS - 1} and columns 0-{GRID_COLS - 1}")
            if grid[cell[1]] is None:
                return "column_removed", f"column {cell[1]} was removed: it no longer exists"
        if phase == "reveal":
            if verb != "flip":
                return "opening_flips", f"first every player turns up {OPENING_FLIPS} cards: flip row,col"
            if not rest:
                return "choose_place", "say which card to turn up: flip row,col"
            return "already_face_up", f"the card at {rest} is already face up"
        if phase == "round_over":
            return "round_over", "the round is over: the closer deals the next one (next)"
        if phase == "turn":
            if verb == "draw":
                return "nothing_to_draw", "the draw pile and the discard pile are both exhausted"
            if verb == "take":
                return "take_must_swap", ("the discard you take must replace one of your cards: take row,col "
                                          "(taking it and discarding it again is not allowed)")
            if verb in ("swap", "discard"):
                return "draw_first", "draw first (draw), or take the top discard into your grid (take row,col)"
            return "draw_or_take", "draw a card (draw) or take the top discard (take row,col)"
        drawn = state["drawn"]
        if verb in ("draw", "take"):
            return "already_drew", (f"you already drew {drawn}: swap it (swap row,col) or discard it and "
                                    f"turn up a face-down card (discard flip:row,col)")
        if verb == "discard":
            if not target:
                return "must_flip", "discarding the drawn card, you must turn up a face-down card: discard flip:row,col"
            return "already_face_up", f"the card at {target} is already face up: turn up a face-down one"
        if verb == "swap" and not rest:
            return "choose_place", "say which card to replace: swap row,col"
        return "swap_or_discard", f"swap the drawn {drawn} (swap row,col) or discard it (discard flip:row,col)"

    # ----- notation ----------------------------------------------------------------------------
    def check_grammar(self, action: object) -> None:
        """Raise :class:`MalformedAction` unless ``action`` is Skypo action text at all.

        A bare ``take``, ``swap``, ``flip`` or ``discard`` is well formed: the rules refuse it with a
        specific reason (the discard taken must be swapped, a discard needs a flip...)."""
        verb, args, opts = parse(action)
        if verb in ("draw", "next"):
            if args or opts:
                raise MalformedAction(f"{action!r}: {verb} takes nothing more")
        elif verb in ("flip", "swap", "take"):
            if opts or len(args) > 1 or (args and not is_place(args[0])):
                raise MalformedAction(f"{action!r}: {verb} takes one place row,col, e.g. '{verb} 1,3'")
        elif verb == "discard":
            if args or set(opts) - {"flip"} or ("flip" in opts and not is_place(opts["flip"])):
                raise MalformedAction(f"{action!r}: write 'discard flip:row,col', e.g. 'discard flip:2,0'")
        else:
            raise MalformedAction(f"{action!r}: unknown action {verb!r} (flip, draw, swap, discard, take, next)")

    def apply(self, state: dict, seat: int, action: str) -> list[dict]:
        """Check the notation, then the rules (see :meth:`Game.apply`). Legal texts are well formed, so
        the notation is checked only for text the rules would refuse."""
        if not (type(seat) is int and 0 <= seat < state["players"] and self.is_legal(state, seat, action)):
            self.check_grammar(action)
        return super().apply(state, seat, action)

    # ----- moves ---------------------------------------------------------------------------------
    def _apply(self, state: dict, seat: int, action: str, parsed) -> list[dict]:
        verb = parsed.verb
        events: list[dict] = []
        if verb == "flip":
            row, col = CELL_OF[parsed.args[0]]
            self._turn_up(state, seat, row, col, events)
            state["to_flip"][seat] -= 1
            if not any(state["to_flip"]):
                self._start_turns(state, events)
        elif verb == "draw":
            self._draw(state, seat, events)
        elif verb == "take":
            card = state["discard"].pop()
            events.append({"type": "took", "seat": seat, "card": card})
            self._swap(state, seat, card, CELL_OF[parsed.args[0]], events)
            self._end_turn(state, seat, events)
        elif verb == "swap":
            card, state["drawn"] = state["drawn"], None
            self._swap(state, seat, card, CELL_OF[parsed.args[0]], events)
            self._end_turn(state, seat, events)
        elif verb == "discard":
            card, state["drawn"] = state["drawn"], None
            state["discard"].append(card)
            events.append({"type": "discarded", "seat": seat, "card": card})
            row, col = CELL_OF[parsed.opts["flip"]]
            self._turn_up(state, seat, row, col, events)
            self._end_turn(state, seat, events)
        elif verb == "next":
            self._next_round(state, events)
        return events

    def _turn_up(self, state: dict, seat: int, row: int, col: int, events: list) -> None:
        """Turn the face-down card at ``row,col`` face up, then check its column."""
        grid = state["grids"][seat]
        card = state["down"][seat].pop(down_index(grid, row, col))
        grid[col][row] = card
        events.append({"type": "flipped", "seat": seat, "row": row, "col": col, "card": card})
        self._check_column(state, seat, col, events)

    def _swap(self, state: dict, seat: int, card: str, cell: tuple[int, int], events: list) -> None:
        """Put ``card`` face up at ``cell``; the card there (face up or not) goes face up onto the discard."""
        row, col = cell
        grid = state["grids"][seat]
        old = grid[col][row]
        if old is None:
            old = state["down"][seat].pop(down_index(grid, row, col))
        grid[col][row] = card
        state["discard"].append(old)
        events.append({"type": "swapped", "seat": seat, "row": row, "col": col, "card": card, "replaced": old})
        self._check_column(state, seat, col, events)

    def _check_column(self, state: dict, seat: int, col: int, events: list) -> None:
        """"Columnas iguales": three face-up equal cards leave at once, top card onto the pile last."""
        column = state["grids"][seat][col]
        first = column[0]
        if first is not None and column[1] == first and column[2] == first:
            state["discard"].extend(reversed(column))
            state["grids"][seat][col] = None
            events.append({"type": "column_removed", "seat": seat, "col": col, "card": first})

    def _draw(self, state: dict, seat: int, events: list) -> None:
        """Draw the top card (reshuffling the discard pile minus its top when the pile is out); it is public."""
        if not state["draw"]:
            discard = state["discard"]
            pile = discard[:-1]
            state["discard"] = discard[-1:]
            shuffle_in_state(state, pile)
            state["draw"] = pile
            events.append({"type": "reshuffled", "count": len(pile)})
        card = state["draw"].pop()
        state["drawn"] = card
        state["phase"] = "drawn"
        events.append({"type": "drew", "seat": seat, "card": card})

    def _start_turns(self, state: dict, events: list) -> None:
        """After the opening flips: the previous closer starts, or (first round) the highest face-up sum."""
        sums = [self.face_up_sum(grid) for grid in state["grids"]]
        first = state["opener"]
        if first is None:
            first = max(range(state["players"]), key=lambda s: (sums[s], -s))
        state["turn"] = first
        state["phase"] = "turn"
        events.append({"type": "first_turn", "seat": first, "sums": sums})

    def _end_turn(self, state: dict, seat: int, events: list) -> None:
        """Close the round if ``seat`` has no face-down card; pass the turn; end after the last turns."""
        if state["closer"] is None and not state["down"][seat]:
            state["closer"] = seat
            events.append({"type": "closed", "seat": seat})
        following = (seat + 1) % state["players"]
        if following == state["closer"]:
            self._end_round(state, events)
            return
        state["turn"] = following
        state["phase"] = "turn"

    # ----- rounds and the game -------------------------------------------------------------------
    @staticmethod
    def face_up_sum(grid: list) -> int:
        return sum(VALUE[card] for column in grid if column is not None for card in column if card is not None)

    def _end_round(self, state: dict, events: list) -> None:
        """Reveal every face-down card (no column removal now), score, and end the game at the target."""
        n = state["players"]
        for seat in range(n):
            down = state["down"][seat]
            cells = []
            for col, column in enumerate(state["grids"][seat]):
                if column is None:
                    continue
                for row in range(GRID_ROWS):
                    if column[row] is None:
                        column[row] = down.pop(0)
                        cells.append([row, col, column[row]])
            if cells:
                events.append({"type": "revealed", "seat": seat, "cells": cells})
        points = [self.face_up_sum(grid) for grid in state["grids"]]
        closer = state["closer"]
        round_scores = list(points)
        own = points[closer]
        doubled = own > 0 and any(points[s] <= own for s in range(n) if s != closer)
        if doubled:
            round_scores[closer] = own * CLOSER_FACTOR
        for seat in range(n):
            state["scores"][seat] += round_scores[seat]
        summary = {"closer": closer, "points": points, "doubled": doubled, "round_scores": round_scores,
                   "totals": list(state["scores"])}
        state.update(last_round=summary, turn=None, drawn=None, phase="round_over")
        events.append(dict(summary, type="round_over"))
        if max(state["scores"]) >= state["options"]["target"]:
            low = min(state["scores"])
            winners = [s for s in range(n) if state["scores"][s] == low]
            state["over"] = True
            state["phase"] = "game_over"
            state["result"] = {"winners": winners, "scores": list(state["scores"])}
            events.append({"type": "game_over", "winners": winners, "scores": list(state["scores"])})

    def _next_round(self, state: dict, events: list) -> None:
        state["opener"] = state["last_round"]["closer"]
        state["round"] += 1
        state["last_round"] = None
        self._deal_round(state)
        events.append({"type": "round_started", "round": state["round"], "opener": state["opener"],
                       "top": state["discard"][-1]})

    # ----- turn timer -----------------------------------------------------------------------------
    def auto_action(self, state: dict, seat: int) -> str:
        """The move made when the turn timer runs out: a plain, sensible play.

        Opening: flip the first face-down card. Turn: take a low discard (value <= 4) or one that
        completes a column, else draw. Drawn card: complete a column if it can, else replace the highest
        face-up card above it, else keep a low card in a face-down place, else discard and flip.
        """
        actions = self.legal_actions(state, seat)
        if not actions:
            return super().auto_action(state, seat)
        phase = state["phase"]
        if phase in ("reveal", "round_over"):
            return actions[0]
        grid = state["grids"][seat]
        if phase == "turn":
            card = state["discard"][-1]
            cell = self._best_place(grid, card)
            if cell is not None:
                return TAKE[cell[1]][cell[0]]
            return "draw" if "draw" in actions else actions[-1]
        card = state["drawn"]
        cell = self._best_place(grid, card)
        if cell is not None:
            return SWAP[cell[1]][cell[0]]
        return next(a for a in actions if a.startswith("discard "))

    @staticmethod
    def _best_place(grid: list, card: str) -> tuple[int, int] | None:
        """Where ``card`` is worth keeping: a column it completes, the highest face-up card above it, or a
        face-down place if the card is low; ``None`` when it is not worth keeping."""
        value = VALUE[card]
        best, best_value, face_down = None, value, None
        for col, column in enumerate(grid):
            if column is None:
                continue
            up = [r for r in range(GRID_ROWS) if column[r] == card]
            if len(up) == GRID_ROWS - 1:
                return next(r for r in range(GRID_ROWS) if column[r] != card), col
            for row in range(GRID_ROWS):
                here = column[row]
                if here is None:
                    if face_down is None:
                        face_down = (row, col)
                elif VALUE[here] > best_value:
                    best, best_value = (row, col), VALUE[here]
        if best is not None:
            return best
        return face_down if value <= AUTO_KEEP_MAX else None

    # ----- views and validation --------------------------------------------------------------
    def view(self, state: dict, seat: int | None) -> dict:
        """The public table: face-up cells, face-down cells as null, removed columns as null."""
        last_round, result = state["last_round"], state["result"]
        return {
            "game": self.id,
            "players": state["players"],
            "seat": seat,
            "version": state["version"],
            "phase": state["phase"],
            "turn": state["turn"],
            "round": state["round"],
            "grids": [[None if column is None else list(column) for column in grid] for grid in state["grids"]],
            "down_counts": [len(down) for down in state["down"]],
            "to_flip": list(state["to_flip"]),
            "top": state["discard"][-1] if state["discard"] else None,
            "discard_count": len(state["discard"]),
            "draw_count": len(state["draw"]),
            "drawn": state["drawn"],
            "closer": state["closer"],
            "opener": state["opener"],
            "scores": list(state["scores"]),
            "options": dict(state["options"]),
            "over": state["over"],
            "last_round": None if last_round is None else json.loads(json.dumps(last_round)),
            "result": None if result is None else json.loads(json.dumps(result)),
        }

    def hidden_places(self, state: dict, seat: int | None) -> list[list]:
        """The draw pile and every face-down card, the seat's own included (nobody looks at them)."""
        return [state["draw"], *state["down"]]

    def card_places(self, state: dict) -> list[list[str]]:
        """Every list of cards: together with the face-up cells and the drawn card, exactly one deck."""
        return [state["draw"], state["discard"], *state["down"]]

    def check_state(self, state: dict) -> None:
        n = state["players"]
        for key in ("grids", "down", "draw", "discard", "scores", "to_flip"):
            require(isinstance(state.get(key), list), f"field {key!r} must be a list")
        for key in ("grids", "down", "scores", "to_flip"):
            require(len(state[key]) == n, f"field {key!r} needs one entry per seat")
        require(all(type(down) is list for down in state["down"]), "face-down cards are lists per seat")
        phase = state.get("phase")
        require(phase in PHASES, f"unknown phase {phase!r}")
        require((phase == "game_over") == state["over"], "phase game_over goes with over")
        for key in ("scores", "to_flip"):
            require(all(type(v) is int for v in state[key]), f"{key} must hold integers")
        require(isinstance(state.get("round"), int) and state["round"] >= 1, "round must be a positive integer")
        for key in ("turn", "closer", "opener"):
            value = state.get(key, 0)
            require(value is None or (type(value) is int and 0 <= value < n), f"{key} must be a seat or null")
        require((state["turn"] is not None) == (phase in ("turn", "drawn")), "turn is a seat exactly during turns")
        require(all(0 <= left <= OPENING_FLIPS for left in state["to_flip"]), "to_flip must be 0-2")
        require((phase == "reveal") == any(state["to_flip"]), "opening flips are left exactly in phase reveal")
        drawn = state.get("drawn", 0)
        require(drawn is None or drawn in CODE_SET, "drawn must be a card or null")
        require((phase == "drawn") == (drawn is not None), "a drawn card goes with phase drawn")
        require(state["discard"] != [], "the discard pile is never empty")
        cards = state["draw"] + state["discard"]
        for down in state["down"]:
            cards += down
        if drawn is not None:
            cards.append(drawn)
        for seat, grid in enumerate(state["grids"]):
            self._check_grid(state, seat, grid, phase)
            for column in grid:
                if column is not None:
                    cards += column
        cards = [c for c in cards if c is not None]     # face-down cells are null
        require(CODE_SET.issuperset(cards), "card lists must hold card codes")
        require(Counter(cards) == DECK_COUNTS, "the cards on the table are not exactly one deck")
        over_phases = ("round_over", "game_over")
        require((phase in over_phases) == isinstance(state.get("last_round"), dict), "a finished round has its summary")
        if phase in over_phases:
            require(state["last_round"].get("closer") in range(n), "the summary names the closer")
            require(not any(state["down"]), "every card is revealed at the end of a round")
        require(state["over"] == isinstance(state.get("result"), dict), "a finished game has its result")
        if phase == "reveal":
            require(state["closer"] is None, "nobody has closed during the opening flips")
        if state["closer"] is not None and phase in ("turn", "drawn"):
            require(not state["down"][state["closer"]], "the closer has no face-down card")
            require(state["turn"] != state["closer"], "the closer has no more turns")

    @staticmethod
    def _check_grid(state: dict, seat: int, grid: list, phase: str) -> None:
        require(type(grid) is list and len(grid) == GRID_COLS, "a grid has four columns")
        face_down = 0
        running = phase not in ("round_over", "game_over")
        for column in grid:
            if column is None:
                continue
            require(type(column) is list and len(column) == GRID_ROWS, "a column has three cells or is null")
            require(CELL_SET.issuperset(column), "a cell holds a card code or null")
            face_down += column.count(None)
            if running:
                require(column[0] is None or not column[0] == column[1] == column[2],
                        "a column of three equal face-up cards must have been removed")
        require(len(state["down"][seat]) == face_down, "one face-down card per face-down cell")
        if phase == "reveal":
            require(face_down == GRID_SIZE - OPENING_FLIPS + state["to_flip"][seat],
                    "during the opening flips only flipped cards are face up")


GAME = register(Skypo())
