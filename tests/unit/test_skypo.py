"""Rule tests of Skypo (sheet seeds/001, shared/RULINGS.md): one scenario per rule.

Each scenario starts from a hand-made table (``table``): the grids are written row by row, one token
per card (``7`` face up, ``?7`` a face-down 7, ``x`` a removed column), the top discard and the next
cards to draw are laid out by hand, and the rest of the deck goes under the draw pile (or under the
discard pile), so the table is still exactly one deck and passes ``GAME.check_state``.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import rules

from tapete.core import BadOptions, BadState, GameOver, IllegalAction, MalformedAction, NotYourTurn, get
from tapete.games.skypo import DECK, GAME, GRID_COLS, GRID_ROWS, down_index

# Three plain rows with no equal column, summing to 4 + 3 + 3 = 10.
TEN = ["1 2 0 1", "1 0 2 0", "0 1 1 1"]
TEN_B = ["3 -1 0 2", "0 4 -2 0", "2 0 3 -1"]      # the same sum with other cards (a deck has ten 1s)


# ----- helpers ------------------------------------------------------------------------------------
def table(grids, top="5", *, draw=(), discard=(), rest="draw", phase="turn", turn=0, options=None,
          seed=1, **fields):
    """A hand-made table. ``grids``: per seat, three row strings of four tokens (``7``, ``?7`` face down,
    ``x`` removed column). ``top`` lies on the discard pile (over ``discard``); ``draw`` are the next
    cards drawn, first drawn first. The rest of the deck goes under the draw pile (``rest="draw"``) or
    under the discard pile (``rest="discard"``). ``fields`` overwrite other state fields."""
    n = len(grids)
    state = GAME.new(n, seed, options)
    placed = Counter(draw) + Counter(discard) + Counter([top])
    if fields.get("drawn"):
        placed[fields["drawn"]] += 1
    state["grids"], state["down"] = [], []
    for rows in grids:
        tokens = [row.split() for row in rows]
        assert len(tokens) == GRID_ROWS and all(len(t) == GRID_COLS for t in tokens)
        grid, down = [], []
        for c in range(GRID_COLS):
            column = [tokens[r][c] for r in range(GRID_ROWS)]
            if column == ["x"] * GRID_ROWS:
                grid.append(None)
                continue
            cells = []
            for token in column:
                if token.startswith("?"):
                    cells.append(None)
                    down.append(token[1:])
                    placed[token[1:]] += 1
                else:
                    cells.append(token)
                    placed[token] += 1
            grid.append(cells)
        state["grids"].append(grid)
        state["down"].append(down)
    remaining = leftover(placed)
    draw = list(draw)[::-1]
    if rest == "draw":
        state["draw"], state["discard"] = remaining + draw, list(discard) + [top]
    else:
        state["draw"], state["discard"] = draw, remaining + list(discard) + [top]
    state.update(phase=phase, turn=turn if phase in ("turn", "drawn") else None, drawn=None, closer=None,
                 to_flip=[0] * n)
    state.update(fields)
    GAME.check_state(state)
    return state


def leftover(placed: Counter) -> list[str]:
    return rules.leftover(DECK, placed)


def top(state):
    return state["discard"][-1]


def types(events):
    return rules.types(events)


def refused(state, seat, action, error=IllegalAction):
    return rules.refused(GAME, state, seat, action, error)


def cells(state, seat):
    """The seat's grid as rows of tokens, like the ``table`` notation (face down: ``?``, removed: ``x``)."""
    grid = state["grids"][seat]
    return [" ".join("x" if grid[c] is None else "?" if grid[c][r] is None else grid[c][r]
                     for c in range(GRID_COLS)) for r in range(GRID_ROWS)]


def play(state, moves):
    """Apply ``[(seat, action), ...]``; return all events."""
    events = []
    for seat, action in moves:
        events += GAME.apply(state, seat, action)
    return events


# ----- deck, deal and players ------------------------------------------------------------------
def test_skypo_deck_composition():
    counts = Counter(DECK)
    assert len(DECK) == 150
    assert counts["-2"] == 5 and counts["-1"] == 10 and counts["0"] == 15
    assert all(counts[str(v)] == 10 for v in range(1, 13))
    assert set(counts) == {str(v) for v in range(-2, 13)}


