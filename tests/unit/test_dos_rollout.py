"""tapete.bots.dos_rollout plays a DOS round exactly as the engine path it replaces (bench/lookahead.py).

The engine path (``lookahead.engine_round``): ``Dos.apply`` the first action, then every exposed holder
calls ¡DOS! and the seat on turn plays ``medium_choice`` over ``legal_actions``, to the round's end. The
cases are real: seeded games (2, 3 and 4 seats, the medium policy with random deviations, some holders
caught on their own turn) stopped at many turns; the seat to move's view is dealt into a whole state by
``Dos.determinize``, as the lookahead does, and one action of every kind legal there is played out. Some
deals are changed first, the deck kept whole: a short draw pile (reshuffles), both piles empty, a
deferred ¡DOS! penalty, a target within reach (rounds that end the game). Each comparison covers the
points gained, the policy generator's next number (the same draws), and the last table card by card
with the engine generator's state.

With ``own=DosHard()`` the seat's turns are ``hard_choose`` on the coded table: each one is compared with
``DosHard`` asked through the engine's view (``compare_hard``: the move, the generator's state after it,
the scores and the plan), in the rounds of those cases and in deals stressed toward big hands, long rows,
wilds, matched centre cards and the bonus phase; the tests count the ties and node-bound cuts they met.
"""

from __future__ import annotations

import copy
import functools
import json
import random
import sys
from collections import Counter
from pathlib import Path

import pytest

from tapete.bots import dos, dos_rollout
from tapete.bots.dos import DosHard
from tapete.bots.dos_rollout import CARDS, Round, choose, decode_move, play_out, play_round
from tapete.core import get

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import lookahead  # noqa: E402  (bench/ is not a package)

GAME = get("dos")
DEVIATE = 0.3          # share of the sampled games' moves chosen at random (else medium_choice)
CATCH = 0.3            # share of holders caught on their own turn (a deferred penalty) in those games
CALLS = ("dos", "catch")


def action_kind(action: str, phase: str) -> str:
    """``match single``, ``match pair``, ``draw``, ``place``, ``end``; `` (bonus)`` in the bonus phase."""
    verb = action.split(" ")[0]
    if verb == "match":
        verb += " pair" if "+" in action else " single"
    return verb + (" (bonus)" if phase == "bonus" else "")


def seeded_turns(players: int, seed: int, every: int, moves: int) -> list[tuple[dict, list[str]]]:
    """Every ``every``-th turn decision of a seeded game: the turn seat's view and its legal actions."""
    state, rng, out = GAME.new(players, seed, {}), random.Random(seed), []
    for step in range(moves):
        if state["over"]:
            break
        if state["phase"] == "round_over":
            GAME.apply(state, state["last_round"]["winner"], "next")
            continue
        turn = state["turn"]
        exposed = GAME.exposed(state)
        if turn in exposed and rng.random() < CATCH:            # caught on its own turn: penalty deferred
            GAME.apply(state, (turn + 1) % players, f"catch {turn}")
        for holder in GAME.exposed(state):
            GAME.apply(state, holder, "dos")
        legal = GAME.legal_actions(state, turn)
        if step % every == 0:
            out.append((GAME.view(state, turn), legal))
        if rng.random() < DEVIATE:
            action = rng.choice(legal)
        else:
            action = lookahead.medium_choice(state["hands"][turn], legal, rng)
        GAME.apply(state, turn, action)
    return out


def one_of_each_kind(view: dict, legal: list[str], rng: random.Random) -> list[str]:
    """One action of each kind legal at this turn, picked at random among its kind."""
    kinds: dict[str, list[str]] = {}
    for action in legal:
        if action.split(" ")[0] not in CALLS:
            kinds.setdefault(action_kind(action, view["phase"]), []).append(action)
    return [rng.choice(actions) for actions in kinds.values()]


def late(state: dict, rng: random.Random) -> None:
    """All but a few cards of the draw pile moved under the discard pile: the round reshuffles."""
    keep = rng.randint(0, 3)
    moved = state["draw"][:len(state["draw"]) - keep]
    state["draw"] = state["draw"][len(moved):]
    state["discard"] = moved + state["discard"]


