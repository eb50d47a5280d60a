"""The motion plan (tapete.ui.motion): what moves, from where, in which order; nothing hidden leaks."""

from __future__ import annotations

import json
import random

from tapete.bots import EasyBot
from tapete.net import Host, LocalSession, SeatSpec
from tapete.ui import tables
from tapete.ui.motion import BACK, DISCARD, PILE, groups_for, last_move, plan, speed_control


def update(events, seat=0, players=3, **view):
    base = {"players": players, "counts": [5] * players, "version": 9}
    base.update(view)
    return {"type": "update", "seat": seat, "view": base, "legal": [], "events": events}


PREVIOUS = update([])


def test_a_bot_play_flies_from_its_box_to_the_discard():
    groups = groups_for(update([{"type": "played", "seat": 2, "card": "R7"}]), PREVIOUS)
    assert groups == [[{"kind": "fly", "from": ['[data-testid="seat-2"]'], "to": DISCARD, "play": True, "seat": 2}]]


def test_my_play_flies_from_the_card_in_my_hand():
    (move,), = groups_for(update([{"type": "played", "seat": 0, "card": "R7"}]), PREVIOUS)
    assert move["from"][0] == '[data-testid="hand"] [data-key="R7"]'
    assert move["to"] == DISCARD


def test_a_taki_run_lands_card_by_card():
    run = [{"type": "played", "seat": 1, "card": c} for c in ("TAKI-R", "R3", "R5")]
    groups = groups_for(update(run), PREVIOUS, tables.table_for("taki"))
    assert [g[0]["kind"] for g in groups] == ["ghost", "ghost", "fly"]
    assert all(len(g) == 1 for g in groups)         # one after another, not together
    assert "R3" not in groups[0][0]["html"] and groups[1][0]["html"] != groups[0][0]["html"]


def test_an_opponents_draw_travels_face_down_with_its_penalty_count():
    groups = groups_for(update([{"type": "drew", "seat": 1, "count": 4}]), PREVIOUS)
    backs = [m for m in groups[0] if m.get("html") == BACK]
    badge = [m for m in groups[0] if m.get("text")]
    assert len(backs) == 4 and all(m["from"] == PILE and m["to"] == ['[data-testid="seat-1"]'] for m in backs)
    assert badge[0]["text"] == "+4" and badge[0]["to"] == ['[data-testid="seat-1"]']
    single = groups_for(update([{"type": "drew", "seat": 1, "count": 1}]), PREVIOUS)
    assert not [m for m in single[0] if m.get("text")]      # a plain draw is no penalty


def test_my_draw_brings_new_cards_from_the_pile_once():
    groups = groups_for(update([{"type": "drew", "seat": 0, "count": 1}, {"type": "drew", "seat": 0, "count": 1}]),
                        PREVIOUS)
    assert groups == [[{"kind": "enter", "from": PILE, "to": '[data-testid="hand"]'}]]


def test_a_round_deals_from_the_pile():
    groups = groups_for(update([{"type": "round_started", "round": 2}]), PREVIOUS)
    deal = groups[0]
    assert deal[0]["kind"] == "enter" and deal[0]["all"]
    assert {tuple(m["to"]) for m in deal[1:]} == {('[data-testid="seat-1"]',), ('[data-testid="seat-2"]',)}
    assert groups_for(update([]), None)[0][0]["kind"] == "enter"        # the first update of a game too


def test_skypo_swaps_cross_and_flips_turn_over():
    took = [{"type": "took", "seat": 1, "card": "5"},
            {"type": "swapped", "seat": 1, "row": 0, "col": 2, "card": "5", "replaced": "12"}]
    (swap,) = groups_for(update(took, grids=[[], [], []]), PREVIOUS)
    assert swap[0]["to"] == swap[1]["from"] == '[data-testid="cell-1-0-2"]'
    assert swap[0]["from"] == [DISCARD] and swap[1]["to"] == DISCARD
    (flip,) = groups_for(update([{"type": "flipped", "seat": 2, "row": 1, "col": 0, "card": "3"}], grids=[[], [], []]),
                         PREVIOUS)
    assert flip == [{"kind": "turn", "to": '[data-testid="cell-2-1-0"]'}]


def test_dos_matches_land_on_the_row_and_matched_cards_leave():
    matched = groups_for(update([{"type": "matched", "seat": 1, "on": 2, "played": ["G1"]}]), PREVIOUS)
    assert matched[0][0]["to"] == '[data-testid="center-2"] .covers'
    before = update([], center=["R4", "Y3"], covers=[["G1"], None])
    refill = groups_for(update([{"type": "row_refilled", "seat": 1, "discarded": 1, "added": ["B2"],
                                 "center": ["Y3", "B2"]}]), before)
    kinds = [(m["kind"], m["from"], m["to"]) for m in refill[0]]
    assert ("ghost", '[data-testid="center-0"]', None) in kinds         # the covered card leaves
    assert ("fly", PILE, '[data-testid="center-1"]') in kinds           # the new one comes from the pile


def test_the_last_play_stays_marked_until_the_next_play_and_a_new_round_clears_it():
    mark = last_move(update([{"type": "played", "seat": 2, "card": "R7"}]), None)
    assert mark == {"card": DISCARD, "seat": ['[data-testid="seat-2"]'], "by": 2}
    assert last_move(update([{"type": "drew", "seat": 1, "count": 1}]), mark) == mark
    mine = last_move(update([{"type": "played", "seat": 0, "card": "B1"}]), mark)
    assert mine["by"] == 0 and mine["seat"][0] == '[data-testid="hand"]'
    assert last_move(update([{"type": "round_started", "round": 2}]), mine) is None


def test_instant_plans_no_motion_but_keeps_the_mark():
    mark = {"card": DISCARD, "seat": ['[data-testid="seat-1"]'], "by": 1}
    out = plan(update([{"type": "played", "seat": 1, "card": "R7"}]), PREVIOUS, None, True, mark)
    assert out == {"groups": [], "last": mark, "instant": True}


def test_speed_control_in_both_languages():
    es, en = speed_control("es", "fast"), speed_control("en", "fast")
    assert 'value="fast" selected' in es and "Rápidas" in es and "Fast" in en
    assert es.count("<option") == 4


def test_plans_of_whole_games_carry_no_card_the_seat_cannot_see():
    """Every card code a plan names (in a ghost's face) was public: played by someone, or in my own hand."""
    for game in ("chupate", "francesa", "taki", "dos", "skypo"):
        seats = [SeatSpec("me", player="p")] + [SeatSpec(f"b{i}", bot="easy") for i in (1, 2)]
        host = Host(game, seats, 11, {})
        got: list = []
        session = LocalSession(host, "p", got.append)
        rng = random.Random(3)
        for _ in range(400):
            if host.bot_pending():
                host.bot_step()
                continue
            last = got[-1]
            if last["type"] != "update" or not last["legal"] or last["view"]["over"]:
                break
            session.send(EasyBot().choose(last["view"], last["legal"], True, rng))
        previous = None
        for message in got:
            if message["type"] != "update":
                continue
            out = plan(message, previous, tables.table_for(game))
            text = json.dumps(out)
            for group in out["groups"]:
                for move in group:
                    if move.get("html") and move["html"] != BACK:       # only played cards show a face
                        assert move.get("play"), (game, move)
                    assert "data-card" not in move.get("html", "")
            for event in message["events"]:
                if event.get("type") == "drew" and event.get("seat") != 0 and "cards" in event:
                    assert not any(card in text for card in event["cards"])
            previous = message
