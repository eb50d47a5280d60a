"""Chúpate 2: the UNO-style game of sheet 000 with its rulings (shared/RULINGS.md).

Card codes: a colour letter (R, B, G, Y) then ``0``-``9``, ``+2``, ``S`` (skip, salto) or ``R``
(reverse, cambio de sentido): ``R7``, ``B+2``, ``GS``, ``YR``. Wilds have no colour: ``W`` and ``W+4``.
Actions: ``play R7``, ``play W color:G``, ``play W+4 color:B``, ``draw``, ``pass``, ``ultima``,
``denounce``, ``challenge`` (the "mentira" button), ``next`` (deal the next round).
"""

from __future__ import annotations

from collections import Counter

from ..core import POINTS_OPTION, BadOptions, fmt, parse, require
from ..core.registry import register
from .shedding import SheddingGame

COLORS = ("R", "B", "G", "Y")
SYMBOLS = ("+2", "S", "R")
WILD, WILD4 = "W", "W+4"
HAND_SIZE = 7
PLUS2_DRAW = 2
WILD4_DRAW = 4
CHALLENGE_FINE = 2          # an honest +4 challenged: the challenger draws 4 + 2
ULTIMA_PENALTY = 2
SYMBOL_POINTS = 20
WILD_POINTS = 50
RANKING_WIN_PER_PLAYER = 10
RANKING_PAIR_WIN = 20
RANKING_LOSS = -10
RANKING_ABANDON = -20
PHASES = ("play", "drawn", "wild4", "round_over", "game_over")
TURN_VERBS = ("play", "draw", "pass", "ultima", "challenge")
NO_ARG_VERBS = ("draw", "pass", "ultima", "denounce", "challenge", "next")


def build_deck() -> list[str]:
    cards = []
    for c in COLORS:
        cards.append(c + "0")
        for rank in [str(n) for n in range(1, 10)] + list(SYMBOLS):
            cards += [c + rank] * 2
    return cards + [WILD] * 4 + [WILD4] * 4


DECK = build_deck()
SORTED_DECK = sorted(DECK)
DECK_CODES = frozenset(DECK)


def _play_texts(card: str) -> tuple[str, ...]:
    if card[0] == "W":
        return tuple(fmt("play", card, color=c) for c in COLORS)
    return ("play " + card,)


# Tables for the hot path (legal_actions, is_legal, parsing): built once from the deck.
PLAYS = {card: _play_texts(card) for card in sorted(set(DECK))}        # card -> its play texts
CARD_POINTS = {card: WILD_POINTS if card[0] == "W" else SYMBOL_POINTS if card[1:] in SYMBOLS else int(card[1:])
               for card in PLAYS}                                   # a card left in a hand scores this
PLUS2_CARDS = frozenset(c for c in DECK if c[1:] == "+2")
SIMPLE_ACTIONS = ("draw", "pass", "ultima", "denounce", "challenge", "next")
# every text legal_actions can ever yield -> (verb, card, colour); anything else is never legal
ACTION_INFO = {text: ("play", card, text[-1] if card[0] == "W" else None)
               for card, texts in PLAYS.items() for text in texts}
ACTION_INFO.update({verb: (verb, None, None) for verb in SIMPLE_ACTIONS})
PARSED = {text: parse(text) for text in ACTION_INFO}                   # shared results: never mutate


def goes_on(card: str, top: str, color: str) -> bool:
    """The matching rule: a wild goes on anything; a coloured card on the colour in force or on the same
    number or symbol (a wild on the pile has no number: only its chosen colour counts)."""
    return card[0] == "W" or card[0] == color or (top[0] != "W" and card[1:] == top[1:])


# card on the pile -> colour in force -> the cards that may go on it: the rule above, as a table
MATCHING = {top: {color: frozenset(c for c in PLAYS if goes_on(c, top, color)) for color in COLORS}
            for top in PLAYS}


