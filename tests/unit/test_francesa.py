"""Scenario tests for Chúpate 2 with a French deck (sheet 002 + the francesa rulings): one test per rule."""

import json
import random
from collections import Counter

import pytest

import rules

from tapete.core import BadOptions, BadState, GameOver, IllegalAction, MalformedAction, NotYourTurn, get
from tapete.games.francesa import DECK, HAND_SIZE, SPECIALS, rank_of, suit_of

GAME = get("francesa")


def make(hands, top, *, under=(), draw_top=(), rest="draw", turn=0, direction=-1, suit=None, pending=0,
         phase="play", scores=None, gone=None, called=None, exposed=None, options=None):
    """A hand-made state: ``hands`` per seat, ``top`` on the discard pile over ``under``; ``draw_top`` are
    the next cards drawn (first drawn first); every other card goes to the bottom of ``rest`` ("draw" or
    "discard")."""
    n = len(hands)
    state = GAME.new(n, 0, options)
    used = Counter(c for h in hands for c in h) + Counter(under) + Counter([top]) + Counter(draw_top)
    left = sorted((Counter(DECK) - used).elements())
    assert sum(used.values()) + len(left) == len(DECK), "the scenario uses cards the deck does not hold"
    discard = list(under) + [top]
    draw = list(reversed(draw_top))
    if rest == "draw":
        draw = left + draw
    else:
        discard = left + discard
    state.update(hands=[list(h) for h in hands], discard=discard, draw=draw, turn=turn, direction=direction,
                 suit=suit or suit_of(top), pending=pending, phase=phase, called=called, exposed=exposed,
                 scores=list(scores or [0] * n), gone=list(gone or [False] * n), last_round=None)
    GAME.check_state(state)
    return state


def act(state, seat, action):
    events = GAME.apply(state, seat, action)
    GAME.check_state(state)
    return events


def refused(state, seat, action, error=IllegalAction):
    return rules.refused(GAME, state, seat, action, error, exact=False)


# ----- deck, deal, opening --------------------------------------------------------------------------
def test_francesa_deck_is_two_french_decks_of_104():
    assert len(DECK) == 104
    counts = Counter(DECK)
    assert set(counts.values()) == {2}
    assert {rank_of(c) for c in DECK} == {"2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"}
    assert {suit_of(c) for c in DECK} == {"H", "D", "S", "C"}
    assert {"7H", "10S", "JD", "AC"} <= set(DECK)


def test_francesa_two_to_five_players_seven_cards_each():
    for n in range(2, 6):
        state = GAME.new(n, 3)
        assert [len(h) for h in state["hands"]] == [HAND_SIZE] * n
        assert len(state["draw"]) + len(state["discard"]) == 104 - 7 * n
    for n in (1, 6):
        with pytest.raises(BadOptions):
            GAME.new(n, 3)


def test_francesa_opening_special_card_is_covered_by_another():
    covered = 0
    for seed in range(300):
        state = GAME.new(3, seed)
        discard = state["discard"]
        assert rank_of(discard[-1]) not in SPECIALS
        assert all(rank_of(c) in SPECIALS for c in discard[:-1])
        assert state["suit"] == suit_of(discard[-1]) and state["pending"] == 0 and state["phase"] == "play"
        covered += len(discard) > 1
    assert covered > 50          # about 40 % of openings are specials


def test_francesa_first_player_is_random_and_same_seed_same_game():
    assert len({GAME.new(4, seed)["turn"] for seed in range(40)}) == 4
    a, b = GAME.new(3, 11), GAME.new(3, 11)
    for _ in range(60):
        seat = GAME.to_move(a)[0]
        action = GAME.auto_action(a, seat)
        GAME.apply(a, seat, action)
        GAME.apply(b, seat, action)
    assert GAME.to_json(a) == GAME.to_json(b)


def test_francesa_direction_starts_counter_clockwise():
    state = make([["5H", "KS"], ["6C"], ["2D"]], "3H", turn=0)
    assert GAME.new(3, 1)["direction"] == -1
    act(state, 0, "play 5H")
    assert state["turn"] == 2