def test_skypo_two_to_eight_players():
    for n in (2, 8):
        assert GAME.new(n, 1)["players"] == n
    for n in (1, 9):
        with pytest.raises(BadOptions):
            GAME.new(n, 1)


def test_skypo_deal_twelve_face_down_in_three_rows_of_four_and_one_card_up():
    state = GAME.new(5, 42)
    assert state["phase"] == "reveal" and state["turn"] is None
    for seat in range(5):
        assert state["grids"][seat] == [[None] * 3 for _ in range(4)]
        assert len(state["down"][seat]) == 12
    assert len(state["discard"]) == 1
    assert len(state["draw"]) == 150 - 5 * 12 - 1
    assert state["to_flip"] == [2] * 5


# ----- the opening flips -------------------------------------------------------------------------
def test_skypo_opening_every_player_flips_two_in_any_order():
    state = GAME.new(3, 7)
    assert GAME.to_move(state) == [0, 1, 2]
    card = state["down"][2][down_index(state["grids"][2], 1, 3)]
    events = GAME.apply(state, 2, "flip 1,3")            # seat 2 first: any order
    assert events[0] == {"type": "flipped", "seat": 2, "row": 1, "col": 3, "card": card}
    assert state["grids"][2][3][1] == card and len(state["down"][2]) == 11
    refused(state, 2, "flip 1,3")                        # already face up
    GAME.apply(state, 2, "flip 0,0")
    assert GAME.to_move(state) == [0, 1]                 # seat 2 is done
    refused(state, 2, "flip 2,2", NotYourTurn)           # no third card
    refused(state, 0, "draw")                            # no turn before everyone flipped
    play(state, [(1, "flip 0,0"), (0, "flip 2,2"), (1, "flip 2,2"), (0, "flip 0,1")])
    assert state["phase"] == "turn" and state["to_flip"] == [0, 0, 0]
    assert GAME.to_move(state) == [state["turn"]]
    assert refused(state, state["turn"], "flip 2,3").code == "draw_or_take"


def reveal_table(opener=None):
    """Seat 0 has turned up 12 + 12, seat 1 shows 3 and has one flip left, seat 2 shows 1 + 2."""
    return table([["12 ?1 ?2 ?3", "12 ?1 ?2 ?3", "?4 ?5 ?6 ?7"],
                  ["3 ?1 ?2 ?3", "?9 ?1 ?2 ?3", "?4 ?5 ?6 ?7"],
                  ["1 2 ?2 ?3", "?4 ?1 ?2 ?3", "?4 ?5 ?6 ?7"]],
                 phase="reveal", to_flip=[0, 1, 0], opener=opener)


def test_skypo_first_turn_goes_to_highest_turned_up_sum():
    state = reveal_table()
    events = GAME.apply(state, 1, "flip 1,0")            # seat 1 shows 3 + 9 = 12 < 24
    assert events[-1] == {"type": "first_turn", "seat": 0, "sums": [24, 12, 3]}
    assert state["phase"] == "turn" and state["turn"] == 0 and GAME.to_move(state) == [0]


def test_skypo_first_turn_tie_goes_to_lowest_seat():
    state = table([["12 ?1 ?2 ?3", "0 ?1 ?2 ?3", "?4 ?5 ?6 ?7"],
                   ["0 ?1 ?2 ?3", "?9 ?1 ?2 ?3", "?4 ?5 ?6 ?7"],
                   ["11 1 ?2 ?3", "?4 ?1 ?2 ?3", "?4 ?5 ?6 ?7"]],
                  phase="reveal", to_flip=[0, 1, 0])
    GAME.apply(state, 1, "flip 1,0")                     # seat 1: 9; seats 0 and 2: 12 each
    assert state["turn"] == 0


def test_skypo_next_round_previous_closer_starts():
    state = reveal_table(opener=1)
    GAME.apply(state, 1, "flip 1,0")                     # seat 0 has the highest sum, seat 1 closed last
    assert state["turn"] == 1


