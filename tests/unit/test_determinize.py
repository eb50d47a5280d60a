"""``determinize(view, rng)`` of the three shedding games (Chúpate 2, the French deck, Super Taki; the
shared code is in games/shedding.py, the rules in docs/engine.md), driven by random legal moves.

At hundreds of decisions per game, in every phase a seat acts in on its turn and the situations inside
them (pending +2/7 stacks, a drawn card, a wild +4 to answer, Ace bonus, TAKI runs, Plus, King, an
active +3, seats gone or going out), a sample must give the view back exactly, keep the seat's own
hand and the top card, hold exactly one deck (``check_state``, a JSON round trip), take every other
field from the real table (a pending +4 taken as honest), vary with the generator, and play on to the
end of the round. Views outside the seat's own turn, impossible views and malformed ones raise
``BadState`` and nothing else.
"""

import json
import math
import random
from collections import Counter

import pytest

from tapete.core import BadState, get
from tapete.core.rng import is_state

# (game, options, player counts, seeds, stride of the decisions taken, the situations they must all meet:
# labels of ``situations``): several rounds where the game has them; Chúpate 2 in pairs too
CHUPATE_TURNS = {"phase:play", "phase:drawn", "phase:wild4", "pending", "exposed", "called", "bluff"}
CASES = [
    ("chupate", {"target": 150}, (2, 3, 4), range(30), 150,
     CHUPATE_TURNS | {"later-round", "direction:1", "direction:-1", "players:2", "players:3", "players:4"}),
    ("chupate", {"pairs": True, "target": 100}, (4,), range(30), 150, CHUPATE_TURNS | {"direction:1", "players:4"}),
    ("francesa", {"limit": 60}, (2, 3, 4, 5), range(30), 120,
     {"phase:play", "phase:ace", "pending", "exposed", "called", "later-round", "gone", "direction:1",
      "direction:-1", "players:2", "players:3", "players:4", "players:5"}),
    ("taki", {}, (2, 3, 4, 5, 6), range(40), 6,
     {"phase:play", "phase:plus", "phase:taki", "phase:king", "pending", "plus3", "taki-left-open", "finishing",
      "colourless", "exposed", "called", "direction:1", "direction:-1", "players:2", "players:6"}),
]
GAMES = ["chupate", "francesa", "taki"]
CARD_FIELDS = {"hands", "draw", "discard"}
SAMPLE_FIELDS = {"seed", "rng", "history"}          # a sample is no replay: seed 0, empty history


def random_move(game, state, rng):
    """One random legal move: the seat that must act, or now and then one that may act out of turn
    (denounce, call, +3 breaker)."""
    movers = game.to_move(state)
    seat = movers[0]
    if len(movers) > 1 and rng.random() < 0.3:
        seat = rng.choice(movers[1:])
    actions = game.legal_actions(state, seat)
    if not actions:
        seat, actions = movers[0], game.legal_actions(state, movers[0])
    game.apply(state, seat, rng.choice(actions))


def tables(game_id, options, players, seeds, steps=2500):
    """(game, state) after every move of seeded games of random legal moves; in the French deck a seat
    leaves some games (a host action) so that views with gone seats come up."""
    game = get(game_id)
    for seed in seeds:
        state = game.new(players[seed % len(players)], seed, options)
        rng = random.Random(seed)
        for step in range(steps):
            if state["over"]:
                break
            if game_id == "francesa" and step == 40 and seed % 3 == 1 and len(game.active(state)) > 2:
                game.apply(state, None, f"leave {rng.choice(game.active(state))}")
            yield game, state
            random_move(game, state, rng)


def decisions(game_id, options, players, seeds, stride):
    """(game, state, view) at decisions of the seat on turn: every ``stride``-th one, and every one in a
    situation met fewer than 30 times so far (rare phases are all taken)."""
    met = Counter()
    index = 0
    for game, state in tables(game_id, options, players, seeds):
        if state["phase"] not in game.turn_phases:
            continue
        view = game.view(state, state["turn"])
        labels = situations(state, view)
        index += 1
        if index % stride == 0 or any(met[label] < 30 for label in labels):
            met.update(labels)
            yield game, state, view