# ----- matching -----------------------------------------------------------------------------------------
def test_francesa_match_same_suit_or_same_rank():
    state = make([["5H", "3C", "KS", "2D"], ["6C", "6D"]], "3H")
    legal = GAME.legal_actions(state, 0)
    assert legal == ["play 3C", "play 5H", "draw"]
    act(state, 0, "play 3C")     # same rank
    assert state["discard"][-1] == "3C" and state["suit"] == "C" and state["turn"] == 1
    act(state, 1, "play 6C")     # same suit
    assert state["hands"][1] == ["6D"]


def test_francesa_card_matching_neither_is_refused():
    state = make([["KS", "2D", "5H"], ["6C"]], "3H")
    err = refused(state, 0, "play KS")
    assert err.code == "no_match" and "KS" in err.reason


def test_francesa_jack_goes_on_anything_and_names_a_suit():
    state = make([["JD", "2D", "5H"], ["6C", "9S", "QH"]], "3H")
    assert "play JD suit:S" in GAME.legal_actions(state, 0)
    act(state, 0, "play JD suit:S")
    assert state["suit"] == "S" and state["discard"][-1] == "JD"
    assert GAME.legal_actions(state, 1) == ["play 9S", "draw"]
    assert refused(state, 1, "play QH").code == "no_match"


def test_francesa_jack_without_suit_or_suit_on_plain_card_refused():
    state = make([["JD", "5H", "4C"], ["6C"]], "3H")
    assert refused(state, 0, "play JD").code == "choose_suit"
    refused(state, 0, "play JD suit:X", MalformedAction)
    assert refused(state, 0, "play 5H suit:C").code == "no_suit_choice"


def test_francesa_jack_on_a_jack():
    state = make([["JC", "5H", "2D"], ["6C"]], "JD", suit="S")
    assert GAME.legal_actions(state, 0)[:4] == ["play JC suit:H", "play JC suit:D", "play JC suit:S",
                                                "play JC suit:C"]


# ----- drawing --------------------------------------------------------------------------------------------
def test_francesa_drawing_one_card_ends_the_turn_even_if_it_matches():
    state = make([["KS", "2D"], ["6C"], ["4C"]], "3H", draw_top=["9H"])
    events = act(state, 0, "draw")
    assert state["hands"][0] == ["KS", "2D", "9H"]
    assert state["turn"] == 2 and state["phase"] == "play"
    assert events[0]["type"] == "drew" and events[0]["count"] == 1 and events[0]["private"]["cards"] == ["9H"]


def test_francesa_may_draw_instead_of_playing():
    state = make([["5H", "2D"], ["6C"]], "3H", draw_top=["8C"])
    assert GAME.legal_actions(state, 0)[-1] == "draw"
    act(state, 0, "draw")
    assert state["hands"][0] == ["5H", "2D", "8C"] and state["turn"] == 1


def test_francesa_draw_pile_reshuffled_from_discards_when_empty():
    state = make([["KS", "2D"], ["6C"]], "3H", rest="discard")
    assert state["draw"] == []
    below = len(state["discard"]) - 1
    events = act(state, 0, "draw")
    assert [e["type"] for e in events][:2] == ["reshuffled", "drew"]
    assert state["discard"] == ["3H"] and len(state["draw"]) == below - 1 and len(state["hands"][0]) == 3


def test_francesa_draw_skipped_when_both_piles_are_empty():
    hands = [[], []]
    pool = sorted((Counter(DECK) - Counter(["3H"])).elements())
    hands[0], hands[1] = pool[:52], pool[52:]
    state = make(hands, "3H")
    assert state["draw"] == [] and state["discard"] == ["3H"]
    act(state, 0, "draw")
    assert len(state["hands"][0]) == 52 and state["turn"] == 1


# ----- the special cards --------------------------------------------------------------------------------
def test_francesa_seven_next_player_draws_two_and_loses_turn():
    state = make([["7H", "2D", "2S"], ["6C", "KC"], ["4C"]], "3H", draw_top=["QS", "QD"])
    act(state, 0, "play 7H")
    assert state["pending"] == 2 and state["turn"] == 2
    assert GAME.legal_actions(state, 2) == ["draw"]        # a 4C would match, but a 7 is pending
    act(state, 2, "draw")
    assert state["hands"][2] == ["4C", "QS", "QD"] and state["pending"] == 0 and state["turn"] == 1