def dry(state: dict, rng: random.Random) -> None:
    """Both piles dealt into the other seats' hands: nothing left to draw or to refill the row with."""
    others = [s for s in range(state["players"]) if s != state["turn"]]
    for card in state["draw"] + state["discard"]:
        state["hands"][rng.choice(others)].append(card)
    for hand in state["hands"]:
        hand.sort(key=lambda code: CARDS.index(code))
    state["draw"], state["discard"] = [], []


def penalty(state: dict, rng: random.Random) -> None:
    """The seat on turn was caught holding two cards this turn: it draws two at the turn's end."""
    state["penalty"] += 2


def final(state: dict, rng: random.Random) -> None:
    """A target within reach of every seat: a round may end the game."""
    state["options"]["target"] = max(state["scores"]) + rng.randint(1, 40)


VARIANTS = {"late": late, "dry": dry, "penalty": penalty, "final": final}


class Recording:
    """The DOS engine, keeping every event applied (to tell which rules a case went through)."""

    def __init__(self) -> None:
        self.events: list[dict] = []

    def apply(self, state: dict, seat: int, action: str) -> list[dict]:
        events = GAME.apply(state, seat, action)
        self.events += events
        return events

    def exposed(self, state: dict) -> list[int]:
        return GAME.exposed(state)

    def legal_actions(self, state: dict, seat: int) -> list[str]:
        return GAME.legal_actions(state, seat)


@functools.lru_cache(maxsize=None)
def cases() -> list[dict]:
    """The sampled cases, each with the engine path's answer: ``state`` (before), ``seat``, ``action``,
    ``seed`` (the policy generator's), ``variant``, ``kind``, and from the engine ``gained``, ``next``
    (the policy generator's next number), ``after`` (the last state) and ``events``."""
    rng, out = random.Random(2026), []
    games = [(4, 0), (4, 1), (4, 2), (3, 3), (2, 4), (4, 5)]
    for players, seed in games:
        for view, legal in seeded_turns(players, seed, every=5, moves=260):
            for action in one_of_each_kind(view, legal, rng):
                for variant in [None] + [v for v in VARIANTS if rng.random() < 0.15]:
                    world = rng.getrandbits(32)
                    state = GAME.determinize(view, random.Random(world))
                    if variant:
                        VARIANTS[variant](state, random.Random(world))
                    out.append({"state": state, "seat": view["seat"], "action": action, "seed": world,
                                "variant": variant, "kind": action_kind(action, view["phase"])})
    for case in out:
        engine, after, policy = Recording(), copy.deepcopy(case["state"]), random.Random(case["seed"])
        case["gained"] = lookahead.engine_round(engine, after, case["seat"], case["action"], policy)
        case.update(next=policy.random(), after=after, events=engine.events)
    return out


def decoded(table: Round) -> dict:
    """The simulator's table in the engine's codes and fields."""
    return {"hands": [[CARDS[c] for c in hand] for hand in table.hands], "draw": [CARDS[c] for c in table.draw],
            "discard": [CARDS[c] for c in table.discard], "center": [CARDS[c] for c in table.center],
            "rng": table.engine_rng["rng"]}


def check(case: dict, horizon: int = dos_rollout.HORIZON) -> None:
    """The simulator's round against the engine's: points, generator use, the last table."""
    policy = random.Random(case["seed"])
    table = play_out(case["state"], case["seat"], case["action"], policy, horizon)
    where = (case["kind"], case["action"], case["variant"], case["seed"])
    assert table.gained() == case["gained"], where
    assert policy.random() == case["next"], where
    after = case["after"]
    assert decoded(table) == {key: after[key] for key in ("hands", "draw", "discard", "center", "rng")}, where
    if not table.over():                     # stopped by the horizon: the turn in progress too
        assert (table.turn, table.phase, table.drawn, table.bonus, table.penalty) == (
            after["turn"], after["phase"], after["drawn"], after["bonus"], after["penalty"]), where
        assert [[CARDS[c] for c in cover] for cover in table.covers] == after["covers"], where


