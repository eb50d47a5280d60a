"""Bots. A bot sees only what a human in its seat sees: ``view(seat)`` and ``legal_actions(seat)``.

Interface: ``choose(view, legal, must_act, rng) -> action | None``. ``must_act`` is true when the seat
has to move now (its turn); otherwise the bot may take an optional out-of-turn action (denounce a
missed call, a +3 breaker...) or return None. ``view`` is None unless the bot sets ``needs_view``.

Levels per game: ``GAME_LEVELS`` names the classes of the games that have their own; the rest use
``LEVELS``. Every level but one decides within a frame at p95 (Skypo hard's one-turn lookahead, ~9 ms p95
and ~26 ms at worst in Pyodide: docs/benchmarks.md, "Bot strength"), under the 50 ms long-task mark, so
bots run on the page's thread between frames. DOS hard (``DosLookahead``, a search over sampled deals)
thinks longer, in slices: a ``think(view, legal, must_act, rng)`` generator that yields between slices
(one sampled deal each) and returns its action. A room
(``Host.bot_steps``, the page's bot pump) yields to the page between the slices and drops an answer whose
table moved meanwhile (a person acted); ``choose`` stays the whole thought, for the bench and the tests.
"""

from .dos_search import DosLookahead
from .easy import EasyBot
from .hard import HardBot
from .francesa import FrancesaHard
from .medium import CALL_VERBS, MediumBot
from .taki import TakiHard
from .skypo import SkypoEasy, SkypoHard, SkypoMedium

LEVELS = {"easy": EasyBot, "medium": MediumBot, "hard": HardBot}
GAME_LEVELS = {    # games whose bots are their own classes; the others get the generic LEVELS
    "skypo": {"easy": SkypoEasy, "medium": SkypoMedium, "hard": SkypoHard},
    "francesa": {"easy": EasyBot, "medium": MediumBot, "hard": FrancesaHard},
    "taki": {"easy": EasyBot, "medium": MediumBot, "hard": TakiHard},
    "dos": {"easy": EasyBot, "medium": MediumBot, "hard": DosLookahead},
}


def race_calls(game, state: dict, seats: list[int], seat: int) -> list[str]:
    """``seat``'s own "last cards" calls (``dos``, ``call``, ``ultima``) when other seats may act out of
    turn at the same moment: a race the holder wins by reflex, so its bot is asked first, and only about
    the call (a bot that forgets, as the easy one may, can then be caught). Empty when there is no race."""
    if len(seats) < 2:
        return []
    return [a for a in game.legal_actions(state, seat) if a.split(" ", 1)[0] in CALL_VERBS]


def think_through(thinking):
    """Run a ``think`` generator (or any generator) to its end; what it returns."""
    while True:
        try:
            next(thinking)
        except StopIteration as done:
            return done.value


def make_bot(level: str, game_id: str):
    """A bot of ``level`` for ``game_id``; unknown levels raise KeyError."""
    LEVELS[level]                      # noqa: B018 - the same KeyError for an unknown level everywhere
    return GAME_LEVELS.get(game_id, LEVELS)[level]()


__all__ = ["EasyBot", "MediumBot", "HardBot", "LEVELS", "GAME_LEVELS", "make_bot", "race_calls", "think_through"]
