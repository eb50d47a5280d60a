"""Hand sorting, the action bar and the end screens of the five tables (pure renderers, CPython)."""

from __future__ import annotations

import html as htmllib
import random
import re

import pytest

from tapete.bots import EasyBot
from tapete.core import get
from tapete.selftest import random_states, reshuffled_hidden
from tapete.sim import step
from tapete.ui import tables
from tapete.ui.hand import display_order, parse_sort
from tapete.ui.sheet import ABANDON, LOSS, ranking_delta, record_round

from tables import NAMES, update_for

HAND_GAMES = ("chupate", "francesa", "taki", "dos")
CARD = re.compile(r'<button[^>]*class="card[^"]*"[^>]*>')


def hand_buttons(page: str) -> list[dict]:
    hand = page[page.index('data-testid="hand"'):]
    out = []
    for tag_html in CARD.findall(hand):
        attrs = dict(re.findall(r'([\w-]+)="([^"]*)"', tag_html))
        out.append(attrs)
    return out


def states(game_id: str, count: int = 12):
    return random_states(get(game_id), range(count), (2, 3, 4), 120, random.Random(3), {})


@pytest.mark.parametrize("game_id", HAND_GAMES)
def test_sorting_changes_only_the_order_and_keeps_each_cards_index(game_id):
    module = tables.table_for(game_id)
    keys = {"color": module.suit_key if game_id == "francesa" else module.color_key, "number": module.number_key}
    checked = 0
    for state, _ in states(game_id):
        seat = state["turn"] if state["turn"] is not None else 0
        update = update_for(get(game_id), state, seat)
        hand = update["view"]["hand"]
        plain = hand_buttons(module.render_table(update, "es", {"log": []}))
        assert [int(b["data-index"]) for b in plain] == list(range(len(hand)))
        for mode in ("color", "number"):
            shown = hand_buttons(module.render_table(update, "es", {"log": [], "sort": mode}))
            pairs = sorted((b["data-index"], b["data-action"], b["data-key"]) for b in shown)
            assert pairs == sorted((b["data-index"], b["data-action"], b["data-key"]) for b in plain)
            order = [hand[int(b["data-index"])] for b in shown]
            first, then = (keys["color"], keys["number"]) if mode == "color" else (keys["number"], keys["color"])
            assert [(first(c), then(c)) for c in order] == sorted((first(c), then(c)) for c in order), order
            assert len({b["data-key"] for b in shown}) == len(shown)          # a stable key per card
            checked += 1
    assert checked > 10


def test_display_order_does_not_assume_the_deal_order():
    hand = ["Y2", "R9", "B0", "R1"]
    colour = lambda c: ("RBGY".index(c[0]),)        # noqa: E731
    number = lambda c: (int(c[1:]),)                 # noqa: E731
    assert [hand[i] for i in display_order(hand, "color", colour, number)] == ["R1", "R9", "B0", "Y2"]
    assert [hand[i] for i in display_order(hand, "number", colour, number)] == ["B0", "R1", "Y2", "R9"]
    assert display_order(hand, "", colour, number) == [0, 1, 2, 3]
    shuffled = ["R1", "B0", "R9", "Y2"]               # another order of the same hand shows the same
    assert [shuffled[i] for i in display_order(shuffled, "color", colour, number)] == ["R1", "R9", "B0", "Y2"]
    assert parse_sort("ui:sort:color") == "color" and parse_sort("ui:sort:none") == ""
    assert parse_sort("ui:sort:<script>") is None and parse_sort("ui:sel:1") is None


@pytest.mark.parametrize("game_id", HAND_GAMES + ("skypo",))
def test_action_bar_offers_only_legal_actions_and_never_a_disabled_button(game_id):
    module = tables.table_for(game_id)
    for state, _ in states(game_id):
        for seat in range(state["players"]):
            update = update_for(get(game_id), state, seat)
            page = module.render_table(update, "en", {"log": []})
            bar = re.search(r'<div class="actions" data-testid="actions"[^>]*>(.*?)</div>', page).group(1)
            assert "disabled" not in bar
            for action in re.findall(r'data-action="([^"]*)"', bar):
                action = htmllib.unescape(action)
                assert action.startswith("ui:") or action in update["legal"], (game_id, action)


def test_dos_draw_is_not_offered_after_drawing():
    game = get("dos")
    for state, _ in states("dos", 30):
        seat = state["turn"]
        if state["over"] or "draw" not in game.legal_actions(state, seat):
            continue
        game.apply(state, seat, "draw")
        if state["turn"] != seat:
            continue
        page = tables.table_for("dos").render_table(update_for(game, state, seat), "en", {"log": []})
        assert 'data-testid="btn-draw"' not in page
        return
    pytest.fail("no DOS state where a seat drew and kept the turn")


@pytest.mark.parametrize("game_id", HAND_GAMES + ("skypo",))
def test_sorted_tables_do_not_depend_on_hidden_cards(game_id):
    game = get(game_id)
    module = tables.table_for(game_id)
    for state, rng in states(game_id, 8):
        for seat in range(state["players"]):
            for sort in ("color", "number"):
                ui = {"log": [], "sort": sort}
                page = module.render_table(update_for(game, state, seat), "en", ui)
                with reshuffled_hidden(game, state, seat, rng):
                    assert module.render_table(update_for(game, state, seat), "en", ui) == page


