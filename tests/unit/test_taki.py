"""Super Taki: one scenario per rule of sheet 003 and of RULINGS.md, each from a hand-made state."""

import random
from collections import Counter

import pytest

from tapete.core import BadState, GameOver, IllegalAction, MalformedAction, NotYourTurn, get
from tapete.games.taki import DECK, GAME, HAND_SIZE, WELL_FORMED

from conformance import check_game
from rules import refused, types


def make(hands, discard=("R5",), turn=0, color="", draw_top=(), **fields):
    """A state from hands and piles; ``draw_top[0]`` is the next card drawn. Runs ``check_state``."""
    state = GAME.new(len(hands), 1)
    hands = [list(h) for h in hands]
    rest = Counter(DECK)
    rest.subtract(Counter(c for h in hands for c in h))
    rest.subtract(Counter(discard))
    rest.subtract(Counter(draw_top))
    assert min(rest.values()) >= 0, "more copies than the deck holds"
    top = discard[-1]
    state.update(hands=hands, discard=list(discard), draw=sorted(rest.elements()) + list(reversed(draw_top)),
                 turn=turn, color=(top[0] if top[0] in "RBGY" else None) if color == "" else color,
                 phase="play", pending=0, plus3_by=None, taki=None, finishing=[], exposed=None, called=None,
                 direction=1)
    state.update(fields)
    GAME.check_state(state)
    return state


def do(state, seat, *actions):
    events = []
    for action in actions:
        events += GAME.apply(state, seat, action)
    return events


def legal(state, seat):
    return GAME.legal_actions(state, seat)


# ----- deck, deal, opening ---------------------------------------------------------------------------
def test_taki_deck_has_116_cards_and_no_number_two():
    counts = Counter(DECK)
    assert len(DECK) == 116
    assert not any(c[1:] == "2" for c in DECK)
    for colour in "RBGY":
        for rank in ("1", "3", "4", "5", "6", "7", "8", "9", "+2", "S", "R", "+", "T"):
            assert counts[colour + rank] == 2
    assert (counts["CC"], counts["ST"], counts["K"], counts["+3"], counts["X3"]) == (4, 2, 2, 2, 2)


def test_taki_deals_eight_each_two_to_ten_players_first_player_random():
    firsts = set()
    for seed in range(40):
        state = GAME.new(10, seed)
        assert all(len(h) == HAND_SIZE for h in state["hands"])
        GAME.check_state(state)
        firsts.add(state["turn"])
    assert len(firsts) > 3
    with pytest.raises(Exception):
        GAME.new(11, 1)
    with pytest.raises(Exception):
        GAME.new(1, 1)


def test_taki_who_started_is_on_record():
    seen = set()
    for seed in range(30):
        state = GAME.new(4, seed)
        assert state["first"] == state["turn"] == GAME.view(state, 2)["first"] == GAME.view(state, None)["first"]
        seen.add(state["first"])
    assert seen == {0, 1, 2, 3}
    state["first"] = 4
    with pytest.raises(BadState):
        GAME.from_json(GAME.to_json(state))


def test_taki_opening_card_turned_until_a_number():
    seen_stack = False
    for seed in range(200):
        state = GAME.new(4, seed)
        discard = state["discard"]
        top = discard[-1]
        assert top[0] in "RBGY" and top[1:] in "13456789" and state["color"] == top[0]
        assert all(not (c[0] in "RBGY" and c[1:] in "13456789") for c in discard[:-1])
        seen_stack = seen_stack or len(discard) > 1
    assert seen_stack


# ----- matching and drawing --------------------------------------------------------------------------
def test_taki_matching_by_colour_number_or_symbol():
    state = make([["R8", "B5", "B7", "GS"], ["G1"]], discard=("RS",))
    plays = legal(state, 0)
    assert "play R8" in plays and "play GS" in plays
    assert "play B7" not in plays and "play B5" not in plays
    state = make([["R8", "B5", "B7"], ["G1"]], discard=("R5",))
    assert legal(state, 0) == ["play B5", "play R8"]


