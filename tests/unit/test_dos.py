"""DOS scenario tests: one per rule of sheet 004 and of RULINGS.md (DOS), from hand-made states."""

import json
import random
from collections import Counter

import pytest

import rules

from tapete.core import BadState, GameOver, IllegalAction, MalformedAction, NotYourTurn, get
from tapete.games import dos
from tapete.games.dos import DECK, dealer_value

GAME = get("dos")


def build(hands, center, draw_top=(), discard=(), rest="draw", covers=None, **fields):
    """A state with these hands and centre row; the unused cards go under ``draw_top`` (or into the
    discard pile with ``rest="discard"``); ``fields`` override anything else. Validated."""
    state = GAME.new(len(hands), seed=7, options=fields.pop("options", None))
    used = Counter()
    for place in [*hands, center, draw_top, discard, *(covers or [])]:
        used.update(place)
    remaining = list((Counter(DECK) - used).elements())
    assert Counter(DECK) - used + used == Counter(DECK), "the scenario uses cards the deck does not have"
    assert sum(used.values()) + len(remaining) == len(DECK), "the scenario uses too many copies"
    state.update(hands=[sorted(h, key=dos.sort_key) for h in hands], center=list(center),
                 covers=[list(c) for c in covers] if covers else [[] for _ in center],
                 draw=(remaining if rest == "draw" else []) + list(draw_top),
                 discard=(remaining if rest == "discard" else []) + list(discard),
                 turn=0, dealer=len(hands) - 1, phase="play", drawn=False, bonus=0, penalty=0,
                 called=[False] * len(hands))
    state.update(fields)
    GAME.check_state(state)
    return state


def act(state, seat, action):
    events = GAME.apply(state, seat, action)
    GAME.check_state(state)
    return events


def refused(state, seat, action, error=IllegalAction):
    return rules.refused(GAME, state, seat, action, error, exact=False)


# ----- deck and set-up ------------------------------------------------------------------------------
def test_dos_deck_has_108_cards_of_the_sheet():
    counts = Counter(DECK)
    assert len(DECK) == 108
    for c in "BGRY":
        assert sum(n for card, n in counts.items() if card[0] == c and card != "WD") == 24
        for n in (1, 3, 4, 5):
            assert counts[f"{c}{n}"] == 3
        for n in (6, 7, 8, 9, 10):
            assert counts[f"{c}{n}"] == 2
        assert counts[c + "#"] == 2
        assert counts[c + "2"] == 0
    assert counts["WD"] == 12


def test_dos_deal_seven_each_and_two_centre_cards():
    for players in (2, 3, 4):
        state = GAME.new(players, seed=players)
        assert [len(h) for h in state["hands"]] == [7] * players
        assert len(state["center"]) == 2 and state["covers"] == [[], []]
        assert len(state["draw"]) == 108 - 7 * players - 2 and state["discard"] == []
        assert state["phase"] == "play" and state["round"] == 1 and state["scores"] == [0] * players


def test_dos_dealer_is_the_highest_draw_symbols_count_zero():
    assert dealer_value("WD") == 0 and dealer_value("R#") == 0 and dealer_value("B10") == 10
    ties = 0
    for seed in range(200):
        state = GAME.new(4, seed=seed)
        draws = state["dealer_draw"]
        contenders = list(range(4))
        for go in draws:
            assert [s for s, _ in go] == contenders       # only the tied highest draw again
            best = max(dealer_value(c) for _, c in go)
            contenders = [s for s, c in go if dealer_value(c) == best]
        assert contenders == [state["dealer"]]
        ties += len(draws) > 1
    assert ties > 0, "some seed has a tie to break"


def test_dos_player_left_of_dealer_starts():
    for seed in range(20):
        state = GAME.new(3, seed=seed)
        assert state["turn"] == (state["dealer"] + 1) % 3


def test_dos_game_is_deterministic_by_seed():
    a, b = GAME.new(4, seed=99), GAME.new(4, seed=99)
    assert GAME.to_json(a) == GAME.to_json(b)
    assert GAME.to_json(GAME.new(4, seed=98)) != GAME.to_json(a)


