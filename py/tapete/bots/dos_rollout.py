"""A fast simulator of one DOS round for Monte-Carlo rollouts, on integer card codes.

What: ``play_round(state, seat, action, rng)`` takes a whole DOS state during a turn (as
``Dos.determinize`` deals one from a seat's view), applies ``action`` for ``seat``, then plays every seat
with the medium bot's policy (``medium_choice``, the one of bench/lookahead.py, here on coded cards)
until the round ends or ``HORIZON`` actions have been played; it returns the points each seat gained
(``game_winner`` tells whether that round ended the game). bench/lookahead.py uses it with ``--fast``.
With ``own`` (a bot such as ``DosHard()``) the searching seat's turns are that bot's instead, as in
``engine_round``: at each of them the table is written back as the engine's state (``Round.text``) and
the engine's own ``view`` and ``legal_actions`` of it (less the calls) are what the bot is given; it
asks ``own.choose(view, legal, True, rng)`` and plays the answer; ``this_turn``: only the rest of the turn
the first action began, then the medium policy for that seat too (``--own hard`` / ``--own hard-turn``).
When ``own`` is ``DosHard`` itself (its type, not a subclass, which may override anything) its turns are
``hard_choose(table, seat, rng)`` instead: DosHard's decision computed on the coded table (``hard_matches``,
``hard_match_score``, ``hard_plan``, ``hard_unseen``, ``hard_place_score``), with no text and no view.

Why: a lookahead bot (bench/lookahead.py) spends almost all of its time in such rollouts, and the
engine path (``Dos.apply`` with its action texts, legality checks, events and history, then
``legal_actions`` listing every match as text for the policy to parse back) costs far more than the
rules themselves. Here a card is an index into ``CARDS`` (the distinct codes in hand order, so sorting
indices is sorting by ``sort_key``), a move is a small tuple, and per-card tables give colour, values,
points. bench/dos_rollout.py measures it on the same states: about 5x the engine's rounds per CPU second
(4.8x-5.4x, CPython 3.11, 2026-12-02). The hard bot's own turns asked through the view cost the table
written back as text, the engine's view and legal actions of it and the bot's parsing of the action texts:
about half of a round with ``own=DosHard()``. The coded hard turn does without them (bench/dos_rollout.py,
2026-12-03, two runs): such a round 2.1x faster (about 2,600-3,900 against 5,500-8,200 rounds per CPU
second), a whole ``Lookahead.rollout`` with ``--own hard --fast`` 1.7x-1.8x (2,060 against 3,570-3,740
rollouts per CPU second; the engine path 1,250-1,310).

Exactness: the result and the generators' use are those of the engine path, on purpose:

- the rules are those of py/tapete/games/dos/engine.py, step by step under the same names
  (``_take``, ``_draw``, ``_match``, ``_place``, ``_end_turn``, ``_finish_turn``, ``_round_won``),
  with the same card orders wherever an order can matter: the discard pile (each cleared centre card
  then the cards played on it, in hand order), the draw pile (top = last), the double colour draws in
  turn order from the player's left, the deferred ¡DOS! penalty after the bonus cards;
- a reshuffle calls the engine's own ``shuffle_in_state`` on a dict holding the engine generator's
  state (``state["rng"]``) and the pile in the engine's order: the permutation it draws depends only on
  the generator and the pile's length, never on what the items are, so shuffling indices moves every
  card exactly where the engine moves its code;
- the policy lists its moves in ``legal_actions`` order (centre cards left to right; on each, singles
  then pairs, kinds in hand order; then placements in hand order) and calls ``rng.choice`` on a list
  of the same length as ``medium_choice`` does, only when there is a match or a placement to choose;
- ¡DOS! calls are not simulated for the policy: every holder calls before each turn action in the
  engine path, so nobody is ever caught and the calls change nothing but the ``called`` flags and the
  state's ``version`` (a deferred penalty already in the state is played out). With an ``own`` bot, whose
  view shows both, every holder calls before each turn action as on the engine path (``Round.call``),
  the flags are cleared where the engine clears them and ``version`` counts every action;
- the own bot gets the same ``rng`` object at the same points as on the engine path, so its ties and the
  policy's draw from the generator in the same order;
- ``hard_choose`` is ``DosHard.choose`` during a turn less the calls (``next`` is legal only between
  rounds): the matches in ``legal_actions`` order, grouped by centre card, each group sorted by the same
  stable sort on the same floats (``hard_match_score`` is ``match_score``'s expression in its order) and
  cut to ``PLAN_TOP``; the same branch and bound, node for node against ``PLAN_NODES``, its first matches
  in the order found and ``rng.choice`` over them even when there is one; else the placements scored from
  integer counts (the deck less hand, row, covers and the discard top) by ``place_score``'s float
  expression, ``rng.choice`` over the best in hand order; else ``end`` when legal, else ``draw``.

Checked by tests/unit/test_dos_rollout.py: equal points, equal generator use and an equal last table
(hands, piles, row, engine generator) against the engine path, over hundreds of states from seeded
games: every kind of first action, reshuffles, empty piles, double colour matches, deferred penalties,
rounds that end the game, rounds cut by the horizon; with ``own`` a DosHard subclass (every own turn, or
only the turn being decided), the same and the very views and legal lists the bot is given on the engine
path; with ``own=DosHard()`` the same rounds, and at each of its turns in them (about 5,000) and in
stressed deals (about 5,000 more: big hands, long rows, wilds, matched centre cards, the bonus phase,
empty piles) ``hard_choose`` equal to ``DosHard`` through the view: move, generator state after it, match
and placement scores (==), plan list, with hundreds of ties and plans cut short by ``PLAN_NODES`` among
them (and more with the bound set to 1, 3, 10, 60).
"""