def went_through(case: dict, event: str, reason: str | None = None) -> bool:
    return any(e["type"] == event and (reason is None or e.get("reason") == reason) for e in case["events"])


def test_rounds_from_seeded_games_play_out_as_on_the_engine():
    """Every kind of first action, from deals of real turns: the same points, draws and last table."""
    plain = [case for case in cases() if case["variant"] is None]
    for case in plain:
        check(case)
    kinds = Counter(case["kind"] for case in plain)
    assert len(plain) >= 400
    assert set(kinds) == {"match single", "match pair", "draw", "place", "end", "place (bonus)", "end (bonus)"}
    assert min(kinds.values()) >= 10, kinds
    assert sum(went_through(case, "drew", "double_color") for case in plain) >= 100
    assert sum(any(g for g in case["gained"]) for case in plain) >= 250     # rounds that ended and scored


def test_a_short_draw_pile_reshuffles_the_discard_pile_as_the_engine_does():
    late_cases = [case for case in cases() if case["variant"] == "late"]
    for case in late_cases:
        check(case)
    assert sum(went_through(case, "reshuffled") for case in late_cases) >= 40


def test_with_both_piles_empty_a_draw_gets_nothing_and_the_row_refills_from_the_matches():
    dry_cases = [case for case in cases() if case["variant"] == "dry"]
    for case in dry_cases:
        check(case)
    assert len(dry_cases) >= 40
    assert sum(any(e["type"] == "drew" and e["count"] == 0 for e in case["events"]) for case in dry_cases) >= 10


def test_a_deferred_dos_penalty_is_drawn_at_the_end_of_the_turn():
    """Deferred penalties: set on a deal, and real ones (the turn's holder caught in the sampled games)."""
    with_penalty = [case for case in cases() if case["state"]["penalty"]]
    for case in with_penalty:
        check(case)
    assert sum(case["variant"] != "penalty" for case in with_penalty) >= 5        # caught in a real game
    assert sum(went_through(case, "drew", "caught") for case in with_penalty) >= 40


def test_a_round_that_ends_the_game_scores_as_on_the_engine():
    final_cases = [case for case in cases() if case["variant"] == "final"]
    for case in final_cases:
        check(case)
        winner = dos_rollout.game_winner(case["state"], case["gained"])
        assert (winner is not None) == case["after"]["over"]
        if winner is not None:
            assert case["after"]["result"]["winners"] == [winner]
    assert sum(case["after"]["over"] for case in final_cases) >= 20
    assert sum(not case["after"]["over"] and any(case["gained"]) for case in final_cases) >= 5


@pytest.mark.parametrize("horizon", [0, 1, 4, 12])
def test_a_rollout_stopped_by_its_horizon_stops_where_the_engine_does(monkeypatch, horizon):
    monkeypatch.setattr(lookahead, "HORIZON", horizon)
    for case in cases()[::7]:
        engine, after, policy = Recording(), copy.deepcopy(case["state"]), random.Random(case["seed"])
        gained = lookahead.engine_round(engine, after, case["seat"], case["action"], policy)
        check(dict(case, gained=gained, next=policy.random(), after=after), horizon)


def test_play_round_leaves_the_state_alone():
    for case in cases()[::5]:
        before = json.dumps(case["state"])
        play_round(case["state"], case["seat"], case["action"], random.Random(case["seed"]))
        assert json.dumps(case["state"]) == before


def test_the_policy_makes_medium_choice_with_the_same_draws():
    """At every turn of the sampled games ``choose`` picks bench/lookahead.py's ``medium_choice`` move
    (over the engine's legal actions) and leaves the generator in the same place."""
    compared = 0
    for players, seed in [(4, 7), (3, 8), (2, 9)]:
        for view, legal in seeded_turns(players, seed, every=1, moves=400):
            state = GAME.determinize(view, random.Random(compared))
            table, turn = Round(state), view["turn"]
            args = (table.hands[turn], table.center, table.covers, table.phase, table.drawn)
            generators = [random.Random(compared) for _ in range(2)]
            expected = lookahead.medium_choice(view["hand"], legal, generators[0])
            assert decode_move(choose(*args, generators[1])) == expected, legal
            assert len({g.random() for g in generators}) == 1
            compared += 1
    assert compared > 500


