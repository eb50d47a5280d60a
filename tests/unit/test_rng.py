"""The seeded generator and the shuffle: 256-bit state, CSPRNG seeds, deterministic, the same everywhere,
a fair permutation (issue 12: a deal nobody can predict)."""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest

from tapete.core import BadOptions, BadState, get, ids
from tapete.core.rng import (KEY_BYTES, Rng, below_in_state, derive_seed, is_seed, new_seed, seed_key, seed_state,
                             shuffle_in_state, shuffle_with_stream)
from tapete.net.host import BOTS_LABEL, Host, SeatSpec

HEX64 = re.compile(r"[0-9a-f]{64}\Z")


# ----- seeds ------------------------------------------------------------------------------------------
def test_new_seed_is_256_bits_from_the_csprng_as_hex():
    seeds = {new_seed() for _ in range(50)}
    assert len(seeds) == 50 and all(HEX64.match(s) for s in seeds)
    assert KEY_BYTES * 8 == 256 and all(len(bytes.fromhex(s)) == 32 for s in seeds)
    # every bit position takes both values across 50 seeds (a fixed or truncated source would not)
    ored = anded = int(next(iter(seeds)), 16)
    for s in seeds:
        ored |= int(s, 16)
        anded &= int(s, 16)
    assert ored.bit_length() > 250 and anded == 0


def test_seed_mapping_is_the_documented_one():
    import hashlib
    hex_seed = "00" * 31 + "ff"
    assert seed_key(hex_seed) == bytes(31) + b"\xff"                     # a hex seed is the key itself
    assert seed_key(7) == hashlib.sha256(b"tapete/seed/int:7").digest()  # an int seed is hashed
    assert seed_key(2**200) == hashlib.sha256(b"tapete/seed/int:" + str(2**200).encode()).digest()
    assert seed_state(hex_seed) == hex_seed


@pytest.mark.parametrize("bad", [-1, True, 1.5, "ab", "G" * 64, "AB" * 32, "ab" * 33, None, [1], b"\x00" * 32])
def test_bad_seeds_are_refused_by_new(bad):
    assert not is_seed(bad)
    with pytest.raises(BadOptions):
        get("taki").new(3, bad)


def test_games_take_small_ints_big_ints_and_hex_seeds():
    for game_id in ids():
        game = get(game_id)
        for seed in (0, 7, 2**31 - 1, 2**300, new_seed()):
            state = game.new(2, seed)
            assert state["seed"] == seed and HEX64.match(state["rng"])
            assert game.to_json(game.new(2, seed)) == game.to_json(state)          # same seed, same game
            assert game.from_json(json.loads(json.dumps(state)))["rng"] == state["rng"]


# ----- the generator state ----------------------------------------------------------------------------
def test_generator_state_is_256_bits_stored_as_hex_that_survives_javascript():
    state = get("chupate").new(4, 11)
    assert isinstance(state["rng"], str) and len(bytes.fromhex(state["rng"])) * 8 == 256
    # JSON numbers through JavaScript keep 53 bits: the state must not be a number
    assert not any(isinstance(v, int) and not isinstance(v, bool) and abs(v) > 2**53
                   for v in json.loads(get("chupate").to_json(state)).values())


@pytest.mark.parametrize("bad", [12345, "", "zz" * 32, "AB" * 32, "ab" * 31, None])
def test_from_json_validates_the_generator_state(bad):
    game = get("taki")
    saved = json.loads(game.to_json(game.new(3, 1)))
    saved["rng"] = bad
    with pytest.raises(BadState):
        game.from_json(json.dumps(saved))


def test_from_json_validates_the_seed_and_refuses_old_formats():
    game = get("skypo")
    saved = json.loads(game.to_json(game.new(2, 1)))
    for bad in (-3, "x", 1.0, None):
        with pytest.raises(BadState):
            game.from_json(json.dumps(dict(saved, seed=bad)))
    with pytest.raises(BadState, match="format"):
        game.from_json(json.dumps(dict(saved, format=1, rng=123)))


def test_every_state_bit_matters_and_the_step_moves_on():
    base = "ab" * 32
    flipped = format(int(base, 16) ^ (1 << 200), "064x")
    assert Rng(base).next64() != Rng(flipped).next64()
    rng = Rng(base)
    outputs = [rng.next64() for _ in range(100)]
    assert len(set(outputs)) == 100 and rng.state != base


def test_same_seed_same_game_different_seed_different_deal():
    for game_id in ids():
        game = get(game_id)
        one, two = game.new(3, 99), game.new(3, 99)
        assert game.to_json(one) == game.to_json(two)
        other = game.new(3, 100)
        assert other["draw"] != one["draw"]