# ----- the turn ------------------------------------------------------------------------------------
def three_seats(**fields):
    return table([["?5 2 0 1", "1 ?0 2 0", "0 1 1 ?9"], TEN_B, TEN], top="4", draw=["8", "3"], **fields)


def test_skypo_turns_in_seat_order():
    state = three_seats(turn=2)
    play(state, [(2, "take 0,0")])
    assert state["turn"] == 0 and GAME.to_move(state) == [0]
    play(state, [(0, "draw"), (0, "discard flip:0,0")])
    assert state["turn"] == 1


def test_skypo_draw_then_swap_with_a_face_down_card():
    state = three_seats()
    events = GAME.apply(state, 0, "draw")
    assert events == [{"type": "drew", "seat": 0, "card": "8"}]
    assert state["phase"] == "drawn" and state["drawn"] == "8" and state["turn"] == 0
    events = GAME.apply(state, 0, "swap 0,0")            # the face-down 5 goes face up onto the pile
    assert events[0] == {"type": "swapped", "seat": 0, "row": 0, "col": 0, "card": "8", "replaced": "5"}
    assert cells(state, 0)[0] == "8 2 0 1" and top(state) == "5"
    assert len(state["down"][0]) == 2 and state["drawn"] is None and state["turn"] == 1


def test_skypo_draw_then_swap_with_a_face_up_card():
    state = three_seats()
    play(state, [(0, "draw"), (0, "swap 0,1")])
    assert cells(state, 0)[0] == "? 8 0 1" and top(state) == "2" and len(state["down"][0]) == 3


def test_skypo_draw_then_discard_and_turn_up_a_face_down_card():
    state = three_seats()
    events = play(state, [(0, "draw"), (0, "discard flip:2,3")])
    assert types(events) == ["drew", "discarded", "flipped"]
    assert top(state) == "8" and cells(state, 0)[2] == "0 1 1 9" and state["turn"] == 1


def test_skypo_discard_must_turn_up_a_face_down_card():
    state = three_seats()
    GAME.apply(state, 0, "draw")
    assert refused(state, 0, "discard").code == "must_flip"
    assert refused(state, 0, "discard flip:0,1").code == "already_face_up"
    assert refused(state, 0, "draw").code == "already_drew"
    assert "discard flip:0,1" not in GAME.legal_actions(state, 0)


def test_skypo_take_discard_must_swap():
    state = three_seats()
    assert refused(state, 0, "take").code == "take_must_swap"
    events = GAME.apply(state, 0, "take 1,1")           # the 4 replaces the face-down 0
    assert types(events) == ["took", "swapped"]
    assert cells(state, 0)[1] == "1 4 2 0" and top(state) == "0" and state["turn"] == 1


def test_skypo_take_then_discard_again_not_allowed():
    state = three_seats()
    GAME.apply(state, 0, "take 0,1")                   # taking ends with the swap: no discarding it
    refused(state, 0, "discard flip:0,0", NotYourTurn)
    assert cells(state, 0)[0] == "? 4 0 1" and top(state) == "2"
    assert not any(a.startswith("take") and "flip" in a for a in GAME.legal_actions(three_seats(), 0))


def test_skypo_swap_or_discard_needs_a_draw_first():
    state = three_seats()
    assert refused(state, 0, "swap 0,0").code == "draw_first"
    assert refused(state, 0, "discard flip:0,0").code == "draw_first"


# ----- equal columns ----------------------------------------------------------------------------
def test_skypo_column_of_three_equal_face_up_cards_is_removed():
    state = table([["7 2 0 1", "7 0 2 0", "?3 1 1 ?1"], TEN], top="4", draw=["7"])
    before = len(state["discard"])
    events = play(state, [(0, "draw"), (0, "swap 2,0")])
    assert types(events) == ["drew", "swapped", "column_removed"]
    assert events[-1] == {"type": "column_removed", "seat": 0, "col": 0, "card": "7"}
    assert state["grids"][0][0] is None
    assert state["discard"][before:] == ["3", "7", "7", "7"]
    assert cells(state, 0) == ["x 2 0 1", "x 0 2 0", "x 1 1 ?"]