@pytest.mark.parametrize("game_won", [0.0, 50.0])
def test_the_lookahead_bench_rollouts_are_the_same_with_fast(game_won):
    """bench/lookahead.py --fast: ``Lookahead.rollout`` gives the same value from the same view and
    generator (the determinized deal, the policy's ties, a round that ends the game)."""
    slow, fast = lookahead.Lookahead(game_won=game_won), lookahead.Lookahead(game_won=game_won, fast=True)
    rng, compared, ended = random.Random(5), 0, 0
    for view, legal in seeded_turns(4, 11, every=6, moves=300):
        view = copy.deepcopy(view)
        view["options"]["target"] = max(view["scores"]) + rng.randint(1, 60)
        for action in one_of_each_kind(view, legal, rng):
            world = rng.getrandbits(64)
            gen_slow, gen_fast = random.Random(world), random.Random(world)
            assert fast.rollout(view, action, gen_fast) == slow.rollout(view, action, gen_slow)
            assert gen_fast.random() == gen_slow.random()
            gen = random.Random(world)                      # the rollout again, to see how it ended
            state = GAME.determinize(view, gen)
            lookahead.engine_round(GAME, state, view["seat"], action, random.Random(gen.getrandbits(32)))
            ended += state["over"]
            compared += 1
    assert compared >= 60 and ended >= 15


# ----- the searching seat's own turns played by a bot (bench/lookahead.py --own hard / hard-turn) -------------
class Asked(DosHard):
    """DOS hard, keeping a copy of every view and legal list it is given."""

    def __init__(self) -> None:
        self.asked: list[tuple[dict, list[str]]] = []

    def choose(self, view, legal, must_act, rng):
        assert must_act
        self.asked.append((copy.deepcopy(view), list(legal)))
        return super().choose(view, legal, must_act, rng)


@functools.lru_cache(maxsize=None)
def own_cases(this_turn: bool) -> list[dict]:
    """``cases()`` played on the engine path with ``own=DosHard()`` (``this_turn`` as given): ``gained``,
    ``next``, ``after``, and ``asked`` (the views and legal lists the bot was given)."""
    out = []
    for case in cases():
        bot, after, policy = Asked(), copy.deepcopy(case["state"]), random.Random(case["seed"])
        gained = lookahead.engine_round(GAME, after, case["seat"], case["action"], policy, bot, this_turn)
        out.append(dict(case, gained=gained, next=policy.random(), after=after, asked=bot.asked))
    return out


def assert_ends_as_recorded(table, case: dict, policy: random.Random, where: tuple, this_turn: bool) -> None:
    """The coded round's end against the engine path's recorded one (``case``): points, the policy
    generator's next draw, the last table (and the calls and version made, when the own bot played every
    own turn: the coded round keeps them only then)."""
    assert table.gained() == case["gained"], where
    assert policy.random() == case["next"], where
    after = case["after"]
    assert decoded(table) == {key: after[key] for key in ("hands", "draw", "discard", "center", "rng")}, where
    if not this_turn:
        assert (table.called, table.version) == (after["called"], after["version"]), where
    if not table.over():
        assert (table.turn, table.phase, table.drawn, table.bonus, table.penalty) == (
            after["turn"], after["phase"], after["drawn"], after["bonus"], after["penalty"]), where


def check_own(case: dict, this_turn: bool, horizon: int = dos_rollout.HORIZON) -> None:
    """``play_out`` with the recording bot against the engine path's round: the same views and legal lists
    given to the bot, points, generator use and last table (and the calls and version made, when the bot
    plays every own turn: the coded round keeps them only then)."""
    bot, policy = Asked(), random.Random(case["seed"])
    table = play_out(case["state"], case["seat"], case["action"], policy, horizon, own=bot, this_turn=this_turn)
    where = (case["kind"], case["action"], case["variant"], case["seed"], this_turn)
    assert len(bot.asked) == len(case["asked"]), where
    for (view, legal), (engine_view, engine_legal) in zip(bot.asked, case["asked"]):
        assert view == engine_view, (where, {k: (view.get(k), v) for k, v in engine_view.items() if view.get(k) != v})
        assert legal == engine_legal, where
    assert_ends_as_recorded(table, case, policy, where, this_turn)


