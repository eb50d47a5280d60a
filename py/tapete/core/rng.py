"""A small seeded generator whose whole state is one integer, so it lives inside the JSON game state.

SplitMix64: identical output on CPython and Pyodide, independent of :mod:`random`'s internals.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """Turn any integer seed into a generator state."""
    return (int(seed) * 0x2545F4914F6CDD1D + 0x1234567) & _MASK


class Rng:
    """Deterministic generator; read ``state`` back into the game state after use."""

    __slots__ = ("state",)

    def __init__(self, state: int):
        self.state = state & _MASK

    def next64(self) -> int:
        self.state = s = (self.state + _GAMMA) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in ``range(n)`` (n > 0)."""
        return (self.next64() * n) >> 64

    def shuffle(self, items: list) -> None:
        """Fisher-Yates in place: ``j = self.below(i + 1)`` for i from the top down, inlined (hot path)."""
        s, gamma, mask = self.state, _GAMMA, _MASK
        for i in range(len(items) - 1, 0, -1):
            s = (s + gamma) & mask
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & mask
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
            j = ((z ^ (z >> 31)) * (i + 1)) >> 64
            items[i], items[j] = items[j], items[i]
        self.state = s

    def choice(self, items):
        return items[self.below(len(items))]


def shuffle_in_state(state: dict, items: list) -> None:
    """Shuffle ``items`` with the generator stored at ``state["rng"]`` and store it back."""
    rng = Rng(state["rng"])
    rng.shuffle(items)
    state["rng"] = rng.state


def below_in_state(state: dict, n: int) -> int:
    rng = Rng(state["rng"])
    value = rng.below(n)
    state["rng"] = rng.state
    return value
