"""The DOS table HTML shows only what the seat may see and offers every legal move."""

import copy
import random
import re
from html import unescape

import tables
from tapete.core import get
from tapete.selftest import random_states as played_states, reshuffled_hidden
from tapete.ui import dos_table as dt
from tapete.ui.dos_table import card_name, event_text, local_action, render_table

GAME = get("dos")
NAMES = tables.NAMES
ACTION = re.compile(r'data-action="([^"]*)"')


def update_for(state, seat, events=()):
    return tables.update_for(GAME, state, seat, events)


def random_states(seeds=range(12), max_steps=150):
    return played_states(GAME, seeds, (2, 3, 4), max_steps, random.Random(5), {"target": 60})


def reachable(update, lang="en"):
    """Every engine action reachable by clicking, following local ``ui:`` steps (selections)."""
    found, seen = set(), set()
    frontier = [{"log": []}]
    while frontier:
        ui = frontier.pop()
        for action in map(unescape, ACTION.findall(render_table(update, lang, ui))):
            if not action.startswith("ui:"):
                found.add(action)
                continue
            child = copy.deepcopy(ui)
            local_action(child, action)
            key = repr(child.get(dt.SEL_KEY))
            if key not in seen:
                seen.add(key)
                frontier.append(child)
    return found


def test_table_html_does_not_depend_on_hidden_cards():
    for state, rng in random_states():
        for seat in range(state["players"]):
            for lang in ("es", "en"):
                ui = {"log": []}
                html = render_table(update_for(state, seat), lang, ui)
                with reshuffled_hidden(GAME, state, seat, rng, sorted_hands(state)):
                    assert render_table(update_for(state, seat), lang, ui) == html


def sorted_hands(state):
    """Reshuffled hands stay sorted, as the engine keeps them; the draw pile takes any order."""
    def arrange(place, cards):
        return cards if place is state["draw"] else sorted(cards, key=dt_sort)
    return arrange


def dt_sort(code):
    from tapete.games.dos.cards import sort_key
    return sort_key(code)


def test_every_legal_action_is_reachable_from_a_button():
    phases, verbs = set(), set()
    for state, _ in random_states(seeds=range(30)):
        for seat in GAME.to_move(state):
            update = update_for(state, seat)
            legal = set(update["legal"])
            missing = legal - reachable(update)
            assert not missing, (state["phase"], sorted(missing)[:5])
            phases.add(state["phase"])
            verbs.update(a.split(" ")[0] for a in legal)
    assert "play" in phases and {"match", "draw"} <= verbs


def hand_made(hand, center, other=("B1", "G3", "Y5")):
    state = GAME.new(2, 1, {})
    pool = state["hands"][0] + state["hands"][1] + state["center"] + state["draw"]
    for card in list(hand) + list(center) + list(other):
        pool.remove(card)
    state.update(turn=0, phase="play", drawn=False, bonus=0, penalty=0, called=[False, False])
    state["hands"] = [sorted(hand, key=dt_sort), sorted(other, key=dt_sort)]
    state["center"] = list(center)
    state["covers"] = [[] for _ in center]
    state["draw"] = pool
    GAME.check_state(state) if hasattr(GAME, "check_state") else None
    return state


def select(update, ui, *indices):
    key = dt.selection_key(update["view"])
    for i in indices:
        local_action(ui, f"ui:sel:{i}:{key}")


def test_select_two_cards_then_a_centre_card_sends_the_match_with_a_preview():
    state = hand_made(["B4", "R6", "R#", "WD"], ["R5", "Y10"])
    update = update_for(state, 0)
    ui = {"log": []}
    html = render_table(update, "en", ui)
    assert 'data-action="match' not in html                    # nothing selected: row cards are not buttons
    select(update, ui, 2, 3)                                   # R# + WD
    html = render_table(update, "en", ui)
    assert 'data-action="match R#+WD on:0" data-testid="center-0"' in html
    assert 'data-testid="preview"' in html and "Wild DOS = red 2" in html and "double colour" in html
    select(update, ui, 3)                                      # unselect WD: R# alone
    html = render_table(update, "es", ui)
    assert 'data-action="match R# on:1"' in html and "bonificación de color" in html
    select(update, ui, 0, 1)                                   # three picked: the oldest drops out
    assert dt.selected(update["view"], ui) == [0, 1]
    local_action(ui, "ui:clear")
    assert dt.selected(update["view"], ui) == []