def test_skypo_column_completed_by_a_flip_is_removed():
    state = table([["4 2 0 1", "4 0 2 0", "?4 1 1 ?1"], TEN], top="5", draw=["9"])
    events = play(state, [(0, "draw"), (0, "discard flip:2,0")])
    assert types(events)[-1] == "column_removed" and state["grids"][0][0] is None
    assert state["discard"][-4:] == ["9", "4", "4", "4"]


def test_skypo_column_with_a_face_down_card_stays():
    state = table([["6 6 0 1", "6 6 2 0", "?3 ?6 1 1"], TEN], top="5", draw=["9"])
    play(state, [(0, "draw"), (0, "discard flip:2,0")])   # 6 6 3: not equal; column 1 still has ?6
    assert state["grids"][0][0] == ["6", "6", "3"] and state["grids"][0][1] == ["6", "6", None]


def test_skypo_removed_column_is_gone_for_good():
    state = table([["x 2 0 ?1", "x 0 2 0", "x 1 1 1"], TEN], top="9")
    assert not any(",0" in a for a in GAME.legal_actions(state, 0))
    assert refused(state, 0, "take 1,0").code == "column_removed"
    GAME.apply(state, 0, "draw")
    assert refused(state, 0, "swap 0,0").code == "column_removed"
    assert GAME.view(state, 1)["grids"][0][0] is None
    assert GAME.face_up_sum(state["grids"][0]) == 7    # the removed column sums nothing


# ----- end of the round, reveal and scoring ------------------------------------------------------
def test_skypo_round_ends_when_closer_has_no_face_down_and_others_play_once_more():
    state = table([["?5 2 0 1", "1 0 2 0", "0 1 1 1"],
                   ["?5 -1 0 2", "0 4 -2 0", "2 0 3 -1"],
                   ["?5 6 7 8", "6 7 8 9", "9 10 11 12"]], top="4", draw=["3", "8", "9"], turn=1)
    events = play(state, [(1, "draw"), (1, "swap 0,0")])      # seat 1 turns up its last card
    assert events[-1] == {"type": "closed", "seat": 1} and state["closer"] == 1
    assert state["turn"] == 2 and state["phase"] == "turn"
    play(state, [(2, "draw"), (2, "swap 1,1")])
    assert state["turn"] == 0 and state["phase"] == "turn"    # seat 2 keeps its face-down card
    events = play(state, [(0, "take 1,1")])                   # the last turn: seat 1 does not play again
    assert state["phase"] == "round_over" and state["turn"] is None
    assert GAME.to_move(state) == [1] and GAME.legal_actions(state, 1) == ["next"]
    assert "round_over" in types(events)


def last_turn(closer_rows, own_rows, top="4", scores=(0, 0), draw=("9",), options=None):
    """Two seats: seat 1 has closed; seat 0 plays its last turn."""
    return table([own_rows, closer_rows], top=top, draw=draw, closer=1, scores=list(scores), options=options)


def test_skypo_final_reveal_counts_face_down_cards():
    state = last_turn(TEN, ["?12 2 0 1", "1 0 2 0", "0 1 1 ?12"])
    events = play(state, [(0, "draw"), (0, "discard flip:0,0")])   # the other 12 stays face down
    assert {"type": "revealed", "seat": 0, "cells": [[2, 3, "12"]]} in events
    assert cells(state, 0) == ["12 2 0 1", "1 0 2 0", "0 1 1 12"]
    assert state["last_round"]["points"] == [32, 10]
    assert state["down"] == [[], []]


def test_skypo_column_completed_only_by_the_reveal_is_not_removed():
    state = last_turn(TEN, ["?5 6 0 1", "1 6 2 0", "0 ?6 1 1"])
    play(state, [(0, "draw"), (0, "discard flip:0,0")])
    assert state["grids"][0][1] == ["6", "6", "6"]
    assert state["last_round"]["points"][0] == 5 + 6 + 0 + 1 + 1 + 6 + 2 + 0 + 0 + 6 + 1 + 1