def test_the_coded_round_shows_the_engines_view_and_legal_actions():
    """At the start of every case (deferred penalties, empty piles...)."""
    for case in cases():
        state, seat = case["state"], case["seat"]
        table = Round(state)
        assert table.view(seat) == GAME.view(state, seat)
        assert table.legal(seat) == [a for a in GAME.legal_actions(state, seat) if a.split(" ")[0] not in CALLS]


@pytest.mark.parametrize("this_turn", [False, True])
@pytest.mark.long   # over ~4 s: in `make test`, not in `make check`'s loop
def test_with_an_own_bot_the_round_plays_out_as_on_the_engine(this_turn):
    """``own=DosHard()``: the bot is given the engine's very view and legal actions at each of the seat's
    turns (all of them, or those of the turn being decided with ``this_turn``), and the round ends as the
    engine's: points, generator use (the bot's ties and the policy's), last table."""
    for case in own_cases(this_turn):
        check_own(case, this_turn)
    asked = [len(case["asked"]) for case in own_cases(this_turn)]
    medium = {id(case["state"]): case for case in cases()}
    differ = sum(case["gained"] != medium[id(case["state"])]["gained"] for case in own_cases(this_turn))
    assert sum(asked) >= (400 if this_turn else 3000) and sum(n > 0 for n in asked) >= (300 if this_turn else 600)
    assert differ >= (50 if this_turn else 200)              # the bot's turns are not medium's
    if this_turn:
        assert sum(asked) < sum(len(case["asked"]) for case in own_cases(False))
    assert {case["variant"] for case in own_cases(this_turn)} == {None, *VARIANTS}
    views = [view for case in own_cases(this_turn) for view, _ in case["asked"]]
    assert sum(any(view["called"]) for view in views) >= len(views) // 10      # the calls made on the way


@pytest.mark.parametrize("horizon", [0, 1, 4, 12])
def test_with_an_own_bot_a_rollout_stopped_by_its_horizon_stops_where_the_engine_does(monkeypatch, horizon):
    monkeypatch.setattr(lookahead, "HORIZON", horizon)
    for this_turn in (False, True):
        for case in cases()[::7]:
            bot, after, policy = Asked(), copy.deepcopy(case["state"]), random.Random(case["seed"])
            gained = lookahead.engine_round(GAME, after, case["seat"], case["action"], policy, bot, this_turn)
            check_own(dict(case, gained=gained, next=policy.random(), after=after, asked=bot.asked), this_turn, horizon)


def test_with_an_own_bot_play_round_leaves_the_state_alone():
    for case in cases()[::5]:
        before = json.dumps(case["state"])
        play_round(case["state"], case["seat"], case["action"], random.Random(case["seed"]), own=DosHard())
        assert json.dumps(case["state"]) == before


# ----- the hard bot's turn on coded cards (``hard_choose``: ``play_out`` with ``own`` exactly ``DosHard``) -----
class Bound(int):
    """``PLAN_NODES`` that counts its cuts: ``nodes > PLAN_NODES`` asks this subclass's ``__lt__`` first."""

    def __new__(cls, value: int):
        bound = super().__new__(cls, value)
        bound.hits = 0
        return bound

    def __lt__(self, other):
        cut = int.__lt__(self, other)
        self.hits += bool(cut)
        return cut