# ----- matching ---------------------------------------------------------------------------------------
def test_dos_single_match_equal_number_any_colour():
    state = build([["B7", "G1", "Y9"], ["R1", "R3"]], ["R7", "Y3"], draw_top=["G5", "B9"])
    act(state, 0, "match B7 on:0")
    assert state["hands"][0] == ["G1", "Y9"] and state["covers"] == [["B7"], []]
    assert state["bonus"] == 0
    act(state, 0, "end")
    assert state["discard"][-2:] == ["R7", "B7"]
    assert state["center"] == ["Y3", "B9"]            # refilled from the top of the draw pile
    assert state["turn"] == 1 and state["phase"] == "play"


def test_dos_double_match_two_cards_summing_to_the_centre_card():
    state = build([["B3", "Y4", "G9"], ["R1", "R3"]], ["R7", "Y10"])
    assert "match B3+Y4 on:0" in GAME.legal_actions(state, 0)
    act(state, 0, "match B3+Y4 on:0")
    assert state["hands"][0] == ["G9"] and state["covers"][0] == ["B3", "Y4"]
    act(state, 0, "end")
    assert state["discard"][-3:] == ["R7", "B3", "Y4"]


def test_dos_pair_not_summing_to_the_centre_card_is_refused():
    state = build([["B3", "Y5", "G9"], ["R1", "R3"]], ["R7", "Y10"])
    assert not [a for a in GAME.legal_actions(state, 0) if a.startswith("match")]
    err = refused(state, 0, "match B3+Y5 on:0")
    assert err.code == "no_match"


def test_dos_each_centre_card_matched_only_once_per_turn():
    state = build([["B7", "G7", "Y3", "B1"], ["R1", "R3", "R4"]], ["R7", "Y3"])
    act(state, 0, "match B7 on:0")
    assert "match G7 on:0" not in GAME.legal_actions(state, 0)
    assert refused(state, 0, "match G7 on:0").code == "matched_already"
    act(state, 0, "match Y3 on:1")                   # the other centre card may still be matched
    assert state["covers"] == [["B7"], ["Y3"]]
    assert GAME.legal_actions(state, 0) == ["dos", "end"]


def test_dos_more_than_two_centre_cards_may_all_be_matched():
    state = build([["B7", "G4", "Y3", "B1", "B9"], ["R1", "R3"]], ["R7", "Y3", "G4"])
    act(state, 0, "match B7 on:0")
    act(state, 0, "match G4 on:2")
    act(state, 0, "match Y3 on:1")
    act(state, 0, "end")
    assert len(state["center"]) == 2 and state["hands"][0] == ["B1", "B9"]


def test_dos_match_cards_are_written_in_hand_order():
    state = build([["B3", "Y4", "G9"], ["R1", "R3"]], ["R7", "Y10"])
    assert refused(state, 0, "match Y4+B3 on:0").code == "card_order"


# ----- colour bonuses ----------------------------------------------------------------------------------
def test_dos_single_colour_match_places_a_card_at_end_of_turn():
    state = build([["R7", "G1", "Y9"], ["R1", "R3"]], ["R7", "Y3"], draw_top=["B9"])
    events = act(state, 0, "match R7 on:0")
    assert events[0]["bonus"] == "single" and state["bonus"] == 1
    assert [len(h) for h in state["hands"]] == [2, 2]         # a single bonus makes nobody draw
    act(state, 0, "end")
    assert state["phase"] == "bonus" and state["turn"] == 0
    assert state["center"] == ["Y3", "B9"]                   # refilled to two before the bonus card
    assert GAME.legal_actions(state, 0)[-3:] == ["place G1", "place Y9", "end"]
    act(state, 0, "place Y9")
    assert state["center"] == ["Y3", "B9", "Y9"] and state["hands"][0] == ["G1"]
    assert state["phase"] == "play" and state["turn"] == 1


def test_dos_double_colour_match_makes_others_draw():
    state = build([["R3", "R4", "G9"], ["B1"], ["B3"]], ["R7", "Y10"], draw_top=["G6", "Y5"])
    events = act(state, 0, "match R3+R4 on:0")
    assert events[0]["bonus"] == "double"
    assert state["hands"][1] == ["B1", "Y5"] and state["hands"][2] == ["B3", "G6"]   # in turn order
    assert state["hands"][0] == ["G9"] and state["bonus"] == 1
    act(state, 0, "end")
    assert state["phase"] == "bonus"