from __future__ import annotations

import math
import random
from bisect import insort

from ..core.rng import shuffle_in_state
from ..games.dos.cards import (CENTER_SIZE, COLORS, DECK, DECK_COUNT, DOS_HAND, DOUBLE_COLOR_DRAW, INFO,
                               MAX_TARGET, TURN_PHASES, sort_key)
from ..games.dos.engine import Dos
from .dos import BONUS as BONUS_WORTH, DOUBLE_BONUS as DOUBLE_WORTH   # the hard bot's match scores
from .dos import PLACE_POINTS, PLACE_WILD, PLAN_NODES, PLAN_TOP, POINT_WEIGHT, SHED, STARVE, WILD_SPENT, DosHard

HORIZON = 400          # turn actions at most after the first one (bench/lookahead.py's cap)
ENGINE = Dos()         # its ``view`` and ``legal_actions`` are what an own bot is given (``Round.text``)
CALLS = ("dos", "catch")   # verbs no rollout seat is asked: every holder calls ¡DOS! before each turn action

# ----- card tables, by card index ----------------------------------------------------------------------
CARDS = tuple(sorted(set(DECK), key=sort_key))      # the distinct codes in hand order
INDEX = {code: i for i, code in enumerate(CARDS)}
WILD = len(COLORS)                                  # colour index of the Wild DOS: none (it takes any)
COLOUR = tuple(WILD if INFO[c][0] is None else COLORS.index(INFO[c][0]) for c in CARDS)
LO = tuple(INFO[c][1] for c in CARDS)               # lowest value (a Wild # is 1..10, a Wild DOS 2)
HI = tuple(INFO[c][2] for c in CARDS)               # highest value
POINTS = tuple(INFO[c][3] for c in CARDS)           # points left in a hand at the round's end

# ----- moves: (verb, cards, centre index) -----------------------------------------------------------------
MATCH, PLACE, DRAW, END = "match", "place", "draw", "end"
NO_INDEX = -1
DRAW_MOVE = (DRAW, (), NO_INDEX)
END_MOVE = (END, (), NO_INDEX)

