"""The French-deck Chúpate 2 table: shows only what the seat may see and offers every legal move."""

import random
import re

from tapete.bots import EasyBot
import tables
from tapete.core import get
from tapete.selftest import random_states as played_states, reshuffled_hidden
from tapete.sim import step
from tapete.ui import francesa_table as ft
from tapete.ui.francesa_table import KEYS, TEXTS, card_name, event_text, local_action, render_table

GAME = get("francesa")
NAMES = tables.NAMES


def update_for(state, seat, events=()):
    return tables.update_for(GAME, state, seat, events)


actions_in = tables.actions_in


def random_states(count=40, players=(2, 3, 4, 5), max_steps=250, seed=11):
    return played_states(GAME, range(count), players, max_steps, random.Random(seed))


def test_table_html_does_not_depend_on_hidden_cards():
    for state, rng in random_states():
        for seat in range(state["players"]):
            for lang in ("es", "en"):
                ui = {"log": [], ft.JACK_KEY: None}
                before = render_table(update_for(state, seat), lang, ui)
                with reshuffled_hidden(GAME, state, seat, rng):
                    assert render_table(update_for(state, seat), lang, ui) == before


def test_no_foreign_card_code_in_the_html():
    for state, _ in random_states(count=20):
        if state["phase"] == "round_over" or state["over"]:
            continue                      # the scored hands are public then
        for seat in range(state["players"]):
            page = render_table(update_for(state, seat), "es", {"log": []})
            visible = set(state["hands"][seat]) | set(state["discard"][-1:])
            for code in re.findall(r'card-([0-9JQKA]+[HDSC])"', page) + re.findall(r'data-card="([^"]+)"', page):
                assert code in visible


def reachable(state, seat, lang="es") -> set[str]:
    return tables.reachable_one_step(render_table, local_action, update_for(state, seat), lang)


def test_every_legal_action_is_reachable():
    checked = 0
    for state, _ in random_states(count=60, max_steps=400, seed=3):
        for seat in range(state["players"]):
            legal = GAME.legal_actions(state, seat)
            if not legal:
                continue
            assert set(legal) <= reachable(state, seat), (seat, legal)
            checked += 1
    assert checked > 50


def test_only_legal_buttons_are_shown_and_keys_map_to_actions():
    for state, _ in random_states(count=20):
        seat = state["turn"]
        page = render_table(update_for(state, seat), "en", {"log": []})
        legal = GAME.legal_actions(state, seat)
        for verb in ("draw", "call", "denounce"):
            button = re.search(rf'<button[^>]*data-testid="btn-{verb}"[^>]*>', page)
            assert (button is not None) == (verb in legal)
            assert button is None or " disabled" not in button.group(0)
    assert set(KEYS.values()) == {"draw", "call", "denounce"}


def jack_state():
    state = GAME.new(3, 5)
    seat = state["turn"]
    return arrange(state, seat, ["JS", "4D", "KC"], "3H"), seat


def test_jack_opens_a_suit_chooser_with_symbols():
    state, seat = jack_state()
    page = render_table(update_for(state, seat), "es", {"log": []})
    assert 'data-action="ui:jack JS"' in page
    ui = {"log": [], "message": "x"}
    local_action(ui, "ui:jack JS")
    assert ui[ft.JACK_KEY] == "JS" and ui["message"] == ""
    page = render_table(update_for(state, seat), "es", ui)
    assert 'data-testid="suit-chooser"' in page
    for suit, sym in zip("HDSC", "♥♦♠♣"):
        assert f'data-action="play JS suit:{suit}"' in page and sym in page
    local_action(ui, "ui:cancel")
    assert 'data-testid="suit-chooser"' not in render_table(update_for(state, seat), "es", ui)


def arrange(state, seat, hand, top, **fields):
    """Give ``seat`` exactly ``hand`` with ``top`` on the discard pile; every other card stays put or goes
    to the draw pile, so the deck is conserved."""
    want = list(hand) + [top]
    for card in want:
        for place in [state["draw"]] + [h for s, h in enumerate(state["hands"]) if s != seat]:
            if card in place and card not in state["hands"][seat]:
                place.remove(card)
                break
        else:
            if card in state["hands"][seat]:
                state["hands"][seat].remove(card)
            else:
                state["discard"].remove(card)
    state["draw"] += state["hands"][seat] + state["discard"]
    state["hands"][seat] = list(hand)
    state["discard"] = [top]
    state.update(suit=top[-1], pending=0, phase="play", called=None, exposed=None)
    state.update(fields)
    GAME.check_state(state)
    return state