# ----- end screens --------------------------------------------------------------------------------
def play(game_id: str, players: int, seed: int, options: dict):
    """A whole game of easy bots; yields the state after every move (as the views would show it)."""
    game = get(game_id)
    state = game.new(players, seed, options)
    bots = [EasyBot() for _ in range(players)]
    rng = random.Random(seed)
    while not state["over"]:
        step(game, state, bots, rng)
        yield state


POINTS_GAMES = {"chupate": {"quick": False, "target": 150}, "francesa": {"limit": 40}, "dos": {"target": 200},
                "skypo": {"target": 300}}


@pytest.mark.parametrize("game_id", sorted(POINTS_GAMES))
def test_score_sheet_rounds_add_up_to_the_totals(game_id):
    game = get(game_id)
    module = tables.table_for(game_id)
    rounds: list = []
    for state in play(game_id, 2, 5, POINTS_GAMES[game_id]):
        rounds = record_round(rounds, game.view(state, 0), module.round_points)
    assert len(rounds) >= 2 and [r["round"] for r in rounds] == list(range(1, len(rounds) + 1))
    final = state["scores"]
    for seat in range(2):
        assert sum(r["points"][seat] for r in rounds) == final[seat], (rounds, final)
    update = update_for(game, state, 1)
    page = module.render_table(update, "en", {"log": [], "rounds": rounds, "ranking": (-10, -10)})
    assert f'data-rounds="{len(rounds)}"' in page
    goal = str(POINTS_GAMES[game_id].get("target") or POINTS_GAMES[game_id].get("limit"))
    assert re.search(rf'data-testid="sheet-goal">[^<]*{goal}', page)
    for seat in range(2):
        assert f'data-testid="total-{seat}">{final[seat]}<' in page


@pytest.mark.parametrize("game_id", ["chupate", "taki"])
def test_quick_games_show_the_winner_and_the_cards_left(game_id):
    game = get(game_id)
    options = {"quick": True} if game_id == "chupate" else {}
    for state in play(game_id, 3, 2, options):
        pass
    update = update_for(game, state, 0)
    page = tables.table_for(game_id).render_table(update, "es", {"log": []})
    rows = re.findall(r'<tr class="winner" data-seat="(\d)"><th scope="row">([^<]*)</th><td data-testid="left-\d">0<',
                      page)
    winner = state["result"]["winners"][0]
    assert rows and int(rows[0][0]) == winner
    assert 'data-testid="score-sheet"' not in page
    for seat in range(3):
        assert f'data-testid="left-{seat}">{len(state["hands"][seat])}<' in page


@pytest.mark.parametrize("game_id", sorted(POINTS_GAMES) + ["taki"])
def test_result_and_round_dialogs_are_named_modal_and_close_with_escape(game_id):
    game = get(game_id)
    module = tables.table_for(game_id)
    options = dict(POINTS_GAMES.get(game_id, {}))
    saw_round = False
    for state in play(game_id, 2, 7, options):
        if state["phase"] == "round_over" and not saw_round:
            saw_round = True
            page = module.render_table(update_for(game, state, 0), "es", {"log": []})
            dialog = re.search(r'<dialog [^>]*data-testid="round-result"[^>]*>', page).group(0)
            assert 'aria-labelledby="round-result-title"' in dialog and 'data-modal="1"' in dialog
            assert re.search(r'data-cancel-action="(next|continue)"', dialog)
            assert '<h2 id="round-result-title">Fin de la ronda' in page
    page = module.render_table(update_for(game, state, 0), "en", {"log": [], "ranking": (20, 20)})
    dialog = re.search(r'<dialog [^>]*data-testid="result"[^>]*>', page).group(0)
    assert 'aria-labelledby="result-title"' in dialog and 'data-cancel-action="ui:result-close"' in dialog
    assert '<h2 id="result-title">Game over</h2>' in page and "autofocus" in page
    assert 'data-testid="ranking-rule"' in page
    closed = module.render_table(update_for(game, state, 0), "en", {"log": [], "result_closed": True})
    assert "<dialog" not in closed and 'data-action="ui:result-open"' in closed


def test_ranking_is_the_same_rule_in_every_game():
    result = {"winners": [2], "scores": [0, 0, 0]}
    assert ranking_delta(result, 2, 3) == 30 and ranking_delta(result, 0, 3) == LOSS == -10
    assert ranking_delta({"winners": [1]}, 1, 2) == 20 and ABANDON == -20
    assert ranking_delta({"winners": [0, 2], "ranking": [20, -10, 20, -10]}, 0, 4) == 20   # the engine's own


def test_names_are_escaped_in_score_sheets_and_cards_left():
    game = get("chupate")
    for state in play("chupate", 2, 3, {"quick": False, "target": 60}):
        pass
    evil = "<img src=x onerror=alert(1)>"
    for options in ({"quick": True}, {"quick": False}):
        state["options"].update(options)
        update = dict(update_for(game, state, 0), names=["Ana", evil])
        page = tables.table_for("chupate").render_table(update, "en", {"log": [], "rounds": []})
        assert evil not in page and htmllib.escape(evil) in page
    assert NAMES[0] == "Ana"