def test_dos_mixed_colours_earn_no_bonus():
    state = build([["R3", "B4", "G7"], ["B1"], ["B3"]], ["R7", "G10"])
    events = act(state, 0, "match B4+R3 on:0")
    assert events[0]["bonus"] is None and state["bonus"] == 0
    assert [len(h) for h in state["hands"]] == [1, 1, 1]
    act(state, 0, "end")
    assert state["phase"] == "play" and state["turn"] == 1


def test_dos_one_bonus_card_per_colour_bonus():
    state = build([["R7", "G10", "Y1", "Y9", "B1"], ["R1", "R3"]], ["R7", "G10"])
    act(state, 0, "match R7 on:0")
    act(state, 0, "match G10 on:1")
    act(state, 0, "end")
    assert state["phase"] == "bonus" and state["bonus"] == 2
    act(state, 0, "place Y1")
    assert state["phase"] == "bonus" and state["bonus"] == 1
    act(state, 0, "place Y9")
    assert len(state["center"]) == 4 and state["turn"] == 1


def test_dos_bonus_card_may_be_declined():
    state = build([["R7", "G1", "Y9"], ["R1", "R3"]], ["R7", "Y3"])
    act(state, 0, "match R7 on:0")
    act(state, 0, "end")
    act(state, 0, "end")                                      # the sheet: "puedes poner"
    assert state["hands"][0] == ["G1", "Y9"] and len(state["center"]) == 2 and state["turn"] == 1


# ----- drawing ---------------------------------------------------------------------------------------------
def test_dos_draw_then_match_if_possible():
    state = build([["B1", "G9"], ["R1", "R3", "R4"]], ["R7", "Y3"], draw_top=["Y7"])
    act(state, 0, "draw")
    assert state["hands"][0] == ["B1", "G9", "Y7"] and state["drawn"]
    assert "draw" not in GAME.legal_actions(state, 0)
    act(state, 0, "match Y7 on:0")
    assert GAME.legal_actions(state, 0) == ["dos", "end"]      # no card placed after a match
    act(state, 0, "end")
    assert state["hands"][0] == ["B1", "G9"] and state["turn"] == 1


def test_dos_draw_without_match_places_a_card():
    state = build([["B1", "G9"], ["R1", "R3", "R4"]], ["R7", "Y3"], draw_top=["Y10"])
    act(state, 0, "draw")
    assert GAME.legal_actions(state, 0) == ["place B1", "place G9", "place Y10"]
    assert refused(state, 0, "end").code == "place_required"
    events = act(state, 0, "place Y10")
    assert events[0] == {"type": "placed", "seat": 0, "card": "Y10", "reason": "no_match"}
    assert state["center"] == ["R7", "Y3", "Y10"] and state["turn"] == 1 and not state["drawn"]


def test_dos_may_draw_instead_of_matching():
    state = build([["R7", "G9"], ["R1", "R3"]], ["R7", "Y3"])
    assert "draw" in GAME.legal_actions(state, 0)
    act(state, 0, "draw")
    assert state["drawn"] and len(state["hands"][0]) == 3


def test_dos_no_draw_after_a_match():
    state = build([["R7", "G9", "B1"], ["R1", "R3"]], ["B7", "Y3"])
    act(state, 0, "match R7 on:0")
    assert refused(state, 0, "draw").code == "matched_already"


def test_dos_no_place_before_drawing():
    state = build([["R7", "G9"], ["R1", "R3"]], ["R7", "Y3"])
    assert refused(state, 0, "place G9").code == "draw_first"
    assert refused(state, 0, "end").code == "match_or_draw"


# ----- wild cards ------------------------------------------------------------------------------------------
def test_dos_wild_dos_counts_as_a_two_of_any_colour():
    state = build([["R5", "WD", "G9"], ["B1"], ["B3"]], ["R7", "Y10"])
    events = act(state, 0, "match R5+WD on:0")
    assert events[0]["bonus"] == "double" and events[0]["colors"] == ["R", "R"] and events[0]["values"] == [5, 2]
    assert [len(h) for h in state["hands"]] == [1, 2, 2]
    other = build([["B5", "WD", "G9"], ["B1"], ["B3"]], ["R7", "Y10"])
    events = act(other, 0, "match B5+WD on:0")             # still a double match, without the bonus
    assert events[0]["bonus"] is None and [len(h) for h in other["hands"]] == [1, 1, 1]