def test_pending_seven_and_call_are_shown():
    state = GAME.new(2, 9)
    seat = state["turn"]
    arrange(state, seat, ["7C", "5C"], "7H", pending=2)
    page = render_table(update_for(state, seat), "es", {"log": []})
    assert 'data-testid="pending"' in page and "Robar 2" in page and "responde con un 7" in page
    assert 'data-action="play 7C"' in page and 'class="card fcard s-C playable"' in page
    assert re.search(r'<button[^>]*data-testid="btn-call"(?![^>]*disabled)', page)   # two cards: call
    en = render_table(update_for(state, seat), "en", {"log": []})
    assert "Draw 2" in en and "Chúpate 2!" in en


def test_ace_bonus_status():
    state = GAME.new(2, 4)
    seat = state["turn"]
    arrange(state, seat, ["AH", "5H", "9C"], "3H")
    GAME.apply(state, seat, "play AH")
    assert state["phase"] == "ace"
    page = render_table(update_for(state, seat), "en", {"log": []})
    assert 'data-testid="ace-bonus"' in page and "Draw 1" in page and "You played an ace" in page
    assert 'class="card fcard s-H playable"' in page


def play_until(predicate, players=3, seeds=range(20), limit=20_000):
    """The first state of an easy-bot game (first seed that gets there) for which ``predicate`` holds."""
    for seed in seeds:
        rng = random.Random(seed)
        state = GAME.new(players, seed, {"limit": 30})
        bots = [EasyBot() for _ in range(players)]
        for _ in range(limit):
            if predicate(state):
                return state
            if state["over"]:
                break
            step(GAME, state, bots, rng)
    raise AssertionError("never reached")


def test_round_overlay_lists_hands_points_and_next():
    state = play_until(lambda s: s["phase"] == "round_over")
    dealer = GAME.dealer(state)
    for seat in range(3):
        page = render_table(update_for(state, seat), "es", {"log": []})
        assert 'data-testid="round-result"' in page and 'data-testid="score-sheet"' in page
        expected = "next" if seat == dealer else "continue"
        assert re.search(rf'data-action="{expected}" data-testid="btn-next"', page)
        assert "Se pierde con más de 30 puntos" in page


def test_result_overlay_with_scores_and_ranking():
    state = play_until(lambda s: s["over"])
    for lang in ("es", "en"):
        page = render_table(update_for(state, 0), lang, {"log": [], "ranking": (30, 50)})
        for testid in ("result", "result-winner", "score-sheet", "places", "ranking", "btn-again", "btn-menu"):
            assert f'data-testid="{testid}"' in page
        winners = state["result"]["winners"]
        assert (("¡Has ganado!" if lang == "es" else "You won!") in page) == (0 in winners)


def test_gone_seat_is_off_the_seat_list():
    state = GAME.new(3, 2)
    GAME.leave(state, 1 if state["turn"] != 1 else 2)
    gone = state["gone"].index(True)
    page = render_table(update_for(state, 0 if gone else 1), "es", {"log": []})
    assert f'data-testid="seat-{gone}"' not in page


def test_card_names_in_both_languages():
    assert card_name("es", "7H") == "7 de corazones"
    assert card_name("es", "JS") == "sota de picas"
    assert card_name("en", "AC") == "ace of clubs"
    assert card_name("en", "10D") == "10 of diamonds"
    assert set(TEXTS["es"]) == set(TEXTS["en"])


def test_event_texts_hide_other_draws():
    state = GAME.new(2, 1)
    seat = state["turn"]
    events = GAME.apply(state, seat, "draw")
    from tapete.core.game import public_events
    mine = [event_text(e, update_for(state, seat), "es") for e in public_events(events, seat)]
    theirs = [event_text(e, update_for(state, 1 - seat), "en") for e in public_events(events, 1 - seat)]
    drawn = state["hands"][seat][-1]
    assert any(card_name("es", drawn) in line for line in mine if line)
    assert theirs == [f"{NAMES[seat]} draws 1 card"]


def test_refusals_in_both_languages():
    assert set(ft.REFUSALS["es"]) == set(ft.REFUSALS["en"])
    assert "7" in ft.refusal_text("es", "pending_seven", "x")
    assert ft.refusal_text("en", "not_in_hand", "x") == "you do not hold that card"   # the shared text
    assert ft.refusal_text("en", "unknown_code", "engine text") == "engine text"
