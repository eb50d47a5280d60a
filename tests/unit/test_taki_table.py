"""The Super Taki table: shows only what the seat may see and offers every legal move (runs, +3 breaker...)."""

import random
import re
from collections import Counter

from tapete.bots import EasyBot
import tables
from tapete.core import get
from tapete.core.game import public_events
from tapete.games.taki import DECK
from tapete.selftest import random_states as played_states, reshuffled_hidden
from tapete.sim import step
from tapete.ui import taki_table as tt
from tapete.ui.taki_table import KEYS, TEXTS, card_name, event_text, local_action, render_table

GAME = get("taki")
NAMES = tables.NAMES


def update_for(state, seat, events=()):
    return tables.update_for(GAME, state, seat, events)


actions_in = tables.actions_in


def make(hands, discard=("R5",), turn=0, color="", **fields):
    """A state from hands and a discard pile (as in test_taki.py); the rest is the draw pile."""
    state = GAME.new(len(hands), 1)
    rest = Counter(DECK)
    rest.subtract(Counter(c for h in hands for c in h))
    rest.subtract(Counter(discard))
    top = discard[-1]
    state.update(hands=[list(h) for h in hands], discard=list(discard), draw=sorted(rest.elements()), turn=turn,
                 color=(top[0] if top[0] in "RBGY" else None) if color == "" else color, phase="play", pending=0,
                 plus3_by=None, taki=None, finishing=[], exposed=None, called=None, direction=1)
    state.update(fields)
    GAME.check_state(state)
    return state


def random_states(count=40, max_steps=200, seed=5):
    return played_states(GAME, range(count), (2, 3, 4, 5, 6), max_steps, random.Random(seed))


def test_table_html_does_not_depend_on_hidden_cards():
    for state, rng in random_states():
        for seat in range(state["players"]):
            for lang in ("es", "en"):
                ui = {"log": []}
                before = render_table(update_for(state, seat), lang, ui)
                with reshuffled_hidden(GAME, state, seat, rng):
                    assert render_table(update_for(state, seat), lang, ui) == before


def reachable(state, seat, lang="es") -> set[str]:
    return tables.reachable_one_step(render_table, local_action, update_for(state, seat), lang)


def test_every_legal_action_is_reachable():
    """Along whole bot games (every state, every seat), every legal action has a button."""
    checked = Counter()
    for seed in range(12):
        rng = random.Random(seed)
        n = 2 + seed % 4
        state = GAME.new(n, seed)
        bots = [EasyBot() for _ in range(n)]
        while not state["over"]:
            for seat in range(n):
                legal = GAME.legal_actions(state, seat)
                if legal:
                    assert set(legal) <= reachable(state, seat), (seat, legal)
                    checked.update(a.split(" ")[0] for a in legal)
            step(GAME, state, bots, rng)
    assert {"play", "draw", "close", "end", "call", "break"} <= set(checked)


def test_open_run_is_visible_with_close_and_end():
    state = make([["RT", "R3", "R7", "B5"], ["G1"], ["Y1"]])
    GAME.apply(state, 0, "play RT")
    page = render_table(update_for(state, 0), "es", {"log": []})
    assert re.search(r'data-testid="taki-run" data-color="R" data-mine="1"', page)
    for verb in ("close", "end"):
        assert re.search(rf'<button[^>]*data-action="{verb}" data-testid="btn-{verb}"(?![^>]*disabled)', page)
    assert "¡Cierro Taki!" in page and 'class="card c-R playable"' in page
    assert 'class="card c-B"' in page                      # another colour is not playable in the run
    other = render_table(update_for(state, 1), "en", {"log": []})
    assert 'data-mine="0"' in other and "TAKI open" in other


def test_left_open_run_can_be_joined_and_closed_by_its_user():
    state = make([["RT", "R3", "B5"], ["R4", "G1"], ["Y1", "Y3"]])
    GAME.apply(state, 0, "play RT")
    GAME.apply(state, 0, "end")
    page = render_table(update_for(state, 1), "es", {"log": []})
    assert 'data-testid="taki-run"' in page and 'data-action="play R4"' in page