def test_dos_two_wild_dos_make_a_double_colour_four():
    state = build([["WD", "WD", "G9"], ["B1"]], ["Y4", "R10"])
    events = act(state, 0, "match WD+WD on:0")
    assert events[0]["bonus"] == "double" and events[0]["colors"] == ["Y", "Y"]


def test_dos_wild_dos_in_row_takes_its_colour_when_matched():
    state = build([["R#", "G9", "B1"], ["B1"]], ["WD", "Y6"])
    events = act(state, 0, "match R# on:0")
    assert events[0]["target_color"] == "R" and events[0]["values"] == [2] and events[0]["bonus"] == "single"
    assert [a for a in GAME.legal_actions(state, 0) if a.startswith("match")] == []


def test_dos_wild_number_is_any_number_in_its_colour():
    state = build([["R#", "R3", "B3", "G9"], ["B1"], ["B4"]], ["R7", "Y10", "B9"])
    legal = GAME.legal_actions(state, 0)
    assert {"match R# on:0", "match R3+R# on:0", "match B3+R# on:0", "match R# on:1"} <= set(legal)
    events = act(state, 0, "match R3+R# on:0")
    assert events[0]["values"] == [3, 4] and events[0]["bonus"] == "double"
    single = build([["R#", "G9"], ["B1"]], ["R7", "Y10"])
    assert act(single, 0, "match R# on:0")[0]["bonus"] == "single"
    mixed = build([["R#", "B3", "G9"], ["B1"]], ["R7", "Y10"])
    assert act(mixed, 0, "match B3+R# on:0")[0]["bonus"] is None


def test_dos_wild_number_in_row_takes_its_number_when_matched():
    state = build([["B7", "G3", "G4", "B5", "B6"], ["B1"]], ["G#", "Y10"])
    legal = GAME.legal_actions(state, 0)
    assert "match B7 on:0" in legal and "match G3+G4 on:0" in legal
    assert "match B5+B6 on:0" not in legal                      # 11 is more than any number
    events = act(state, 0, "match G3+G4 on:0")
    assert events[0]["target_value"] == 7 and events[0]["bonus"] == "double"


# ----- ¡DOS! ----------------------------------------------------------------------------------------------
def test_dos_holder_of_two_cards_may_call_dos():
    state = build([["B7", "G1", "Y9"], ["R1", "R3", "R4"]], ["R7", "Y3"])
    act(state, 0, "match B7 on:0")
    assert GAME.legal_actions(state, 0)[0] == "dos" and GAME.legal_actions(state, 1) == ["catch 0"]
    assert GAME.to_move(state) == [0, 1]
    act(state, 0, "dos")
    assert state["called"][0] and GAME.legal_actions(state, 1) == []
    assert refused(state, 1, "catch 0", NotYourTurn).code == "not_your_turn"


def test_dos_catch_makes_holder_draw_two():
    state = build([["B7", "G1", "Y9"], ["R1", "R3"], ["G5", "G6", "G7"]], ["R7", "Y3"], draw_top=["Y1", "Y4"])
    assert "catch 1" in GAME.legal_actions(state, 0) and "catch 1" in GAME.legal_actions(state, 2)
    events = act(state, 2, "catch 1")                           # out of turn
    assert events[0] == {"type": "caught", "seat": 2, "target": 1, "deferred": False}
    assert state["hands"][1] == ["R1", "R3", "Y1", "Y4"]
    assert state["turn"] == 0 and "dos" not in GAME.legal_actions(state, 1)


def test_dos_catch_during_own_turn_draws_at_end_of_turn():
    state = build([["B7", "G1"], ["R1", "R3", "R4"]], ["R7", "Y3"], draw_top=["Y1", "Y4"])
    act(state, 1, "catch 0")
    assert state["hands"][0] == ["B7", "G1"] and state["penalty"] == 2
    assert "catch 0" not in GAME.legal_actions(state, 1)
    act(state, 0, "match B7 on:0")
    assert state["hands"][0] == ["G1"]                        # penalty cards are not used this turn
    act(state, 0, "end")
    assert len(state["hands"][0]) == 3 and {"G1", "Y1"} <= set(state["hands"][0])
    assert state["penalty"] == 0 and state["turn"] == 1