def test_taki_draw_only_without_playable_card_and_drawn_card_not_played():
    state = make([["R8", "B7"], ["G1"]], discard=("R5",))
    with pytest.raises(IllegalAction) as err:
        do(state, 0, "draw")
    assert err.value.code == "must_play"
    state = make([["B7", "G9"], ["G1", "Y1"]], discard=("R5",), draw_top=("R3",))
    assert legal(state, 0) == ["draw"]
    do(state, 0, "draw")
    assert sorted(state["hands"][0]) == ["B7", "G9", "R3"]      # the matching R3 stays in the hand
    assert state["turn"] == 1 and state["discard"][-1] == "R5"


def test_taki_breaker_is_no_reason_not_to_draw():
    state = make([["X3", "B7"], ["G1"]], discard=("R5",))
    assert legal(state, 0) == ["play X3", "draw"]


def test_taki_reshuffle_when_draw_pile_runs_out():
    state = make([["B7"], ["G1", "G3"]], discard=("Y1", "Y3", "R5"))
    state["hands"][1] += state["draw"]
    state["draw"] = []
    GAME.check_state(state)
    do(state, 0, "draw")
    assert state["discard"] == ["R5"] and len(state["hands"][0]) == 2 and len(state["draw"]) == 1


def test_taki_draw_skipped_when_both_piles_are_empty():
    state = make([["B7"], ["G1", "G3"]], discard=("R5",))
    state["hands"][1] += state["draw"]
    state["draw"] = []
    GAME.check_state(state)
    events = do(state, 0, "draw")
    assert state["hands"][0] == ["B7"] and state["turn"] == 1
    assert {"type": "drew", "seat": 0, "count": 0, "private": {"cards": []}} in events


# ----- action cards ------------------------------------------------------------------------------------
def test_taki_plus_asks_for_one_more_matching_card():
    state = make([["R+", "R3", "B9"], ["G1"]], discard=("R5",))
    do(state, 0, "play R+")
    assert state["turn"] == 0 and state["phase"] == "plus"
    assert legal(state, 0) == ["play R3"]
    do(state, 0, "play R3")
    assert state["turn"] == 1 and state["phase"] == "play"


def test_taki_plus_without_matching_card_draws_one():
    state = make([["R+", "B9", "G4"], ["G1"]], discard=("R5",), draw_top=("R7",))
    do(state, 0, "play R+")
    assert legal(state, 0) == ["draw"]
    do(state, 0, "draw")
    assert sorted(state["hands"][0]) == ["B9", "G4", "R7"] and state["turn"] == 1


def test_taki_plus_is_cumulative():
    state = make([["R+", "R+", "R9", "G4"], ["G1"]], discard=("R5",))
    do(state, 0, "play R+", "play R+")
    assert state["phase"] == "plus" and state["turn"] == 0
    do(state, 0, "play R9")
    assert state["turn"] == 1


def test_taki_plus_needs_its_own_colour_or_a_colourless_card():
    # the case: R+ B+ B5; after R+ neither a Plus of another colour nor a number match follows
    state = make([["R+", "B+", "B5"], ["G1"]], discard=("B5", "R5"))
    do(state, 0, "play R+")
    assert legal(state, 0) == ["draw"]
    assert refused(GAME, state, 0, "play B+").code == "plus_color"
    assert refused(GAME, state, 0, "play B5").code == "plus_color"
    do(state, 0, "draw")
    assert state["turn"] == 1 and len(state["hands"][0]) == 3
    # colourless cards that go on anything follow; the breaker does not (it goes on nothing)
    state = make([["R+", "R3", "B+", "CC", "ST", "K", "+3", "X3", "G5"], ["G1"]], discard=("R5",))
    do(state, 0, "play R+")
    assert legal(state, 0) == ["play +3", "play CC color:R", "play CC color:B", "play CC color:G",
                               "play CC color:Y", "play K", "play R3", "play ST"]
    assert refused(GAME, state, 0, "play X3").code == "plus_color"
    assert refused(GAME, state, 0, "draw").code == "must_play"
    assert GAME.auto_action(state, 0) == "play R3"
    do(state, 0, "play ST")                                   # a Super TAKI in the Plus's colour
    assert state["taki"] == {"color": "R", "users": [0]} and state["phase"] == "taki"


