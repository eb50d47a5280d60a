"""DOS (sheet 004): the engine and its cards; importing this package registers the game."""

from ...core.registry import register
from .cards import (COLORS, DECK, INFO, WILD_DOS, WILD_NUMBER, build_deck, card_points, dealer_value, resolve,
                    sort_key)
from .engine import Dos

GAME = register(Dos())

__all__ = ["COLORS", "DECK", "INFO", "WILD_DOS", "WILD_NUMBER", "build_deck", "card_points", "dealer_value",
           "resolve", "sort_key", "Dos", "GAME"]