def test_dos_caught_player_who_empties_hand_does_not_go_out():
    state = build([["B3", "G4"], ["R1", "R3", "R4"]], ["R7", "Y3"])
    act(state, 1, "catch 0")
    act(state, 0, "match B3+G4 on:0")                         # hand empty: the turn ends by itself
    assert len(state["hands"][0]) == 2 and state["phase"] == "play" and state["turn"] == 1
    assert state["called"][0] is False and "catch 0" in GAME.legal_actions(state, 1)


def test_dos_call_again_after_the_count_changes():
    state = build([["B1", "G9"], ["R1", "R3", "R4"]], ["R7", "Y3"], called=[True, False])
    assert "catch 0" not in GAME.legal_actions(state, 1)
    act(state, 0, "draw")
    act(state, 0, "place G9")                                 # back to two cards: a new ¡DOS!
    assert len(state["hands"][0]) == 2 and "catch 0" in GAME.legal_actions(state, 1)


def test_dos_cannot_catch_yourself_or_a_player_without_two_cards():
    state = build([["B7", "G1"], ["R1", "R3", "R4"]], ["R7", "Y3"])
    assert "catch 0" not in GAME.legal_actions(state, 0)
    assert refused(state, 0, "catch 0").code == "nothing_to_catch"
    assert refused(state, 0, "catch 1").code == "nothing_to_catch"


# ----- round end and scoring --------------------------------------------------------------------------------
def test_dos_going_out_scores_the_other_hands():
    state = build([["B7"], ["R1", "R3", "WD"], ["G#", "Y10"]], ["R7", "Y3"])
    events = act(state, 0, "match B7 on:0")
    assert [e["type"] for e in events][-1] == "round_over"
    assert state["phase"] == "round_over" and state["scores"] == [24 + 50, 0, 0]
    assert state["last_round"]["hand_points"] == [0, 24, 50]
    assert GAME.to_move(state) == [0] and GAME.legal_actions(state, 1) == []


def test_dos_round_winner_deals_the_next_round():
    state = build([["B7"], ["R1", "R3", "WD"], ["G#", "Y10"]], ["R7", "Y3"], dealer=2)
    act(state, 0, "match B7 on:0")
    events = act(state, 0, "next")
    assert events[0]["type"] == "round_started"
    assert state["dealer"] == 0 and state["turn"] == 1 and state["round"] == 2
    assert [len(h) for h in state["hands"]] == [7, 7, 7] and len(state["center"]) == 2
    assert state["scores"] == [74, 0, 0]


def test_dos_double_colour_draws_count_before_scoring():
    state = build([["R3", "R4"], ["B1"], ["B3"]], ["R7", "Y3"], draw_top=["G#", "WD"])
    act(state, 0, "match R3+R4 on:0")
    assert state["phase"] == "round_over"
    assert state["last_round"]["hand_points"] == [0, 21, 43] and state["scores"] == [64, 0, 0]


def test_dos_first_to_the_target_wins_the_game():
    state = build([["B7"], ["R1", "R3", "WD"]], ["R7", "Y3"], scores=[190, 150])
    act(state, 0, "match B7 on:0")
    assert state["over"] and state["phase"] == "game_over"
    assert state["result"] == {"winners": [0], "scores": [214, 150]}
    assert refused(state, 0, "next", GameOver).code == "game_over"


def test_dos_below_the_target_the_game_goes_on():
    state = build([["B7"], ["R1", "R3", "WD"]], ["R7", "Y3"], scores=[150, 199])
    act(state, 0, "match B7 on:0")
    assert not state["over"] and state["scores"] == [174, 199]