NO_BONUS, SINGLE_BONUS, DOUBLE_BONUS = 0, 1, 2
PLAY, BONUS = TURN_PHASES                           # "play", "bonus"


def encode_move(action: str) -> tuple:
    """A turn action's text (``match B3+Y4 on:1``, ``place R7``, ``draw``, ``end``) as a move."""
    verb, _, rest = action.partition(" ")
    if verb == MATCH:
        body, _, index = rest.partition(" on:")
        return (MATCH, tuple(INDEX[c] for c in body.split("+")), int(index))
    if verb == PLACE:
        return (PLACE, (INDEX[rest],), NO_INDEX)
    if verb in (DRAW, END) and not rest:
        return (verb, (), NO_INDEX)
    raise ValueError(f"not a DOS turn action: {action!r}")


def decode_move(move: tuple) -> str:
    """A move as the engine's action text."""
    verb, cards, index = move
    if verb == MATCH:
        return f"match {'+'.join(CARDS[c] for c in cards)} on:{index}"
    if verb == PLACE:
        return f"place {CARDS[cards[0]]}"
    return verb


def colour_bonus(cards: tuple, target: int) -> int:
    """``cards.resolve``'s bonus: every fixed colour among the played cards and the target the same one
    (a Wild DOS takes it) earns a single bonus for one card, a double one for two."""
    colours = {COLOUR[c] for c in (*cards, target)} - {WILD}
    if len(colours) > 1:
        return NO_BONUS
    return SINGLE_BONUS if len(cards) == 1 else DOUBLE_BONUS


# ----- the policy -----------------------------------------------------------------------------------------
def _held(hand: list[int]) -> list[int]:
    """Cards held per colour index; the Wild DOS slot (``WILD``) stays 0: it counts for no colour."""
    held = [0] * (len(COLORS) + 1)
    for card in hand:
        held[COLOUR[card]] += 1
    held[WILD] = 0
    return held


def choose(hand: list[int], center: list[int], covers: list[tuple], phase: str, drawn: bool,
           rng: random.Random) -> tuple:
    """bench/lookahead.py's ``medium_choice`` (the match or placement shedding the most cards, then whose
    first card's colour the hand holds most, a Wild DOS counting none; ties by ``rng.choice`` in the
    engine's legal order; else ``end`` when legal, else ``draw``) without listing every legal move: the
    same move and the same ``rng`` use (tests/unit/test_dos_rollout.py). Candidates come in the order of
    ``Dos.legal_actions`` (centre cards left to right; pairs before singles here, as a pair sheds more and
    beats every single; placements in hand order) and only those of the best key so far are kept."""
    held = _held(hand)
    kinds = sorted(set(hand))
    targets = [(i, LO[t], HI[t]) for i, t in enumerate(center) if not covers[i]] if phase == PLAY else []
    best, top = -1, []
    for index, tlo, thi in targets:                 # pairs (one that fits sums to at most MAX_TARGET)
        for i, a in enumerate(kinds):
            key = held[COLOUR[a]]
            if key < best:
                continue
            alo, ahi = LO[a], HI[a]
            for b in kinds[i:]:
                if alo + LO[b] <= thi and ahi + HI[b] >= tlo and (a != b or hand.count(a) > 1):
                    if key > best:
                        best, top = key, []
                    top.append((MATCH, (a, b), index))
    if top:
        return rng.choice(top)
    for index, tlo, thi in targets:                 # singles
        for card in kinds:
            key = held[COLOUR[card]]
            if key >= best and LO[card] <= thi and HI[card] >= tlo:
                if key > best:
                    best, top = key, []
                top.append((MATCH, (card,), index))
    if phase == BONUS or (drawn and not any(covers)):
        for card in kinds:                          # placements
            key = held[COLOUR[card]]
            if key >= best:
                if key > best:
                    best, top = key, []
                top.append((PLACE, (card,), NO_INDEX))
    if top:
        return rng.choice(top)
    return END_MOVE if phase == BONUS or any(covers) else DRAW_MOVE


