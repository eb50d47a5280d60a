"""The Skypo table HTML shows only what the seat may see and offers every legal move."""

import random
import re
from html import unescape

from tapete.bots import EasyBot
import tables
from tapete.core import get
from tapete.selftest import random_states as played_states, reshuffled_hidden
from tapete.sim import step
from tapete.ui import skypo_table as st
from tapete.ui.skypo_table import card_name, event_text, local_action, render_table

GAME = get("skypo")
NAMES = tables.NAMES
ACTION = re.compile(r'data-action="([^"]*)"')


def update_for(state, seat, events=()):
    return tables.update_for(GAME, state, seat, events)


def random_states(seeds=range(12), players=(2, 3, 4, 5), max_steps=120):
    return played_states(GAME, seeds, players, max_steps, random.Random(11), {"target": 40})


def reachable(update, lang="en", depth=3):
    """Every data-action reachable by clicking, following local ``ui:`` steps."""
    seen, found = set(), set()
    frontier = [{"log": []}]
    for _ in range(depth):
        nxt = []
        for ui in frontier:
            for action in map(unescape, ACTION.findall(render_table(update, lang, ui))):
                if action.startswith("ui:"):
                    if action not in seen:
                        seen.add(action)
                        child = dict(ui)
                        local_action(child, action)
                        nxt.append(child)
                else:
                    found.add(action)
        frontier = nxt
    return found


def test_table_html_does_not_depend_on_hidden_cards():
    for state, rng in random_states():
        for seat in range(state["players"]):
            for lang in ("es", "en"):
                ui = {"log": []}
                html = render_table(update_for(state, seat), lang, ui)
                with reshuffled_hidden(GAME, state, seat, rng):
                    assert render_table(update_for(state, seat), lang, ui) == html


def test_every_legal_action_is_reachable_from_a_button():
    checked = set()
    for state, _ in random_states(seeds=range(40)):
        states = [state]
        if state["phase"] == "turn":       # bots mostly take from the discard pile: draw here too
            drawn = GAME.from_json(GAME.to_json(state))
            GAME.apply(drawn, GAME.to_move(drawn)[0], "draw")
            states.append(drawn)
        for state in states:
            for seat in GAME.to_move(state):
                update = update_for(state, seat)
                legal = set(update["legal"])
                assert legal <= reachable(update), state["phase"]
                checked.add(state["phase"])
    assert {"reveal", "turn", "drawn"} <= checked


def test_every_phase_reachable_including_round_over():
    state = GAME.new(3, 5, {"target": 1000})
    bots = [EasyBot() for _ in range(3)]
    rng = random.Random(2)
    while state["phase"] != "round_over":
        step(GAME, state, bots, rng)
    closer = state["last_round"]["closer"]
    update = update_for(state, closer)
    html = render_table(update, "en", {"log": []})
    assert 'data-testid="round-result"' in html
    assert re.search(r'data-action="next" data-testid="btn-next"', html)
    other = render_table(update_for(state, (closer + 1) % 3), "es", {"log": []})
    assert re.search(r'data-action="continue" data-testid="btn-next"', other)


def test_two_step_turn_draw_then_swap_or_discard():
    state = GAME.new(2, 3, {})
    for seat, action in ((0, "flip 0,0"), (1, "flip 1,1"), (0, "flip 1,0"), (1, "flip 2,3")):
        GAME.apply(state, seat, action)
    update = update_for(state, 0)
    v = state["version"]
    html = render_table(update, "en", {"log": []})
    assert 'data-testid="btn-draw"' in html and f'data-action="ui:take:{v}"' in html
    assert 'data-action="take 0,0"' not in html                  # a cell click needs a choice first
    ui = {"log": []}
    local_action(ui, f"ui:take:{v}")
    html = render_table(update, "en", ui)
    for r in range(3):
        for c in range(4):
            assert f'data-action="take {r},{c}" data-testid="cell-0-{r}-{c}"' in html
    assert 'data-testid="btn-cancel"' in html
    local_action(ui, "ui:cancel")
    assert 'data-action="take 0,0"' not in render_table(update, "en", ui)
    GAME.apply(state, 0, "draw")
    update = update_for(state, 0)
    html = render_table(update, "en", ui)                        # an old choice lapses with the version
    assert 'data-testid="drawn-card"' in html and 'data-action="swap 0,0"' in html
    local_action(ui, f"ui:discard:{state['version']}")
    html = render_table(update, "en", ui)
    assert 'data-action="discard flip:2,0"' in html and 'data-action="swap 2,0"' not in html
    for action in update["legal"]:
        assert f'data-action="{action}"' in html or action.startswith("swap ")
    # the opponent sees the drawn card (public) but no buttons on any grid
    html = render_table(update_for(state, 1), "en", {"log": []})
    assert 'data-testid="drawn-card"' in html
    assert not re.search(r'data-action="(swap|take|discard|flip)', html)


