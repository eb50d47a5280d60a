"""Bots. A bot sees only what a human in its seat sees: ``view(seat)`` and ``legal_actions(seat)``.

Interface: ``choose(view, legal, must_act, rng) -> action | None``. ``must_act`` is true when the seat
has to move now (its turn); otherwise the bot may take an optional out-of-turn action (denounce a
missed call, a +3 breaker...) or return None. ``view`` is None unless the bot sets ``needs_view``.
"""

from .easy import EasyBot
from .hard import HardBot
from .medium import MediumBot

LEVELS = {"easy": EasyBot, "medium": MediumBot, "hard": HardBot}


def make_bot(level: str, game_id: str):
    """A bot of ``level`` for ``game_id``; unknown levels raise KeyError."""
    return LEVELS[level]()


__all__ = ["EasyBot", "MediumBot", "HardBot", "LEVELS", "make_bot"]