def test_francesa_seven_answered_with_seven_passes_four_on():
    state = make([["7H", "2D", "2S"], ["9C", "KC"], ["7S", "4C", "4D"]], "3H", draw_top=["QS", "QD", "5D", "5S"])
    act(state, 0, "play 7H")
    assert GAME.legal_actions(state, 2) == ["play 7S", "draw"]
    act(state, 2, "play 7S")
    assert state["pending"] == 4 and state["turn"] == 1
    act(state, 1, "draw")
    assert len(state["hands"][1]) == 6 and state["pending"] == 0 and state["turn"] == 0


def test_francesa_jack_and_matching_cards_do_not_answer_a_pending_seven():
    state = make([["JH", "5H", "7C"], ["6C"]], "7H", pending=2)
    assert GAME.legal_actions(state, 0) == ["play 7C", "draw"]
    assert refused(state, 0, "play JH suit:S").code == "pending_seven"
    assert refused(state, 0, "play 5H").code == "pending_seven"


def test_francesa_eight_skips_the_next_player():
    state = make([["8H", "2D"], ["6C"], ["4C"]], "3H")
    events = act(state, 0, "play 8H")
    assert state["turn"] == 1 and {"type": "skipped", "seat": 2} in events


def test_francesa_eight_with_two_players_plays_again():
    state = make([["8H", "2D", "2H"], ["6C"]], "3H")
    act(state, 0, "play 8H")
    assert state["turn"] == 0 and state["phase"] == "play"


def test_francesa_nine_reverses_direction():
    state = make([["9H", "2D"], ["6C"], ["4C"]], "3H")
    act(state, 0, "play 9H")
    assert state["direction"] == 1 and state["turn"] == 1


def test_francesa_nine_is_a_normal_card_with_two_players():
    state = make([["9H", "2D"], ["6C"]], "3H")
    act(state, 0, "play 9H")
    assert state["direction"] == -1 and state["turn"] == 1


def test_francesa_ace_same_player_plays_one_more_matching_card():
    state = make([["AH", "5H", "KS", "2D"], ["6C"], ["4C"]], "3H")
    act(state, 0, "play AH")
    assert state["turn"] == 0 and state["phase"] == "ace"
    assert GAME.legal_actions(state, 0) == ["play 5H", "draw"]
    assert refused(state, 0, "play KS").code == "no_match"
    act(state, 0, "play 5H")
    assert state["turn"] == 2 and state["phase"] == "play" and state["hands"][0] == ["KS", "2D"]


def test_francesa_ace_without_a_match_draws_one_and_turn_ends():
    state = make([["AH", "KS", "2D", "2S"], ["6C"], ["4C"]], "3H", draw_top=["10H"])
    act(state, 0, "play AH")
    assert GAME.legal_actions(state, 0) == ["draw"]
    act(state, 0, "draw")
    assert state["hands"][0] == ["KS", "2D", "2S", "10H"] and state["turn"] == 2 and state["phase"] == "play"


def test_francesa_ace_after_ace_gives_another_card():
    state = make([["AH", "AC", "2C", "KD"], ["6C"], ["4C"]], "3H")
    act(state, 0, "play AH")
    act(state, 0, "play AC")
    assert state["turn"] == 0 and state["phase"] == "ace"
    act(state, 0, "play 2C")
    assert state["turn"] == 2


def test_francesa_ace_bonus_card_keeps_its_effect():
    state = make([["AH", "7H", "KS"], ["6C"], ["4C"]], "3H")
    act(state, 0, "play AH")
    act(state, 0, "play 7H")
    assert state["pending"] == 2 and state["turn"] == 2


# ----- the "chúpate 2" call ----------------------------------------------------------------------------------
def test_francesa_call_before_next_to_last_card_is_safe():
    state = make([["5H", "KS"], ["6C", "2C"], ["4C", "2S"]], "3H")
    assert GAME.legal_actions(state, 0)[0] == "call"
    act(state, 0, "call")
    assert "call" not in GAME.legal_actions(state, 0)
    act(state, 0, "play 5H")
    assert state["exposed"] is None and GAME.to_move(state) == [2]
    assert "denounce" not in GAME.legal_actions(state, 1)