def test_skypo_closer_doubled_when_not_lowest():
    state = last_turn(TEN, ["?5 2 0 1", "0 0 0 0", "0 1 -1 0"])   # seat 0 ends with 8 < 10
    play(state, [(0, "draw"), (0, "discard flip:0,0")])
    summary = state["last_round"]
    assert summary["points"] == [8, 10] and summary["doubled"] is True
    assert summary["round_scores"] == [8, 20] and state["scores"] == [8, 20]


def test_skypo_closer_doubled_on_tie():
    state = last_turn(TEN, ["?5 2 0 1", "1 0 1 0", "0 0 0 0"])    # seat 0 ends with 10 == 10
    play(state, [(0, "draw"), (0, "discard flip:0,0")])
    assert state["last_round"]["points"] == [10, 10]
    assert state["scores"] == [10, 20] and state["last_round"]["doubled"] is True


def test_skypo_closer_not_doubled_when_strictly_lowest():
    state = last_turn(TEN, ["?5 2 0 1", "1 0 1 0", "0 1 0 0"])    # seat 0 ends with 11 > 10
    play(state, [(0, "draw"), (0, "discard flip:0,0")])
    assert state["scores"] == [11, 10] and state["last_round"]["doubled"] is False


def test_skypo_closer_zero_or_less_never_doubled():
    closer = ["-2 2 0 -1", "1 0 -2 0", "0 -1 1 1"]                # -1
    own = ["?-2 -2 0 -1", "-1 0 1 0", "0 -1 -1 -1"]             # -8
    state = last_turn(closer, own)
    play(state, [(0, "draw"), (0, "discard flip:0,0")])
    assert state["last_round"]["points"] == [-8, -1]
    assert state["scores"] == [-8, -1] and state["last_round"]["doubled"] is False
    state = last_turn(["0 0 1 0", "0 0 -1 1", "1 -1 0 -1"], own)
    play(state, [(0, "draw"), (0, "discard flip:0,0")])       # exactly zero: not doubled either
    assert state["scores"] == [-8, 0]


def test_skypo_closer_doubled_only_for_the_closer():
    # seat 0 closed with 14; seats 1 and 2 play their last turns and end with 10 and 71
    state = table([["5 2 0 1", "1 0 2 0", "0 1 1 1"], ["?3 -1 0 2", "0 4 -2 0", "2 0 3 -1"],
                   ["?4 5 6 7", "5 6 7 4", "6 7 4 5"]], top="4", draw=["9", "9"], turn=1, closer=0)
    events = play(state, [(1, "draw"), (1, "discard flip:0,0"), (2, "draw"), (2, "swap 0,0")])
    assert "closed" not in types(events) and state["closer"] == 0   # seat 2 ran out too: no second closer
    assert state["last_round"]["points"] == [14, 10, 71]
    assert state["last_round"]["round_scores"] == [28, 10, 71]


# ----- rounds and the game ------------------------------------------------------------------------
def test_skypo_game_ends_after_the_round_a_total_reaches_100():
    state = last_turn(TEN, ["?5 2 0 1", "0 0 0 0", "0 1 -1 0"], scores=(70, 80))   # + 8 and + 20
    events = play(state, [(0, "draw"), (0, "discard flip:0,0")])
    assert state["over"] and state["phase"] == "game_over"
    assert state["result"] == {"winners": [0], "scores": [78, 100]}
    assert types(events)[-2:] == ["round_over", "game_over"]
    assert GAME.result(state)["winners"] == [0]
    refused(state, 1, "next", GameOver)


def test_skypo_lowest_total_wins_and_ties_share():
    state = last_turn(TEN, ["?5 2 0 1", "0 0 0 0", "0 1 -1 0"], scores=(102, 90))   # 110 each
    play(state, [(0, "draw"), (0, "discard flip:0,0")])
    assert state["result"] == {"winners": [0, 1], "scores": [110, 110]}


