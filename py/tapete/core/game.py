"""The Game protocol every engine implements, with the checks done once here.

A state is a plain JSON-able dict (lists indexed by seat; str/int/bool/None). The base class owns:
option validation, the atomic ``apply`` (check, then mutate), the history used for replays and saves,
and ``to_json``/``from_json`` with validation. Each game implements the hooks whose names start
with an underscore plus ``to_move``, ``legal_actions`` and ``view``.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

from .actions import parse
from .errors import BadOptions, BadState, GameOver, IllegalAction, MalformedAction, NotYourTurn
from .rng import is_seed, is_state, seed_state

Event = dict  # {"type": str, "seat": int | None, ...public fields, "private": {...} for "seat" only}

STATE_FORMAT = 2          # 2: 256-bit generator state as hex, seeds may be 64-hex strings
POINTS_OPTION = "points"   # an ``options_spec`` kind: a whole number of points of at least 1 (targets, limits)


def public_events(events: list[Event], seat: int | None) -> list[Event]:
    """The events as ``seat`` may see them: private parts only for the acting seat."""
    out = []
    for event in events:
        if "private" in event:
            event = dict(event)
            private = event.pop("private")
            if seat is not None and event.get("seat") == seat:
                event.update(private)
        out.append(event)
    return out


class Game:
    """Base class: one instance per game kind, stateless itself (all state lives in the dict)."""

    id: ClassVar[str] = ""
    title: ClassVar[dict[str, str]] = {}
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    # name -> (default, allowed): a type, a tuple of allowed values, or POINTS_OPTION
    options_spec: ClassVar[dict[str, tuple[Any, Any]]] = {}

    # ----- creation -------------------------------------------------------------------------
    def new(self, players: int, seed: int | str, options: dict | None = None) -> dict:
        """A fresh game for ``players`` seats, dealt from ``seed``: a non-negative int of any size or 64
        lowercase hex characters (32 bytes, e.g. ``tapete.core.rng.new_seed()``); see ``core/rng.py``."""
        if not isinstance(players, int) or isinstance(players, bool):
            raise BadOptions("players must be an integer")
        if not self.min_players <= players <= self.max_players:
            raise BadOptions(f"{self.id} takes {self.min_players} to {self.max_players} players, not {players}")
        if not is_seed(seed):
            raise BadOptions("seed must be a non-negative integer or 64 lowercase hex characters")
        opts = self.check_options(options or {}, players)
        state = {
            "game": self.id,
            "format": STATE_FORMAT,
            "players": players,
            "options": opts,
            "seed": seed,
            "rng": seed_state(seed),
            "version": 0,
            "history": [],
            "over": False,
        }
        self._setup(state)
        return state

    def check_options(self, options: dict, players: int) -> dict:
        if not isinstance(options, dict):
            raise BadOptions("options must be an object")
        unknown = set(options) - set(self.options_spec)
        if unknown:
            raise BadOptions(f"unknown option(s) for {self.id}: {', '.join(sorted(unknown))}")
        out = {}
        for name, (default, allowed) in self.options_spec.items():
            value = options.get(name, default)
            if isinstance(allowed, tuple):
                ok = value in allowed and type(value) is type(default)
            elif allowed is int or allowed == POINTS_OPTION:
                least = 1 if allowed == POINTS_OPTION else 0
                ok = isinstance(value, int) and not isinstance(value, bool) and value >= least
            else:
                ok = isinstance(value, allowed)
            if not ok:
                raise BadOptions(f"bad value {value!r} for option {name}")
            out[name] = value
        self._check_options(out, players)
        return out

    def _check_options(self, options: dict, players: int) -> None:
        """Hook: cross-option checks (e.g. pairs need four players)."""

    def _setup(self, state: dict) -> None:
        raise NotImplementedError

    # ----- queries ----------------------------------------------------------------------------
    def to_move(self, state: dict) -> list[int]:
        """Seats that have at least one legal action now (the turn seat first)."""
        raise NotImplementedError

    def legal_actions(self, state: dict, seat: int) -> list[str]:
        """Every action ``seat`` may take now, in a deterministic order. The single source of truth."""
        raise NotImplementedError

    def is_legal(self, state: dict, seat: int, action: str) -> bool:
        """Same answer as ``action in legal_actions(state, seat)``; games may answer faster."""
        return action in self.legal_actions(state, seat)

    def view(self, state: dict, seat: int | None) -> dict:
        """What ``seat`` (None: a spectator) may see, built as a whitelist."""
        raise NotImplementedError

    def hidden_places(self, state: dict, seat: int | None) -> list[list]:
        """Every card list whose contents ``seat`` may not see (other hands, the draw pile...).

        The conformance suite shuffles the cards among these places and checks that ``view`` does not
        change: that is what "the view leaks nothing" means.
        """
        raise NotImplementedError

    def phase(self, state: dict) -> str:
        return state.get("phase", "")

    def result(self, state: dict) -> dict | None:
        """The final result once ``state["over"]``: at least ``winners`` (seats) and ``scores``."""
        return state.get("result") if state["over"] else None

    def auto_action(self, state: dict, seat: int) -> str:
        """The move made for a seat whose turn timer ran out. Default: the first legal action."""
        actions = self.legal_actions(state, seat)
        if not actions:
            raise NotYourTurn("(auto)", seat, self.phase(state), "this seat has nothing to do")
        return actions[0]

    def refusal(self, state: dict, seat: int, action: str) -> tuple[str, str]:
        """Why ``action`` is refused: ``(code, reason)``. Games override to explain their rules."""
        return "illegal", "that move is not allowed now"

    # ----- the one mutation entry point -------------------------------------------------------
    def apply(self, state: dict, seat: int, action: str) -> list[Event]:
        """Check, then mutate. A refused action raises a TapeteError and leaves ``state`` untouched."""
        parsed = self.parse_action(action)
        if (not (type(seat) is int or isinstance(seat, int) and not isinstance(seat, bool))   # an int, not a bool
                or not 0 <= seat < state["players"]):
            raise IllegalAction(action, seat, self.phase(state), "there is no such seat", "no_such_seat")
        if state["over"]:
            raise GameOver(action, seat, self.phase(state), "the game is over")
        if not self.is_legal(state, seat, action):
            if seat not in self.to_move(state):
                raise NotYourTurn(action, seat, self.phase(state), "it is not your turn")
            code, reason = self.refusal(state, seat, action)
            if code == NotYourTurn.code:     # e.g. a seat listed to move that may only denounce
                raise NotYourTurn(action, seat, self.phase(state), reason)
            raise IllegalAction(action, seat, self.phase(state), reason, code)
        events = self._apply(state, seat, action, parsed)
        state["history"].append([seat, action])
        state["version"] += 1
        return events

    def parse_action(self, action: object):
        """Parse ``action`` or raise :class:`MalformedAction`. Games may check their own grammar here and
        answer from a table of their well-formed texts (the result is shared: never mutate it)."""
        return parse(action)

    def _apply(self, state: dict, seat: int, action: str, parsed) -> list[Event]:
        """Hook: mutate for an action already known to be legal."""
        raise NotImplementedError

    # ----- persistence -------------------------------------------------------------------------
    def to_json(self, state: dict) -> str:
        return json.dumps(state, separators=(",", ":"), sort_keys=True)

    def from_json(self, data: str | dict) -> dict:
        """Load and validate a saved state; raise :class:`BadState` with a specific message."""
        if isinstance(data, str):
            try:
                state = json.loads(data)
            except (ValueError, RecursionError) as err:
                raise BadState(f"not JSON: {err}") from None
        else:
            state = json.loads(json.dumps(data))
        if not isinstance(state, dict):
            raise BadState("a saved game must be a JSON object")
        for key, kind in (("game", str), ("format", int), ("players", int), ("options", dict),
                          ("version", int), ("history", list), ("over", bool)):
            if not isinstance(state.get(key), kind):
                raise BadState(f"field {key!r} is missing or not a {kind.__name__}")
        if state["game"] != self.id:
            raise BadState(f"this save is for {state['game']!r}, not {self.id!r}")
        if state["format"] != STATE_FORMAT:
            raise BadState(f"unsupported save format {state['format']}")
        if not is_seed(state.get("seed")):
            raise BadState("field 'seed' must be a non-negative integer or 64 lowercase hex characters")
        if not is_state(state.get("rng")):
            raise BadState("field 'rng' (the generator state) must be 64 lowercase hex characters")
        if not self.min_players <= state["players"] <= self.max_players:
            raise BadState("bad number of players")
        try:
            self.check_options(state["options"], state["players"])
            self.check_state(state)
        except BadState:
            raise
        except (ValueError, KeyError, TypeError, IndexError, AttributeError) as err:
            raise BadState(f"inconsistent state: {err!r}") from None
        return state

    def check_state(self, state: dict) -> None:
        """Hook: validate the game-specific fields (card conservation above all); raise BadState."""

    def replay(self, players: int, seed: int, options: dict | None, history: list) -> dict:
        """Rebuild a game from its seed and its list of ``[seat, action]``."""
        state = self.new(players, seed, options)
        for seat, action in history:
            self.apply(state, seat, action)
        return state


def require(condition: bool, message: str) -> None:
    """``check_state`` helper."""
    if not condition:
        raise BadState(message)


def next_seat(seat: int, direction: int, players: int, steps: int = 1) -> int:
    """The seat ``steps`` places away in ``direction`` (+1 clockwise / seat order, -1 the other way)."""
    return (seat + direction * steps) % players


__all__ = ["Game", "Event", "POINTS_OPTION", "public_events", "require", "next_seat", "MalformedAction"]