def test_change_colour_chooser():
    state = make([["CC", "B5"], ["G1"]])
    page = render_table(update_for(state, 0), "es", {"log": []})
    assert 'data-action="ui:color CC"' in page
    ui = {"log": [], "message": "old"}
    local_action(ui, "ui:color CC")
    assert ui[tt.COLOR_KEY] == "CC" and ui["message"] == ""
    page = render_table(update_for(state, 0), "es", ui)
    assert 'data-testid="color-chooser"' in page
    for c, shape in zip("RBGY", "●■▲★"):
        assert f'data-action="play CC color:{c}"' in page and shape in page
    local_action(ui, "ui:cancel")
    assert 'data-testid="color-chooser"' not in render_table(update_for(state, 0), "es", ui)


def test_pending_plus2_and_plus3_breaker_out_of_turn():
    state = make([["R+2", "B5"], ["G1", "G3"]], discard=("R5", "B+2"), pending=2)
    page = render_table(update_for(state, 0), "es", {"log": []})
    assert 'data-testid="pending"' in page and "Robar 2" in page
    assert 'class="card c-R playable"' in page
    state = make([["+3", "B5"], ["X3", "G3"], ["Y1"]])
    GAME.apply(state, 0, "play +3")
    breaker = render_table(update_for(state, 2 if "X3" in state["hands"][2] else 1), "es", {"log": []})
    assert re.search(r'data-action="break" data-testid="btn-break"', breaker)
    assert re.search(r'class="card c-W k-X3 playable" data-action="break"', breaker)
    assert "¡Puedes romper el +3" in breaker or "Rey, rompe +3" in breaker
    facing = render_table(update_for(state, 1), "en", {"log": []})
    assert 'data-testid="plus3"' in facing
    nobreaker = render_table(update_for(state, 0), "es", {"log": []})
    assert 'data-testid="btn-break"' not in nobreaker       # offered only when it is legal


def test_king_turn_and_call():
    state = make([["K", "B5", "G9"], ["G1", "G3"]])
    GAME.apply(state, 0, "play K")
    page = render_table(update_for(state, 0), "en", {"log": []})
    assert "King: play any card" in page and 'data-testid="current-color" data-color=""' in page
    assert re.search(r'data-action="end" data-testid="btn-end"(?![^>]*disabled)', page)
    state = make([["B4", "B5"], ["G1", "G3"]], discard=("B3",))
    GAME.apply(state, 0, "play B4")
    page = render_table(update_for(state, 0), "es", {"log": []})
    assert re.search(r'data-action="call" data-testid="btn-call"(?![^>]*disabled)', page)
    assert "¡Me queda una!" in page


def test_result_overlay():
    rng = random.Random(1)
    state = GAME.new(3, 4)
    bots = [EasyBot() for _ in range(3)]
    while not state["over"]:
        step(GAME, state, bots, rng)
    for lang in ("es", "en"):
        page = render_table(update_for(state, 0), lang, {"log": [], "ranking": (-10, 5)})
        for testid in ("result", "result-winner", "cards-left", "ranking", "btn-again", "btn-menu"):
            assert f'data-testid="{testid}"' in page


def test_labels_in_both_languages_and_keys():
    assert card_name("es", "R7") == "rojo 7"
    assert card_name("en", "BT") == "blue TAKI"
    assert card_name("es", "GR") == "verde cambio de sentido"
    assert card_name("en", "X3") == "+3 breaker"
    assert card_name("es", "CC") == "cambio de color"
    assert set(TEXTS["es"]) == set(TEXTS["en"])
    assert set(KEYS.values()) == {"draw", "close", "end", "call", "break"}


def test_event_texts():
    state = make([["RT", "R3", "B5", "B6"], ["G1", "G9"]])
    events = GAME.apply(state, 0, "play RT") + GAME.apply(state, 0, "play R3") + GAME.apply(state, 0, "close")
    lines = [event_text(e, update_for(state, 1), "es") for e in public_events(events, 1)]
    assert "Ana abre un TAKI ● rojo" in lines and "Ana cierra el TAKI: «¡cierro Taki!»" in lines
    draw = GAME.apply(state, 1, "draw") if "draw" in GAME.legal_actions(state, 1) else []
    for e in public_events(draw, 0):
        line = event_text(e, update_for(state, 0), "en")
        assert line is None or "Bea draws" in line


def test_refusals_in_both_languages():
    assert set(tt.REFUSALS["es"]) == set(tt.REFUSALS["en"])
    state = make([["B5", "G9"], ["G1"]], discard=("R5", "B+2"), pending=2)
    try:
        GAME.apply(state, 0, "play G9")
    except Exception as err:          # the engine's code has a text in both languages
        assert err.code in tt.REFUSALS["es"]
        assert tt.refusal_text("es", err.code, str(err)) != str(err)