def test_skypo_rounds_chain_below_100_and_next_round_deals_again():
    state = last_turn(TEN, ["?5 2 0 1", "0 0 0 0", "0 1 -1 0"], scores=(10, 20))
    play(state, [(0, "draw"), (0, "discard flip:0,0")])
    assert not state["over"] and state["phase"] == "round_over" and state["scores"] == [18, 40]
    refused(state, 0, "next", NotYourTurn)                   # the closer deals the next round
    events = GAME.apply(state, 1, "next")
    assert events == [{"type": "round_started", "round": 2, "opener": 1, "top": top(state)}]
    assert state["phase"] == "reveal" and state["round"] == 2 and state["opener"] == 1
    assert state["to_flip"] == [2, 2] and state["closer"] is None and state["last_round"] is None
    assert all(len(d) == 12 for d in state["down"]) and len(state["discard"]) == 1
    play(state, [(0, "flip 0,0"), (0, "flip 0,1"), (1, "flip 0,0"), (1, "flip 0,1")])
    assert state["turn"] == 1 and state["scores"] == [18, 40]
    GAME.check_state(state)


def test_skypo_target_option():
    state = last_turn(TEN, ["?5 2 0 1", "0 0 0 0", "0 1 -1 0"], options={"target": 20})
    play(state, [(0, "draw"), (0, "discard flip:0,0")])
    assert state["over"] and state["result"]["winners"] == [0]
    with pytest.raises(BadOptions):
        GAME.new(2, 1, {"target": 0})
    with pytest.raises(BadOptions):
        GAME.new(2, 1, {"jokers": True})


# ----- the draw pile -----------------------------------------------------------------------------------
def test_skypo_reshuffle_discard_minus_top_when_draw_pile_runs_out():
    state = table([["?5 2 0 1", "1 ?0 2 0", "0 1 1 ?9"], TEN], top="4", rest="discard")
    assert state["draw"] == []
    pile = list(state["discard"][:-1])
    events = GAME.apply(state, 0, "draw")
    assert types(events) == ["reshuffled", "drew"] and events[0]["count"] == len(pile)
    assert state["discard"] == ["4"]
    assert Counter(state["draw"] + [state["drawn"]]) == Counter(pile)
    GAME.check_state(state)


# ----- hidden information, errors, saves ------------------------------------------------------------
def test_skypo_view_hides_every_face_down_card_even_your_own():
    state = three_seats()
    view = GAME.view(state, 0)
    assert view["grids"][0] == [[None, "1", "0"], ["2", None, "1"], ["0", "2", "1"], ["1", "0", None]]
    assert view["down_counts"] == [3, 0, 0] and view["draw_count"] == len(state["draw"])
    assert "down" not in view and "draw" not in view and "discard" not in view
    # whatever the face-down cards and the draw pile hold, no view changes
    for seat in (0, 1, None):
        before = json.dumps(GAME.view(state, seat), sort_keys=True)
        places = GAME.hidden_places(state, seat)
        assert state["down"][0] in places and state["draw"] in places
        pool = [c for p in places for c in p]
        random.Random(3).shuffle(pool)
        for p in places:
            p[:], pool = pool[:len(p)], pool[len(p):]
        assert json.dumps(GAME.view(state, seat), sort_keys=True) == before


def test_skypo_drawn_card_is_shown_to_everyone():
    state = three_seats()
    GAME.apply(state, 0, "draw")
    assert GAME.view(state, 1)["drawn"] == "8" and GAME.view(state, None)["drawn"] == "8"


def test_skypo_refusals_are_typed_and_change_nothing():
    state = three_seats()
    for bad in ("", "draw ", "swap  1,1", "x" * 500, 7, "shuffle", "draw now", "take 1,3 x:1", "take a,b",
                "discard 1,1", "discard flip:1", "swap 1,1 2,2", "next 1", "flip -1,0"):
        refused(state, 0, bad, MalformedAction)
    assert refused(state, 1, "draw", NotYourTurn).code == "not_your_turn"
    assert refused(state, 0, "take 3,0").code == "no_such_place"
    assert refused(state, 0, "take 0,4").code == "no_such_place"
    assert refused(state, 0, "flip 0,0").code == "draw_or_take"
    assert refused(state, 0, "next").code == "draw_or_take"
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, 5, "draw")
    assert info.value.code == "no_such_seat"


