"""Super Taki (sheet 003): the engine and its cards; importing this package registers the game."""

from ...core.registry import register
from .cards import COLORS, DECK, HAND_SIZE, WELL_FORMED, build_deck, card_points, check_grammar
from .engine import Taki

GAME = register(Taki())

__all__ = ["COLORS", "DECK", "HAND_SIZE", "WELL_FORMED", "build_deck", "card_points", "check_grammar", "Taki",
           "GAME"]