def test_taki_after_a_drawn_plus2_chain_only_the_colour_counts():
    state = make([["R+2", "G4"], ["G1", "Y1"], ["B+2", "R3", "Y5"]], discard=("R5",))
    do(state, 0, "play R+2")
    do(state, 1, "draw")
    assert state["pending"] == 0 and state["turn"] == 2 and state["discard"][-1] == "R+2"
    assert legal(state, 2) == ["play R3"]                        # the spent +2 matches by colour only
    assert refused(GAME, state, 2, "play B+2").code == "no_match"
    do(state, 2, "play R3")
    assert state["pending"] == 0 and state["turn"] == 0
    # the same spent +2 passed on by a player who draws one: still colour only
    state = make([["G4"], ["Y1"], ["B+2", "Y5"]], discard=("R5", "R+2"), turn=1, draw_top=("Y9",))
    do(state, 1, "draw")
    assert legal(state, 2) == ["draw"]


def test_taki_stop_skips_the_next_player():
    state = make([["RS", "B9"], ["G1"], ["G3"]], discard=("R5",))
    do(state, 0, "play RS")
    assert state["turn"] == 2


def test_taki_stop_with_two_players_plays_again():
    state = make([["RS", "B9"], ["G1"]], discard=("R5",))
    do(state, 0, "play RS")
    assert state["turn"] == 0


def test_taki_change_direction_reverses_play():
    state = make([["B9"], ["RR", "G3"], ["G1"]], discard=("R5",), turn=1)
    do(state, 1, "play RR")
    assert state["direction"] == -1 and state["turn"] == 0


def test_taki_change_direction_with_two_players_is_a_normal_card():
    state = make([["RR", "B9"], ["G1"]], discard=("R5",))
    do(state, 0, "play RR")
    assert state["direction"] == 1 and state["turn"] == 1


def test_taki_plus2_chain_stacks_and_drawer_loses_turn():
    state = make([["R+2", "B9"], ["B+2", "G3"], ["G1", "Y1"], ["Y3"]], discard=("R5",))
    do(state, 0, "play R+2")
    assert state["pending"] == 2 and state["turn"] == 1
    assert legal(state, 1) == ["play B+2", "draw"]
    do(state, 1, "play B+2")
    assert state["pending"] == 4 and state["turn"] == 2
    do(state, 2, "draw")
    assert len(state["hands"][2]) == 6 and state["pending"] == 0 and state["turn"] == 3
    assert state["color"] == "B"          # only the colour counts for the next player


def test_taki_change_colour_names_the_colour():
    state = make([["CC", "B9"], ["G1", "B3"]], discard=("R5",))
    assert legal(state, 0)[:4] == ["play CC color:R", "play CC color:B", "play CC color:G", "play CC color:Y"]
    do(state, 0, "play CC color:B")
    assert state["color"] == "B" and state["turn"] == 1
    assert legal(state, 1) == ["play B3"]


def test_taki_change_colour_not_on_active_plus2_or_plus3():
    state = make([["CC", "B9"], ["G1"]], discard=("R+2",), pending=2)
    assert legal(state, 0) == ["draw"]
    state = make([["CC", "B9"], ["G1"]], discard=("R5", "+3"), color="R", plus3_by=1)
    assert legal(state, 0) == ["draw"]
    with pytest.raises(IllegalAction) as err:
        do(state, 0, "play CC color:G")
    assert err.value.code == "plus3_active"