# ----- draw pile ------------------------------------------------------------------------------------------
def test_dos_reshuffle_the_whole_discard_pile_when_the_draw_pile_runs_out():
    state = build([["B1", "G9"], ["R1", "R3"]], ["R7", "Y3"], rest="discard")
    discard = list(state["discard"])
    events = act(state, 0, "draw")
    assert events[0] == {"type": "reshuffled", "count": len(discard)}
    assert state["discard"] == [] and len(state["draw"]) == len(discard) - 1
    assert Counter(state["draw"]) + Counter(state["hands"][0]) == Counter(discard) + Counter(["B1", "G9"])
    assert state["center"] == ["R7", "Y3"]                    # the centre row never goes back


def test_dos_draw_skipped_when_both_piles_are_empty():
    used = ["B1", "G9", "R1", "R3", "R7", "Y3"]
    others = list((Counter(DECK) - Counter(used)).elements())
    state = build([["B1", "G9"] + others, ["R1", "R3"]], ["R7", "Y3"], rest="discard")
    state["discard"] = []
    GAME.check_state(state)
    events = act(state, 0, "draw")
    assert events[0]["count"] == 0 and state["drawn"]
    assert "place B1" in GAME.legal_actions(state, 0)


def test_dos_row_refilled_to_two_from_the_draw_pile():
    state = build([["R7", "Y3", "B1"], ["R1", "R3"]], ["B7", "G3", "Y5"], draw_top=["G8", "B10"])
    act(state, 0, "match R7 on:0")
    act(state, 0, "match Y3 on:1")
    act(state, 0, "end")
    assert state["center"] == ["Y5", "B10"] and state["draw"][-1] == "G8"


# ----- errors, saves and views --------------------------------------------------------------------------------
def test_dos_illegal_out_of_turn_and_malformed_actions_change_nothing():
    state = build([["B7", "G1", "Y9"], ["R1", "R3", "R4"]], ["R7", "Y3"])
    refused(state, 1, "draw", NotYourTurn)
    refused(state, 1, "match R3 on:1", NotYourTurn)
    refused(state, 0, "match R1 on:0")
    refused(state, 0, "match B7 on:5")
    refused(state, 0, "next")
    refused(state, 7, "draw")
    refused(state, 0, "catch 5")
    for text in ("", "draw  now", " draw", "match B7 on:", 42, "x" * 500, "play B7", "match B7 on:00",
                 "match B2 on:0", "match B7+B3+B1 on:0", "match B7", "match B7 on:0 color:R", "draw 1",
                 "place", "place R2", "catch", "catch x", "dos now", "end turn"):
        refused(state, 0, text, MalformedAction)
    state["hands"][1] = state["hands"][1][:2]                       # seat 1 could only call now
    state["draw"].append("R4")
    assert GAME.legal_actions(state, 1) == ["dos"]
    assert refused(state, 1, "draw", NotYourTurn).code == "not_your_turn"
    err = refused(state, 0, "match G1 on:0")
    assert "G1" in str(err) and err.code == "no_match"


def test_dos_from_json_rejects_broken_saves():
    state = build([["B7", "G1", "Y9"], ["R1", "R3", "R4"]], ["R7", "Y3"])
    assert GAME.to_json(GAME.from_json(GAME.to_json(state))) == GAME.to_json(state)
    breakers = [
        lambda s: s["hands"][0].append("B7"),
        lambda s: s["hands"][0].append("R2"),
        lambda s: s.update(phase="dancing"),
        lambda s: s["covers"].append([]),
        lambda s: s.update(turn=5),
        lambda s: s.update(called=[True]),
        lambda s: s.update(penalty=1),
        lambda s: s.update(phase="bonus", bonus=0),
        lambda s: s["hands"][0].append(["B7"]),
        lambda s: s.pop("center"),
        lambda s: s.update(game="chupate"),
    ]
    for breaker in breakers:
        broken = json.loads(GAME.to_json(state))
        breaker(broken)
        with pytest.raises(BadState):
            GAME.from_json(json.dumps(broken))
    with pytest.raises(BadState):
        GAME.from_json("{not json")


def test_dos_views_hide_other_hands_and_the_draw_pile():
    state = GAME.new(3, seed=5)
    for seat in (0, 1, 2, None):
        view = GAME.view(state, seat)
        text = json.dumps(view)
        assert "draw" not in view and "hands" not in view
        assert view["counts"] == [7, 7, 7] and view["draw_count"] == len(state["draw"])
        assert view.get("hand") == (state["hands"][seat] if seat is not None else None)
        for other in range(3):
            if other != seat:
                assert json.dumps(state["hands"][other]) not in text


