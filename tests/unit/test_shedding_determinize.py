"""``determinize`` of the shedding games (Chúpate 2, the French deck, Super Taki): a whole state a seat's
view on its own turn could come from, the cards it cannot see dealt at random from the deck less what it
sees (games/shedding.py; docs/engine.md). bench/shed_lookahead.py deals its rollouts with it."""

import random
from collections import Counter

import pytest

from tapete.bots import make_bot
from tapete.core import BadState, get
from tapete.sim import step

CASES = [("chupate", {"quick": True}), ("chupate", {"pairs": True, "target": 100}), ("francesa", {"limit": 60}),
         ("taki", {})]


def turns(game_id, options, seeds=range(12)):
    """(game, state, view) at every turn of seeded games of easy bots, through several rounds; 2 to 4
    seats (4 in pairs)."""
    game = get(game_id)
    for seed in seeds:
        players = 4 if options.get("pairs") else 2 + seed % 3
        state = game.new(players, seed, options)
        bots = [make_bot("easy", game_id) for _ in range(players)]
        rng = random.Random(seed)
        for _ in range(1500):
            if state["over"]:
                break
            seat = game.to_move(state)[0]
            if state["phase"] in game.turn_phases and state["turn"] == seat:
                yield game, state, game.view(state, seat)
            step(game, state, bots, rng)


@pytest.mark.parametrize("game_id,options", CASES)
def test_determinize_deals_a_state_the_view_could_come_from(game_id, options):
    phases, rounds, varied, seen = Counter(), set(), 0, 0
    for game, state, view in turns(game_id, options):
        seat = view["seat"]
        sample = game.determinize(view, random.Random(seen))
        game.check_state(sample)                                  # one whole deck, every field sound
        sample = game.from_json(game.to_json(sample))
        assert game.view(sample, seat) == view                    # the defining property
        assert sorted(sample["hands"][seat]) == sorted(state["hands"][seat])
        assert sample["discard"][-1] == state["discard"][-1] and sample["history"] == []
        assert game.legal_actions(sample, seat) == game.legal_actions(state, seat)
        other = game.determinize(view, random.Random(seen + 10_000))
        hidden = [h for s, h in enumerate(sample["hands"]) if s != seat] + [sample["draw"]]
        varied += hidden != [h for s, h in enumerate(other["hands"]) if s != seat] + [other["draw"]]
        phases[view["phase"]] += 1
        rounds.add(view["round"])
        seen += 1
        if seen % 25 == 0:                                        # the engine plays on from a sample
            bots, rng = [make_bot("easy", game_id) for _ in range(view["players"])], random.Random(seen)
            for _ in range(300):
                if sample["over"] or sample["phase"] not in game.turn_phases:
                    break
                step(game, sample, bots, rng)
            game.check_state(sample)
    assert seen >= 500 and varied >= seen * 0.9
    assert set(phases) == set(game.turn_phases), phases          # every phase a seat acts in was met
    assert options.get("quick") or game_id == "taki" or len(rounds) > 1, rounds


def test_a_pending_wild4_is_taken_as_honest_from_the_seat_before():
    """Whether a +4 was a bluff is in the hand it came from when played, which no view shows."""
    found = 0
    for game, state, view in turns("chupate", {"quick": True}):
        if view["phase"] == "wild4":
            sample = game.determinize(view, random.Random(found))
            assert sample["wild4"] == {"by": state["wild4"]["by"], "bluff": False}
            found += 1
    assert found >= 20


@pytest.mark.parametrize("game_id,options", CASES)
def test_determinize_refuses_what_no_turn_view_could_be(game_id, options):
    game, state, view = next(turns(game_id, options))
    before = dict(view)
    bad = [
        {**view, "seat": (view["seat"] + 1) % view["players"]},        # not its turn
        {**view, "phase": "round_over"},
        {**view, "over": True},
        {**view, "game": "dos"},
        {**view, "counts": view["counts"][:-1]},
        {**view, "counts": [c + 1 for c in view["counts"]]},           # more cards than one deck
        {**view, "draw_count": view["draw_count"] + 1},
        {**view, "discard_count": 0},
        {**view, "hand": view["hand"] + ["??"]},
        {**view, "hand": [view["top"]] * len(view["hand"])},            # more copies than the deck has
        {**view, "top": None},
        {k: v for k, v in view.items() if k != "counts"},
        {k: v for k, v in view.items() if k != "discard_count"},
        {k: v for k, v in view.items() if k != "options"},
        {**view, "draw_count": "3"},
        {**view, "hand": [["R", 1]] * len(view["hand"])},
        [],
    ]
    for broken in bad:
        with pytest.raises(BadState):
            game.determinize(broken, random.Random(0))
    assert view == before
