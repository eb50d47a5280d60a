"""The seeded generator every game draws from; its whole state is one hex string inside the JSON game state.

A fast-key-erasure generator (D. J. Bernstein, "Fast-key-erasure random-number generators", 2017) with
SHAKE-256 as the stream: the state is a 256-bit key; each step reads ``SHAKE-256(DOMAIN || key)``, keeps
its first 32 bytes as the next key and hands out the rest. Knowing outputs (a hand, a draw) tells nothing
about the key, and an old key cannot be recovered from a new one. SHAKE-256 (FIPS 202) is in CPython's
``hashlib`` and in Pyodide's, so the same seed deals the same game on both.

Seeds (``seed_key``): a 64-hex-character string is the 32-byte key itself (``new_seed`` makes one from
the platform's CSPRNG: ``secrets``, which Pyodide backs with ``crypto.getRandomValues``); a non-negative
integer of any size (tests, simulations, ``?seed=``) becomes ``SHA-256("tapete/seed/int:" + decimal)``.
"""

from __future__ import annotations

import hashlib
import re
import secrets
import struct
from operator import itemgetter

KEY_BYTES = 32                                   # 256-bit generator state
DOMAIN = b"tapete/rng/v1\x00"
INT_SEED_PREFIX = b"tapete/seed/int:"
_HEX_KEY = re.compile(r"[0-9a-f]{64}\Z")


def new_seed() -> str:
    """A fresh seed: 32 bytes from the platform's CSPRNG, as 64 lowercase hex characters."""
    return secrets.token_hex(KEY_BYTES)


def is_seed(seed: object) -> bool:
    """A seed ``Game.new`` accepts: a non-negative int (not a bool) or 64 lowercase hex characters."""
    if isinstance(seed, str):
        return _HEX_KEY.match(seed) is not None
    return isinstance(seed, int) and not isinstance(seed, bool) and seed >= 0


def is_state(value: object) -> bool:
    """A well-formed generator state: 64 lowercase hex characters."""
    return isinstance(value, str) and _HEX_KEY.match(value) is not None


def seed_key(seed: int | str) -> bytes:
    """The 32-byte key a seed stands for (see the module docstring for the mapping)."""
    if not is_seed(seed):
        raise ValueError("a seed is a non-negative integer or 64 lowercase hex characters")
    if isinstance(seed, str):
        return bytes.fromhex(seed)
    return hashlib.sha256(INT_SEED_PREFIX + str(seed).encode("ascii")).digest()


def seed_state(seed: int | str) -> str:
    """The generator state a game starts from (what ``Game.new`` stores in ``state["rng"]``)."""
    return seed_key(seed).hex()


def derive_seed(seed: int | str, label: str) -> int:
    """An integer seed for another generator (e.g. the bots' ``random.Random``) that is independent of
    the deal: ``SHA-256(label || 0x00 || key)``; knowing its outputs tells nothing about the deal."""
    digest = hashlib.sha256(label.encode("utf-8") + b"\x00" + seed_key(seed)).digest()
    return int.from_bytes(digest, "big")


def _step(state: str, count: int) -> tuple[str, bytes]:
    """One generator step: the next state and ``count`` fresh bytes."""
    stream = hashlib.shake_256(DOMAIN + bytes.fromhex(state)).digest(KEY_BYTES + count)
    return stream[:KEY_BYTES].hex(), stream[KEY_BYTES:]


class Rng:
    """Deterministic generator over a hex state; read ``state`` back into the game state after use."""

    __slots__ = ("state",)

    def __init__(self, state: str):
        if not is_state(state):
            raise ValueError("the generator state is 64 lowercase hex characters")
        self.state = state

    def next64(self) -> int:
        self.state, out = _step(self.state, 8)
        return int.from_bytes(out, "big")

    def below(self, n: int) -> int:
        """Uniform integer in ``range(n)`` (0 < n ≤ 2**16; bias below 2**-48)."""
        return (self.next64() * n) >> 64

    def shuffle(self, items: list) -> None:
        """Shuffle ``items`` (at most 256) in place with one step of the generator."""
        n = len(items)
        if n < 2:
            return
        if n > len(_INDEX):
            raise ValueError("a shuffle takes at most 256 items")
        self.state, stream = _step(self.state, 6 * n)
        shuffle_with_stream(items, stream)

    def choice(self, items):
        return items[self.below(len(items))]


# A shuffle spreads 6 bytes per card into sort keys: each card gets a double in [1, 2) whose 44 high
# mantissa bits are random and whose lowest byte is the card's index. Sorting the doubles (C speed)
# gives a uniformly random order (ties need two equal 44-bit draws); the index bytes read back from the
# sorted doubles are the permutation. IEEE-754 big-endian packing is the same on every platform.
_EXPONENT = b"\x3f" * 256                                  # sign 0, exponent 0x3FF: doubles in [1, 2)
_HIGH_NIBBLE = bytes(0xF0 | (b & 0x0F) for b in range(256))  # exponent's low bits + 4 random bits
_INDEX = bytes(range(256))
_FORMATS: dict[int, struct.Struct] = {}


def shuffle_with_stream(items: list, stream: bytes) -> None:
    """Put ``items`` (2 to 256) in the order drawn from ``stream`` (6 bytes per item)."""
    n = len(items)
    packed = bytearray(8 * n)
    packed[0::8] = _EXPONENT[:n]
    packed[1::8] = stream[0:6 * n:6].translate(_HIGH_NIBBLE)
    for byte in range(1, 6):
        packed[byte + 1::8] = stream[byte:6 * n:6]
    packed[7::8] = _INDEX[:n]
    fmt = _FORMATS.get(n) or _FORMATS.setdefault(n, struct.Struct(f">{n}d"))
    order = fmt.pack(*sorted(fmt.unpack(packed)))[7::8]
    items[:] = itemgetter(*order)(items)


def shuffle_in_state(state: dict, items: list) -> None:
    """Shuffle ``items`` with the generator stored at ``state["rng"]`` and store it back."""
    n = len(items)
    if n < 2:
        return
    if n > len(_INDEX):
        raise ValueError("a shuffle takes at most 256 items")
    state["rng"], stream = _step(state["rng"], 6 * n)
    shuffle_with_stream(items, stream)


def below_in_state(state: dict, n: int) -> int:
    state["rng"], out = _step(state["rng"], 8)
    return (int.from_bytes(out, "big") * n) >> 64