def situations(state, view):
    labels = {"phase:" + view["phase"], f"players:{view['players']}", f"direction:{view['direction']}"}
    labels.update(key for key in ("exposed", "called") if view[key] is not None)
    if view["pending"]:
        labels.add("pending")
    if view["round"] > 1:
        labels.add("later-round")
    if any(view.get("gone", ())):
        labels.add("gone")
    if view.get("plus3_by") is not None:
        labels.add("plus3")
    if view.get("taki") is not None and view["phase"] == "play":
        labels.add("taki-left-open")
    if view.get("finishing"):
        labels.add("finishing")
    if view["game"] == "taki" and view["color"] is None:
        labels.add("colourless")
    if (state.get("wild4") or {}).get("bluff"):
        labels.add("bluff")            # a real bluff: the sample still takes it as honest
    return labels


def hidden(state, seat):
    """The cards ``seat`` cannot see, where they lie: the other hands, the draw pile, the discard pile
    under its top card."""
    return [h for s, h in enumerate(state["hands"]) if s != seat] + [state["draw"], state["discard"][:-1]]


def play_round_out(game, state, rng, limit=60_000):
    """Random legal moves until the round (or the game) is over; the number of moves made."""
    for moves in range(limit):
        if state["phase"] not in game.turn_phases:
            return moves
        random_move(game, state, rng)
        if moves % 97 == 0:
            game.check_state(state)
    raise AssertionError("the round did not end")


@pytest.mark.parametrize("game_id,options,players,seeds,stride,cover", CASES,
                         ids=["chupate", "chupate-pairs", "francesa", "taki"])
@pytest.mark.long   # over ~4 s: in `make test`, not in `make check`'s loop
def test_a_sample_gives_the_view_back_and_plays_on(game_id, options, players, seeds, stride, cover):
    met, seen, varied, moved_hands, played_out = Counter(), 0, 0, 0, 0
    for game, state, view in decisions(game_id, options, players, seeds, stride):
        seat, before = view["seat"], json.dumps(view, sort_keys=True)
        sample = game.determinize(view, random.Random(seen))
        assert json.dumps(view, sort_keys=True) == before                 # the view is left as it was
        game.check_state(sample)                                           # one whole deck, sound fields
        assert game.from_json(game.to_json(sample)) == sample
        assert game.view(sample, seat) == view                             # the defining property
        # every field but the cards and the generator is the real table's (a pending +4: honest)
        assert set(sample) == set(state)
        for key in set(state) - CARD_FIELDS - SAMPLE_FIELDS:
            real = state[key]
            if key == "wild4" and real is not None:
                real = dict(real, bluff=False)
            assert sample[key] == real, key
        assert sample["seed"] == 0 and sample["history"] == [] and is_state(sample["rng"])
        # the seat's own hand and the top card kept; the places keep their sizes; the cards it cannot see
        # are exactly the real ones, placed anew
        assert Counter(sample["hands"][seat]) == Counter(state["hands"][seat])
        assert sample["discard"][-1] == state["discard"][-1]
        assert [len(p) for p in hidden(sample, seat)] == [len(p) for p in hidden(state, seat)]
        assert Counter(c for p in hidden(sample, seat) for c in p) == Counter(c for p in hidden(state, seat) for c in p)
        assert game.determinize(view, random.Random(seen)) == sample       # same generator, same sample
        other = game.determinize(view, random.Random(seen + 100_000))
        varied += hidden(other, seat) != hidden(sample, seat) and other["rng"] != sample["rng"]
        moved_hands += [sorted(h) for h in hidden(sample, seat)[:-2]] != [sorted(h) for h in hidden(state, seat)[:-2]]
        # the seat's choices are the real ones, and each can be made in the sample
        legal = game.legal_actions(sample, seat)
        assert legal == game.legal_actions(state, seat) and legal
        for action in legal:
            copy = game.from_json(game.to_json(sample))
            game.apply(copy, seat, action)
            game.check_state(copy)
        if seen % 3 == 0:                                                  # random legal moves to the round's end
            play_round_out(game, sample, random.Random(seen))
            game.check_state(sample)
            played_out += 1
            assert json.dumps(view, sort_keys=True) == before              # the sample shares nothing with it
        met.update(situations(state, view))
        seen += 1
    assert seen >= 300, seen
    assert varied == seen                                                  # never twice the same deal
    assert moved_hands >= 0.9 * seen                                       # the other hands are dealt anew
    assert played_out >= 100
    missing = {label for label in cover if met[label] < 3}
    assert not missing, (missing, met)