# ----- the hard bot's turn ---------------------------------------------------------------------------------
IS_WILD = tuple(COLOUR[c] == WILD or LO[c] != HI[c] for c in range(len(CARDS)))   # ``dos.is_wild``
COPIES = tuple(DECK_COUNT[code] for code in CARDS)                               # copies in the deck
COVERING = tuple(tuple(c for c in range(len(CARDS)) if LO[c] <= n <= HI[c]) for n in range(MAX_TARGET + 1))
_MATCH_SCORES: dict[tuple, float] = {}      # (cards, target) -> ``hard_match_score``: a pure function


def hard_match_score(cards: tuple, target: int) -> float:
    """``DosHard.match_score`` of ``cards`` (in hand order) on the centre card ``target``: the very float
    expression, in the same order (ties between matches come out as they do there)."""
    key = (cards, target)
    score = _MATCH_SCORES.get(key)
    if score is None:
        score = SHED * len(cards) + POINT_WEIGHT * sum(POINTS[c] for c in cards)
        bonus = colour_bonus(cards, target)
        if bonus == DOUBLE_BONUS:
            score += DOUBLE_WORTH
        elif bonus:
            score += BONUS_WORTH
        else:
            score -= WILD_SPENT * sum(1 for c in cards if IS_WILD[c])
        _MATCH_SCORES[key] = score
    return score


def hard_matches(hand: list[int], center: list[int], covers: list[tuple]) -> list[list[tuple]]:
    """Every legal match as ``(score, cards, move)``, one list per centre card that has one, in the order of
    ``Dos.legal_actions`` (centre cards left to right; on each, singles then pairs, kinds in hand order):
    ``DosHard.plan``'s groups before they are sorted."""
    kinds = sorted(set(hand))
    groups = []
    for index, target in enumerate(center):
        if covers[index]:
            continue
        tlo, thi = LO[target], HI[target]
        group = [(hard_match_score((card,), target), (card,), (MATCH, (card,), index))
                 for card in kinds if LO[card] <= thi and HI[card] >= tlo]
        for i, a in enumerate(kinds):               # the engine's pairs (a sum that fits is at most MAX_TARGET)
            alo, ahi = LO[a], HI[a]
            for b in kinds[i:]:
                if alo + LO[b] <= thi and ahi + HI[b] >= tlo and (a != b or hand.count(a) > 1):
                    group.append((hard_match_score((a, b), target), (a, b), (MATCH, (a, b), index)))
        if group:
            groups.append(group)
    return groups


def _worse_first(option: tuple) -> float:
    return -option[0]


def hard_plan(hand: list[int], groups: list[list[tuple]]) -> list[tuple]:
    """``DosHard.plan`` on coded cards: the first matches of the best-scored plans, in the order that
    search finds them. The same branch and bound step by step (each centre card's ``PLAN_TOP`` best
    matches by a stable sort of the legal order, the same float sums, the same ``PLAN_NODES`` count), so
    the same list comes out even when the node bound cuts the search short."""
    options = [sorted(group, key=_worse_first)[:PLAN_TOP] for group in groups]
    last = len(options)
    hope = [0.0] * (last + 1)                       # the most the centre cards from i on can still add
    for i in range(last - 1, -1, -1):
        hope[i] = hope[i + 1] + max(0.0, options[i][0][0])
    left = [0] * len(CARDS)                         # the hand's cards not used by the plan so far
    for card in hand:
        left[card] += 1
    best, firsts, nodes = -math.inf, [], 0

    def search(i: int, score: float, first: tuple | None) -> None:
        nonlocal best, firsts, nodes
        nodes += 1
        if i == last:
            if first is not None and score >= best:
                if score > best:
                    best, firsts = score, []
                if first not in firsts:
                    firsts.append(first)
            return
        if score + hope[i] < best or nodes > PLAN_NODES:
            return
        for value, cards, move in options[i]:
            for card in cards:
                left[card] -= 1
            if all(left[card] >= 0 for card in cards):
                search(i + 1, score + value, first or move)
            for card in cards:
                left[card] += 1
        search(i + 1, score, first)                 # this centre card left alone

    search(0, 0.0, None)
    if firsts:
        return firsts
    return [max((option for group in groups for option in group), key=lambda option: option[0])[2]]