def compare_hard(table: Round, seat: int, rng: random.Random, seen: Counter) -> tuple:
    """``hard_choose`` at this table against ``DosHard`` through the engine's view and legal actions: the
    same move and the generator in the same state after it; on the way the same matches in the same order,
    the same match scores (floats, ==), the same plan list, the same placement scores. ``seen`` counts what
    the comparison went through (ties, plans cut by ``PLAN_NODES``, each kind of move). The move."""
    view, legal = table.view(seat), table.legal(seat)
    bot, twin = DosHard(), random.Random()
    twin.setstate(rng.getstate())
    expected = dos_rollout.encode_move(bot.choose(view, legal, True, twin))
    move = HARD_CHOOSE(table, seat, rng)
    assert move == expected, (move, expected, legal)
    assert rng.getstate() == twin.getstate(), legal
    hand, matches = table.hands[seat], [a for a in legal if a.startswith("match ")]
    groups = dos_rollout.hard_matches(hand, table.center, table.covers) if table.phase == "play" else []
    assert [decode_move(option[2]) for group in groups for option in group] == matches
    scores = [option[0] for group in groups for option in group]
    assert scores == [bot.match_score(view, a) for a in matches]
    seen["decisions"] += 1
    seen[move[0]] += 1
    if matches:
        bound = dos.PLAN_NODES
        before = bound.hits if isinstance(bound, Bound) else 0
        plan = bot.plan(view, matches)
        assert [decode_move(m) for m in dos_rollout.hard_plan(hand, groups)] == plan
        seen["plan ties"] += len(plan) > 1
        seen["plan cut by PLAN_NODES"] += isinstance(bound, Bound) and bound.hits > before
        seen["groups over PLAN_TOP"] += sum(len(group) > dos.PLAN_TOP for group in groups)
        seen["equal match scores in a group"] += sum(len({o[0] for o in g}) < len(g) for g in groups)
    places = [a for a in legal if a.startswith("place ")]
    if places and not matches:
        unseen = bot.unseen(view)
        pool = dos_rollout.hard_unseen(table, seat)
        assert pool == [unseen[code] for code in CARDS]
        total = sum(pool) or 1
        wanted = [bot.place_score(a.split(" ")[1], unseen) for a in places]
        assert [dos_rollout.hard_place_score(dos_rollout.INDEX[a.split(" ")[1]], pool, total)
                for a in places] == wanted
        seen["placement ties"] += wanted.count(max(wanted)) > 1
    return move


HARD_CHOOSE = dos_rollout.hard_choose          # the function itself (the tests patch the module's name)


@pytest.fixture
def checked_hard(monkeypatch):
    """Every ``hard_choose`` that ``play_out`` makes is compared with ``DosHard`` through the view
    (``compare_hard``); the plan's node bound counts its cuts. The counts of what came up."""
    seen: Counter = Counter()
    monkeypatch.setattr(dos, "PLAN_NODES", Bound(dos.PLAN_NODES))
    monkeypatch.setattr(dos_rollout, "hard_choose", lambda table, seat, rng: compare_hard(table, seat, rng, seen))
    return seen


def check_coded_hard(case: dict, this_turn: bool, horizon: int = dos_rollout.HORIZON) -> None:
    """``play_out(..., own=DosHard())`` (the coded hard turn) against the engine path's round with the
    hard bot (``case`` from ``own_cases``, or played here): points, generator, last table, calls, version."""
    policy = random.Random(case["seed"])
    table = play_out(case["state"], case["seat"], case["action"], policy, horizon, own=DosHard(), this_turn=this_turn)
    where = (case["kind"], case["action"], case["variant"], case["seed"], this_turn)
    assert_ends_as_recorded(table, case, policy, where, this_turn)
    if not table.over():
        assert [[CARDS[c] for c in cover] for cover in table.covers] == case["after"]["covers"], where


def test_play_out_uses_the_coded_hard_turn_only_for_dos_hard_itself(monkeypatch):
    """``own=DosHard()``: ``hard_choose``, never the view; a subclass (it may override anything, as
    bench/lookahead.py's Lookahead does) is asked through the view."""
    case = next(c for c in own_cases(False) if len(c["asked"]) >= 3)
    calls = []
    monkeypatch.setattr(dos_rollout, "hard_choose", lambda *args: calls.append(args) or HARD_CHOOSE(*args))
    monkeypatch.setattr(Round, "view", lambda *args: pytest.fail("the coded hard turn asked for a view"))
    play_out(case["state"], case["seat"], case["action"], random.Random(case["seed"]), own=DosHard())
    assert len(calls) == len(case["asked"])
    monkeypatch.undo()
    calls.clear()
    monkeypatch.setattr(dos_rollout, "hard_choose", lambda *args: calls.append(args) or HARD_CHOOSE(*args))
    bot = Asked()
    play_out(case["state"], case["seat"], case["action"], random.Random(case["seed"]), own=bot)
    assert not calls and len(bot.asked) == len(case["asked"])