def test_skypo_from_json_rejects_broken_saves():
    state = three_seats()
    good = json.loads(GAME.to_json(state))
    assert GAME.to_json(GAME.from_json(json.dumps(good))) == GAME.to_json(state)

    def broken(change):
        data = json.loads(json.dumps(good))
        change(data)
        with pytest.raises(BadState):
            GAME.from_json(json.dumps(data))

    broken(lambda d: d["down"][0].__setitem__(0, "12"))                    # one card too many
    broken(lambda d: d["down"][0].append(d["draw"].pop()))                 # more face-down cards than cells
    broken(lambda d: d["grids"][1].pop())                                  # three columns
    broken(lambda d: d["grids"][1][0].__setitem__(0, "13"))                # no such card
    broken(lambda d: d.update(phase="drawn"))                              # drawn phase without a card
    broken(lambda d: d.update(to_flip=[1, 0, 0]))                          # opening flips during turns
    broken(lambda d: d.update(turn=3))                                     # no such seat
    broken(lambda d: d.update(closer=0))                                   # the closer still has cards down
    broken(lambda d: d.update(game="chupate"))

    def equal_column(d):                                                   # an equal column left in place
        d["grids"][1][0] = ["3", "3", "3"]                                 # was 3 0 2
        d["draw"].remove("3")
        d["draw"].remove("3")
        d["draw"] += ["0", "2"]
    broken(equal_column)
    with pytest.raises(BadState):
        GAME.from_json("{not json")


def test_skypo_is_legal_matches_legal_actions():
    rng = random.Random(5)
    candidates = ["draw", "next", "take", "discard", "swap", "flip 0,0", "take 2,3", "swap 0,3",
                  "discard flip:1,1", "discard flip:", "flip 3,0", "swap 00,1", "take 0,0 x:1", "flip 0,0 "]
    for seed in range(14):
        state = GAME.new(2 + seed % 7, seed, {"target": 60})
        while not state["over"]:
            for seat in range(state["players"]):
                legal = GAME.legal_actions(state, seat)
                for action in set(candidates + legal + [a + "x" for a in legal]):
                    assert GAME.is_legal(state, seat, action) == (action in legal), (seat, action)
            seat = GAME.to_move(state)[0]
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))


def test_skypo_auto_action_is_legal_and_keeps_good_cards():
    for seed in range(20):
        state = GAME.new(3, seed)
        while not state["over"]:
            seat = GAME.to_move(state)[0]
            action = GAME.auto_action(state, seat)
            assert action in GAME.legal_actions(state, seat)
            GAME.apply(state, seat, action)
    # a discard that completes a column is taken into it
    state = table([["7 2 0 1", "7 0 2 0", "?3 1 1 1"], TEN], top="7")
    assert GAME.auto_action(state, 0) == "take 2,0"
    # a high card is drawn instead, then discarded with a flip when nothing higher is face up
    state = table([["?5 2 0 1", "1 ?0 2 0", "0 1 1 ?9"], TEN], top="11", draw=["12"])
    assert GAME.auto_action(state, 0) == "draw"
    GAME.apply(state, 0, "draw")
    assert GAME.auto_action(state, 0).startswith("discard flip:")
    # a low drawn card replaces the highest face-up card
    state = table([["?5 2 9 1", "1 ?0 2 0", "0 1 1 ?9"], TEN], top="11", draw=["3"])
    GAME.apply(state, 0, "draw")
    assert GAME.auto_action(state, 0) == "swap 0,2"


def test_skypo_same_seed_same_game():
    a, b = GAME.new(4, 99), GAME.new(4, 99)
    assert GAME.to_json(a) == GAME.to_json(b)
    rng = random.Random(1)
    while not a["over"]:
        seat = GAME.to_move(a)[0]
        action = rng.choice(GAME.legal_actions(a, seat))
        GAME.apply(a, seat, action)
    assert GAME.to_json(GAME.replay(4, 99, {}, a["history"])) == GAME.to_json(a)
    assert get("skypo") is GAME