def test_francesa_forgotten_call_denounced_draws_two():
    state = make([["5H", "KS"], ["6C", "2C"], ["4C", "2S"]], "3H", draw_top=["QD", "QC"])
    act(state, 0, "play 5H")
    assert state["exposed"] == 0 and GAME.to_move(state) == [2, 1]
    events = act(state, 1, "denounce")
    assert state["hands"][0] == ["KS", "QD", "QC"] and state["exposed"] is None
    assert events[0] == {"type": "denounced", "seat": 1, "offender": 0}
    assert state["turn"] == 2       # a denounce is not a turn action


def test_francesa_denounce_window_closes_when_next_player_acts():
    state = make([["5H", "KS"], ["6C", "2C"], ["4C", "2S"]], "3H")
    act(state, 0, "play 5H")
    act(state, 2, "draw")
    assert state["exposed"] is None and state["turn"] == 1
    assert refused(state, 1, "denounce").code == "nothing_to_denounce"


def test_francesa_denounce_window_stays_open_during_own_ace_bonus():
    state = make([["AH", "KS"], ["6C", "2C"], ["4C", "2S"]], "3H", draw_top=["QD"])
    act(state, 0, "play AH")
    assert state["exposed"] == 0
    act(state, 0, "draw")              # the offender's own action does not close the window
    assert state["exposed"] == 0
    assert "denounce" in GAME.legal_actions(state, 1)


def test_francesa_call_only_on_own_turn_with_two_cards():
    state = make([["5H", "KS", "2D"], ["6C", "2C"]], "3H")
    assert refused(state, 0, "call").code == "cannot_call"
    assert refused(state, 1, "call", NotYourTurn).code == "not_your_turn"


# ----- round and game end --------------------------------------------------------------------------------------
def test_francesa_round_ends_when_first_player_is_out_and_others_score_their_hands():
    state = make([["5H"], ["AC", "KC", "QD", "JS", "10H", "2C"], ["4C"]], "3H", called=None)
    events = act(state, 0, "play 5H")
    assert state["phase"] == "round_over" and state["scores"] == [0, 11 + 10 + 10 + 20 + 10 + 2, 4]
    assert state["last_round"]["winner"] == 0 and state["last_round"]["hand_points"] == [0, 63, 4]
    assert [e["type"] for e in events][-2:] == ["out", "round_over"]
    assert GAME.to_move(state) == [0] and GAME.legal_actions(state, 1) == []


def test_francesa_last_card_seven_next_player_still_draws_two_before_counting():
    state = make([["7H"], ["6C"], ["4C"]], "3H", draw_top=["KS", "QS"])
    act(state, 0, "play 7H")
    assert state["phase"] == "round_over"
    assert sorted(state["hands"][2]) == ["4C", "KS", "QS"] and state["scores"] == [0, 6, 24]
    assert state["last_round"]["penalty"] == {"seat": 2, "count": 2}


def test_francesa_last_card_seven_on_a_chain_passes_the_whole_total():
    state = make([["7S"], ["6C"], ["4C"]], "7H", pending=2, draw_top=["2S", "3S", "4S", "5S"])
    act(state, 0, "play 7S")
    assert state["scores"] == [0, 6, 4 + 2 + 3 + 4 + 5]


def test_francesa_ace_or_jack_as_last_card_ends_the_round_at_once():
    state = make([["AH"], ["6C"]], "3H")
    act(state, 0, "play AH")
    assert state["phase"] == "round_over"
    state = make([["JC"], ["6C"]], "3H")
    act(state, 0, "play JC suit:D")
    assert state["phase"] == "round_over" and state["scores"] == [0, 6]


def test_francesa_next_round_deals_seven_each_and_keeps_totals():
    state = make([["5H"], ["6C"], ["4C"]], "3H", scores=[10, 20, 30])
    act(state, 0, "play 5H")
    assert refused(state, 1, "next", NotYourTurn).code == "not_your_turn"
    events = act(state, 0, "next")
    assert state["round"] == 2 and state["phase"] == "play" and state["scores"] == [10, 26, 34]
    assert [len(h) for h in state["hands"]] == [7, 7, 7] and state["last_round"] is None
    assert events[0]["type"] == "round_started" and rank_of(state["discard"][-1]) not in SPECIALS


def test_francesa_who_started_each_round_is_on_record():
    state = make([["5H"], ["6C"], ["4C"]], "3H")
    firsts = set()
    for seed in range(12):
        game_state = GAME.new(3, seed)
        assert game_state["first"] == game_state["turn"] == GAME.view(game_state, 1)["first"]
        firsts.add(game_state["first"])
    assert firsts == {0, 1, 2}
    act(state, 0, "play 5H")
    events = act(state, 0, "next")
    assert events[0]["first"] == state["first"] == state["turn"]