def test_dos_is_legal_matches_legal_actions_over_random_states():
    rng = random.Random(3)
    candidates = ["match WD+WD on:0", "match R#+WD on:1", "match WD+R# on:1", "match B3+B3 on:0",
                  "match B3 on:2", "match R10 on:0", "match B1+B9 on:1", "draw", "end", "dos",
                  "catch 0", "catch 1", "catch 2", "next", "place WD", "place B3"]
    checked = 0
    for seed in range(40):
        state = GAME.new(2 + seed % 3, seed=seed, options={"target": 60})
        while not state["over"] and checked < 40000:
            for seat in range(state["players"]):
                legal = GAME.legal_actions(state, seat)
                assert len(legal) == len(set(legal))
                hand = state["hands"][seat]
                extra = [f"match {c} on:{i}" for c in hand for i in range(len(state["center"]) + 1)]
                extra += [f"match {a}+{b} on:{i}" for a in hand for b in hand
                          for i in range(len(state["center"]))][:60]
                for action in set(legal) | set(candidates) | set(extra):
                    assert GAME.is_legal(state, seat, action) == (action in legal), (action, seat)
                    checked += 1
            seat = GAME.to_move(state)[0]
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert checked > 10000


def test_dos_auto_action_prefers_a_double_colour_match_then_draws_then_places():
    state = build([["R3", "R4", "B7", "G9"], ["B1"]], ["R7", "Y10"])
    assert GAME.auto_action(state, 0) == "match R3+R4 on:0"
    state = build([["B1", "G#"], ["R1", "R3", "R4"]], ["R7", "Y3"], draw_top=["Y10"])
    assert GAME.auto_action(state, 0) == "match B1+G# on:0"       # sheds the most
    state = build([["B1", "WD"], ["R1", "R3", "R4"]], ["R8", "Y6"], draw_top=["B9"])
    assert GAME.auto_action(state, 0) == "draw"
    act(state, 0, "draw")
    assert GAME.auto_action(state, 0) == "place B9"              # the most points, wilds kept


def test_dos_options_are_checked():
    from tapete.core import BadOptions
    with pytest.raises(BadOptions):
        GAME.new(5, seed=1)
    with pytest.raises(BadOptions):
        GAME.new(2, seed=1, options={"target": 0})
    with pytest.raises(BadOptions):
        GAME.new(2, seed=1, options={"stack": True})
    assert GAME.new(2, seed=1)["options"] == {"target": 200, "turn_timer": 0}


def test_dos_resolve_declares_wilds():
    assert dos.resolve(["R#"], "G#")["values"] == [1]
    assert dos.resolve(["B#", "Y#"], "G#")["target_value"] == 2
    assert dos.resolve(["WD"], "WD")["bonus"] == "single"
    assert dos.resolve(["B5", "WD"], "R7")["bonus"] is None


def test_dos_determinize_deals_a_state_the_view_could_come_from():
    """A lookahead's sample: a valid saved state whose view for the seat is the view it came from, the
    unseen cards dealt differently by different generators, and nothing read but the view."""
    from tapete.selftest import random_states
    samples, differ = 0, 0
    for state, rng in random_states(GAME, range(60), [2, 3, 4], 150, random.Random(3)):
        if state["phase"] not in ("play", "bonus"):
            continue
        for seat in range(state["players"]):
            view = GAME.view(state, seat)
            sample = GAME.from_json(GAME.to_json(GAME.determinize(view, random.Random(samples))))
            assert GAME.view(sample, seat) == view
            assert sample["hands"][seat] == state["hands"][seat]
            other = GAME.determinize(view, random.Random(samples + 1000))
            differ += other["hands"] != sample["hands"] or other["draw"] != sample["draw"]
            samples += 1
    assert samples > 100 and differ == samples
    with pytest.raises(BadState):                 # a view that shows a card more often than the deck holds it
        view = GAME.view(GAME.new(4, seed=1), 0)
        view["hand"] = ["WD"] * 13
        GAME.determinize(view, random.Random(0))