# ----- TAKI runs --------------------------------------------------------------------------------------------
def test_taki_run_sheds_cards_of_its_colour_then_closes():
    state = make([["RT", "R3", "R7", "B5", "G1"], ["G3"]], discard=("R5",))
    do(state, 0, "play RT")
    assert state["phase"] == "taki" and state["taki"] == {"color": "R", "users": [0]}
    assert legal(state, 0) == ["play R3", "play R7", "close", "end"]
    do(state, 0, "play R3", "play R7", "close")
    assert state["taki"] is None and state["turn"] == 1 and sorted(state["hands"][0]) == ["B5", "G1"]


def test_taki_run_takes_no_card_of_another_colour_nor_another_taki():
    state = make([["RT", "R3", "B3", "BT"], ["G3"]], discard=("R5",))
    do(state, 0, "play RT", "play R3")
    for action in ("play B3", "play BT"):
        with pytest.raises(IllegalAction) as err:
            do(state, 0, action)
        assert err.value.code == "in_taki"


def test_taki_on_a_closed_taki_of_another_colour_stays_legal():
    state = make([["RT", "R3", "G1"], ["BT", "B3", "Y4"]], discard=("R5",))
    do(state, 0, "play RT", "close")                 # closed at once: the TAKI itself is on top
    assert state["taki"] is None and state["discard"][-1] == "RT" and state["turn"] == 1
    assert legal(state, 1) == ["play BT"]
    do(state, 1, "play BT")
    assert state["taki"] == {"color": "B", "users": [1]} and state["color"] == "B"
    assert legal(state, 1) == ["play B3", "close", "end"]


def test_taki_lone_taki_stays_open_for_the_next_player():
    # the case: RT with no more reds cannot be closed in the same turn
    state = make([["RT", "B5", "B6"], ["R6", "R8", "Y7"], ["G3", "G4"]], discard=("R4",))
    events = do(state, 0, "play RT")
    assert types(events) == ["played", "taki_opened", "taki_left_open"]
    assert state["turn"] == 1 and state["phase"] == "play" and state["taki"] == {"color": "R", "users": [0]}
    refused(GAME, state, 0, "close", NotYourTurn)
    assert legal(state, 1) == ["play R6", "play R8"]
    do(state, 1, "play R6", "play R8", "close")
    assert state["taki"] is None and state["hands"][1] == ["Y7"] and state["turn"] == 2
    # a Super TAKI alone in its colour stays open too
    state = make([["ST", "B5"], ["G6", "Y7"]], discard=("G4",))
    do(state, 0, "play ST")
    assert state["turn"] == 1 and state["taki"] == {"color": "G", "users": [0]}
    assert legal(state, 1) == ["play G6"]


def test_taki_lone_taki_followed_by_the_turn_timer_and_the_bots():
    state = make([["RT", "B5", "B6"], ["R6", "R8", "Y7"], ["G3", "G4"]], discard=("R4",))
    moves = []
    while state["turn"] != 2:
        seat = state["turn"]
        action = GAME.auto_action(state, seat)
        moves.append((seat, action))
        do(state, seat, action)
    assert moves == [(0, "play RT"), (1, "play R6"), (1, "play R8"), (1, "close")]
    from tapete.bots import make_bot
    for level in ("easy", "medium", "hard"):
        state = make([["RT", "B5", "B6"], ["R6", "R8", "Y7"], ["G3", "G4"]], discard=("R4",))
        bot, bot_rng = make_bot(level, "taki"), random.Random(1)
        for seat in (0, 1):
            while state["turn"] == seat:
                legal_now = legal(state, seat)
                assert seat == 1 or "close" not in legal_now
                do(state, seat, bot.choose(GAME.view(state, seat), legal_now, True, bot_rng))
            if seat == 0:
                assert state["taki"] == {"color": "R", "users": [0]}
        if level != "easy":                     # the greedy bots shed both reds on the open TAKI
            assert state["hands"][1] == ["Y7"]