def test_francesa_game_over_when_a_total_exceeds_120_not_at_120():
    state = make([["5H"], ["6C"], ["4C"]], "3H", scores=[0, 114, 50])
    act(state, 0, "play 5H")
    assert not state["over"] and state["scores"][1] == 120
    state = make([["5H"], ["7C"], ["4C"]], "3H", scores=[0, 114, 50])
    act(state, 0, "play 5H")
    assert state["over"] and state["phase"] == "game_over"


def test_francesa_ranking_by_fewest_points_ties_share():
    state = make([["5H"], ["7C"], ["4C"], ["2C", "2S"]], "3H", scores=[40, 114, 36, 36])
    act(state, 0, "play 5H")
    result = GAME.result(state)
    assert result["scores"] == [40, 121, 40, 40]
    assert result["winners"] == [0, 2, 3] and result["standings"] == [0, 2, 3, 1]
    assert result["places"] == [1, 4, 1, 1]


def test_francesa_score_limit_option():
    state = make([["5H"], ["7C"]], "3H", options={"limit": 5})
    act(state, 0, "play 5H")
    assert state["over"] and GAME.result(state)["winners"] == [0]
    with pytest.raises(BadOptions):
        GAME.new(2, 0, {"limit": 0})


# ----- players joining and leaving -------------------------------------------------------------------------------
def round_over(scores, gone=None):
    n = len(scores)
    hands = [["5H"]] + [["6" + s] for s in "CSDH"][:n - 1]
    if gone:
        hands = [[] if g else h for h, g in zip(hands, gone)]
    state = make(hands, "3H", scores=[s - (6 if i and not (gone and gone[i]) else 0) for i, s in enumerate(scores)],
                 gone=gone)
    act(state, 0, "play 5H")
    assert state["phase"] == "round_over" and state["scores"] == scores
    return state


def test_francesa_join_between_rounds_starts_with_worst_total():
    state = round_over([0, 50, 30])
    events = act(state, None, "join")
    assert events == [{"type": "joined", "seat": 3, "score": 50}]
    assert state["players"] == 4 and state["scores"] == [0, 50, 30, 50] and state["gone"] == [False] * 4
    assert state["history"][-1] == [None, "join"]
    act(state, 0, "next")
    assert [len(h) for h in state["hands"]] == [7, 7, 7, 7]


def test_francesa_join_refused_during_a_round_or_at_a_full_table():
    state = make([["5H", "2C"], ["6C"]], "3H")
    assert refused(state, None, "join").code == "between_rounds"
    state = round_over([0, 6, 6, 6, 6])
    assert refused(state, None, "join").code == "table_full"
    with pytest.raises(MalformedAction):
        GAME.apply(state, None, "join 3")


def test_francesa_join_takes_a_seat_left_free():
    state = round_over([0, 80, 40], gone=None)
    act(state, None, "leave 1")
    assert state["gone"] == [False, True, False]
    events = act(state, None, "join")
    assert events[0]["seat"] == 1 and events[0]["score"] == 40      # the worst total of those still in
    assert state["players"] == 3 and state["gone"] == [False, False, False]


def test_francesa_leave_returns_cards_to_draw_pile_and_takes_seat_off_scores():
    state = make([["5H", "2D"], ["6C", "KC", "QC"], ["4C", "4S"]], "3H", turn=0, scores=[5, 9, 7])
    draw_before = len(state["draw"])
    events = act(state, None, "leave 1")
    assert events[0] == {"type": "left", "seat": 1, "returned": 3}
    assert state["hands"][1] == [] and len(state["draw"]) == draw_before + 3 and state["gone"][1]
    assert GAME.to_move(state) == [0]
    act(state, 0, "play 5H")
    assert state["turn"] == 2                       # the seat that left is skipped
    assert refused(state, 1, "draw", NotYourTurn).code == "not_your_turn"
    assert GAME.view(state, None)["gone"] == [False, True, False]