def view_at(game_id, options, players, seed, steps):
    """(game, state, view) at the seat on turn's first decision from move ``steps`` of a seeded game."""
    for game, state in tables(game_id, options, players, [seed]):
        steps -= 1
        if steps <= 0 and state["phase"] in game.turn_phases:
            return game, state, game.view(state, state["turn"])
    raise AssertionError("no decision found")


@pytest.mark.parametrize("game_id", GAMES)
def test_the_cards_it_cannot_see_are_dealt_uniformly(game_id):
    """Over many samples of one view, each copy of an unseen card lies in each hidden place in proportion
    to the place's size (a deal that favoured a place, or the card order, would be far off)."""
    options, players = {"chupate": ({}, (3,)), "francesa": ({}, (4,)), "taki": ({}, (3,))}[game_id]
    game, state, view = view_at(game_id, options, players, seed=5, steps=12)
    seat, samples = view["seat"], 3000
    unseen = Counter(c for p in hidden(state, seat) for c in p)
    total = sum(unseen.values())
    sizes = [len(p) for p in hidden(state, seat)]
    assert len(sizes) >= 4 and all(sizes[:-1])
    found = [Counter() for _ in sizes]
    for k in range(samples):
        for place, cards in zip(found, hidden(game.determinize(view, random.Random(k)), seat)):
            place.update(cards)
    worst = 0.0
    for size, place in zip(sizes, found):
        for card, copies in unseen.items():
            expected = samples * copies * size / total
            worst = max(worst, abs(place[card] - expected) / math.sqrt(expected + 1))
    assert worst < 6, worst


def refusals(game, view):
    """Views no table could show on that seat's turn, made from a real one."""
    n, seat, hand, top = view["players"], view["seat"], view["hand"], view["top"]
    other = next(c for c in game.deck(view["options"]) if c not in hand and c != top)
    bad = [
        {**view, "counts": [c + 1 for c in view["counts"]]},                 # more cards than one deck
        {**view, "counts": [c + (s != seat) for s, c in enumerate(view["counts"])]},
        {**view, "counts": view["counts"][:-1]},
        {**view, "counts": [-1 if s != seat else c for s, c in enumerate(view["counts"])]},
        {**view, "draw_count": view["draw_count"] + 1},
        {**view, "draw_count": view["draw_count"] - 1},
        {**view, "discard_count": 0},
        {**view, "discard_count": view["discard_count"] + 1},
        {**view, "hand": hand + [other]},                                    # its count says otherwise
        {**view, "hand": hand[:-1] + ["??"]},                                # no such card
        {**view, "top": "??"},
        {**view, "top": None},
        {**view, "players": n + 1},
        {**view, "players": 1, "counts": view["counts"][:1]},
        {**view, "options": {}},
        {**view, "options": {**view["options"], "nonsense": 1}},
        {**view, "game": "dos"},
        {**view, "turn": (seat + 1) % n},                                    # not its turn
        {**view, "phase": "round_over"},
        {**view, "over": True},
        {**view, "result": {"winners": [seat]}},
    ]
    if len(hand) >= game.deck(view["options"]).count(top):
        bad.append({**view, "hand": [top] * len(hand)})                  # more copies than the deck has
    if game.id == "chupate":
        bad += [{**view, "wild4_pending": view["phase"] != "wild4"}, {**view, "teams": [[s] for s in range(n)][::-1]},
                {**view, "drawn": hand[0] if view["phase"] != "drawn" else None}]
    if game.id == "francesa":
        bad += [{**view, "ace_bonus": view["phase"] != "ace"}, {**view, "dealer": seat},
                {**view, "gone": [True] * n}]
    if game.id == "taki":
        holding = [s for s in range(n) if view["counts"][s]]
        bad += [{**view, "taki": {"color": view["color"] or "R", "users": []}},
                {**view, "finishing": view["finishing"] + holding[:1]}]        # out with cards in hand
        if view["top"] != "+3":
            bad.append({**view, "plus3_by": seat})
    return bad


