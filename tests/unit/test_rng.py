"""The seeded generator and the shuffle: deterministic, the same everywhere, a fair permutation."""

from __future__ import annotations

from collections import Counter

import pytest

from tapete.core.rng import Rng, seed_state, shuffle_in_state, shuffle_with_key


def test_shuffle_is_a_permutation_fixed_by_its_key():
    deck = [f"c{i}" for i in range(150)] + ["dup"] * 6
    first, second = list(deck), list(deck)
    shuffle_with_key(first, 12345)
    shuffle_with_key(second, 12345)
    assert first == second and Counter(first) == Counter(deck) and first != deck
    third = list(deck)
    shuffle_with_key(third, 12346)
    assert third != first


def test_shuffle_output_is_pinned():
    """These orders are what every platform must deal (CPython here, Pyodide in the page's digest test):
    a change to the shuffle changes every seeded game, saves and replays included."""
    numbers = list(range(10))
    shuffle_with_key(numbers, 2026)
    assert numbers == [1, 9, 2, 0, 6, 4, 8, 5, 7, 3]
    letters = list("abcdefgh")
    shuffle_with_key(letters, 0)
    assert letters == ["g", "e", "f", "d", "a", "b", "c", "h"]


def test_shuffle_is_uniform_over_small_decks():
    """6,000 keys over three cards: each of the six orders within 15% of 1,000 (a fixed set of keys,
    so this cannot flake; a bias such as a lost random bit would show)."""
    orders: Counter = Counter()
    for key in range(6000):
        cards = ["a", "b", "c"]
        shuffle_with_key(cards, key)
        orders["".join(cards)] += 1
    assert len(orders) == 6
    assert all(850 <= n <= 1150 for n in orders.values()), orders
    first_place: Counter = Counter()
    for key in range(10_000):
        cards = list(range(10))
        shuffle_with_key(cards, key)
        first_place[cards[0]] += 1
    assert all(850 <= n <= 1150 for n in first_place.values()), first_place


def test_shuffle_in_state_takes_one_generator_step():
    state = {"rng": seed_state(7)}
    expected = Rng(state["rng"])
    key = expected.next64()
    cards, reference = list(range(20)), list(range(20))
    shuffle_in_state(state, cards)
    shuffle_with_key(reference, key)
    assert cards == reference and state["rng"] == expected.state


@pytest.mark.parametrize("size", [0, 1])
def test_tiny_lists_are_left_alone(size):
    cards = list(range(size))
    shuffle_with_key(cards, 99)
    assert cards == list(range(size))


def test_more_than_256_items_is_refused():
    with pytest.raises(ValueError):
        shuffle_with_key(list(range(257)), 1)