def test_francesa_player_who_left_is_off_the_final_ranking():
    state = make([["5H"], ["7C"], ["4C"]], "3H", scores=[40, 114, 10])
    act(state, None, "leave 2")
    act(state, 0, "play 5H")
    result = GAME.result(state)
    assert result["standings"] == [0, 1] and result["places"] == [1, 2, None] and result["winners"] == [0]


def test_francesa_leave_on_turn_passes_the_turn_and_a_pending_seven_lapses():
    state = make([["6C", "2C"], ["4C", "8S"], ["4D", "4S"]], "7H", pending=2, turn=1)
    act(state, None, "leave 1")
    assert state["turn"] == 0 and state["pending"] == 0 and state["phase"] == "play"
    state = make([["6C", "2C"], ["4C", "8S"], ["4D", "4S"]], "AH", phase="ace", turn=1)
    act(state, None, "leave 1")
    assert state["turn"] == 0 and state["phase"] == "play"


def test_francesa_leave_clears_a_pending_denounce_on_the_leaver():
    state = make([["5H", "KS"], ["6C", "2C"], ["4C", "2S"]], "3H")
    act(state, 0, "play 5H")
    act(state, None, "leave 0")
    assert state["exposed"] is None and GAME.to_move(state) == [2]
    assert state["hands"][0] == [] and GAME.legal_actions(state, 1) == []


def test_francesa_leave_down_to_one_player_ends_the_game():
    state = make([["6C", "2C"], ["4C", "8S"]], "3H", scores=[30, 10])
    act(state, None, "leave 1")
    assert state["over"] and GAME.result(state)["winners"] == [0] and GAME.to_move(state) == []
    assert refused(state, None, "leave 0", GameOver).code == "game_over"


def test_francesa_leave_of_dealer_between_rounds_passes_the_deal():
    state = round_over([0, 6, 6])
    act(state, None, "leave 0")
    assert state["phase"] == "round_over" and GAME.to_move(state) == [2]
    act(state, 2, "next")
    assert [len(h) for h in state["hands"]] == [0, 7, 7] and state["turn"] in (1, 2)


def test_francesa_leave_refused_for_unknown_or_gone_seat():
    state = make([["6C", "2C"], ["4C", "8S"], ["4D"]], "3H")
    assert refused(state, None, "leave 7").code == "no_such_seat"
    act(state, None, "leave 2")
    assert refused(state, None, "leave 2").code == "no_such_seat"
    with pytest.raises(MalformedAction):
        GAME.apply(state, None, "leave")


def test_francesa_random_games_with_joins_and_leaves_conserve_cards_and_replay():
    for seed in range(40):
        rng = random.Random(seed)
        players = rng.randrange(2, 6)
        state = GAME.new(players, seed, {"limit": 40})
        steps = 0
        while not state["over"] and steps < 3000:
            if rng.random() < 0.01:
                live = [s for s, g in enumerate(state["gone"]) if not g]
                act(state, None, f"leave {rng.choice(live)}")
            elif state["phase"] == "round_over" and rng.random() < 0.5 and sum(not g for g in state["gone"]) < 5:
                act(state, None, "join")
            else:
                seat = GAME.to_move(state)[0]
                act(state, seat, rng.choice(GAME.legal_actions(state, seat)))
            steps += 1
        replayed = GAME.replay(players, seed, {"limit": 40}, state["history"])
        assert GAME.to_json(replayed) == GAME.to_json(state)


# ----- refusals, saves and views ------------------------------------------------------------------------------------
def test_francesa_illegal_out_of_turn_and_malformed_actions_leave_state_unchanged():
    state = make([["5H", "KS"], ["6C", "2C"], ["4C", "2S"]], "3H")
    assert refused(state, 1, "draw", NotYourTurn).code == "not_your_turn"
    assert refused(state, 0, "play 9H").code == "not_in_hand"
    assert refused(state, 0, "denounce").code == "nothing_to_denounce"
    assert refused(state, 1, "denounce", NotYourTurn).code == "not_your_turn"
    assert refused(state, 0, "next").code == "not_dealer"
    for bad in ("", "play  5H", " draw", "x" * 500, "play 5H suit:", "play ZZ", "play 5H 6H", "draw 2",
                "fold", "play 5H color:R"):
        refused(state, 0, bad, MalformedAction)
    refused(state, 9, "draw", IllegalAction)
    state["over"] = True
    state["phase"] = "game_over"
    state["result"] = {"winners": [0], "scores": [0, 0, 0]}
    refused(state, 0, "draw", GameOver)


