"""Helpers shared by the per-game rule tests (test_<game>.py)."""

from __future__ import annotations

from collections import Counter

import pytest

from tapete.core import IllegalAction


def refused(game, state, seat, action, error=IllegalAction, exact: bool = True):
    """Apply ``action`` expecting ``error`` (exactly that class unless ``exact`` is false); check the
    state did not change; return the error."""
    before = game.to_json(state)
    with pytest.raises(error) as info:
        game.apply(state, seat, action)
    if exact:
        assert type(info.value) is error
    assert game.to_json(state) == before
    return info.value


def leftover(deck: list[str], placed: Counter) -> list[str]:
    """The cards of ``deck`` not in ``placed``, in deck order."""
    left = Counter(deck)
    left.subtract(placed)
    assert all(v >= 0 for v in left.values()), f"more cards placed than the deck holds: {+(-left)}"
    out = []
    for card in deck:
        if left[card] > 0:
            out.append(card)
            left[card] -= 1
    return out


def types(events) -> list[str]:
    return [e["type"] for e in events]