def hard_unseen(table: Round, seat: int) -> list[int]:
    """``DosHard.unseen`` as copies per card index: the deck less the seat's hand, the centre row, the
    covers and the discard pile's top card (what ``Dos.view`` shows of it)."""
    pool = list(COPIES)
    seen = [*table.hands[seat], *table.center, *(card for cover in table.covers for card in cover)]
    if table.discard:
        seen.append(table.discard[-1])
    for card in seen:
        if pool[card] > 0:
            pool[card] -= 1
    return pool


def hard_place_score(card: int, unseen: list[int], total: int) -> float:
    """``DosHard.place_score``; ``total``: ``sum(unseen) or 1``. Integer counts, then the same float
    expression: the same value."""
    if IS_WILD[card]:
        return PLACE_WILD + POINTS[card]
    matching = sum(unseen[c] for c in COVERING[LO[card]])
    return PLACE_POINTS * POINTS[card] - STARVE * matching / total


def hard_choose(table: Round, seat: int, rng: random.Random) -> tuple:
    """``DosHard().choose(table.view(seat), table.legal(seat), True, rng)`` as a move, on the coded table:
    the same move and the same ``rng`` use (one ``rng.choice`` over a list of the same length, in the same
    order), checked in tests/unit/test_dos_rollout.py. During a turn, less the calls, ``DosHard.choose``
    comes down to: the matches' plan (``rng.choice`` of its first matches, even of one); else the best
    placement by ``place_score`` (``rng.choice`` of the ties in hand order); else ``end`` when legal,
    else ``draw`` (``next`` is legal only between rounds)."""
    hand, covers, phase = table.hands[seat], table.covers, table.phase
    if phase == PLAY:
        groups = hard_matches(hand, table.center, covers)
        if groups:
            return rng.choice(hard_plan(hand, groups))
    if phase == BONUS or (table.drawn and not any(covers)):
        kinds = sorted(set(hand))
        if kinds:
            unseen = hard_unseen(table, seat)
            total = sum(unseen) or 1
            scores = [hard_place_score(card, unseen, total) for card in kinds]
            top = max(scores)
            return rng.choice([(PLACE, (card,), NO_INDEX) for card, score in zip(kinds, scores) if score == top])
    return END_MOVE if phase == BONUS or any(covers) else DRAW_MOVE