@pytest.mark.parametrize("game_id", GAMES)
def test_views_outside_its_turn_or_impossible_are_refused(game_id):
    options = {"chupate": {"target": 100}, "francesa": {"limit": 40}, "taki": {}}[game_id]
    kinds, refused = Counter(), 0
    for game, state in tables(game_id, options, (3,), range(20), steps=6000):
        if kinds["turn"] >= 40 and kinds["between"] >= 3:
            break
        turn = state["turn"]
        if state["phase"] in game.turn_phases:
            if kinds["turn"] >= 40 or state["version"] % 7:
                continue
            kinds["turn"] += 1
            view = game.view(state, turn)
            outside = [game.view(state, s) for s in range(state["players"]) if s != turn] + [game.view(state, None)]
            game.determinize(view, random.Random(0))                          # the view itself is served
            for broken in refusals(game, view) + outside:
                before = json.dumps(broken, sort_keys=True)
                with pytest.raises(BadState):
                    game.determinize(broken, random.Random(0))
                assert json.dumps(broken, sort_keys=True) == before
                refused += 1
        elif kinds["between"] < 3:                                            # between rounds
            kinds["between"] += 1
            for seat in range(state["players"]):
                with pytest.raises(BadState):
                    game.determinize(game.view(state, seat), random.Random(0))
    assert kinds["turn"] >= 40 and refused >= 40 * 20
    assert kinds["between"] >= (3 if game_id != "taki" else 0)
    # a finished game: every seat's view refused
    state = game.new(2, 1, options)
    rng = random.Random(1)
    for _ in range(200_000):
        if state["over"]:
            break
        random_move(game, state, rng)
    assert state["over"]
    for seat in (0, 1, None):
        with pytest.raises(BadState):
            game.determinize(game.view(state, seat), random.Random(0))


JUNK = [None, True, False, -1, 0, 1, 7, 10**30, 1.5, float("nan"), "", "x", "R7", "7H", "play", [], [None], [0],
        [[]], {}, {"a": 1}, {"color": "Q", "users": [0]}]


def deep(levels):
    value = []
    for _ in range(levels):
        value = [value]
    return value


DEEP = deep(5000)                        # nested past the recursion limit


def mutate(view, rng):
    """A copy of ``view`` with one field gone, replaced by junk, or with junk inside a list or dict."""
    broken = dict(view)
    key = rng.choice(sorted(broken))
    roll = rng.random()
    if roll < 0.2:
        del broken[key]
    elif roll < 0.75 or not isinstance(broken[key], (list, dict)) or not broken[key]:
        broken[key] = rng.choice(JUNK + [DEEP])
    elif isinstance(broken[key], list):
        inner = list(broken[key])
        inner[rng.randrange(len(inner))] = rng.choice(JUNK)
        broken[key] = inner
    else:
        inner = dict(broken[key])
        if rng.random() < 0.5:
            del inner[rng.choice(sorted(inner))]
        else:
            inner[rng.choice(sorted(inner) + ["extra"])] = rng.choice(JUNK)
        broken[key] = inner
    return broken


@pytest.mark.parametrize("game_id", GAMES)
def test_a_malformed_view_raises_bad_state_and_nothing_else(game_id):
    """Views with a field missing, of the wrong kind, or with junk inside: ``determinize`` either refuses
    them with ``BadState`` or (junk that changes nothing the state holds, e.g. a card count's value kept)
    returns a sound state that gives that very view back."""
    game, rng = get(game_id), random.Random(7)
    views = [view for _, _, view in decisions(game_id, {}, (2, 3, 4), range(4), stride=9)]
    assert len(views) >= 50
    refused = served = 0
    for k in range(3000):
        broken = mutate(rng.choice(views), rng)
        try:
            sample = game.determinize(broken, random.Random(k))
        except BadState:
            refused += 1
            continue
        game.check_state(sample)
        assert game.view(sample, broken["seat"]) == broken
        served += 1
    for junk in (None, [], "view", 3, {}, {"game": game_id}):
        with pytest.raises(BadState):
            game.determinize(junk, random.Random(0))
    assert refused >= 0.8 * 3000, (refused, served)