@pytest.mark.parametrize("this_turn", [False, True])
def test_the_coded_hard_turn_plays_the_round_as_on_the_engine(checked_hard, this_turn):
    """``play_round(..., own=DosHard())`` on every case: each own turn is ``DosHard``'s move through the view
    with the same generator use (``compare_hard``), and the round is the engine path's: points, generator,
    last table, calls and version."""
    for case in own_cases(this_turn):
        check_coded_hard(case, this_turn)
    seen = checked_hard
    assert seen["decisions"] == sum(len(case["asked"]) for case in own_cases(this_turn))
    assert seen["decisions"] >= (400 if this_turn else 3000)
    verbs = ("match", "place", "end") if this_turn else ("match", "place", "draw", "end")  # a turn begun: no draw
    assert min(seen[verb] for verb in verbs) >= (10 if this_turn else 100), seen
    assert seen["plan ties"] >= (20 if this_turn else 200), seen
    assert seen["placement ties"] >= (20 if this_turn else 100), seen
    assert seen["equal match scores in a group"] >= (20 if this_turn else 200), seen


@pytest.mark.parametrize("horizon", [0, 1, 4, 12])
def test_the_coded_hard_turn_stops_at_the_horizon_where_the_engine_does(checked_hard, monkeypatch, horizon):
    monkeypatch.setattr(lookahead, "HORIZON", horizon)
    for this_turn in (False, True):
        for case in cases()[::7]:
            after, policy = copy.deepcopy(case["state"]), random.Random(case["seed"])
            gained = lookahead.engine_round(GAME, after, case["seat"], case["action"], policy, DosHard(), this_turn)
            check_coded_hard(dict(case, gained=gained, next=policy.random(), after=after), this_turn, horizon)


def big_hand(state: dict, rng: random.Random) -> None:
    """8 to 25 more cards from the draw pile in the turn seat's hand."""
    hand = state["hands"][state["turn"]]
    for _ in range(min(rng.randint(8, 25), len(state["draw"]))):
        hand.append(state["draw"].pop())


def long_row(state: dict, rng: random.Random) -> None:
    """2 to 7 more centre cards (as if placed), none matched yet."""
    for _ in range(min(rng.randint(2, 7), len(state["draw"]))):
        state["center"].append(state["draw"].pop())
        state["covers"].append([])


def wilds(state: dict, rng: random.Random) -> None:
    """2 to 8 wilds (Wild DOS, Wild #) from the draw pile into the turn seat's hand."""
    found = [c for c in state["draw"] if c == "WD" or c.endswith("#")]
    for card in rng.sample(found, min(len(found), rng.randint(2, 8))):
        state["draw"].remove(card)
        state["hands"][state["turn"]].append(card)


def covered(state: dict, rng: random.Random) -> None:
    """Some centre cards matched already this turn (covers from the draw pile; play phase)."""
    if state["phase"] != "play":
        return
    for i in range(len(state["center"])):
        if not state["covers"][i] and len(state["draw"]) >= 2 and rng.random() < 0.5:
            state["covers"][i] = [state["draw"].pop() for _ in range(rng.randint(1, 2))]


def bonus_phase(state: dict, rng: random.Random) -> None:
    """The row cleared, 1 to 3 colour bonus cards to place."""
    for cover in state["covers"]:
        state["discard"] += cover
        cover.clear()
    state.update(phase="bonus", bonus=rng.randint(1, 3), drawn=rng.random() < 0.5)


def drew(state: dict, rng: random.Random) -> None:
    """Drew without a match (nothing matched yet): a card to place."""
    if state["phase"] == "play" and not any(state["covers"]):
        state["drawn"] = True


def no_draw_pile(state: dict, rng: random.Random) -> None:
    """The draw pile moved under the discard pile (a reshuffle at the first draw); or the discard pile
    emptied into it (no discard top shown)."""
    if rng.random() < 0.5:
        state["discard"] = state["draw"] + state["discard"]
        state["draw"] = []
    else:
        state["draw"] = state["discard"] + state["draw"]
        state["discard"] = []