# ----- the round ------------------------------------------------------------------------------------------
class Round:
    """One DOS round on card indices: the engine's turn rules, nothing else (no events). The ¡DOS! calls
    (``call``) and the state's ``version`` are kept only by ``play_out`` with an ``own`` bot, whose view
    (``view``) shows them; the ``called`` flags are cleared as the engine clears them, always."""

    def __init__(self, state: dict) -> None:
        code = INDEX.__getitem__
        self.state = state                           # the fields a round leaves alone (scores, options...)
        self.called, self.version = list(state["called"]), state["version"]
        self.players = state["players"]
        self.hands = [sorted(map(code, hand)) for hand in state["hands"]]
        self.draw = list(map(code, state["draw"]))
        self.discard = list(map(code, state["discard"]))
        self.center = list(map(code, state["center"]))
        self.covers = [tuple(map(code, cover)) for cover in state["covers"]]
        self.phase, self.drawn = state["phase"], state["drawn"]
        self.bonus, self.penalty, self.turn = state["bonus"], state["penalty"], state["turn"]
        self.engine_rng = {"rng": state["rng"]}      # the engine generator, for reshuffles
        self.winner, self.won = None, 0

    def over(self) -> bool:
        return self.winner is not None

    def apply(self, seat: int, move: tuple) -> None:
        """``Dos._apply`` for a turn action (assumed legal)."""
        verb, cards, index = move
        if verb == MATCH:
            self._match(seat, cards, index)
        elif verb == DRAW:
            self.drawn = True
            self._draw(seat, 1)
        elif verb == PLACE:
            self._place(seat, cards[0])
        elif self.phase == BONUS:
            self._finish_turn(seat)
        else:
            self._end_turn(seat)

    def _take(self) -> int | None:
        """The top of the draw pile, the whole discard pile reshuffled into it when it runs out."""
        if not self.draw:
            pile = self.discard
            if not pile:
                return None
            self.discard = []
            shuffle_in_state(self.engine_rng, pile)
            self.draw = pile
        return self.draw.pop()

    def _draw(self, seat: int, count: int) -> None:
        hand = self.hands[seat]
        for _ in range(count):
            card = self._take()
            if card is None:
                break
            insort(hand, card)
            self.called[seat] = False

    def _match(self, seat: int, cards: tuple, index: int) -> None:
        hand = self.hands[seat]
        for card in cards:
            hand.remove(card)
        self.called[seat] = False
        self.covers[index] = cards
        bonus = colour_bonus(cards, self.center[index])
        if bonus:
            self.bonus += 1
        if bonus == DOUBLE_BONUS:          # every other player draws one, in turn order
            for step in range(1, self.players):
                self._draw((seat + step) % self.players, DOUBLE_COLOR_DRAW)
        if not hand:
            self._end_turn(seat)

    def _place(self, seat: int, card: int) -> None:
        self.hands[seat].remove(card)
        self.called[seat] = False
        self.center.append(card)
        self.covers.append(())
        if self.phase != BONUS:
            self._end_turn(seat)
            return
        self.bonus -= 1
        if not self.bonus or not self.hands[seat]:
            self._finish_turn(seat)

    def _end_turn(self, seat: int) -> None:
        """Matched centre cards then their covers to the discard pile, the row refilled to two."""
        kept = []
        for card, cover in zip(self.center, self.covers):
            if cover:
                self.discard.append(card)
                self.discard.extend(cover)
            else:
                kept.append(card)
        while len(kept) < CENTER_SIZE:
            card = self._take()
            if card is None:
                break
            kept.append(card)
        self.center = kept
        self.covers = [()] * len(kept)
        if self.bonus and self.hands[seat]:
            self.phase = BONUS
        else:
            self._finish_turn(seat)

    def _finish_turn(self, seat: int) -> None:
        """The deferred ¡DOS! penalty, then going out or the next seat."""
        self.phase, self.drawn, self.bonus = PLAY, False, 0
        if self.penalty:
            amount, self.penalty = self.penalty, 0
            self._draw(seat, amount)
        if not self.hands[seat]:
            self._round_won(seat)
            return
        self.turn = (seat + 1) % self.players

    def _round_won(self, seat: int) -> None:
        self.winner = seat
        self.won = sum(POINTS[c] for s, hand in enumerate(self.hands) if s != seat for c in hand)

    def call(self) -> None:
        """Every exposed holder (two cards, not called) calls ¡DOS!, in seat order: one action each."""
        called = self.called
        for s, hand in enumerate(self.hands):
            if len(hand) == DOS_HAND and not called[s]:
                called[s] = True
                self.version += 1

    def text(self) -> dict:
        """This table written back as the engine's state (cards as text), for the engine's own ``view`` and
        ``legal_actions`` of it: an ``own`` bot is asked exactly as on the engine path."""
        text = CARDS.__getitem__
        return dict(self.state, version=self.version, phase=self.phase, turn=self.turn,
                    center=list(map(text, self.center)), covers=[list(map(text, c)) for c in self.covers],
                    draw=self.draw, discard=list(map(text, self.discard)),
                    hands=[list(map(text, h)) for h in self.hands], called=list(self.called),
                    drawn=self.drawn, bonus=self.bonus, penalty=self.penalty)

    def view(self, seat: int) -> dict:
        """``Dos.view(state, seat)`` of the engine's state at this point (during a turn; ``called`` and
        ``version`` as kept by ``play_out`` with an ``own`` bot)."""
        return ENGINE.view(self.text(), seat)

    def legal(self, seat: int) -> list[str]:
        """``Dos.legal_actions(state, seat)`` at this point, less the ¡DOS! calls and catches (``CALLS``)."""
        return [a for a in ENGINE.legal_actions(self.text(), seat) if a.split(" ", 1)[0] not in CALLS]

    def gained(self) -> list[int]:
        """Points gained per seat: the winner scores the other hands, nobody else scores."""
        return [self.won if s == self.winner else 0 for s in range(self.players)]


