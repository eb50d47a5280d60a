"""Rule tests of Chúpate 2 (sheet seeds/000, shared/RULINGS.md): one scenario per rule.

Each scenario starts from a hand-made table (``table``): the hands, the pile and the next cards to draw
are laid out by hand and the rest of the deck goes under the draw pile (or under the discard pile), so
the table is still exactly one deck and passes ``GAME.check_state``.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

import rules

from tapete.core import BadOptions, BadState, GameOver, IllegalAction, MalformedAction, NotYourTurn, get
from tapete.games import chupate
from tapete.games.chupate import DECK, GAME


# ----- helpers ------------------------------------------------------------------------------------
def table(hands, top, color=None, turn=0, direction=-1, draw=None, *, discard=(), rest="draw",
          options=None, seed=1, **fields):
    """A hand-made table: ``hands`` per seat, ``top`` on the discard pile (over ``discard``), ``draw`` the
    next cards to be drawn in order (first drawn first). The rest of the deck goes under the draw pile
    (``rest="draw"``) or under the discard pile (``rest="discard"``). ``fields`` overwrite any other
    state field (pending, phase, wild4, drawn, called, exposed, scores...)."""
    state = GAME.new(len(hands), seed, options)
    draw = list(draw or [])
    remaining = leftover(Counter(c for h in hands for c in h) + Counter(draw) + Counter(discard) + Counter([top]))
    state["hands"] = [list(h) for h in hands]
    if rest == "draw":
        state["draw"] = remaining + draw[::-1]
        state["discard"] = list(discard) + [top]
    else:
        state["draw"] = draw[::-1]
        state["discard"] = remaining + list(discard) + [top]
    state.update(color=color or top[0], turn=turn, direction=direction, pending=0, drawn=None, wild4=None,
                 called=None, exposed=None, phase="play")
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


def fixed_deal(monkeypatch, hands, draw_top_last, first):
    """Make ``GAME.new`` deal ``hands`` with ``draw_top_last`` as the draw pile and start at ``first``."""
    def deal(state):
        state["hands"] = [list(h) for h in hands]
        placed = Counter(c for h in hands for c in h) + Counter(draw_top_last)
        state["draw"] = leftover(placed) + list(draw_top_last)
        state["discard"] = []
    monkeypatch.setattr(GAME, "deal", deal)
    monkeypatch.setattr(GAME, "random_seat", lambda state: first)


HANDS3 = [["R1", "R2", "R3", "R4", "R5", "R6", "R7"],
          ["B1", "B2", "B3", "B4", "B5", "B6", "B7"],
          ["G1", "G2", "G3", "G4", "G5", "G6", "G7"]]


# ----- the deck and the deal ------------------------------------------------------------------------
def test_chupate_deck_has_108_cards():
    deck = Counter(DECK)
    assert len(DECK) == 108
    for c in "RBGY":
        assert deck[c + "0"] == 1
        for n in range(1, 10):
            assert deck[f"{c}{n}"] == 2
        assert deck[c + "+2"] == deck[c + "S"] == deck[c + "R"] == 2
    assert deck["W"] == 4 and deck["W+4"] == 4
    numbers = [c for c in DECK if c[0] != "W" and c[1:].isdigit()]
    assert len(numbers) == 76
    assert sum(c.endswith("+2") and c[0] != "W" for c in DECK) == 8
    assert sum(c[1:] == "S" for c in DECK) == 8 and sum(c[1:] == "R" and c[0] != "W" for c in DECK) == 8


@pytest.mark.parametrize("players", [2, 3, 4])
def test_chupate_deal_seven_cards_each_one_face_up(players):
    state = GAME.new(players, 5)
    assert [len(h) for h in state["hands"]] == [7] * players
    assert len(state["discard"]) == 1 and state["discard"][-1][0] != "W"
    assert len(state["draw"]) == 108 - 7 * players - 1
    assert state["phase"] == "play" and state["round"] == 1 and state["scores"] == [0] * players


def test_chupate_first_player_is_random_and_seeded():
    firsts = set()
    for seed in range(40):
        state = GAME.new(4, seed)
        if top(state)[1:].isdigit():          # a number turned up: the first player keeps the turn
            firsts.add(state["turn"])
    assert firsts == {0, 1, 2, 3}
    assert GAME.to_json(GAME.new(4, 17)) == GAME.to_json(GAME.new(4, 17))


def test_chupate_direction_starts_counter_clockwise(monkeypatch):
    fixed_deal(monkeypatch, HANDS3, ["B9", "R8"], first=1)
    state = GAME.new(3, 1)
    assert state["direction"] == -1 and state["turn"] == 1 and top(state) == "R8"
    GAME.apply(state, 1, "draw")       # B9 matches neither red nor 8: the turn passes counter-clockwise
    assert state["hands"][1][-1] == "B9" and state["turn"] == 0


def test_chupate_first_card_plus2_faces_first_player(monkeypatch):
    hands = [h[:] for h in HANDS3]
    hands[2][0] = "G+2"
    fixed_deal(monkeypatch, hands, ["R+2"], first=2)
    state = GAME.new(3, 1)
    assert top(state) == "R+2" and state["turn"] == 2 and state["pending"] == 2
    assert GAME.legal_actions(state, 2) == ["play G+2", "draw"]
    GAME.apply(state, 2, "draw")
    assert len(state["hands"][2]) == 9 and state["pending"] == 0 and state["turn"] == 1


def test_chupate_first_card_skip_skips_first_player(monkeypatch):
    fixed_deal(monkeypatch, HANDS3, ["RS"], first=1)
    state = GAME.new(3, 1)
    assert top(state) == "RS" and state["turn"] == 0 and state["direction"] == -1 and state["pending"] == 0


def test_chupate_first_card_reverse_loses_turn_and_goes_clockwise(monkeypatch):
    fixed_deal(monkeypatch, HANDS3, ["RR"], first=1)
    state = GAME.new(3, 1)
    assert top(state) == "RR" and state["direction"] == 1 and state["turn"] == 2


def test_chupate_who_started_is_on_record_under_an_opening_skip_or_reverse(monkeypatch):
    fixed_deal(monkeypatch, HANDS3, ["RS"], first=1)
    state = GAME.new(3, 1)
    assert state["first"] == 1 and state["turn"] == 0          # seat 1 was drawn and skipped
    assert GAME.view(state, 2)["first"] == 1 and GAME.view(state, None)["first"] == 1
    fixed_deal(monkeypatch, HANDS3, ["RR"], first=1)
    state = GAME.new(3, 1)
    assert state["first"] == 1 and state["turn"] == 2
    # and the next round's start event names the seat drawn for it
    state = table([["R1"], ["B9"], ["G5"]], top="R7", direction=1)
    GAME.apply(state, 0, "play R1")
    fixed_deal(monkeypatch, HANDS3, ["GS"], first=2)
    events = GAME.apply(state, 0, "next")
    assert events[0]["type"] == "round_started" and events[0]["first"] == 2 == state["first"]
    assert events[0]["turn"] == 1 == state["turn"]
    broken = json.loads(GAME.to_json(state))
    broken["first"] = 3
    with pytest.raises(BadState):
        GAME.from_json(json.dumps(broken))


@pytest.mark.parametrize("wild", ["W", "W+4"])
def test_chupate_first_card_wild_is_returned_and_reshuffled(monkeypatch, wild):
    fixed_deal(monkeypatch, HANDS3, ["B5", wild], first=0)
    state = GAME.new(3, 1)
    assert top(state)[0] != "W"
    assert state["draw"].count(wild) == 4 - (top(state) == wild)     # the wild went back into the pile
    assert len(state["draw"]) == 108 - 21 - 1
    assert top(state) != "B5" or state["draw"][-1] != wild           # the pile was reshuffled, not popped
    assert state["color"] == top(state)[0]
    GAME.check_state(state)


# ----- matching -------------------------------------------------------------------------------------
def test_chupate_match_by_colour():
    state = table([["R2", "B9", "G1"], ["Y1", "Y2"]], top="R7")
    assert GAME.legal_actions(state, 0) == ["play R2", "draw"]
    events = GAME.apply(state, 0, "play R2")
    assert top(state) == "R2" and state["color"] == "R" and state["hands"][0] == ["B9", "G1"]
    assert events[0] == {"type": "played", "seat": 0, "card": "R2", "color": "R"}
    assert state["turn"] == 1


def test_chupate_match_by_number():
    state = table([["B7", "G1", "Y3"], ["Y1", "Y2"]], top="R7")
    assert GAME.legal_actions(state, 0) == ["play B7", "draw"]
    GAME.apply(state, 0, "play B7")
    assert top(state) == "B7" and state["color"] == "B"


@pytest.mark.parametrize("on, card", [("RS", "BS"), ("R+2", "G+2"), ("RR", "YR")])
def test_chupate_match_by_symbol(on, card):
    state = table([[card, "G1", "Y3"], ["B1", "B2"], ["B3", "B4"]], top=on)
    assert "play " + card in GAME.legal_actions(state, 0)
    GAME.apply(state, 0, "play " + card)
    assert top(state) == card and state["color"] == card[0]


def test_chupate_no_match_refused():
    state = table([["B5", "G1", "Y3"], ["Y1", "Y2"]], top="R7")
    err = refused(state, 0, "play B5")
    assert err.code == "no_match" and "B5" in err.reason
    assert GAME.legal_actions(state, 0) == ["draw"]


def test_chupate_wild_playable_any_time_and_sets_colour():
    state = table([["W", "R1", "B2"], ["Y1", "Y2", "Y3"]], top="G7")
    assert [a for a in GAME.legal_actions(state, 0) if a.startswith("play W")] == [
        "play W color:R", "play W color:B", "play W color:G", "play W color:Y"]
    GAME.apply(state, 0, "play W color:B")
    assert top(state) == "W" and state["color"] == "B" and state["turn"] == 1
    assert GAME.legal_actions(state, 1) == ["draw"]        # yellow cards do not follow blue


def test_chupate_after_wild_only_chosen_colour_matches():
    state = table([["B4", "R4", "G1"], ["Y1", "Y2"]], top="W", color="B")
    assert GAME.legal_actions(state, 0) == ["play B4", "draw"]
    assert refused(state, 0, "play R4").code == "no_match"


def test_chupate_wild_needs_a_colour():
    state = table([["W", "R1"], ["Y1", "Y2"]], top="G7")
    assert refused(state, 0, "play W").code == "choose_color"


def test_chupate_wild_not_playable_on_pending_plus2():
    state = table([["W", "W+4", "R2"], ["Y1", "Y2"]], top="R+2", pending=2)
    assert GAME.legal_actions(state, 0) == ["draw"]
    for action in ("play W color:R", "play W+4 color:R", "play R2"):
        assert refused(state, 0, action).code == "pending_plus2"


# ----- drawing --------------------------------------------------------------------------------------
def test_chupate_may_draw_instead_of_playing():
    state = table([["R1", "R2"], ["Y1", "Y2"]], top="R7", draw=["R9"])
    assert "draw" in GAME.legal_actions(state, 0)
    events = GAME.apply(state, 0, "draw")
    assert state["hands"][0] == ["R1", "R2", "R9"] and state["drawn"] == "R9"
    assert state["phase"] == "drawn" and state["turn"] == 0
    assert events[0]["type"] == "drew" and events[0]["count"] == 1 and events[0]["private"] == {"cards": ["R9"]}


def test_chupate_after_draw_only_drawn_card_or_pass():
    state = table([["R1", "R2", "B3"], ["Y1", "Y2"]], top="R7", draw=["G7"])
    GAME.apply(state, 0, "draw")
    assert GAME.legal_actions(state, 0) == ["play G7", "pass"]
    err = refused(state, 0, "play R1")
    assert err.code == "only_drawn_card" and "G7" in err.reason
    assert refused(state, 0, "draw").code == "illegal"
    events = GAME.apply(state, 0, "pass")
    assert types(events) == ["passed"] and state["turn"] == 1 and state["phase"] == "play"
    assert state["hands"][0] == ["R1", "R2", "B3", "G7"] and state["drawn"] is None


def test_chupate_drawn_card_may_be_played():
    state = table([["B3", "B4"], ["Y1", "Y2"]], top="R7", draw=["R5"])
    GAME.apply(state, 0, "draw")
    GAME.apply(state, 0, "play R5")
    assert top(state) == "R5" and state["hands"][0] == ["B3", "B4"] and state["turn"] == 1


def test_chupate_drawn_unplayable_card_passes_automatically():
    state = table([["R1", "R2"], ["Y1", "Y2"], ["G1", "G2"]], top="R7", draw=["B5"])
    events = GAME.apply(state, 0, "draw")
    assert types(events) == ["drew", "passed"]
    assert state["hands"][0] == ["R1", "R2", "B5"] and state["turn"] == 2 and state["phase"] == "play"


def test_chupate_pass_only_after_drawing():
    state = table([["R1", "R2"], ["Y1", "Y2"]], top="R7")
    assert refused(state, 0, "pass").code == "draw_first"


# ----- chúpate 2 (+2) -------------------------------------------------------------------------------
def test_chupate_plus2_next_player_draws_two_and_loses_turn():
    state = table([["R+2", "R1"], ["Y1", "Y2"], ["G1", "G2"]], top="R7", draw=["B1", "B2", "B3"])
    GAME.apply(state, 0, "play R+2")
    assert state["pending"] == 2 and state["turn"] == 2
    events = GAME.apply(state, 2, "draw")
    assert state["hands"][2] == ["G1", "G2", "B1", "B2"] and state["pending"] == 0
    assert state["turn"] == 1 and types(events) == ["drew"]


def test_chupate_plus2_stacks_and_the_one_who_cannot_draws_the_total():
    state = table([["R+2", "R1", "R2"], ["Y1", "Y2"], ["G+2", "G2", "G3"]], top="R7",
                  draw=["B1", "B2", "B3", "B4", "B5"])
    GAME.apply(state, 0, "play R+2")
    assert GAME.legal_actions(state, 2) == ["play G+2", "draw"]
    GAME.apply(state, 2, "play G+2")
    assert state["pending"] == 4 and state["turn"] == 1
    GAME.apply(state, 1, "draw")
    assert state["hands"][1] == ["Y1", "Y2", "B1", "B2", "B3", "B4"]
    assert state["pending"] == 0 and state["turn"] == 0 and state["color"] == "G"


def test_chupate_only_plus2_answers_plus2():
    state = table([["B+2", "W+4", "W", "R5", "BS"], ["Y1", "Y2"]], top="R+2", pending=2)
    assert GAME.legal_actions(state, 0) == ["play B+2", "draw"]
    assert refused(state, 0, "play W+4 color:G").code == "pending_plus2"
    assert refused(state, 0, "play W color:G").code == "pending_plus2"
    assert refused(state, 0, "play R5").code == "pending_plus2"
    assert refused(state, 0, "pass").code == "draw_first"


def test_chupate_may_refuse_to_stack_and_draw():
    state = table([["B+2", "R5"], ["Y1", "Y2"]], top="R+2", pending=4, draw=["G1", "G2", "G3", "G4"])
    GAME.apply(state, 0, "draw")
    assert state["hands"][0] == ["B+2", "R5", "G1", "G2", "G3", "G4"]
    assert state["turn"] == 1 and state["pending"] == 0 and state["phase"] == "play"


# ----- comodín +4 and mentira --------------------------------------------------------------------------
def test_chupate_wild4_accepted_as_bluff():
    state = table([["W+4", "R1", "B2"], ["Y1", "Y2"], ["G1", "G2"]], top="R7")
    assert "play W+4 color:G" in GAME.legal_actions(state, 0)
    events = GAME.apply(state, 0, "play W+4 color:G")
    assert state["wild4"] == {"by": 0, "bluff": True}
    assert state["phase"] == "wild4" and state["turn"] == 2 and state["color"] == "G"
    assert GAME.legal_actions(state, 2) == ["challenge", "draw"]
    assert all("bluff" not in json.dumps(e) for e in events)


def test_chupate_wild4_honest_when_no_card_of_the_colour():
    state = table([["W+4", "B7", "GS"], ["Y1", "Y2"], ["G1", "G2"]], top="R7")
    GAME.apply(state, 0, "play W+4 color:B")      # B7 matches the number, not the colour: still honest
    assert state["wild4"] == {"by": 0, "bluff": False}


def test_chupate_accepting_wild4_draws_four_and_loses_turn():
    state = table([["W+4", "B1"], ["Y1", "Y2"], ["G1", "G2"]], top="R7", draw=["R1", "R2", "R3", "R4"])
    GAME.apply(state, 0, "play W+4 color:B")
    GAME.apply(state, 2, "draw")
    assert state["hands"][2] == ["G1", "G2", "R1", "R2", "R3", "R4"]
    assert state["turn"] == 1 and state["phase"] == "play" and state["wild4"] is None
    assert state["color"] == "B"


def test_chupate_mentira_after_bluff():
    state = table([["W+4", "R1", "R2"], ["Y1", "Y2"], ["G1", "B2"]], top="R7", draw=["Y5", "Y6", "Y7", "Y8"])
    GAME.apply(state, 0, "play W+4 color:B")
    events = GAME.apply(state, 2, "challenge")
    assert events[0] == {"type": "challenged", "seat": 2, "target": 0, "bluff": True}
    assert state["hands"][0] == ["R1", "R2", "Y5", "Y6", "Y7", "Y8"]   # the bluffer draws 4
    assert state["hands"][2] == ["G1", "B2"]                           # the challenger draws nothing
    assert state["turn"] == 2 and state["phase"] == "play" and state["color"] == "B"
    assert GAME.legal_actions(state, 2) == ["ultima", "play B2", "draw"]   # plays on the chosen colour
    GAME.apply(state, 2, "play B2")
    assert top(state) == "B2" and state["turn"] == 1


def test_chupate_mentira_after_honest_wild4():
    state = table([["W+4", "B1", "G2"], ["Y1", "Y2"], ["G1", "B2"]], top="R7",
                  draw=["Y3", "Y4", "Y5", "Y6", "Y7", "Y8"])
    GAME.apply(state, 0, "play W+4 color:B")
    events = GAME.apply(state, 2, "challenge")
    assert events[0]["bluff"] is False
    assert state["hands"][2] == ["G1", "B2", "Y3", "Y4", "Y5", "Y6", "Y7", "Y8"]   # 4 + 2 of fine
    assert state["hands"][0] == ["B1", "G2"]
    assert state["turn"] == 1 and state["phase"] == "play" and state["wild4"] is None


def test_chupate_wild4_must_be_answered_by_draw_or_challenge():
    state = table([["W+4", "B1", "B2"], ["Y1", "Y2"], ["B3", "W"]], top="R7")
    GAME.apply(state, 0, "play W+4 color:B")
    assert refused(state, 2, "play B3").code == "answer_wild4"
    assert refused(state, 2, "pass").code == "draw_first"
    assert refused(state, 1, "challenge", NotYourTurn).code == "not_your_turn"


def test_chupate_challenge_only_on_a_wild4():
    state = table([["R1", "B1"], ["Y1", "Y2"]], top="R7")
    assert refused(state, 0, "challenge").code == "nothing_to_challenge"


# ----- última --------------------------------------------------------------------------------------
def test_chupate_ultima_call_with_two_cards():
    state = table([["R1", "B2"], ["Y1", "Y2"], ["G1", "G2"]], top="R7")
    assert GAME.legal_actions(state, 0) == ["ultima", "play R1", "draw"]
    events = GAME.apply(state, 0, "ultima")
    assert events == [{"type": "called", "seat": 0}] and state["called"] == 0 and state["turn"] == 0
    assert "ultima" not in GAME.legal_actions(state, 0)
    GAME.apply(state, 0, "play R1")
    assert state["hands"][0] == ["B2"] and state["exposed"] is None and state["called"] is None


def test_chupate_ultima_only_with_two_cards():
    state = table([["R1", "B2", "G3"], ["Y1", "Y2"]], top="R7")
    assert "ultima" not in GAME.legal_actions(state, 0)
    assert refused(state, 0, "ultima").code == "cannot_call"


def test_chupate_no_denounce_after_calling():
    state = table([["R1", "B2"], ["Y1", "Y2"], ["G1", "G2"]], top="R7")
    GAME.apply(state, 0, "ultima")
    GAME.apply(state, 0, "play R1")
    for seat in (1, 2):
        assert "denounce" not in GAME.legal_actions(state, seat)
    assert refused(state, 2, "denounce").code == "nothing_to_denounce"
    assert GAME.to_move(state) == [2]


def test_chupate_missed_ultima_denounced_by_any_other_player():
    for denouncer in (1, 2):
        state = table([["R1", "B2"], ["Y1", "Y2"], ["G1", "G2"]], top="R7", draw=["Y8", "Y9"])
        GAME.apply(state, 0, "play R1")
        assert state["exposed"] == 0
        assert GAME.to_move(state) == [2, 1]
        assert "denounce" in GAME.legal_actions(state, 1) and GAME.legal_actions(state, 2)[-1] == "denounce"
        assert "denounce" not in GAME.legal_actions(state, 0)
        events = GAME.apply(state, denouncer, "denounce")
        assert events[0] == {"type": "denounced", "seat": denouncer, "offender": 0}
        assert state["hands"][0] == ["B2", "Y8", "Y9"] and state["exposed"] is None
        assert state["turn"] == 2                         # a denounce is not a turn action


def test_chupate_offender_cannot_denounce_self():
    state = table([["R1", "B2"], ["Y1", "Y2"], ["G1", "G2"]], top="R7")
    GAME.apply(state, 0, "play R1")
    refused(state, 0, "denounce", NotYourTurn)


def test_chupate_denounce_window_closes_when_next_player_completes_an_action():
    state = table([["R1", "B2"], ["Y1", "Y2"], ["R3", "G2", "G3"]], top="R7")
    GAME.apply(state, 0, "play R1")
    GAME.apply(state, 2, "play R3")
    assert state["exposed"] is None
    assert state["turn"] == 1 and "denounce" not in GAME.legal_actions(state, 1)
    assert refused(state, 1, "denounce").code == "nothing_to_denounce"
    assert GAME.to_move(state) == [1]
    # a draw also completes the action and closes the window
    state = table([["R1", "B2"], ["Y1", "Y2"], ["G3", "G2"]], top="R7", draw=["R9"])
    GAME.apply(state, 0, "play R1")
    GAME.apply(state, 2, "draw")
    assert state["exposed"] is None and state["phase"] == "drawn"


def test_chupate_ultima_may_be_called_on_a_pending_plus2():
    state = table([["B+2", "G5"], ["Y1", "Y2"], ["G1", "G2"]], top="R+2", pending=2)
    assert GAME.legal_actions(state, 0) == ["ultima", "play B+2", "draw"]
    GAME.apply(state, 0, "ultima")
    GAME.apply(state, 0, "play B+2")
    assert state["exposed"] is None and state["pending"] == 4


def test_chupate_ultima_after_drawing_up_to_two_cards():
    state = table([["B5"], ["Y1", "Y2"], ["G1", "G2"]], top="R7", draw=["R8"])
    GAME.apply(state, 0, "draw")
    assert GAME.legal_actions(state, 0) == ["ultima", "play R8", "pass"]
    GAME.apply(state, 0, "play R8")
    assert state["exposed"] == 0


# ----- the piles -------------------------------------------------------------------------------------
def test_chupate_reshuffle_when_draw_pile_is_empty():
    state = table([["B5", "B6"], ["Y1", "Y2"]], top="R7", rest="discard")
    under = state["discard"][:-1]
    assert state["draw"] == []
    events = GAME.apply(state, 0, "draw")
    assert types(events)[:2] == ["reshuffled", "drew"] and events[0]["count"] == len(under)
    assert state["discard"] == ["R7"]                             # the top card stays
    assert Counter(state["draw"] + state["hands"][0][2:]) == Counter(under)
    assert len(state["draw"]) == len(under) - 1
    GAME.check_state(state)


def test_chupate_draw_skipped_when_both_piles_are_empty():
    state = table([["B5"], ["Y1"], ["G1"]], top="R7", rest="discard")
    rest = state["discard"][:-1]
    state["discard"] = ["R7"]
    state["hands"][1] += rest                                      # every other card is in a hand
    GAME.check_state(state)
    events = GAME.apply(state, 0, "draw")
    assert events == [{"type": "drew", "seat": 0, "count": 0, "private": {"cards": []}},
                      {"type": "passed", "seat": 0}]
    assert state["hands"][0] == ["B5"] and state["turn"] == 2


def test_chupate_plus2_draws_what_is_left_when_piles_run_out():
    state = table([["B5", "B6"], ["Y1"], ["G1", "G2"]], top="R+2", pending=4, draw=["G8"], rest="discard")
    rest = state["discard"][:-1]
    state["discard"] = ["R+2"]
    state["hands"][1] += rest
    GAME.check_state(state)
    GAME.apply(state, 0, "draw")
    assert state["hands"][0] == ["B5", "B6", "G8"] and state["pending"] == 0 and state["turn"] == 2


# ----- skip and reverse -------------------------------------------------------------------------------
def test_chupate_two_players_skip_gives_another_turn():
    state = table([["RS", "R1", "B1"], ["Y1", "Y2"]], top="R7")
    events = GAME.apply(state, 0, "play RS")
    assert types(events) == ["played", "skipped"] and events[1]["seat"] == 1
    assert state["turn"] == 0 and state["direction"] == -1


def test_chupate_two_players_reverse_gives_another_turn():
    state = table([["RR", "R1", "B1"], ["Y1", "Y2"]], top="R7")
    events = GAME.apply(state, 0, "play RR")
    assert types(events) == ["played", "reversed"]
    assert state["turn"] == 0 and state["direction"] == 1


def test_chupate_reverse_with_three_players():
    state = table([["RR", "R1"], ["Y1", "Y2"], ["G1", "G2"]], top="R7", turn=0, direction=-1)
    GAME.apply(state, 0, "play RR")
    assert state["direction"] == 1 and state["turn"] == 1
    state = table([["Y1", "Y2"], ["RR", "R1"], ["G1", "G2"], ["B1", "B2"]], top="R7", turn=1, direction=1)
    GAME.apply(state, 1, "play RR")
    assert state["direction"] == -1 and state["turn"] == 0


def test_chupate_skip_with_three_or_more_players():
    state = table([["RS", "R1"], ["Y1", "Y2"], ["G1", "G2"]], top="R7")
    events = GAME.apply(state, 0, "play RS")
    assert events[1] == {"type": "skipped", "seat": 2} and state["turn"] == 1
    state = table([["Y1", "Y2"], ["RS", "R1"], ["G1", "G2"], ["B1", "B2"]], top="R7", turn=1, direction=1)
    GAME.apply(state, 1, "play RS")
    assert state["turn"] == 3 and state["direction"] == 1


# ----- pairs -----------------------------------------------------------------------------------------
def test_chupate_pairs_partners_sit_opposite():
    state = GAME.new(4, 3, {"pairs": True})
    assert [GAME.team(state, s) for s in range(4)] == [[0, 2], [1, 3], [0, 2], [1, 3]]
    assert GAME.view(state, 1)["teams"] == [[0, 2], [1, 3], [0, 2], [1, 3]]
    for players in (2, 3):
        with pytest.raises(BadOptions):
            GAME.new(players, 3, {"pairs": True})


def test_chupate_pair_wins_when_either_partner_goes_out_quick():
    state = table([["Y1", "Y2"], ["B1", "B2"], ["R1"], ["G1", "G2"]], top="R7", turn=2,
                  options={"pairs": True, "quick": True})
    events = GAME.apply(state, 2, "play R1")
    assert state["over"] and state["phase"] == "game_over"
    assert GAME.result(state)["winners"] == [0, 2]
    assert types(events) == ["played", "round_over", "game_over"]
    assert GAME.result(state)["ranking"] == [20, -10, 20, -10]


def test_chupate_pair_shared_score_to_target():
    options = {"pairs": True, "target": 100}
    state = table([["Y9", "W"], ["B1", "B2"], ["R1"], ["GS", "G2"]], top="R7", turn=2, options=options,
                  scores=[40, 10, 40, 10])
    GAME.apply(state, 2, "play R1")
    # only the opponents' hands count: B1 + B2 + GS + G2 = 1 + 2 + 20 + 2 = 25 (the partner's 59 does not)
    assert state["last_round"]["points"] == 25
    assert state["scores"] == [65, 10, 65, 10] and state["phase"] == "round_over"
    state = table([["Y9", "W"], ["B1", "B2"], ["R1"], ["GS", "G9"]], top="R7", turn=2,
                  options=options, scores=[80, 10, 80, 10])
    GAME.apply(state, 2, "play R1")
    assert state["scores"] == [112, 10, 112, 10] and state["over"]
    assert GAME.result(state)["winners"] == [0, 2]


# ----- points --------------------------------------------------------------------------------------
def test_chupate_card_points():
    assert [GAME.card_points(c) for c in ("R0", "B5", "Y9")] == [0, 5, 9]
    assert [GAME.card_points(c) for c in ("G+2", "GS", "GR")] == [20, 20, 20]
    assert GAME.card_points("W") == GAME.card_points("W+4") == 50


def test_chupate_round_winner_scores_the_other_hands():
    state = table([["R1"], ["B9", "G+2", "W"], ["YS", "W+4", "Y0"]], top="R7", scores=[10, 20, 30])
    events = GAME.apply(state, 0, "play R1")
    won = 9 + 20 + 50 + 20 + 50 + 0
    assert events[-1] == {"type": "round_over", "winner": 0, "points": won, "hand_points": [0, 79, 70]}
    assert state["scores"] == [10 + won, 20, 30]
    assert state["phase"] == "round_over" and not state["over"]
    assert state["last_round"] == {"winner": 0, "points": won, "hand_points": [0, 79, 70]}


def test_chupate_default_target_is_500_and_not_quick():
    state = GAME.new(3, 1)
    assert state["options"] == {"quick": False, "target": 500, "pairs": False, "turn_timer": 0}
    state = table([["R1"], ["W", "W"], ["W", "W"]], top="R7", scores=[299, 0, 0])   # 200 points
    GAME.apply(state, 0, "play R1")
    assert state["scores"][0] == 499 and not state["over"]
    state = table([["R1"], ["W", "W"], ["W", "W"]], top="R7", scores=[300, 0, 0])
    GAME.apply(state, 0, "play R1")
    assert state["scores"][0] == 500 and state["over"]


def test_chupate_game_ends_when_target_reached():
    state = table([["R1"], ["B9"], ["G5"]], top="R7", options={"target": 20}, scores=[6, 15, 0])
    events = GAME.apply(state, 0, "play R1")
    assert state["scores"] == [20, 15, 0] and state["over"] and state["phase"] == "game_over"
    assert types(events) == ["played", "round_over", "game_over"]
    assert GAME.result(state) == {"winners": [0], "scores": [20, 15, 0], "ranking": [30, -10, -10]}
    assert GAME.to_move(state) == [] and GAME.legal_actions(state, 0) == []
    refused(state, 1, "draw", GameOver)


def test_chupate_quick_game_first_out_wins():
    state = table([["R1"], ["B9"], ["G5"]], top="R7", options={"quick": True})
    GAME.apply(state, 0, "play R1")
    assert state["over"] and GAME.result(state)["winners"] == [0]
    assert state["scores"] == [0, 0, 0]


def test_chupate_round_ends_at_once_on_last_card_even_a_plus2():
    state = table([["R+2"], ["B9"], ["G5"]], top="R7")
    events = GAME.apply(state, 0, "play R+2")
    assert types(events) == ["played", "round_over"]
    assert state["pending"] == 0 and state["hands"][2] == ["G5"] and state["scores"] == [14, 0, 0]
    state = table([["W+4"], ["B9"], ["G5"]], top="R7")
    GAME.apply(state, 0, "play W+4 color:G")
    assert state["phase"] == "round_over" and state["wild4"] is None and state["scores"] == [14, 0, 0]


def test_chupate_next_round_deals_again():
    state = table([["R1"], ["B9"], ["G5"]], top="R7", direction=1)
    GAME.apply(state, 0, "play R1")
    assert GAME.to_move(state) == [0] and GAME.legal_actions(state, 0) == ["next"]
    refused(state, 1, "next", NotYourTurn)
    events = GAME.apply(state, 0, "next")
    assert refused(state, state["turn"], "next").code == "round_not_over"     # next during play: named in the docs
    assert events[0]["type"] == "round_started" and events[0]["round"] == 2
    assert state["round"] == 2 and state["phase"] == "play" and state["last_round"] is None
    assert [len(h) for h in state["hands"]] == [7, 7, 7] and len(state["discard"]) == 1
    assert state["scores"] == [14, 0, 0] and state["pending"] in (0, 2)
    assert state["direction"] in (-1, 1) and top(state)[0] != "W"
    GAME.check_state(state)


# ----- turn timer: auto-play --------------------------------------------------------------------------
def test_chupate_auto_action_plays_first_matching_coloured_card():
    state = table([["W", "R5", "B7", "R2"], ["Y1", "Y2"]], top="R7")
    assert GAME.auto_action(state, 0) == "play B7"


def test_chupate_auto_action_wild_takes_colour_held_most():
    state = table([["W", "B5", "G1", "G2"], ["Y1", "Y2"]], top="R7")
    assert GAME.auto_action(state, 0) == "play W color:G"


def test_chupate_auto_action_draws_then_plays_or_passes():
    state = table([["B5", "B6"], ["Y1", "Y2"]], top="R7", draw=["R9"])
    assert GAME.auto_action(state, 0) == "draw"
    GAME.apply(state, 0, "draw")
    assert GAME.auto_action(state, 0) == "play R9"
    state = table([["B5", "B6"], ["Y1", "Y2"]], top="R7", draw=["G1"])
    GAME.apply(state, 0, GAME.auto_action(state, 0))
    assert state["turn"] == 1 and state["hands"][0] == ["B5", "B6", "G1"]    # unplayable: passed


def test_chupate_auto_action_answers_pending_draws():
    state = table([["B+2", "R5"], ["Y1", "Y2"]], top="R+2", pending=2)
    assert GAME.auto_action(state, 0) == "play B+2"
    state = table([["W", "R5"], ["Y1", "Y2"]], top="R+2", pending=2)
    assert GAME.auto_action(state, 0) == "draw"
    state = table([["W+4", "R5"], ["Y1", "Y2"], ["G1", "G2"]], top="R7")
    GAME.apply(state, 0, "play W+4 color:G")
    assert GAME.auto_action(state, 2) == "draw"                 # accepts, never challenges


def test_chupate_auto_action_makes_no_ultima_call_and_deals_next_round():
    state = table([["R1", "B2"], ["Y1", "Y2"]], top="R7")
    assert GAME.auto_action(state, 0) == "play R1"
    state = table([["R1"], ["Y1", "Y2"]], top="R7")
    GAME.apply(state, 0, "play R1")
    assert GAME.auto_action(state, 0) == "next"


# ----- ranking -----------------------------------------------------------------------------------
def test_chupate_ranking_points():
    for players in (2, 3, 4):
        state = GAME.new(players, 1)
        assert GAME.ranking(state, [0]) == [10 * players] + [-10] * (players - 1)
    state = GAME.new(4, 1, {"pairs": True})
    assert GAME.ranking(state, [1, 3]) == [-10, 20, -10, 20]
    state = GAME.new(3, 1)
    assert GAME.ranking(state, [2], abandoned=(0,)) == [-20, -10, 30]


# ----- refusals ---------------------------------------------------------------------------------
def test_chupate_illegal_actions_raise_with_reasons_and_leave_state():
    state = table([["R1", "B2", "B+2"], ["Y1", "Y2"]], top="R7")
    assert refused(state, 0, "play G9").code == "not_in_hand"
    assert refused(state, 0, "play B2").code == "no_match"
    assert refused(state, 0, "denounce").code == "nothing_to_denounce"
    err = refused(state, 0, "play R1 color:B")
    assert err.code == "no_color" and err.seat == 0 and err.phase == "play" and "play R1 color:B" in str(err)


def test_chupate_out_of_turn_raises_not_your_turn():
    state = table([["R1", "B2"], ["R5", "Y2"], ["R3", "G2"]], top="R7")
    err = refused(state, 1, "play R5", NotYourTurn)
    assert err.code == "not_your_turn"
    refused(state, 2, "draw", NotYourTurn)
    # a seat that may denounce is still not on turn for anything else
    GAME.apply(state, 0, "play R1")
    assert state["exposed"] == 0 and state["turn"] == 2
    assert refused(state, 1, "play R5", NotYourTurn).code == "not_your_turn"
    assert refused(state, 1, "draw", NotYourTurn).code == "not_your_turn"
    assert refused(state, 5, "draw").code == "no_such_seat"


@pytest.mark.parametrize("action", ["", " draw", "draw ", "play  R1", "x" * 500, "play\tR1", 7, None,
                                    "play R1 color:", "fly", "play", "play ZZ", "play R1 R2", "draw now",
                                    "play W color:X", "play W color:R color:B", "ultima please"])
def test_chupate_malformed_actions_raise_malformed(action):
    state = table([["R1", "W"], ["Y1", "Y2"]], top="R7")
    err = refused(state, 0, action, MalformedAction)
    assert err.code == "malformed"


# ----- saves ----------------------------------------------------------------------------------------
def test_chupate_from_json_accepts_a_good_save():
    state = table([["W+4", "B1"], ["Y1", "Y2"], ["G1", "G2"]], top="R7")
    GAME.apply(state, 0, "play W+4 color:B")
    loaded = GAME.from_json(GAME.to_json(state))
    assert GAME.to_json(loaded) == GAME.to_json(state)
    GAME.apply(loaded, 2, "challenge")
    assert loaded["hands"][2] == ["G1", "G2"] + loaded["hands"][2][2:] and len(loaded["hands"][2]) == 8


def _broken(change):
    state = json.loads(GAME.to_json(GAME.new(3, 9)))
    change(state)
    return json.dumps(state)


@pytest.mark.parametrize("save, words", [
    ("{not json", "not JSON"),
    ("[1, 2]", "object"),
    (_broken(lambda s: s.update(game="skypo")), "skypo"),
    (_broken(lambda s: s["hands"][0].pop()), "one deck"),
    (_broken(lambda s: s["hands"][0].append(s["hands"][1][0])), "one deck"),
    (_broken(lambda s: s["hands"][0].__setitem__(0, "R99")), "one deck"),
    (_broken(lambda s: s.update(phase="bidding")), "phase"),
    (_broken(lambda s: s.update(color="W")), "colour"),
    (_broken(lambda s: s.update(turn=3)), "turn"),
    (_broken(lambda s: s.update(direction=0)), "direction"),
    (_broken(lambda s: s.update(phase="wild4")), "wild +4"),
    (_broken(lambda s: s.update(phase="drawn")), "drawn"),
    (_broken(lambda s: s.update(pending=-2)), "pending"),
    (_broken(lambda s: s.pop("hands")), "hands"),
    (_broken(lambda s: s.pop("exposed")), "exposed"),
    (_broken(lambda s: s.update(options={"pairs": True})), "pairs"),
])
def test_chupate_from_json_rejects_broken_saves(save, words):
    with pytest.raises(BadState) as info:
        GAME.from_json(save)
    assert words in str(info.value)
    assert info.value.code == "bad_state"


# ----- hidden information -------------------------------------------------------------------------------
def card_codes(value) -> list[str]:
    """Every card code anywhere in a JSON-like value."""
    if isinstance(value, dict):
        return [c for k, v in value.items() for c in card_codes(k) + card_codes(v)]
    if isinstance(value, list):
        return [c for v in value for c in card_codes(v)]
    return [value] if value in set(DECK) else []


def test_chupate_view_shows_own_hand_only_and_never_the_bluff_flag():
    state = table([["W+4", "R1", "B9"], ["Y1", "Y2", "YS"], ["G1", "G2"]], top="R7")
    GAME.apply(state, 0, "play W+4 color:G")
    for seat in (0, 1, 2, None):
        view = GAME.view(state, seat)
        own = state["hands"][seat] if seat is not None else []
        assert Counter(card_codes(view)) == Counter(own + ["W+4"])       # own hand and the top card only
        assert "bluff" not in json.dumps(view) and "wild4" not in view
        assert "draw" not in view and view["draw_count"] == len(state["draw"])
        assert view["counts"] == [2, 3, 2] and view["wild4_pending"] is True and view["color"] == "G"
        assert ("hand" in view) == (seat is not None)


def test_chupate_view_shows_the_drawn_card_only_to_its_owner():
    state = table([["B5", "B6"], ["Y1", "Y2"]], top="R7", draw=["R9"])
    GAME.apply(state, 0, "draw")
    assert GAME.view(state, 0)["drawn"] == "R9"
    assert GAME.view(state, 1)["drawn"] is None and "R9" not in json.dumps(GAME.view(state, 1))
    assert GAME.view(state, None)["drawn"] is None


# ----- determinism -----------------------------------------------------------------------------------
def test_chupate_same_seed_and_actions_give_the_same_game():
    state = GAME.new(3, 42)
    for _ in range(60):
        if state["over"]:
            break
        seat = GAME.to_move(state)[0]
        GAME.apply(state, seat, GAME.auto_action(state, seat))
    replayed = GAME.replay(3, 42, None, state["history"])
    assert GAME.to_json(replayed) == GAME.to_json(state)
    assert get("chupate") is GAME and chupate.HAND_SIZE == 7
