"""Game-agnostic core: errors, seeded RNG, action notation, the Game base class and the registry."""

from .actions import fmt, parse
from .errors import (BadOptions, BadState, GameOver, IllegalAction, MalformedAction, NotYourTurn,
                     TapeteError)
from .game import POINTS_OPTION, Game, next_seat, public_events, require
from .registry import get, ids, register
from .rng import Rng, new_seed

__all__ = ["fmt", "parse", "BadOptions", "BadState", "GameOver", "IllegalAction", "MalformedAction",
           "NotYourTurn", "TapeteError", "POINTS_OPTION", "Game", "next_seat", "public_events", "require", "get", "ids",
           "register", "Rng", "new_seed"]