def test_taki_last_card_of_closed_run_acts_on_next_player():
    state = make([["RT", "R3", "RS", "G1"], ["G3"], ["Y3"]], discard=("R5",))
    do(state, 0, "play RT", "play R3", "play RS", "close")
    assert state["turn"] == 2                     # the stop skipped seat 1
    state = make([["RT", "R+2", "G1"], ["G3"], ["Y3"]], discard=("R5",))
    do(state, 0, "play RT", "play R+2", "close")
    assert state["pending"] == 2 and state["turn"] == 1
    state = make([["RT", "R+", "G1", "Y4"], ["G3"]], discard=("R5",))
    do(state, 0, "play RT", "play R+", "close")
    assert state["phase"] == "plus" and state["turn"] == 0    # a Plus asks its player for one more


def test_taki_cards_inside_a_run_do_not_act():
    state = make([["RT", "RS", "R3", "G1"], ["G3"], ["Y3"]], discard=("R5",))
    do(state, 0, "play RT", "play RS", "play R3", "close")
    assert state["turn"] == 1


def test_taki_left_open_next_player_continues_with_its_colour():
    state = make([["RT", "R3", "G1"], ["R9", "R1", "B4"], ["Y3"]], discard=("B5", "R5"))
    do(state, 0, "play RT", "end")                  # left open by choice, holding R3
    assert state["turn"] == 1 and state["taki"] == {"color": "R", "users": [0]}
    assert legal(state, 1) == ["play R1", "play R9"]       # not a user: may not close it
    do(state, 1, "play R9")
    assert state["phase"] == "taki" and state["taki"]["users"] == [0, 1]
    do(state, 1, "play R1", "close")
    assert state["taki"] is None and state["hands"][1] == ["B4"] and state["turn"] == 2


def test_taki_left_open_last_card_does_not_act_until_closed():
    state = make([["RT", "RS", "G1"], ["R9", "B4"], ["Y3"]], discard=("R5",))
    do(state, 0, "play RT", "play RS", "end")
    assert state["turn"] == 1 and state["pending"] == 0   # seat 1 not skipped: the TAKI is open


def test_taki_left_open_closed_by_a_card_of_another_colour():
    state = make([["RT", "RS", "G1"], ["BS", "B4"], ["Y3"], ["Y4"]], discard=("R5",))
    do(state, 0, "play RT", "play RS", "end")
    do(state, 1, "play BS")
    assert state["taki"] is None and state["color"] == "B" and state["turn"] == 3


def test_taki_left_open_stays_open_when_next_player_draws():
    state = make([["RT", "G1"], ["B4"], ["R3", "Y3"]], discard=("R5",), draw_top=("Y9",))
    do(state, 0, "play RT")                         # a lone TAKI: left open by itself
    do(state, 1, "draw")
    assert state["turn"] == 2 and state["taki"] == {"color": "R", "users": [0]}
    assert "play R3" in legal(state, 2)


def test_taki_only_a_player_who_used_it_may_close_it():
    state = make([["RT", "G1"], ["B4"]], discard=("R5",), draw_top=("Y9",))
    do(state, 0, "play RT")
    with pytest.raises(IllegalAction) as err:
        do(state, 1, "close")
    assert err.value.code == "not_a_taki_user"
    do(state, 1, "draw")
    assert "close" in legal(state, 0)
    do(state, 0, "close")
    assert state["taki"] is None and state["turn"] == 1


def test_super_taki_takes_the_colour_under_it():
    state = make([["ST", "G3", "R3"], ["B4"]], discard=("G5",))
    assert "play ST" in legal(state, 0)
    do(state, 0, "play ST")
    assert state["taki"] == {"color": "G", "users": [0]} and state["color"] == "G"
    assert legal(state, 0) == ["play G3", "close", "end"]


def test_super_taki_on_a_king_chooses_its_colour():
    state = make([["K", "ST", "G3"], ["B4"]], discard=("R5",))
    do(state, 0, "play K")
    assert "play ST color:Y" in legal(state, 0) and "play ST" not in legal(state, 0)
    do(state, 0, "play ST color:G")
    assert state["taki"]["color"] == "G"