class Chupate(SheddingGame):
    id = "chupate"
    title = {"es": "Chúpate 2", "en": "Chúpate 2"}
    min_players, max_players = 2, 4
    hand_size = HAND_SIZE
    card_codes, choice_option, choice_values, bare_verbs = DECK_CODES, "color", COLORS, NO_ARG_VERBS
    options_spec = {
        "quick": (False, bool),       # partida rápida: first out wins the game
        "target": (500, POINTS_OPTION),      # puntos por partida
        "pairs": (False, bool),       # juego por parejas (4 players, partners opposite)
        "turn_timer": (0, int),       # seconds per turn, 0 = none; the host runs it with auto_action
    }

    def _check_options(self, options: dict, players: int) -> None:
        if options["pairs"] and players != 4:
            raise BadOptions("pairs need exactly four players")

    def deck(self, options: dict) -> list[str]:
        return list(DECK)

    def card_points(self, card: str) -> int:
        return CARD_POINTS[card]

    # ----- set-up ----------------------------------------------------------------------------
    def _setup(self, state: dict) -> None:
        state.update(scores=[0] * state["players"], round=1, last_round=None, result=None)
        self._deal_round(state)

    def _deal_round(self, state: dict) -> None:
        self.deal(state)
        state.update(direction=-1, pending=0, drawn=None, wild4=None, called=None, exposed=None,
                     phase="play")
        draw = state["draw"]
        while draw[-1][0] == "W":      # a wild turned up goes back and the pile is reshuffled
            self._reshuffle_draw(state)
        top = draw.pop()
        state["discard"].append(top)
        state["color"] = top[0]            # never a wild here
        state["first"] = state["turn"] = self.random_seat(state)   # before an opening skip/reverse
        rank = top[1:]
        if rank == "+2":
            state["pending"] = PLUS2_DRAW
        elif rank == "S":
            self.advance(state)
        elif rank == "R":
            state["direction"] = 1
            self.advance(state)

    def _reshuffle_draw(self, state: dict) -> None:
        from ..core.rng import shuffle_in_state
        shuffle_in_state(state, state["draw"])

    # ----- queries -----------------------------------------------------------------------------
    def matches(self, state: dict, card: str) -> bool:
        """May ``card`` go on the pile now (ignoring a pending +2 or +4)? :func:`goes_on`, from its table."""
        return card in MATCHING[state["discard"][-1]][state["color"]]

    def to_move(self, state: dict) -> list[int]:
        if state["over"]:
            return []
        if state["phase"] == "round_over":
            return [state["last_round"]["winner"]]
        turn, exposed = state["turn"], state["exposed"]
        if exposed is None:
            return [turn]
        return [turn] + [s for s in range(state["players"]) if s != exposed and s != turn]

    def legal_actions(self, state: dict, seat: int) -> list[str]:
        phase = state["phase"]
        if seat != state["turn"] or phase == "round_over" or state["over"]:
            if phase == "round_over" and not state["over"]:
                return ["next"] if seat == state["last_round"]["winner"] else []
            exposed = state["exposed"]
            return ["denounce"] if exposed is not None and seat != exposed and not state["over"] else []
        # the seat to move, in play, drawn or wild4
        if phase == "wild4":
            actions = ["challenge", "draw"]
        else:
            hand = state["hands"][seat]
            actions = ["ultima"] if len(hand) == 2 and state["called"] != seat else []
            if phase == "drawn":
                actions += PLAYS[state["drawn"]]
                actions.append("pass")
            elif state["pending"]:
                actions += [PLAYS[card][0] for card in sorted(PLUS2_CARDS.intersection(hand))]
                actions.append("draw")
            else:                            # self.matches(state, card) for each distinct card, from a table
                for card in sorted(MATCHING[state["discard"][-1]][state["color"]].intersection(hand)):
                    actions += PLAYS[card]
                actions.append("draw")
        exposed = state["exposed"]
        if exposed is not None and seat != exposed:
            actions.append("denounce")
        return actions

    def check_grammar(self, action: object) -> None:
        """Raise :class:`MalformedAction` unless ``action`` is a Chúpate 2 action text at all."""
        if type(action) is str and action in PARSED:      # the well-formed texts that can be legal
            return
        super().check_grammar(action)

    def refusal(self, state: dict, seat: int, action: str) -> tuple[str, str]:
        verb, _, rest = action.partition(" ")
        card = rest.split(" ")[0]
        hand = state["hands"][seat]
        if verb in TURN_VERBS and (seat != state["turn"] or state["phase"] == "round_over"):
            return "not_your_turn", "it is not your turn (you may only denounce now)"
        if verb == "denounce":
            return "nothing_to_denounce", "nobody is left with one card without having called última"
        if verb == "ultima":
            return "cannot_call", "última is called on your turn holding exactly two cards, once"
        if verb == "challenge":
            return "nothing_to_challenge", "there is no wild +4 to challenge"
        if verb == "next":
            if state["phase"] != "round_over":
                return "round_not_over", "next deals a new round only once a round is over"
            return "not_dealer", "the next round is dealt by the winner of the last one"
        if verb == "play":
            if card not in hand:
                return "not_in_hand", f"you do not hold {card}"
            if state["phase"] == "drawn":
                return "only_drawn_card", f"after drawing only the drawn card ({state['drawn']}) may be played"
            if state["phase"] == "wild4":
                return "answer_wild4", "answer the wild +4 first: draw or challenge"
            if state["pending"]:
                return "pending_plus2", f"a +{state['pending']} is pending: only a +2 answers it"
            if card[0] == "W" and "color:" not in action:
                return "choose_color", "choose a colour for the wild"
            if card[0] != "W" and "color:" in action:
                return "no_color", "only a wild takes a colour"
            if not self.matches(state, card):
                return "no_match", f"{card} matches neither the colour nor the number or symbol on the pile"
        if verb == "pass" and state["phase"] != "drawn":
            return "draw_first", "you may only pass after drawing"
        return "illegal", "that move is not allowed now"

    def parse_action(self, action: object):
        """Well-formed texts that can be legal come from a table; anything else is checked against the
        grammar (:meth:`check_grammar`) and parsed."""
        parsed = PARSED.get(action) if type(action) is str else None
        if parsed is None:
            self.check_grammar(action)
            parsed = parse(action)
        return parsed

    def is_legal(self, state: dict, seat: int, action: str) -> bool:
        """Exactly ``action in self.legal_actions(state, seat)`` (tests/unit/test_fast_paths.py), without
        building the list."""
        info = ACTION_INFO.get(action) if type(action) is str else None
        if info is None or state["over"]:
            return False
        verb, card, color = info
        phase = state["phase"]
        if phase == "round_over":
            return verb == "next" and seat == state["last_round"]["winner"]
        if verb == "denounce":
            return state["exposed"] is not None and seat != state["exposed"]
        if seat != state["turn"] or verb == "next":
            return False
        if phase == "wild4":
            return verb == "challenge" or verb == "draw"
        hand = state["hands"][seat]
        if verb == "ultima":
            return len(hand) == 2 and state["called"] != seat
        if phase == "drawn":
            return verb == "pass" or (verb == "play" and card == state["drawn"])
        if verb == "draw":
            return True
        if verb != "play" or card not in hand:
            return False
        if state["pending"]:
            return card in PLUS2_CARDS
        return card in MATCHING[state["discard"][-1]][state["color"]]      # self.matches(state, card)

    # ----- moves ---------------------------------------------------------------------------------
    def apply(self, state: dict, seat: int, action: str) -> list[dict]:
        """:meth:`Game.apply`, shortened for a legal turn move (play, draw, pass, challenge by the seat to
        move): a table lookup instead of parsing, the turn-move part of :meth:`is_legal` inline, then
        :meth:`_turn_move`. Anything else, and every refusal, takes the general path with its typed
        errors (tests/unit/test_fast_paths.py compares the two paths over many reachable states)."""
        info = ACTION_INFO.get(action) if type(action) is str else None
        if info is not None and type(seat) is int and seat == state["turn"] and not state["over"]:
            verb, card, color = info
            phase = state["phase"]
            if verb == "play":
                if phase == "drawn":
                    legal = card == state["drawn"]
                else:
                    legal = phase == "play" and card in state["hands"][seat] and (
                        card in PLUS2_CARDS if state["pending"] else self.matches(state, card))
            elif verb == "draw":
                legal = phase == "play" or phase == "wild4"
            elif verb == "pass":
                legal = phase == "drawn"
            elif verb == "challenge":
                legal = phase == "wild4"
            else:
                legal = False              # ultima, denounce, next: the general path
            if legal:
                events = self._turn_move(state, seat, verb, card, color)
                state["history"].append([seat, action])
                state["version"] += 1
                return events
        return super().apply(state, seat, action)

    def _apply(self, state: dict, seat: int, action: str, parsed) -> list[dict]:
        verb = parsed.verb
        events: list[dict] = []
        if verb == "denounce":
            self.denounce(state, seat, ULTIMA_PENALTY, events)
            return events
        if verb == "ultima":
            state["called"] = seat
            events.append({"type": "called", "seat": seat})
            return events
        if verb == "next":
            state["round"] += 1
            state["last_round"] = None
            self._deal_round(state)
            events.append({"type": "round_started", "round": state["round"], "first": state["first"],
                           "turn": state["turn"],
                           "top": state["discard"][-1]})
            return events
        return self._turn_move(state, seat, *ACTION_INFO[action])   # legal texts are all in the table

    def _turn_move(self, state: dict, seat: int, verb: str, card: str | None, color: str | None) -> list[dict]:
        """A legal play, draw, pass or challenge by the seat to move."""
        events: list[dict] = []
        state["exposed"] = None            # the denounce window closes with this turn action
        if verb == "play":
            self._play(state, seat, card, color, events)
        elif verb == "draw":
            self._draw(state, seat, events)
        elif verb == "pass":
            events.append({"type": "passed", "seat": seat})
            self._end_turn(state, 1)
        else:
            self._challenge(state, seat, events)
        return events

    def _end_turn(self, state: dict, steps: int) -> None:
        state["phase"] = "play"
        state["drawn"] = None
        state["called"] = None
        state["turn"] = (state["turn"] + state["direction"] * steps) % state["players"]   # self.advance

    def _play(self, state: dict, seat: int, card: str, color: str | None, events: list) -> None:
        hand = state["hands"][seat]
        bluff = card == WILD4 and any(c[0] == state["color"] for c in hand)   # held the colour in force
        hand.remove(card)
        state["discard"].append(card)
        state["color"] = color = color or card[0]
        events.append({"type": "played", "seat": seat, "card": card, "color": color})
        self.after_shed(state, seat)
        if not hand:
            self._round_won(state, seat, events)
            return
        rank = card[1:]                    # rank_of(card) for a coloured card; wilds fall to the end
        steps = 1
        if rank == "+2":
            state["pending"] += PLUS2_DRAW
        elif rank == "S":
            events.append({"type": "skipped", "seat": self.next_of(state, seat)})
            steps = 0 if state["players"] == 2 else 2
        elif rank == "R":
            state["direction"] = direction = -state["direction"]
            events.append({"type": "reversed", "direction": direction})
            if state["players"] == 2:
                steps = 0
        elif card == WILD4:
            state["wild4"] = {"by": seat, "bluff": bluff}
            self._end_turn(state, 1)
            state["phase"] = "wild4"
            return
        self._end_turn(state, steps)

    def _draw(self, state: dict, seat: int, events: list) -> None:
        if state["phase"] == "wild4":
            state["wild4"] = None
            self.draw_cards(state, seat, WILD4_DRAW, events)
            self._end_turn(state, 1)
            return
        if state["pending"]:
            amount, state["pending"] = state["pending"], 0
            self.draw_cards(state, seat, amount, events)
            self._end_turn(state, 1)
            return
        drawn = self.draw_cards(state, seat, 1, events)
        if drawn and self.matches(state, drawn[0]):
            state["phase"] = "drawn"
            state["drawn"] = drawn[0]
        else:
            events.append({"type": "passed", "seat": seat})
            self._end_turn(state, 1)

    def _challenge(self, state: dict, seat: int, events: list) -> None:
        wild4 = state["wild4"]
        state["wild4"] = None
        events.append({"type": "challenged", "seat": seat, "target": wild4["by"], "bluff": wild4["bluff"]})
        if wild4["bluff"]:
            self.draw_cards(state, wild4["by"], WILD4_DRAW, events)
            state["phase"] = "play"        # the challenger now plays normally on the chosen colour
        else:
            self.draw_cards(state, seat, WILD4_DRAW + CHALLENGE_FINE, events)
            self._end_turn(state, 1)

    # ----- rounds and the game -------------------------------------------------------------------
    def team(self, state: dict, seat: int) -> list[int]:
        """The seats that win with ``seat``: its partner too in pairs (partners sit opposite)."""
        if state["options"]["pairs"]:
            return sorted({seat, (seat + 2) % 4})
        return [seat]

    def _round_won(self, state: dict, seat: int, events: list) -> None:
        team = self.team(state, seat)
        points = self.hand_points(state)
        won = sum(p for s, p in enumerate(points) if s not in team)
        state.update(pending=0, drawn=None, wild4=None, called=None, exposed=None)
        state["last_round"] = {"winner": seat, "points": won, "hand_points": points}
        events.append({"type": "round_over", "winner": seat, "points": won, "hand_points": points})
        opts = state["options"]
        if opts["quick"]:
            self._finish(state, team, events)
            return
        for s in team:
            state["scores"][s] += won
        if state["scores"][seat] >= opts["target"]:
            self._finish(state, team, events)
        else:
            state["phase"] = "round_over"

    def _finish(self, state: dict, winners: list[int], events: list) -> None:
        state["over"] = True
        state["phase"] = "game_over"
        state["result"] = {"winners": winners, "scores": list(state["scores"]),
                           "ranking": self.ranking(state, winners)}
        events.append({"type": "game_over", "winners": winners, "scores": list(state["scores"])})

    def ranking(self, state: dict, winners: list[int], abandoned: tuple[int, ...] = ()) -> list[int]:
        """Ranking points of the sheet: winner +10 × players (pairs: +20 each), loser −10, abandon −20."""
        n = state["players"]
        win = RANKING_PAIR_WIN if state["options"]["pairs"] else RANKING_WIN_PER_PLAYER * n
        return [RANKING_ABANDON if s in abandoned else win if s in winners else RANKING_LOSS for s in range(n)]

    # ----- turn timer -----------------------------------------------------------------------------
    def auto_action(self, state: dict, seat: int) -> str:
        """The move made when the turn timer runs out: play the first matching card (colours before
        wilds, a wild takes the colour held most), else draw; after drawing, play it if possible, else
        pass; a +4 is accepted, never challenged; no última call is made for the player."""
        actions = [a for a in self.legal_actions(state, seat) if a not in ("ultima", "denounce")]
        if not actions:
            return super().auto_action(state, seat)
        if "next" in actions or state["phase"] == "wild4":
            return actions[-1] if state["phase"] == "wild4" else "next"
        plays = [a for a in actions if a.startswith("play ")]
        coloured = [a for a in plays if not a.startswith("play W")]
        if coloured:
            return coloured[0]
        if plays:
            held = Counter(c[0] for c in state["hands"][seat] if c[0] != "W")
            best = max(COLORS, key=lambda c: (held[c], -COLORS.index(c)))
            return next(a for a in plays if a.endswith("color:" + best))
        return "pass" if "pass" in actions else "draw"

    # ----- views and validation --------------------------------------------------------------
    sorted_deck = SORTED_DECK
    view_only = SheddingGame.view_only + ("teams", "wild4_pending")
    turn_phases = ("play", "drawn", "wild4")

    def hidden_fields(self, state: dict, view: dict, rng) -> None:
        """The one field a view does not carry: a pending wild +4 (phase ``wild4``). It was played by the
        seat before the one on turn (``by``: the +4 ends its player's turn by one step, the direction
        unchanged); whether it was a bluff (``bluff``: its player held a card of the colour in force
        before it) is taken as honest, ``bluff`` false. It cannot be read from the view: the colour in
        force before the +4 is not shown (the view shows the colour chosen with it), nor is the hand as
        it was then (a denounce may have added cards since). Nor is it computed from the sampled hand
        and the sampled card under the top: a random hand of three cards or more holds a given colour
        more often than not, so most samples would be bluffs, while the medium and hard bots play a +4
        only when nothing else goes or to attack a seat about to go out (bots/medium.py, bots/hard.py).
        So a lookahead finds a challenge costly; a bot that searches leaves the answer to a +4 to its
        own judgement (bench/shed_lookahead.py)."""
        by = (state["turn"] - state["direction"]) % state["players"]
        state["wild4"] = {"by": by, "bluff": False} if state["phase"] == "wild4" else None

    def view(self, state: dict, seat: int | None) -> dict:
        view = self.common_view(state, seat)
        view["color"] = state["color"]
        view["pending"] = state["pending"]
        view["wild4_pending"] = state["phase"] == "wild4"
        view["drawn"] = state["drawn"] if seat is not None and seat == state["turn"] else None
        view["teams"] = [self.team(state, s) for s in range(state["players"])]
        return view

    def check_state(self, state: dict) -> None:
        for key in ("phase", "turn", "direction", "color", "pending", "drawn", "wild4", "called", "exposed",
                    "round", "last_round", "result"):
            require(key in state, f"field {key!r} is missing")
        self.check_common(state, PHASES)
        require(state.get("color") in COLORS, "colour must be one of R, B, G, Y")
        require(isinstance(state.get("pending"), int) and state["pending"] >= 0, "pending must be >= 0")
        require(state["discard"] != [], "the discard pile is never empty")
        drawn = state.get("drawn")
        require(drawn is None or drawn in state["hands"][state["turn"]], "the drawn card must be in the hand")
        require((state["phase"] == "drawn") == (drawn is not None), "a drawn card goes with phase drawn")
        wild4 = state.get("wild4")
        require((state["phase"] == "wild4") == isinstance(wild4, dict), "a wild +4 goes with phase wild4")
        if wild4 is not None:
            require(set(wild4) == {"by", "bluff"} and isinstance(wild4["bluff"], bool), "bad wild4 record")
        require((state["phase"] == "round_over") == isinstance(state.get("last_round"), dict)
                or state["phase"] == "game_over", "round_over needs its summary")


GAME = register(Chupate())
