"""Chúpate 2 with a double French deck (Mau-Mau family): sheet 002 with its rulings (shared/RULINGS.md).

Card codes: rank then suit, ``2``-``10``, ``J`` (sota), ``Q`` (dama), ``K`` (rey), ``A`` (as) and
``H`` (corazón), ``D`` (diamante), ``S`` (pica), ``C`` (trébol): ``7H``, ``10S``, ``JD``, ``AC``.
Actions: ``play 5H``, ``play JH suit:S`` (a Jack names a suit), ``draw``, ``call`` ("chúpate 2", said
before playing the next-to-last card), ``denounce``, ``next`` (deal the next round).
Host actions (seat ``None``, between rounds or any time): ``join`` and ``leave <seat>``; see
:meth:`Francesa.join` and :meth:`Francesa.leave`.
"""

from __future__ import annotations

from collections import Counter

from ..core import POINTS_OPTION, GameOver, IllegalAction, MalformedAction, NotYourTurn, parse, require
from ..core.registry import register
from ..core.rng import below_in_state, shuffle_in_state
from .shedding import SheddingGame

SUITS = ("H", "D", "S", "C")            # corazón, diamante, pica, trébol
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
DECKS = 2                               # "una baraja doble": 2 × 52 = 104 cards
HAND_SIZE = 7                           # "cada jugador siete cartas"
SEVEN, EIGHT, NINE, JACK, ACE = "7", "8", "9", "J", "A"
SPECIALS = (SEVEN, EIGHT, NINE, JACK, ACE)   # an opening card of these ranks is covered by another
SEVEN_DRAW = 2                          # "el siguiente jugador tiene que robar dos cartas"
CALL_PENALTY = 2                        # forgot "chúpate 2": "tendrá que robar dos cartas"
SCORE_LIMIT = 120                       # "más de 120 puntos negativos" ends the game
FACE_POINTS = {"A": 11, "K": 10, "Q": 10, "J": 20}   # numbers count their face value
START_DIRECTION = -1                    # counter-clockwise, as in Chúpate 2 (sheet silent)
PHASES = ("play", "ace", "round_over", "game_over")
HOST = None                             # the "seat" of host actions in the history
SUIT_OPTIONS = tuple("suit:" + s for s in SUITS)
TURN_VERBS = ("play", "draw", "call")
NO_ARG_VERBS = ("draw", "call", "denounce", "next")


def rank_of(card: str) -> str:
    """``"10S"`` -> ``"10"``."""
    return card[:-1]


def suit_of(card: str) -> str:
    """``"10S"`` -> ``"S"``."""
    return card[-1]


def build_deck() -> list[str]:
    """The 104 cards: two French decks."""
    return [rank + suit for _ in range(DECKS) for suit in SUITS for rank in RANKS]


DECK = build_deck()
SORTED_DECK = sorted(DECK)
CARD_CODES = frozenset(DECK)
POINTS = {card: FACE_POINTS.get(rank_of(card)) or int(rank_of(card)) for card in set(DECK)}