# ----- +3, breaker, King -----------------------------------------------------------------------------------
def test_taki_plus3_makes_everyone_else_draw_three():
    state = make([["+3", "B9", "B8"], ["G1", "G3"], ["Y3"], ["Y4"]], discard=("R5",))
    do(state, 0, "play +3")
    assert state["turn"] == 1 and state["plus3_by"] == 0 and state["color"] == "R"
    assert legal(state, 1) == ["draw"]
    do(state, 1, "draw")
    assert [len(h) for h in state["hands"]] == [2, 5, 4, 4]
    assert state["turn"] == 1 and state["plus3_by"] is None and state["phase"] == "play"
    assert "play G1" not in legal(state, 1) and legal(state, 1) == ["draw"]   # plays on, on red


def test_taki_plus3_on_plus2_chain_adds_three_for_next_player_only():
    state = make([["B9"], ["+3", "G3", "G4"], ["Y3"], ["Y4"]], discard=("R+2",), turn=1, pending=2)
    assert legal(state, 1) == ["play +3", "draw"]
    do(state, 1, "play +3")
    assert state["pending"] == 5 and state["turn"] == 2
    do(state, 2, "draw")
    assert [len(h) for h in state["hands"]] == [1, 2, 6, 1] and state["turn"] == 3


def test_taki_breaker_out_of_turn():
    state = make([["+3", "B9", "B8"], ["G1"], ["X3", "Y3"], ["Y4"]], discard=("R5",))
    do(state, 0, "play +3")
    assert GAME.to_move(state) == [1, 2] and legal(state, 2) == ["break"]
    do(state, 2, "break")
    assert [len(h) for h in state["hands"]] == [5, 1, 1, 1]
    assert state["discard"][-1] == "X3" and state["plus3_by"] is None
    assert state["turn"] == 1 and state["phase"] == "play"


def test_taki_breaker_on_a_chain_plus3_draws_the_whole_chain():
    state = make([["B9"], ["+3", "G3"], ["Y3"], ["X3", "Y4"]], discard=("R+2",), turn=1, pending=4)
    do(state, 1, "play +3")
    do(state, 3, "break")
    assert len(state["hands"][1]) == 1 + 7 and state["pending"] == 0 and state["turn"] == 2


def test_taki_breaker_without_a_plus3_costs_three():
    state = make([["X3", "B9"], ["G1"]], discard=("R5",))
    do(state, 0, "play X3")
    assert len(state["hands"][0]) == 4 and state["turn"] == 1


def test_taki_plus3_and_breaker_together_draw_nothing():
    state = make([["+3", "X3", "B9"], ["G1"], ["Y3"]], discard=("R5",))
    do(state, 0, "play +3")
    assert 0 in GAME.to_move(state)
    do(state, 0, "break")
    assert [len(h) for h in state["hands"]] == [1, 1, 1] and state["turn"] == 1


def test_taki_king_cancels_a_plus2_chain_and_gives_an_optional_extra_turn():
    state = make([["B9"], ["K", "G3", "Y7"], ["Y3"]], discard=("R+2",), turn=1, pending=4)
    do(state, 1, "play K")
    assert state["pending"] == 0 and state["phase"] == "king" and state["turn"] == 1
    assert legal(state, 1) == ["play G3", "play Y7", "end"]      # any card: no colour asked
    do(state, 1, "end")
    assert state["turn"] == 2 and state["color"] is None
    assert legal(state, 2) == ["play Y3"]                        # on a King anything goes


def test_taki_king_after_plus3_protects_its_player_only():
    state = make([["+3", "B9", "B8"], ["K", "G3"], ["Y3"], ["Y4"]], discard=("R5",))
    do(state, 0, "play +3", )
    do(state, 1, "play K")
    assert [len(h) for h in state["hands"]] == [2, 1, 4, 4] and state["phase"] == "king"