STRESS = {"big hand": big_hand, "long row": long_row, "wilds": wilds, "covered": covered,
          "bonus phase": bonus_phase, "drew": drew, "no draw pile": no_draw_pile}


@functools.lru_cache(maxsize=None)
def stressed_cases() -> list[dict]:
    """``cases()`` deals changed toward what the hard bot's plan and placements find hardest (``STRESS``:
    big hands, long rows, wilds, matched centre cards, the bonus phase...), two to four changes each, every
    state still a whole deck the engine accepts (``check_state``); one first action of each kind legal
    there, played on the engine path with ``DosHard`` for the seat's turns: ``gained``, ``next``, ``after``."""
    rng, out = random.Random(77), []
    for case in cases()[::3]:
        state = copy.deepcopy(case["state"])
        changes = rng.sample(sorted(STRESS), rng.randint(2, 4))
        for name in sorted(changes, key=list(STRESS).index):
            STRESS[name](state, rng)
        for hand in state["hands"]:
            hand.sort(key=CARDS.index)
        GAME.check_state(state)
        seat = state["turn"]
        legal = [a for a in GAME.legal_actions(state, seat) if a.split(" ")[0] not in CALLS]
        for action in one_of_each_kind(GAME.view(state, seat), legal, rng):
            seed = rng.getrandbits(32)
            after, policy = copy.deepcopy(state), random.Random(seed)
            gained = lookahead.engine_round(GAME, after, seat, action, policy, DosHard())
            out.append({"state": state, "seat": seat, "action": action, "seed": seed, "variant": tuple(changes),
                        "kind": action_kind(action, state["phase"]), "gained": gained, "next": policy.random(),
                        "after": after})
    return out


@pytest.mark.long   # over ~4 s: in `make test`, not in `make check`'s loop
def test_the_coded_hard_turn_is_dos_hards_in_stressed_states(checked_hard):
    """The first decision of every stressed deal, for several generators, then the rounds played from them:
    the same moves and generator use as ``DosHard`` through the view, plans cut short by ``PLAN_NODES``
    among them, and the rounds end as on the engine path."""
    seen = checked_hard
    states = {id(case["state"]): case["state"] for case in stressed_cases()}
    for state in states.values():
        table = Round(state)
        for seed in range(3):
            compare_hard(table, state["turn"], random.Random(seed), seen)
    first = Counter(seen)
    for case in stressed_cases():
        check_coded_hard(case, False)
    assert len(states) >= 200 and first["decisions"] == 3 * len(states)
    assert seen["decisions"] >= 3000, seen
    assert min(first[verb] for verb in ("match", "place", "end")) >= 10 and seen["draw"] >= 100, first
    assert first["plan cut by PLAN_NODES"] >= 20, first
    assert seen["plan ties"] >= 200 and seen["placement ties"] >= 100, seen
    assert seen["groups over PLAN_TOP"] >= 200, seen
    names = Counter(name for case in stressed_cases() for name in case["variant"])
    assert set(names) == set(STRESS) and min(names.values()) >= 30, names


@pytest.mark.parametrize("nodes", [1, 3, 10, 60])
def test_the_coded_plan_counts_its_nodes_as_dos_hard_does(monkeypatch, nodes):
    """With a tiny ``PLAN_NODES`` most plans over two centre cards or more are cut short, at a different node
    for each bound: the coded plan still gives DosHard's list (its search visits the same nodes in the same
    order). The deals of ``cases()`` and the stressed ones."""
    monkeypatch.setattr(dos, "PLAN_NODES", Bound(nodes))
    monkeypatch.setattr(dos_rollout, "PLAN_NODES", nodes)
    seen: Counter = Counter()
    states = {id(case["state"]): case["state"] for case in cases() + stressed_cases()}
    for state in states.values():
        compare_hard(Round(state), state["turn"], random.Random(nodes), seen)
    assert seen["plan cut by PLAN_NODES"] >= 30, seen