class Francesa(SheddingGame):
    id = "francesa"
    title = {"es": "Chúpate 2 con baraja francesa", "en": "Chúpate 2 with a French deck"}
    min_players, max_players = 2, 5
    hand_size = HAND_SIZE
    card_codes, choice_option, choice_values, bare_verbs = CARD_CODES, "suit", SUITS, NO_ARG_VERBS
    play_example = "play 7H"
    options_spec = {
        "limit": (SCORE_LIMIT, POINTS_OPTION),   # the game ends as soon as a total exceeds this
    }

    def deck(self, options: dict) -> list[str]:
        return list(DECK)

    def card_points(self, card: str) -> int:
        return POINTS[card]

    # ----- seats -------------------------------------------------------------------------------
    # A seat whose player left is marked in state["gone"]: it keeps its index (so the room layer's
    # seat bindings stay valid), holds no cards, is skipped by the turn order and is off the score
    # list. A joiner takes the lowest gone seat, or a new seat at the end.
    def active(self, state: dict) -> list[int]:
        """The seats still playing, in seat order."""
        return [s for s, gone in enumerate(state["gone"]) if not gone]

    def next_of(self, state: dict, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places on in the direction of play, skipping seats that left."""
        n, d, gone = state["players"], state["direction"], state["gone"]
        for _ in range(steps):
            seat = (seat + d) % n
            while gone[seat]:
                seat = (seat + d) % n
        return seat

    def advance(self, state: dict, steps: int = 1) -> None:
        state["turn"] = self.next_of(state, state["turn"], steps)

    def dealer(self, state: dict) -> int:
        """Who deals the next round (the ``next`` action): the round's winner, or the next one still in."""
        winner = state["last_round"]["winner"]
        return self.next_of(state, winner) if state["gone"][winner] else winner

    # ----- set-up --------------------------------------------------------------------------------
    def _setup(self, state: dict) -> None:
        n = state["players"]
        state.update(scores=[0] * n, gone=[False] * n, round=1, last_round=None, result=None)
        self._deal_round(state)

    def _deal_round(self, state: dict) -> None:
        """Deal 7 to every seat still in, turn up the opening card, pick the first player at random."""
        cards = self.deck(state["options"])
        shuffle_in_state(state, cards)
        hands: list[list[str]] = []
        for gone in state["gone"]:
            hands.append([] if gone else [cards.pop() for _ in range(HAND_SIZE)])
        state["hands"] = hands
        state["draw"] = cards
        discard = [cards.pop()]
        while rank_of(discard[-1]) in SPECIALS:     # "si fuera una carta especial, se colocará otra encima"
            discard.append(cards.pop())
        state["discard"] = discard
        active = self.active(state)
        first = active[below_in_state(state, len(active))]
        state.update(direction=START_DIRECTION, suit=suit_of(discard[-1]), pending=0, called=None,
                     exposed=None, phase="play", turn=first, first=first)

    # ----- queries -------------------------------------------------------------------------------
    def matches(self, state: dict, card: str) -> bool:
        """May ``card`` go on the pile now (ignoring a pending 7)? Same suit, same rank, or a Jack."""
        rank = card[:-1]
        return rank == JACK or card[-1] == state["suit"] or rank == state["discard"][-1][:-1]

    def to_move(self, state: dict) -> list[int]:
        if state["over"]:
            return []
        if state["phase"] == "round_over":
            return [self.dealer(state)]
        turn, exposed = state["turn"], state["exposed"]
        if exposed is None:
            return [turn]
        gone = state["gone"]
        return [turn] + [s for s in range(state["players"]) if s != exposed and s != turn and not gone[s]]

    def legal_actions(self, state: dict, seat: int) -> list[str]:
        if state["over"]:
            return []
        if state["phase"] == "round_over":
            return ["next"] if seat == self.dealer(state) else []
        actions: list[str] = []
        if seat == state["turn"]:
            hand = state["hands"][seat]
            if len(hand) == 2 and state["called"] != seat:
                actions.append("call")
            if state["pending"]:
                # "si éste tiene también un siete ... puede así mismo dejarlo"
                actions += ["play " + c for c in sorted(set(hand)) if c[:-1] == SEVEN]
            else:
                suit, top_rank = state["suit"], state["discard"][-1][:-1]
                for card in sorted(set(hand)):
                    rank = card[:-1]
                    if rank == JACK:
                        actions += [f"play {card} suit:{s}" for s in SUITS]
                    elif card[-1] == suit or rank == top_rank:
                        actions.append("play " + card)
            actions.append("draw")
        exposed = state["exposed"]
        if exposed is not None and seat != exposed and not state["gone"][seat]:
            actions.append("denounce")
        return actions

    def is_legal(self, state: dict, seat: int, action: str) -> bool:
        """Exactly ``action in legal_actions(state, seat)``, without building the list."""
        if state["over"]:
            return False
        if state["phase"] == "round_over":
            return action == "next" and seat == self.dealer(state)
        if action == "denounce":
            exposed = state["exposed"]
            return exposed is not None and seat != exposed and not state["gone"][seat]
        if seat != state["turn"]:
            return False
        if action == "draw":
            return True
        hand = state["hands"][seat]
        if action == "call":
            return len(hand) == 2 and state["called"] != seat
        if not action.startswith("play "):
            return False
        card, sep, opt = action[5:].partition(" ")
        if card not in hand:
            return False
        rank = card[:-1]
        if state["pending"]:
            return rank == SEVEN and not sep
        if rank == JACK:
            return opt in SUIT_OPTIONS
        return not sep and (card[-1] == state["suit"] or rank == state["discard"][-1][:-1])

    def refusal(self, state: dict, seat: int, action: str) -> tuple[str, str]:
        verb, _, rest = action.partition(" ")
        card = rest.split(" ")[0]
        if state["gone"][seat]:
            return "not_your_turn", "this seat has left the game"
        if verb in TURN_VERBS and (seat != state["turn"] or state["phase"] == "round_over"):
            return "not_your_turn", "it is not your turn (you may only denounce now)"
        if verb == "denounce":
            return "nothing_to_denounce", "nobody is left with one card without having called chúpate 2"
        if verb == "call":
            return "cannot_call", "chúpate 2 is called on your turn holding exactly two cards, once"
        if verb == "next":
            return "not_dealer", "the next round is dealt by the winner of the last one"
        if verb == "play":
            hand = state["hands"][seat]
            if card not in hand:
                return "not_in_hand", f"you do not hold {card}"
            if state["pending"]:
                return "pending_seven", (f"a 7 is pending: answer with a 7 or draw {state['pending']} "
                                         "cards (a Jack does not stop it)")
            if rank_of(card) == JACK:
                return "choose_suit", "a Jack names a suit: add suit:H, suit:D, suit:S or suit:C"
            if " suit:" in action:
                return "no_suit_choice", "only a Jack names a suit"
            if not self.matches(state, card):
                top = state["discard"][-1]
                after = "after the Ace play one more card that " if state["phase"] == "ace" else ""
                return "no_match", (f"{after}{card} matches neither the suit ({state['suit']}) nor the rank "
                                    f"of {top}")
        if verb == "draw" and state["phase"] == "round_over":
            return "round_over", "the round is over: the winner deals the next one"
        return "illegal", "that move is not allowed now"

    # ----- moves ----------------------------------------------------------------------------------
    def _apply(self, state: dict, seat: int, action: str, parsed) -> list[dict]:
        verb = parsed.verb
        events: list[dict] = []
        if verb == "denounce":
            self.denounce(state, seat, CALL_PENALTY, events)
            return events
        if verb == "call":
            state["called"] = seat
            events.append({"type": "called", "seat": seat})
            return events
        if verb == "next":
            self._next_round(state, events)
            return events
        if state["exposed"] != seat:      # the denounce window closes when the next player acts
            state["exposed"] = None
        if verb == "play":
            self._play(state, seat, parsed.args[0], parsed.opts.get("suit"), events)
        else:
            self._draw(state, seat, events)
        return events

    def _end_turn(self, state: dict, steps: int) -> None:
        state["phase"] = "play"
        state["called"] = None
        self.advance(state, steps)

    def _play(self, state: dict, seat: int, card: str, suit: str | None, events: list) -> None:
        hand = state["hands"][seat]
        hand.remove(card)
        state["discard"].append(card)
        state["suit"] = suit or card[-1]
        events.append({"type": "played", "seat": seat, "card": card, "suit": state["suit"]})
        self.after_shed(state, seat)
        rank = card[:-1]
        if rank == SEVEN:
            state["pending"] += SEVEN_DRAW
        if not hand:
            self._round_won(state, seat, events)
            return
        if rank == SEVEN:
            self._end_turn(state, 1)
        elif rank == EIGHT:                # "el siguiente jugador tiene que pasar su turno"
            events.append({"type": "skipped", "seat": self.next_of(state, seat)})
            self._end_turn(state, 2)
        elif rank == NINE and len(self.active(state)) > 2:   # two players: a normal card
            state["direction"] *= -1
            events.append({"type": "reversed", "direction": state["direction"]})
            self._end_turn(state, 1)
        elif rank == ACE:                  # "puede tirar una carta más": same seat, phase ace
            state["phase"] = "ace"
        else:
            self._end_turn(state, 1)

    def _draw(self, state: dict, seat: int, events: list) -> None:
        """Draw the pending 7s, or one card; either way the turn ends (no play after drawing)."""
        amount, state["pending"] = state["pending"] or 1, 0
        self.draw_cards(state, seat, amount, events)
        self._end_turn(state, 1)

    # ----- rounds and the game -----------------------------------------------------------------
    def _round_won(self, state: dict, seat: int, events: list) -> None:
        events.append({"type": "out", "seat": seat})
        penalty = None
        if state["pending"]:               # last card a 7: "el siguiente jugador tiene que robar"
            penalty = {"seat": self.next_of(state, seat), "count": state["pending"]}
            self.draw_cards(state, penalty["seat"], state["pending"], events)
        points = self.hand_points(state)
        for s in self.active(state):
            state["scores"][s] += points[s]
        state.update(pending=0, called=None, exposed=None, phase="round_over")
        state["last_round"] = {"winner": seat, "hand_points": points, "penalty": penalty,
                               "hands": [list(h) for h in state["hands"]]}
        events.append({"type": "round_over", "winner": seat, "hand_points": points,
                       "scores": list(state["scores"])})
        limit = state["options"]["limit"]
        if any(state["scores"][s] > limit for s in self.active(state)):
            self._finish(state, events)

    def _next_round(self, state: dict, events: list) -> None:
        state["round"] += 1
        state["last_round"] = None
        self._deal_round(state)
        events.append({"type": "round_started", "round": state["round"], "first": state["first"],
                       "turn": state["turn"],
                       "opening": list(state["discard"])})

    def _finish(self, state: dict, events: list) -> None:
        """Game over: fewest points wins; "los jugadores se sucederán según sus puntos negativos"."""
        scores, active = state["scores"], self.active(state)
        standings = sorted(active, key=lambda s: (scores[s], s))
        best = scores[standings[0]]
        places = [None] * state["players"]
        for s in active:
            places[s] = 1 + sum(1 for t in active if scores[t] < scores[s])
        winners = [s for s in standings if scores[s] == best]
        state.update(over=True, phase="game_over", pending=0, called=None, exposed=None)
        state["result"] = {"winners": winners, "scores": list(scores), "standings": standings,
                           "places": places, "gone": list(state["gone"])}
        events.append({"type": "game_over", "winners": winners, "scores": list(scores)})

    # ----- host actions: players joining between rounds and leaving at any time ---------------------
    def apply(self, state: dict, seat: int | None, action: str) -> list[dict]:
        """As :meth:`Game.apply`; seat ``None`` is the host (``join``, ``leave <seat>``)."""
        if seat is HOST:
            parsed = parse(action)
            if parsed.verb == "join" and not parsed.args and not parsed.opts:
                return self.join(state)
            if parsed.verb == "leave" and len(parsed.args) == 1 and not parsed.opts and parsed.args[0].isdigit():
                return self.leave(state, int(parsed.args[0]))
            raise MalformedAction(f"unknown host action {action!r}: use 'join' or 'leave <seat>'")
        try:
            return super().apply(state, seat, action)
        except IllegalAction as err:     # legal actions are well-formed: check the grammar only now
            self.check_grammar(action)
            if type(err) is IllegalAction and err.code == "not_your_turn":   # a seat that could only denounce
                raise NotYourTurn(err.action, err.seat, err.phase, err.reason) from None
            raise

    def join(self, state: dict) -> list[dict]:
        """A new player joins between rounds with the worst total so far; returns events (``joined``)."""
        if state["over"]:
            raise GameOver("join", HOST, state["phase"], "the game is over")
        if state["phase"] != "round_over":
            raise IllegalAction("join", HOST, state["phase"], "players join between rounds only", "between_rounds")
        active = self.active(state)
        if len(active) >= self.max_players:
            raise IllegalAction("join", HOST, state["phase"], f"the table is full ({self.max_players} players)",
                                "table_full")
        worst = max(state["scores"][s] for s in active)
        if len(active) < state["players"]:
            seat = state["gone"].index(True)
        else:
            seat = state["players"]
            state["players"] += 1
            state["hands"].append([])
            state["scores"].append(0)
            state["gone"].append(False)
            state["last_round"]["hand_points"].append(0)
            state["last_round"]["hands"].append([])
        state["gone"][seat] = False
        state["scores"][seat] = worst
        self._record(state, "join")
        return [{"type": "joined", "seat": seat, "score": worst}]

    def leave(self, state: dict, seat: int) -> list[dict]:
        """``seat`` leaves at any time: its cards are shuffled into the draw pile, the seat is marked gone
        and taken off the score list; with fewer than two players left the game ends."""
        action = f"leave {seat}"
        if state["over"]:
            raise GameOver(action, HOST, state["phase"], "the game is over")
        if not (isinstance(seat, int) and 0 <= seat < state["players"]) or state["gone"][seat]:
            raise IllegalAction(action, HOST, state["phase"], "there is no such player at the table", "no_such_seat")
        hand = state["hands"][seat]
        events: list[dict] = [{"type": "left", "seat": seat, "returned": len(hand)}]
        state["draw"] += hand
        state["hands"][seat] = []
        shuffle_in_state(state, state["draw"])
        state["gone"][seat] = True
        for key in ("exposed", "called"):
            if state[key] == seat:
                state[key] = None
        if len(self.active(state)) < self.min_players:
            self._finish(state, events)
        elif state["turn"] == seat:
            if state["phase"] == "round_over":
                self.advance(state)
            else:
                state["pending"] = 0       # a 7 aimed at the leaver lapses; an Ace bonus ends
                self._end_turn(state, 1)
            events.append({"type": "turn", "seat": state["turn"]})
        self._record(state, action)
        return events

    def _record(self, state: dict, action: str) -> None:
        state["history"].append([HOST, action])
        state["version"] += 1

    # ----- turn timer --------------------------------------------------------------------------------
    def auto_action(self, state: dict, seat: int) -> str:
        """The move made when the turn timer runs out: deal if due; answer a 7 with a 7, else draw;
        else shed the costliest matching non-Jack card, else a Jack naming the suit held most, else draw.
        No call is made for the player."""
        actions = [a for a in self.legal_actions(state, seat) if a not in ("call", "denounce")]
        if not actions:
            return super().auto_action(state, seat)
        if actions == ["next"]:
            return "next"
        plays = [a for a in actions if a.startswith("play ")]
        plain = [a for a in plays if " suit:" not in a]
        if plain:
            return max(plain, key=lambda a: POINTS[a.split(" ")[1]])
        if plays:
            held = Counter(c[-1] for c in state["hands"][seat] if c[:-1] != JACK)
            best = max(SUITS, key=lambda s: (held[s], -SUITS.index(s)))
            return next(a for a in plays if a.endswith("suit:" + best))
        return "draw"

    # ----- views and validation -------------------------------------------------------------------
    # ``determinize``: the phases a seat acts in on its turn; "ace_bonus" and "dealer" are derived in the
    # view. Every other field of a running round (suit, pending 7s, gone seats, calls) is in the view: no
    # field is hidden from the seat on turn, so nothing but the cards is sampled.
    sorted_deck = SORTED_DECK
    view_only = SheddingGame.view_only + ("ace_bonus", "dealer")
    turn_phases = ("play", "ace")

    def view(self, state: dict, seat: int | None) -> dict:
        view = self.common_view(state, seat)
        view["suit"] = state["suit"]
        view["pending"] = state["pending"]
        view["ace_bonus"] = state["phase"] == "ace"
        view["gone"] = list(state["gone"])
        view["dealer"] = self.dealer(state) if state["phase"] == "round_over" else None
        last = state["last_round"]
        if last is not None:
            view["last_round"] = {"winner": last["winner"], "hand_points": list(last["hand_points"]),
                                  "penalty": dict(last["penalty"]) if last["penalty"] else None,
                                  "hands": [self.in_card_order(h) for h in last["hands"]]}
        return view

    def check_state(self, state: dict) -> None:
        self.check_common(state, PHASES)
        n, gone = state["players"], state.get("gone")
        require(isinstance(gone, list) and len(gone) == n and all(isinstance(g, bool) for g in gone),
                "gone must hold one true/false per seat")
        active = self.active(state)
        require(all(not state["hands"][s] for s in range(n) if gone[s]), "a seat that left holds no cards")
        require(len(active) >= (1 if state["over"] else self.min_players), "too few players left")
        require(state["over"] or not gone[state["turn"]], "the turn is at a seat that left")
        for key in ("called", "exposed"):
            require(state[key] is None or not gone[state[key]], f"{key} names a seat that left")
        require(state["discard"] != [], "the discard pile is never empty")
        top = state["discard"][-1]
        require(state.get("suit") in SUITS, "suit must be one of H, D, S, C")
        require(rank_of(top) == JACK or state["suit"] == suit_of(top), "only a Jack names another suit")
        pending = state.get("pending")
        require(isinstance(pending, int) and not isinstance(pending, bool) and pending >= 0
                and pending % SEVEN_DRAW == 0, "pending must be a multiple of 2")
        require(not pending or (state["phase"] == "play" and rank_of(top) == SEVEN), "a pending draw needs a 7")
        require(state["phase"] != "ace" or rank_of(top) == ACE, "phase ace needs an Ace on the pile")
        last = state.get("last_round")
        require((state["phase"] == "round_over") <= isinstance(last, dict), "round_over needs its summary")
        if state["phase"] == "round_over":
            require(set(last) == {"winner", "hand_points", "penalty", "hands"}, "bad round summary")
            require(isinstance(last["winner"], int) and 0 <= last["winner"] < n, "bad round winner")
            require(len(last["hand_points"]) == n and len(last["hands"]) == n, "one summary entry per seat")
        else:
            require(state["phase"] == "game_over" or last is None, "a running round has no summary")
        require(state["over"] == (state["phase"] == "game_over"), "phase game_over goes with over")
        require(not state["over"] or isinstance(state.get("result"), dict), "a finished game has a result")


GAME = register(Francesa())