# ----- ¡me queda una! ----------------------------------------------------------------------------------
def test_taki_me_queda_una_forgotten_draws_four_when_next_player_acts():
    state = make([["R3", "B9"], ["R1", "G4", "G5"]], discard=("R5",))
    do(state, 0, "play R3")
    assert state["exposed"] == 0 and GAME.to_move(state) == [1, 0] and legal(state, 0) == ["call"]
    do(state, 1, "play R1")
    assert len(state["hands"][0]) == 5 and state["exposed"] is None


def test_taki_me_queda_una_called_in_time():
    state = make([["R3", "B9"], ["R1", "G4"]], discard=("R5",))
    do(state, 0, "play R3")
    do(state, 0, "call")
    do(state, 1, "play R1")
    assert state["hands"][0] == ["B9"]


# ----- endings ----------------------------------------------------------------------------------------------
def test_taki_first_out_wins():
    state = make([["R3"], ["R1", "G4"], ["Y1"]], discard=("R5",))
    do(state, 0, "play R3")
    assert state["over"] and GAME.result(state)["winners"] == [0] and state["phase"] == "game_over"
    with pytest.raises(GameOver):
        do(state, 1, "play R1")


def test_taki_last_card_plus_draws_one_and_play_goes_on():
    state = make([["R+"], ["R1", "G4"]], discard=("R5",), draw_top=("Y9",))
    do(state, 0, "play R+")
    assert not state["over"] and state["hands"][0] == ["Y9"] and state["turn"] == 1


def test_taki_last_card_plus2_returned_draws_the_chain():
    state = make([["R+2"], ["B+2", "G4"]], discard=("R5",))
    do(state, 0, "play R+2")
    assert not state["over"] and state["finishing"] == [0]
    do(state, 1, "play B+2")
    assert legal(state, 0) == ["draw"]
    do(state, 0, "draw")
    assert not state["over"] and len(state["hands"][0]) == 4 and state["finishing"] == []


def test_taki_last_card_plus2_not_returned_wins():
    state = make([["R+2"], ["B1", "G4"], ["Y1"]], discard=("R5",))
    do(state, 0, "play R+2")
    do(state, 1, "draw")
    assert state["over"] and GAME.result(state)["winners"] == [0] and len(state["hands"][1]) == 4


def test_taki_last_card_plus3_broken_is_not_a_win():
    state = make([["+3"], ["B1"], ["X3", "Y1"]], discard=("R5",))
    do(state, 0, "play +3")
    assert not state["over"]
    do(state, 2, "break")
    assert not state["over"] and len(state["hands"][0]) == 3
    state = make([["+3"], ["B1"], ["Y1"]], discard=("R5",))
    do(state, 0, "play +3", )
    do(state, 1, "draw")
    assert state["over"] and GAME.result(state)["winners"] == [0]


def test_taki_may_finish_on_a_king():
    state = make([["K"], ["B1"]], discard=("R5",))
    do(state, 0, "play K")
    assert state["over"] and GAME.result(state)["winners"] == [0]


def test_taki_last_card_inside_a_run_closes_it_and_wins():
    state = make([["RT", "R3"], ["B1"]], discard=("R5",))
    do(state, 0, "play RT", "play R3")
    assert state["over"] and GAME.result(state)["winners"] == [0]


# ----- protocol: errors, saves, views, auto-play -------------------------------------------------------
def test_taki_refusals_are_typed_and_change_nothing():
    state = make([["R3", "B9"], ["R1", "G4"], ["X3"]], discard=("R5",))
    before = GAME.to_json(state)
    for seat, action, error in ((1, "play R1", NotYourTurn), (0, "play B9", IllegalAction),
                                (0, "play G4", IllegalAction), (0, "draw", IllegalAction),
                                (0, "break", IllegalAction), (0, "play  R3", MalformedAction),
                                (0, 7, MalformedAction), (0, "close", IllegalAction), (5, "play R3", IllegalAction),
                                (0, "play ZZ", MalformedAction), (0, "draw now", MalformedAction),
                                (0, "play R3 color:P", MalformedAction), (0, "dance", MalformedAction)):
        with pytest.raises(error):
            do(state, seat, action)
        assert GAME.to_json(state) == before
    with pytest.raises(IllegalAction) as err:
        do(state, 0, "play B9")
    assert "matches neither" in str(err.value)
    state = make([["+3", "B9", "B8"], ["G1"], ["X3", "Y3"]], discard=("R5",))
    do(state, 0, "play +3")
    before = GAME.to_json(state)
    with pytest.raises(NotYourTurn):                 # seat 2 may break, not play
        do(state, 2, "play Y3")
    assert GAME.to_json(state) == before