def play_round(state: dict, seat: int, action: str, rng: random.Random, horizon: int = HORIZON, own=None,
               this_turn: bool = False, policy=choose) -> list[int]:
    """Apply ``action`` for ``seat`` (the seat on turn; the action legal), then the medium policy for every
    seat until the round ends or ``horizon`` more actions; the points gained per seat. ``state`` (a whole
    DOS state during a turn) is left unchanged; ``rng`` is the policy's generator (ties). ``own``: a bot
    (``choose(view, legal, must_act, rng)``, e.g. ``DosHard()``) that plays ``seat``'s turns instead, from
    its view and over its legal actions less the calls, with the same ``rng`` (``DosHard`` itself: the same
    moves by ``hard_choose``, on the coded table); ``this_turn``: only the rest
    of the turn ``action`` began (bench/lookahead.py's ``engine_round``). ``policy``: the seats' move
    (``choose``'s arguments), ``choose`` unless a caller needs another generator use (bench/search.py)."""
    return play_out(state, seat, action, rng, horizon, own, this_turn, policy).gained()


def play_out(state: dict, seat: int, action: str, rng: random.Random, horizon: int = HORIZON, own=None,
             this_turn: bool = False, policy=choose) -> Round:
    """``play_round``'s round, returned as its last table (the tests compare it card by card with the
    engine's state)."""
    if state["phase"] not in TURN_PHASES or seat != state["turn"]:
        raise ValueError("a round is played out from the turn seat's action during a turn")
    table = Round(state)
    table.apply(seat, encode_move(action))
    played = 0
    if own is not None:                 # the engine path's loop: calls, then the own bot or the policy
        coded = type(own) is DosHard    # its turn on the coded table (``hard_choose``): no view, no text
        table.version += 1
        same_turn = True
        while played < horizon and not table.over():
            table.call()
            turn = table.turn
            same_turn = same_turn and turn == seat
            if this_turn and not same_turn:
                break                   # the bot's turn is over: the policy for every seat from here
            if turn == seat:
                if coded:
                    move = hard_choose(table, turn, rng)
                else:
                    move = encode_move(own.choose(table.view(turn), table.legal(turn), True, rng))
            else:
                move = policy(table.hands[turn], table.center, table.covers, table.phase, table.drawn, rng)
            table.apply(turn, move)
            table.version += 1
            played += 1
    for _ in range(horizon - played):
        if table.over():
            break
        turn = table.turn
        table.apply(turn, policy(table.hands[turn], table.center, table.covers, table.phase, table.drawn, rng))
    return table


def game_winner(state: dict, gained: list[int]) -> int | None:
    """The seat whose points of the round (``play_round``'s answer) take it to the target: the round ends
    the game with that seat as its winner; None when the game goes on (or the round did not end). A round
    that ends always scores: the other hands are never empty when a seat goes out."""
    for seat, points in enumerate(gained):
        if points and state["scores"][seat] + points >= state["options"]["target"]:
            return seat
    return None