def test_covered_centre_card_shows_the_bonus_and_end_button():
    state = hand_made(["B4", "R6", "R#", "WD", "G3"], ["R5", "Y10"])
    GAME.apply(state, 0, "match R#+WD on:0")
    html = render_table(update_for(state, 0), "en", {"log": []})
    assert 'data-testid="bonus-0"' in html and "double colour" in html
    assert 'data-testid="btn-end"' in html and 'data-action="end"' in html
    assert 'data-testid="bonus"' in html                       # bonuses earned this turn
    GAME.apply(state, 0, "end")
    update = update_for(state, 0)
    assert state["phase"] == "bonus"
    ui = {"log": []}
    select(update, ui, 0)
    html = render_table(update, "en", ui)
    card = state["hands"][0][0]
    assert f'data-action="place {card}" data-testid="center-new"' in html
    assert f'data-action="place {card}" data-testid="btn-place"' in html


def test_dos_call_and_catch_buttons():
    state = hand_made(["B4", "R6"], ["R5", "Y10"], other=("B1", "G3"))
    html0 = render_table(update_for(state, 0), "en", {"log": []})
    assert re.search(r'data-action="dos" data-testid="btn-dos"(?! disabled)', html0)
    assert 'data-action="catch 1" data-testid="btn-catch-1"' in html0
    html1 = render_table(update_for(state, 1), "es", {"log": []})
    assert 'data-action="catch 0" data-testid="btn-catch-0"' in html1 and "¡píllale!" in html1


def test_round_and_result_overlays():
    state = hand_made(["B4"], ["B4", "Y10"])
    events = GAME.apply(state, 0, "match B4 on:0")
    assert state["phase"] == "round_over"
    html = render_table(update_for(state, 0, events), "en", {"log": []})
    assert 'data-testid="round-result"' in html and 'data-action="next" data-testid="btn-next"' in html
    html = render_table(update_for(state, 1, events), "en", {"log": []})
    assert 'data-action="continue" data-testid="btn-next"' in html and "Ana wins the round and scores" in html
    state["scores"] = [250, 0]
    state.update(over=True, phase="game_over", result={"winners": [0], "scores": [250, 0]})
    html = render_table(update_for(state, 1), "es", {"log": [], "ranking": (-10, 5)})
    for testid in ("result", "result-winner", "score-sheet", "round-hands", "ranking", "btn-again", "btn-menu"):
        assert f'data-testid="{testid}"' in html
    assert "Gana Ana" in html


def test_labels_and_events_in_both_languages():
    assert card_name("es", "R7") == "rojo 7" and card_name("en", "WD") == "Wild DOS"
    assert card_name("es", "B#") == "comodín # azul" and card_name("en", "G#") == "green Wild #"
    assert set(dt.TEXTS["es"]) == set(dt.TEXTS["en"])
    state = hand_made(["B4", "R6", "R#", "WD"], ["R5", "Y10"])
    events = GAME.apply(state, 0, "match R#+WD on:0")
    from tapete.core import public_events
    for seat in (0, 1):
        update = update_for(state, seat)
        for lang in ("es", "en"):
            lines = [event_text(e, update, lang) for e in public_events(events, seat)]
            assert all(lines), lines
    line = event_text(events[0], update_for(state, 1), "en")
    assert "Wild DOS counts as red 2" in line and "double colour" in line
    mine = public_events(events, 1)[1]
    drawn = card_name("en", state["hands"][1][-1]) if "cards" not in mine else card_name("en", mine["cards"][0])
    assert event_text(mine, update_for(state, 1), "en") == f"You draw {drawn} (for the double colour)"
    others = public_events(events, 0)[1]
    assert event_text(others, update_for(state, 0), "en") == "Bea draws 1 card (for the double colour)"
    for e in ({"type": "called", "seat": 1}, {"type": "caught", "seat": 0, "target": 1, "deferred": True},
              {"type": "placed", "seat": 1, "card": "R5", "reason": "bonus"},
              {"type": "round_over", "winner": 0, "points": 7, "hand_points": [0, 7]},
              {"type": "game_over", "winners": [0], "scores": [200, 3]},
              {"type": "round_started", "round": 2, "dealer": 0, "turn": 1, "center": ["R5", "B3"]}):
        for lang in ("es", "en"):
            assert event_text(e, update_for(state, 0), lang)


def test_every_engine_refusal_code_has_words_in_both_languages():
    import inspect
    codes = set(re.findall(r'return "([a-z_]+)", ', inspect.getsource(type(GAME))))
    codes -= {"unknown_action", "bad_match", "too_many_cards"}     # only for malformed text (grammar refuses first)
    assert codes
    for lang in ("es", "en"):
        for code in codes:
            assert code in dt.REFUSALS[lang], code
    assert dt.refusal_text("es", "no_match", "x").startswith("esas cartas")