def test_open_taki_names_me_in_the_right_person():
    game = get("taki")
    for seed in range(40):
        for state in play("taki", 3, seed, {}):
            run = state.get("taki")
            if not run:
                continue
            for seat in run["users"]:
                if state["phase"] == "taki" and state["turn"] == seat:
                    continue
                page = tables.table_for("taki").render_table(update_for(game, state, seat), "es", {"log": []})
                text = re.search(r'data-testid="taki-run"[^>]*>([^<]*)<', page).group(1)
                assert "Tú" not in text and re.search(r"\(de (ti|[^)]*, ti)\b", htmllib.unescape(text)), text
                return
    pytest.fail("no open TAKI of mine seen from outside my turn")


def test_card_names_contain_the_letters_on_the_face():
    """axe's label-content-name-mismatch: "K" on the face, "K, rey de corazones" as the name."""
    for game_id in ("francesa", "taki"):
        module = tables.table_for(game_id)
        seen = 0
        for state, _ in states(game_id, 20):
            update = update_for(get(game_id), state, 0)
            for attrs in hand_buttons(module.render_table(update, "en", {"log": []})):
                face = re.sub(r"<[^>]+>", "", module.card_face(attrs["data-key"].split("~")[0]))
                letters = "".join(ch for ch in face if ch.isalnum() or ch in "·+")
                if any(ch.isalpha() for ch in letters):
                    label = htmllib.unescape(attrs["aria-label"])
                    assert re.search(rf"(?<!\w){re.escape(letters)}(?!\w)", label, re.I), (face, attrs)
                    seen += 1
        assert seen > 5, game_id


def test_the_table_bar_folds_its_settings_behind_a_toggle_that_says_whether_they_are_open():
    from tapete.ui.bar import table_bar
    from tapete.ui.motion import speed_control
    for lang, more in (("es", "Ajustes"), ("en", "Settings")):
        closed = table_bar(lang, "Chúpate 2 <con> baraja", "francesa", False, speed_control(lang, "fast"))
        opened = table_bar(lang, "Chúpate 2 <con> baraja", "francesa", True, speed_control(lang, "fast"), True)
        for page, state in ((closed, "false"), (opened, "true")):
            toggle = re.search(r'<button[^>]*data-testid="btn-bar-more"[^>]*>', page).group(0)
            assert f'aria-expanded="{state}"' in toggle and 'aria-controls="bar-more"' in toggle
            assert 'data-action="ui:bar-more"' in toggle and more in page
            panel = re.search(r'<div id="bar-more"[^>]*>', page).group(0)
            assert f'data-open="{"1" if state == "true" else "0"}"' in panel and f'aria-label="{more}"' in panel
            # the speed control is inside the panel, with its visible label around the select
            inner = page[page.index('id="bar-more"'):]
            assert '<label class="speed-setting"><span class="speed-label">' in inner and 'data-testid="speed"' in inner
            for testid in ("btn-leave", "btn-mute", "btn-rules"):
                assert page.count(f'data-testid="{testid}"') == 1
            assert "<con>" not in page and "&lt;con&gt;" in page
        assert 'aria-pressed="true"' in table_bar(lang, "DOS", "dos", True, "")


@pytest.mark.parametrize("game_id", ["chupate", "francesa", "taki", "dos", "skypo"])
def test_the_seats_sit_around_the_table_from_my_left_so_the_arrows_are_right_for_every_seat(game_id):
    from tapete.core.game import next_seat
    game = get(game_id)
    module = tables.table_for(game_id)
    checked = 0
    for players in (3, 4):
        state = game.new(players, 7, {})
        for me in [*range(players), None]:
            def after(seat: int, way: int) -> int:        # who plays after ``seat`` among the boxes (not me)
                seat = next_seat(seat, way, players)
                return next_seat(seat, way, players) if seat == me else seat
            for direction in ((1, -1) if "direction" in state else (None,)):
                if direction is not None:
                    state["direction"] = direction
                update = update_for(game, state, me) if me is not None else dict(  # a spectator: no moves
                    update_for(game, state, 0), seat=None, view=game.view(state, None), legal=[])
                page = module.render_table(update, "en", {"log": []})
                box = page[page.index('data-testid="opponents"'):]
                box = box[:box.index("</ul>")]
                order = [int(n) for n in re.findall(r'<li[^>]*data-testid="seat-(\d+)"', box)]
                assert sorted(order) == [s for s in range(players) if s != me], (order, me)
                assert order[0] == (0 if me is None else next_seat(me, 1, players)), (order, me)   # on my left
                checked += 1
                if direction is None:
                    continue
                assert f'data-direction="{direction}"' in box
                for left, right in zip(order, order[1:]):     # → (+1): left plays before right; ← (-1): after
                    if direction == 1:
                        assert after(left, 1) == right, (game_id, me, order)
                    else:
                        assert after(right, -1) == left, (game_id, me, order)
    assert checked >= 9
