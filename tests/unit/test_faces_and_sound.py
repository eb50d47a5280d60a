"""Card faces (every card of every deck), hidden cards in the new markup, and which sound an update makes
(py/tapete/ui/cards.py, py/tapete/ui/sound.py, issue 9)."""

from __future__ import annotations

import random
import re

import pytest

from tapete.core import get
from tapete.games import chupate, francesa, skypo
from tapete.games.dos import cards as dos_cards
from tapete.games.taki import cards as taki_cards
from tapete.selftest import random_states
from tapete.ui import tables
from tapete.ui.cards import depth, direction, draw_pile, seat_backs
from tapete.ui.chupate_table import COLOR_SHAPES
from tapete.ui.francesa_table import SUIT_SYMBOLS
from tapete.ui.hand import my_turn
from tapete.ui.sound import EFFECTS, effects, mute_button

from tables import update_for

DECKS = {"chupate": chupate.DECK, "francesa": francesa.DECK, "taki": taki_cards.DECK, "dos": dos_cards.DECK,
         "skypo": skypo.DECK}
FACE = re.compile(r'^<span class="face" data-i="([^"]+)"(?: data-s="([^"]*)")?>(.*)</span>$', re.S)
RANK = re.compile(r'<span class="rank[^"]*">([^<]+)</span>')


@pytest.mark.parametrize("game_id", sorted(DECKS))
def test_every_card_of_every_deck_has_a_face_with_centre_and_corners(game_id):
    module = tables.table_for(game_id)
    for card in sorted(set(DECKS[game_id])):
        found = FACE.match(module.card_face(card))
        assert found, (game_id, card, module.card_face(card))
        index, shape, inner = found.groups()
        centre = RANK.search(inner)
        assert centre and centre.group(1).strip(), (card, inner)
        assert index.strip(), card
        if game_id == "francesa":
            assert shape == SUIT_SYMBOLS[card[-1]], card
        elif game_id in ("chupate", "taki", "dos") and card[0] in COLOR_SHAPES and card not in ("CC", "ST", "K", "+3", "X3"):
            assert shape == COLOR_SHAPES[card[0]], card            # the colour's shape in the corners
        elif game_id == "skypo":
            assert index == module.card_glyph(card) and centre.group(1) == module.card_glyph(card)


def test_each_colour_and_suit_has_its_own_shape():
    assert len(set(COLOR_SHAPES.values())) == len(COLOR_SHAPES) == 4
    assert len(set(SUIT_SYMBOLS.values())) == len(SUIT_SYMBOLS) == 4


def test_backs_piles_and_direction_markup():
    assert "🂠" not in seat_backs(30) and seat_backs(30).count('class="mini-back"') == 8
    assert seat_backs(3).count('class="mini-back"') == 3 and 'aria-hidden="true"' in seat_backs(3)
    assert [depth(n) for n in (0, 1, 5, 6, 25, 26, 100)] == [0, 1, 1, 2, 2, 3, 3]
    pile = draw_pile(42, True, "Mazo: 42 cartas")
    assert 'data-testid="draw-pile"' in pile and 'data-depth="3"' in pile and ">42<" in pile and "playable" in pile
    cw, ccw = direction("en", 1), direction("en", -1)
    assert 'data-direction="1"' in cw and 'class="direction cw"' in cw and "clockwise" in cw
    assert 'data-direction="-1"' in ccw and 'class="direction ccw"' in ccw and "counter-clockwise" in ccw
    assert 'aria-pressed="true"' in mute_button("es", True) and "Silenciar" in mute_button("es", True)
    assert 'aria-pressed="false"' in mute_button("en", False) and "Mute" in mute_button("en", False)


SEAT = re.compile(r'<li class="seat[^"]*"[^>]*data-testid="seat-\d+".*?</li>', re.S)


@pytest.mark.parametrize("game_id", ["chupate", "francesa", "taki", "dos"])
def test_no_face_or_card_code_on_a_hidden_hand(game_id):
    """Seat boxes carry backs and a count, never a face, a code or an index; the draw pile only its count."""
    game = get(game_id)
    module = tables.table_for(game_id)
    for state, _ in random_states(game, range(6), (2, 3, 4), 80, random.Random(5), {}):
        page = module.render_table(update_for(game, state, 0), "es", {"log": []})
        assert "🂠" not in page
        seats = SEAT.findall(page)
        assert len(seats) == state["players"] - 1 and all('class="backs"' in x for x in seats)
        for seat_html in seats:
            assert 'class="face"' not in seat_html and "data-i=" not in seat_html and "data-card" not in seat_html
        pile = re.search(r'<button[^>]*data-testid="draw-pile"[^>]*>(.*?)</button>', page, re.S).group(1)
        assert re.fullmatch(r'(<span class="pile-word" aria-hidden="true">[^<0-9]+</span> )?<span class="pile-count">\d+</span>', pile), pile


@pytest.mark.parametrize("game_id", ["chupate", "francesa", "taki", "dos", "skypo"])
def test_hand_lights_up_exactly_on_my_turn(game_id):
    game = get(game_id)
    module = tables.table_for(game_id)
    seen = set()
    for state, _ in random_states(game, range(6), (2, 3), 60, random.Random(9), {}):
        update = update_for(game, state, 0)
        page = module.render_table(update, "en", {"log": []})
        mine = my_turn(update)
        seen.add(mine)
        assert ('data-testid="turn-badge"' in page) == mine, (game_id, update["view"]["phase"])
        assert ("my-turn" in page) == mine and ('data-mine="1"' in page) == mine
    assert seen == {True, False}, game_id