def test_opening_flips_are_cell_buttons_and_status_counts():
    state = GAME.new(3, 1, {})
    html = render_table(update_for(state, 2), "es", {"log": []})
    assert html.count('data-action="flip ') == 12
    assert "Destapa 2 cartas" in html
    GAME.apply(state, 2, "flip 0,0")
    html = render_table(update_for(state, 2), "en", {"log": []})
    assert html.count('data-action="flip ') == 11 and "1 more card" in html
    GAME.apply(state, 2, "flip 0,1")
    html = render_table(update_for(state, 2), "en", {"log": []})
    assert 'data-action="flip ' not in html and "Waiting for the others" in html
    assert f'data-card="{state["grids"][2][0][0]}"' in html


def hand_made(state_fix):
    state = GAME.new(2, 3, {})
    for seat, action in ((0, "flip 0,0"), (1, "flip 1,1"), (0, "flip 1,0"), (1, "flip 2,3")):
        GAME.apply(state, seat, action)
    state_fix(state)
    return state


def test_removed_column_is_a_gap_and_closer_shows_last_turn():
    def fix(state):
        state["grids"][0][1] = None
        state["closer"] = 1
    state = hand_made(fix)
    html = render_table(update_for(state, 0), "en", {"log": []})
    for r in range(3):
        assert re.search(rf'<span class="cell gone" data-testid="cell-0-{r}-1"', html)
    assert "Columns removed: 1" in html
    assert 'data-testid="last-turn"' in html and "Bea closed" in html
    assert 'data-testid="closer-1"' in html


def test_round_overlay_shows_the_doubling():
    state = hand_made(lambda s: None)
    state.update(phase="round_over", turn=None, closer=0,
                 last_round={"closer": 0, "points": [10, 7], "doubled": True, "round_scores": [20, 7],
                             "totals": [20, 7]}, scores=[20, 7])
    for lang, words in (("en", "count double (20)"), ("es", "cuentan doble (20)")):
        html = render_table(update_for(state, 1), lang, {"log": []})
        assert 'data-testid="round-result"' in html and 'data-testid="doubled"' in html and words in html


def test_result_overlay():
    state = hand_made(lambda s: None)
    state.update(phase="game_over", turn=None, closer=1, over=True,
                 last_round={"closer": 1, "points": [50, -3], "doubled": False, "round_scores": [50, -3],
                             "totals": [110, 20]}, scores=[110, 20], result={"winners": [1], "scores": [110, 20]})
    html = render_table(update_for(state, 1), "es", {"log": [], "ranking": (20, 35)})
    for testid in ("result", "result-winner", "score-sheet", "round-scores", "ranking", "btn-again", "btn-menu"):
        assert f'data-testid="{testid}"' in html
    assert "¡Has ganado!" in html and "nunca se dobla" in html
    assert 'data-testid="round-result"' not in html


def test_labels_and_events_in_both_languages():
    assert card_name("es", "-2") == "menos 2" and card_name("en", "-1") == "minus 1"
    assert card_name("en", "12") == "12"
    for key in st.TEXTS["es"]:
        assert key in st.TEXTS["en"]
    assert set(st.TEXTS["en"]) == set(st.TEXTS["es"])
    state = GAME.new(2, 3, {})
    html_es = render_table(update_for(state, 0), "es", {"log": []})
    html_en = render_table(update_for(state, 0), "en", {"log": []})
    assert "fila 1, columna 1: tapada" in html_es and "row 1, column 1: face down" in html_en
    update = update_for(state, 0)
    events = [{"type": "flipped", "seat": 0, "row": 0, "col": 0, "card": "-2"},
              {"type": "drew", "seat": 1, "card": "5"},
              {"type": "swapped", "seat": 1, "row": 0, "col": 0, "card": "5", "replaced": "9"},
              {"type": "column_removed", "seat": 1, "col": 2, "card": "12"},
              {"type": "closed", "seat": 1}, {"type": "first_turn", "seat": 0, "sums": [1, 2]},
              {"type": "revealed", "seat": 1, "cells": [[0, 0, "3"]]},
              {"type": "round_over", "closer": 1, "points": [1, 2], "doubled": True, "round_scores": [1, 4],
               "totals": [1, 4]},
              {"type": "game_over", "winners": [0], "scores": [1, 4]},
              {"type": "round_started", "round": 2, "opener": 1, "top": "4"}, {"type": "reshuffled", "count": 9}]
    for lang in ("es", "en"):
        lines = [event_text(e, update, lang) for e in events]
        assert all(lines), lines
    assert event_text(events[0], update, "es") == "Destapas un menos 2"
    assert event_text(events[1], update, "en") == "Bea draws a 5"
    assert "Bea" in event_text(events[3], update, "en")


def test_every_engine_refusal_code_has_words_in_both_languages():
    import inspect
    codes = set(re.findall(r'return "([a-z_]+)", ', inspect.getsource(type(GAME))))
    assert codes
    for lang in ("es", "en"):
        for code in codes:
            assert code in st.REFUSALS[lang], code
    assert st.refusal_text("en", "take_must_swap", "x").startswith("a discard you take")
    assert st.refusal_text("es", "stale", "x") == "la mesa cambió; inténtalo de nuevo"