def test_shuffle_output_is_pinned():
    """What every platform must deal (CPython here, Pyodide in the page's digest test): a change to the
    generator or the shuffle changes every seeded game, saves and replays included."""
    state = {"rng": seed_state(2026)}
    numbers = list(range(10))
    shuffle_in_state(state, numbers)
    assert numbers == PINNED_NUMBERS
    assert state["rng"] == PINNED_STATE
    assert below_in_state(state, 1000) == PINNED_BELOW


PINNED_NUMBERS = [2, 6, 7, 4, 0, 8, 1, 9, 5, 3]
PINNED_STATE = "fd14c2d477cc1da6de1b73b004669b4441e0273199664c65db5bba3a69336e04"
PINNED_BELOW = 189


def test_shuffle_is_uniform_over_small_decks():
    """6,000 fixed seeds over three cards: each of the six orders within 15% of 1,000 (fixed seeds, so
    this cannot flake; a bias such as a lost random bit would show)."""
    orders: Counter = Counter()
    for seed in range(6000):
        cards = ["a", "b", "c"]
        shuffle_in_state({"rng": seed_state(seed)}, cards)
        orders["".join(cards)] += 1
    assert len(orders) == 6
    assert all(850 <= n <= 1150 for n in orders.values()), orders
    first_place: Counter = Counter()
    for seed in range(10_000):
        cards = list(range(10))
        shuffle_in_state({"rng": seed_state(seed)}, cards)
        first_place[cards[0]] += 1
    assert all(850 <= n <= 1150 for n in first_place.values()), first_place


def test_shuffle_in_state_takes_one_generator_step():
    state = {"rng": seed_state(7)}
    expected = Rng(state["rng"])
    cards, reference = list(range(20)), list(range(20))
    shuffle_in_state(state, cards)
    expected.shuffle(reference)
    assert cards == reference and state["rng"] == expected.state


@pytest.mark.parametrize("size", [0, 1])
def test_tiny_lists_are_left_alone(size):
    state = {"rng": seed_state(1)}
    cards = list(range(size))
    shuffle_in_state(state, cards)
    assert cards == list(range(size)) and state["rng"] == seed_state(1)


def test_more_than_256_items_is_refused():
    with pytest.raises(ValueError):
        shuffle_in_state({"rng": seed_state(1)}, list(range(257)))
    with pytest.raises(ValueError):
        shuffle_with_stream(list(range(3)), b"")


# ----- the bots' generator ----------------------------------------------------------------------------
def test_bots_generator_is_derived_from_the_seed_with_a_label_not_the_seed_itself():
    import hashlib
    seed = new_seed()
    host = Host("taki", [SeatSpec("a", player="p"), SeatSpec("b", bot="easy")], seed)
    expected = int.from_bytes(hashlib.sha256(BOTS_LABEL.encode() + b"\x00" + bytes.fromhex(seed)).digest(), "big")
    assert derive_seed(seed, BOTS_LABEL) == expected
    assert host.rng.getstate() == random.Random(expected).getstate()
    # nothing the deal draws from appears in the bots' stream, and other labels give other generators
    assert derive_seed(seed, BOTS_LABEL) != int(seed, 16) and derive_seed(seed, "x") != expected
    small = Host("taki", [SeatSpec("a", player="p"), SeatSpec("b", bot="easy")], 5)
    assert small.rng.getstate() != random.Random(5).getstate()
    assert small.rng.getstate() == random.Random(derive_seed(5, BOTS_LABEL)).getstate()


# ----- where games are started ------------------------------------------------------------------------
def test_a_room_deals_from_a_256_bit_csprng_seed_and_its_save_keeps_it():
    from tapete.net import MemoryHub, RoomHost, parse_snapshot

    hub = MemoryHub()
    rooms = [RoomHost(hub.join(f"peer-{i}"), "taki", "hostplayer01", "Ana", seats=2, rate=None,
                      code="ABCDEF") for i in range(3)]
    seeds = [room.seed for room in rooms]
    assert all(HEX64.match(s) for s in seeds) and len(set(seeds)) == 3
    room = rooms[0]
    room.add_bot("easy")
    room.start(lambda update: None)
    assert room.host.state["seed"] == room.seed and HEX64.match(room.host.state["rng"])
    text = json.dumps(room.snapshot())
    assert parse_snapshot(text, "hostplayer01")["seed"] == room.seed
    for bad in (-1, "7", "ab" * 33, True):
        with pytest.raises(BadState):
            parse_snapshot(json.dumps(dict(json.loads(text), seed=bad)), "hostplayer01")
    small = RoomHost(hub.join("peer-small"), "taki", "hostplayer01", "Ana", seats=2, seed=5, rate=None)
    assert small.seed == 5                                  # tests and ?seed= keep their small ints