def test_taki_from_json_rejects_broken_saves():
    state = make([["R3", "B9"], ["R1", "G4"]], discard=("R5",))
    assert GAME.to_json(GAME.from_json(GAME.to_json(state))) == GAME.to_json(state)
    breakers = [
        lambda s: s["hands"][0].append("R3"),                              # a card too many
        lambda s: s.update(phase="dance"),
        lambda s: s.update(color="P"),
        lambda s: s.update(taki={"color": "B", "users": [0]}),             # TAKI colour differs
        lambda s: s.update(phase="taki"),                                  # no open TAKI
        lambda s: s.update(plus3_by=1),                                    # no +3 on top
        lambda s: s.update(finishing=[1]),
        lambda s: s.update(pending=-2),
        lambda s: s["hands"].pop(),
    ]
    for broken in breakers:
        copy = GAME.from_json(GAME.to_json(state))
        broken(copy)
        with pytest.raises(BadState):
            GAME.from_json(GAME.to_json(copy))
    with pytest.raises(BadState):
        GAME.from_json("{not json")


def test_taki_views_hide_other_hands_and_the_draw_pile():
    state = make([["R3", "B9"], ["R1", "G4"]], discard=("R5",))
    view = GAME.view(state, 0)
    assert view["hand"] == ["R3", "B9"] and view["counts"] == [2, 2]
    text = repr(view)
    assert "G4" not in text and "R1" not in text and "draw" not in {k for k in view if k != "draw_count"}
    assert "hand" not in GAME.view(state, None)


def test_taki_auto_action_plays_sensibly():
    state = make([["X3", "CC", "B9", "R3"], ["R1"]], discard=("R5",))
    assert GAME.auto_action(state, 0) == "play R3"
    state = make([["B+2", "K"], ["R1"]], discard=("R+2",), pending=2)
    assert GAME.auto_action(state, 0) == "play B+2"
    state = make([["RT", "R3", "B4"], ["R1"]], discard=("R5",))
    do(state, 0, "play RT")
    assert GAME.auto_action(state, 0) == "play R3"
    do(state, 0, "play R3")
    assert GAME.auto_action(state, 0) == "close"
    state = make([["X3", "G4"], ["R1"]], discard=("R5",))
    assert GAME.auto_action(state, 0) == "draw"


def test_taki_registered_and_a_ten_player_random_game_passes_the_conformance_checks():
    assert get("taki") is GAME
    assert check_game(GAME, 10, 3, {}, deep_every=5) > 0


@pytest.mark.long   # over ~4 s: in `make test`, not in `make check`'s loop
def test_taki_fast_is_legal_equals_membership_in_legal_actions():
    rng = random.Random(5)
    candidates = list(WELL_FORMED) + ["play ZZ", "", "play R3 color:", "nonsense", "draw draw"]
    checked = 0
    for seed in range(25):
        state = GAME.new(2 + seed % 5, seed)
        while not state["over"]:
            for seat in range(state["players"]):
                legal = set(GAME.legal_actions(state, seat))
                for action in candidates:
                    assert GAME.is_legal(state, seat, action) == (action in legal), (seat, action, legal)
                    checked += 1
            seats = GAME.to_move(state)
            seat = seats[0] if rng.random() < 0.8 else rng.choice(seats)
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert checked > 100_000