# ----- sound -------------------------------------------------------------------------------------
def upd(events, turn=1, seat=0, phase="play", over=False, **view):
    return {"type": "update", "seat": seat, "events": events, "legal": [], "names": [],
            "view": dict(turn=turn, phase=phase, over=over, **view)}


@pytest.mark.parametrize("events,expected", [
    ([{"type": "played", "seat": 1, "card": "R7"}], ["play"]),
    ([{"type": "played", "seat": 0, "card": "R7"}], ["play"]),
    ([{"type": "drew", "seat": 1, "count": 1}], ["draw"]),
    ([{"type": "drew", "seat": 1, "count": 4}], ["penalty"]),
    ([{"type": "drew", "seat": 1, "count": 2, "reason": "caught"}], ["penalty"]),
    ([{"type": "called", "seat": 1}], ["call"]),
    ([{"type": "denounced", "seat": 1, "offender": 2}], ["penalty"]),
    ([{"type": "challenged", "seat": 1, "target": 2, "bluff": True}], ["penalty"]),
    ([{"type": "caught", "seat": 1, "target": 2}, {"type": "drew", "seat": 2, "count": 2}], ["penalty"]),
    ([{"type": "matched", "seat": 1}, {"type": "placed", "seat": 1}], ["play"]),
    ([{"type": "flipped", "seat": 1, "card": "5"}], ["play"]),
    ([{"type": "played", "seat": 1, "card": "GT"}, {"type": "taki_opened", "seat": 1, "color": "G"}], ["call", "play"]),
    ([{"type": "played", "seat": 1, "card": "R7"}, {"type": "called", "seat": 1},
      {"type": "drew", "seat": 2, "count": 2}], ["penalty", "call", "play"]),
    ([{"type": "round_over", "winner": 0, "points": 30}], ["win"]),
    ([{"type": "round_over", "winner": 2, "points": 30}], []),
    ([{"type": "game_over", "winners": [2, 0]}], ["win"]),
    ([{"type": "round_over", "closer": 1, "round_scores": [3, 10]}], ["win"]),     # Skypo: lowest round score
    ([{"type": "round_over", "closer": 1, "round_scores": [12, 10]}], []),
    ([{"type": "turn", "seat": 1}, {"type": "reshuffled"}], []),
])
def test_effects_of_events(events, expected):
    assert effects(upd(events, turn=1), upd([], turn=1)) == expected


def test_turn_effect_only_when_the_turn_comes_to_me():
    before_theirs, before_mine = upd([], turn=1), upd([], turn=0)
    assert effects(upd([{"type": "played", "seat": 1}], turn=0), before_theirs) == ["play", "turn"]
    assert effects(upd([{"type": "played", "seat": 0}], turn=0), before_mine) == ["play"]   # still mine
    assert effects(upd([], turn=0), None) == ["turn"]                                        # the deal
    assert effects(upd([], turn=0, seat=None), before_theirs) == []                          # a spectator
    assert effects(upd([], turn=0, over=True), before_theirs) == []
    assert effects(upd([], turn=0, phase="round_over"), before_theirs) == []
    skypo_reveal = upd([], turn=None, phase="reveal", to_flip=[2, 2])
    assert effects(skypo_reveal, None) == ["turn"]
    assert effects(upd([], turn=None, phase="reveal", to_flip=[0, 2]), skypo_reveal) == []


@pytest.mark.parametrize("message", [
    {"type": "rejected", "code": "x", "message": "y"}, None, "played", {"type": "update"},
    upd([None, 5, {"type": 7}, {"type": "drew", "count": "many"}, {"type": "game_over", "winners": None}]),
    {"type": "update", "seat": 0, "events": [], "view": {"phase": "reveal", "to_flip": None, "turn": 0}},
])
def test_effects_never_break_on_odd_messages(message):
    out = effects(message, {"type": "update", "view": None})
    assert set(out) <= set(EFFECTS)


@pytest.mark.parametrize("game_id", ["chupate", "francesa", "taki", "dos", "skypo"])
def test_effects_over_whole_games(game_id):
    """Every update of real games: a play sounds "play" (or louder), the turn sound comes exactly when
    the turn comes to seat 0, and seat 0's wins are heard."""
    game = get(game_id)
    rng = random.Random(11)
    heard = set()
    for seed in range(3):
        state = game.new(3, seed)
        previous = None
        for _ in range(4000):
            movers = game.to_move(state)
            if not movers:
                break
            seat = movers[0]
            events = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
            update = update_for(game, state, 0, events)
            out = effects(update, previous)
            heard |= set(out)
            kinds = {e["type"] for e in events}
            if kinds & {"played", "matched", "flipped", "swapped", "discarded"}:
                assert {"play", "penalty", "call"} & set(out), (kinds, out)
            assert ("turn" in out) == (my_turn(update) and not (previous and my_turn(previous)))
            winners = [e for e in events if e["type"] == "game_over" and 0 in e["winners"]]
            if winners:
                assert "win" in out
            previous = update
    assert {"play", "turn"} <= heard, heard
