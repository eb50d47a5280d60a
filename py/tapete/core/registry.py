"""Registry of game engines by id."""

from __future__ import annotations

from .game import Game

_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    if not game.id or game.id in _GAMES:
        raise ValueError(f"cannot register game id {game.id!r}")
    _GAMES[game.id] = game
    return game


def get(game_id: str) -> Game:
    """The engine for ``game_id``; importing :mod:`tapete.games` registers all of them."""
    if not _GAMES:
        import tapete.games  # noqa: F401  (registers every engine)
    try:
        return _GAMES[game_id]
    except KeyError:
        raise KeyError(f"unknown game {game_id!r}") from None


def ids() -> list[str]:
    if not _GAMES:
        import tapete.games  # noqa: F401
    return list(_GAMES)
