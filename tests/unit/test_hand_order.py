"""Hands reach views in each game's fixed card order, never in deal or draw order (issue 12): a guest's own
hand must tell nothing about the order the cards were dealt in. Skypo has no hand: its grid is the table
layout, positional by the rules, so it is shown as laid out."""

from __future__ import annotations

import random

import pytest

from tapete.core import get
from tapete.games.dos import sort_key

def card_order(game_id):
    game = get(game_id)
    if game_id == "dos":
        return sort_key
    order = {c: i for i, c in enumerate(dict.fromkeys(game.deck({})))}
    return order.__getitem__


@pytest.mark.parametrize("game_id", ["chupate", "francesa", "taki", "dos"])
def test_view_hand_is_in_the_game_card_order_whatever_the_deal_order(game_id):
    game, key, rng = get(game_id), card_order(game_id), random.Random(3)
    unsorted_deals = 0
    for seed in range(20):
        state = game.new(3, seed)
        for seat in range(3):
            hand = state["hands"][seat]
            shown = game.view(state, seat)["hand"]
            assert shown == sorted(hand, key=key)
            unsorted_deals += hand != shown
            for _ in range(3):                  # any other deal order of the same cards: the same view
                rng.shuffle(hand)
                assert game.view(state, seat)["hand"] == shown
    if game_id != "dos":                        # DOS deals sorted already; the others deal unsorted
        assert unsorted_deals > 40


def test_view_hand_stays_in_card_order_after_draws():
    game = get("taki")
    state = game.new(2, 4)
    for _ in range(6):                          # drawn cards join the hand in card order too
        seat = state["turn"]
        legal = game.legal_actions(state, seat)
        game.apply(state, seat, "draw" if "draw" in legal else legal[-1])
    for s in range(2):
        assert game.view(state, s)["hand"] == sorted(state["hands"][s], key=card_order("taki"))


def test_francesa_round_end_hands_are_shown_in_card_order():
    game = get("francesa")
    rng = random.Random(2)
    state = game.new(2, 9)
    while state["phase"] != "round_over" and not state["over"]:
        seat = game.to_move(state)[0]
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    for seat in range(2):
        shown = game.view(state, seat)["last_round"]["hands"]
        assert shown == [sorted(h, key=card_order("francesa")) for h in state["last_round"]["hands"]]


def test_skypo_grid_is_positional_and_has_no_hand_list():
    game = get("skypo")
    state = game.new(2, 1)
    view = game.view(state, 0)
    assert "hand" not in view
    assert all(cell is None for column in view["grids"][0] for cell in column)   # face down until flipped