def test_francesa_from_json_rejects_broken_saves():
    state = GAME.new(3, 5)
    good = GAME.to_json(state)
    assert GAME.to_json(GAME.from_json(good)) == good

    def broken(change):
        data = json.loads(good)
        change(data)
        with pytest.raises(BadState):
            GAME.from_json(json.dumps(data))

    broken(lambda d: d["hands"][0].pop())                         # a card lost
    broken(lambda d: d["hands"][0].append("7H"))                  # a card too many
    broken(lambda d: d["hands"][1].__setitem__(0, "1Z"))          # not a card
    broken(lambda d: d.__setitem__("suit", "X"))
    broken(lambda d: d.__setitem__("pending", 3))
    broken(lambda d: d.__setitem__("pending", 2))                 # no 7 on the pile
    broken(lambda d: d.__setitem__("phase", "ace"))               # no Ace on the pile
    broken(lambda d: d.__setitem__("turn", 3))
    broken(lambda d: d.__setitem__("gone", [False, True, False]))  # a gone seat with cards
    broken(lambda d: d.__setitem__("gone", [False, False]))
    broken(lambda d: d.__setitem__("phase", "round_over"))        # no summary
    broken(lambda d: d.pop("scores"))
    with pytest.raises(BadState):
        GAME.from_json("{not json")


def test_francesa_view_hides_other_hands_and_draw_pile():
    state = make([["5H", "KS"], ["6C", "2C"], ["4C", "2S"]], "3H", draw_top=["QD"])
    view = GAME.view(state, 0)
    text = json.dumps(view)
    assert view["hand"] == ["5H", "KS"] and view["counts"] == [2, 2, 2] and view["draw_count"] == len(state["draw"])
    for card in ("6C", "2C", "4C", "2S", "QD"):
        assert card not in text
    assert "hand" not in GAME.view(state, None)
    events = GAME.apply(state, 0, "draw")
    from tapete.core import public_events
    assert "cards" not in public_events(events, 1)[0] and public_events(events, 0)[0]["cards"] == ["QD"]


def test_francesa_view_shows_suit_pending_and_ace_bonus():
    state = make([["AH", "5H", "2C"], ["6C"]], "JD", suit="H")
    view = GAME.view(state, 0)
    assert view["suit"] == "H" and view["pending"] == 0 and not view["ace_bonus"]
    act(state, 0, "play AH")
    assert GAME.view(state, 1)["ace_bonus"]


# ----- turn timer ----------------------------------------------------------------------------------------------------------
def test_francesa_auto_action_sheds_costliest_match_then_jack_then_draws():
    state = make([["5H", "KH", "JC", "2S"], ["6C"]], "3H")
    assert GAME.auto_action(state, 0) == "play KH"
    state = make([["JC", "2S", "4S", "5D"], ["6C"]], "3H")
    assert GAME.auto_action(state, 0) == "play JC suit:S"
    state = make([["2S", "4S"], ["6C"]], "3H")
    assert GAME.auto_action(state, 0) == "draw"
    state = make([["7S", "4S"], ["6C"]], "7H", pending=2)
    assert GAME.auto_action(state, 0) == "play 7S"
    state = round_over([0, 6])
    assert GAME.auto_action(state, 0) == "next"


def test_francesa_is_legal_matches_legal_actions():
    rng = random.Random(3)
    for seed in range(20):
        state = GAME.new(2 + seed % 4, seed, {"limit": 20})
        if seed % 3 == 0:
            GAME.apply(state, None, f"leave {seed % state['players']}")
        for _ in range(300):
            if state["over"]:
                break
            candidates = {"draw", "call", "denounce", "next", "play 5H", "play JH suit:S", "play JH",
                          "play 7H suit:S", "play 5H ", "play JH suit:S x", "pass"}
            for seat in range(state["players"]):
                candidates.update("play " + c for c in state["hands"][seat])
                candidates.update(f"play {c} suit:{x}" for c in state["hands"][seat] for x in "HDSCX")
            for seat in range(state["players"]):
                legal = GAME.legal_actions(state, seat)
                for action in sorted(candidates | set(legal)):
                    assert GAME.is_legal(state, seat, action) == (action in legal), (action, seat)
            seat = GAME.to_move(state)[0]
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
