"""Shared mechanics of the shedding games (Chúpate 2, the French-deck Chúpate 2, Super Taki).

Hands, a draw pile and a discard pile (top = last), a turn and a direction, drawing with reshuffle,
a pending draw that can be stacked, the "last card" call with its denounce window, hand scoring, and
the common part of the view. Each game keeps its own legality and card effects.
"""

from __future__ import annotations

from collections import Counter

from ..core import BadOptions, BadState, Game, MalformedAction, next_seat, parse, require
from ..core.game import STATE_FORMAT
from ..core.rng import below_in_state, shuffle_in_state


def plain_copy(value):
    """A copy of a JSON-like value (lists and dicts copied all the way down; anything else shared)."""
    kind = type(value)
    if kind is list:
        return [plain_copy(v) for v in value]
    if kind is dict:
        return {k: plain_copy(v) for k, v in value.items()}
    return value


class SheddingGame(Game):
    """Base for games where players shed a hand onto one discard pile."""

    hand_size = 7
    # Action grammar: ``play <card> [<choice_option>:<value>]`` and bare verbs (see check_grammar).
    card_codes: frozenset = frozenset()
    choice_option: str = "color"
    choice_values: tuple = ()
    bare_verbs: tuple = ()
    play_example: str = "play R7"

    # ----- hooks ------------------------------------------------------------------------------
    def deck(self, options: dict) -> list[str]:
        """Every card of the game, as codes."""
        raise NotImplementedError

    def card_points(self, card: str) -> int:
        """Penalty or score value of a card left in a hand."""
        raise NotImplementedError

    def check_grammar(self, action: object) -> None:
        """Raise :class:`MalformedAction` unless ``action`` is an action text of this game at all."""
        verb, args, opts = parse(action)
        if verb == "play":
            if len(args) != 1 or args[0] not in self.card_codes:
                raise MalformedAction(f"{action!r}: play takes one card code, e.g. {self.play_example!r}")
            values = self.choice_values
            if set(opts) - {self.choice_option} or opts.get(self.choice_option, values[0]) not in values:
                raise MalformedAction(f"{action!r}: the only option is {self.choice_option}:"
                                      f"{', '.join(values[:-1])} or {values[-1]}")
        elif verb in self.bare_verbs:
            if args or opts:
                raise MalformedAction(f"{action!r}: {verb} takes nothing more")
        else:
            raise MalformedAction(f"{action!r}: unknown action {verb!r}")

    # ----- dealing and drawing ------------------------------------------------------------------
    def deal(self, state: dict) -> None:
        """Shuffle the whole deck and deal ``hand_size`` cards to every seat; start the discard pile empty."""
        cards = self.deck(state["options"])
        shuffle_in_state(state, cards)
        n, size = state["players"], self.hand_size
        state["hands"] = [cards[i * size:(i + 1) * size] for i in range(n)]
        state["draw"] = cards[n * size:]
        state["discard"] = []

    def random_seat(self, state: dict) -> int:
        return below_in_state(state, state["players"])

    def draw_cards(self, state: dict, seat: int, count: int, events: list) -> list[str]:
        """Move up to ``count`` cards from the draw pile to ``seat``'s hand, reshuffling the discard pile
        (minus its top card) when the draw pile runs out; if both are empty the rest is skipped."""
        drawn: list[str] = []
        draw = state["draw"]
        for _ in range(count):
            if not draw:
                self.reshuffle(state, events)
                draw = state["draw"]
                if not draw:
                    break
            drawn.append(draw.pop())
        state["hands"][seat].extend(drawn)
        events.append({"type": "drew", "seat": seat, "count": len(drawn), "private": {"cards": drawn}})
        return drawn

    def reshuffle(self, state: dict, events: list) -> None:
        discard = state["discard"]
        if len(discard) <= 1:
            return
        pile = self.reset_cards(discard[:-1])
        state["discard"] = discard[-1:]
        shuffle_in_state(state, pile)
        state["draw"] = pile + state["draw"]
        events.append({"type": "reshuffled", "count": len(pile)})

    def reset_cards(self, cards: list[str]) -> list[str]:
        """Hook: cards as they go back into the draw pile (e.g. forget a chosen colour)."""
        return cards

    # ----- turns -----------------------------------------------------------------------------
    def advance(self, state: dict, steps: int = 1) -> None:
        state["turn"] = next_seat(state["turn"], state["direction"], state["players"], steps)

    def next_of(self, state: dict, seat: int, steps: int = 1) -> int:
        return next_seat(seat, state["direction"], state["players"], steps)

    # ----- the "last card" call -------------------------------------------------------------------
    # state["called"]: seat that called this turn (or None); state["exposed"]: seat that went down
    # to one card without calling and may be denounced until the next turn action completes.
    def after_shed(self, state: dict, seat: int) -> None:
        """Call after ``seat`` sheds: expose it if it is left with one card without having called."""
        if len(state["hands"][seat]) == 1 and state["called"] != seat:
            state["exposed"] = seat

    def denounce(self, state: dict, seat: int, penalty: int, events: list) -> None:
        offender = state["exposed"]
        state["exposed"] = None
        events.append({"type": "denounced", "seat": seat, "offender": offender})
        self.draw_cards(state, offender, penalty, events)

    # ----- scoring and views -------------------------------------------------------------------
    def hand_points(self, state: dict) -> list[int]:
        points = self.card_points
        return [sum(map(points, hand)) for hand in state["hands"]]

    def common_view(self, state: dict, seat: int | None) -> dict:
        """The public table plus ``seat``'s own hand; never another hand or the draw pile's order."""
        view = {
            "game": self.id,
            "players": state["players"],
            "seat": seat,
            "version": state["version"],
            "phase": state["phase"],
            "turn": state["turn"],
            "first": state["first"],
            "direction": state["direction"],
            "top": state["discard"][-1] if state["discard"] else None,
            "draw_count": len(state["draw"]),
            "discard_count": len(state["discard"]),
            "counts": [len(h) for h in state["hands"]],
            "called": state["called"],
            "exposed": state["exposed"],
            "scores": list(state["scores"]),
            "round": state["round"],
            "options": dict(state["options"]),
            "over": state["over"],
            "result": state.get("result"),
            "last_round": state.get("last_round"),
        }
        if seat is not None:
            view["hand"] = self.in_card_order(state["hands"][seat])
        return view

    def in_card_order(self, cards: list[str]) -> list[str]:
        """``cards`` in the game's fixed card order (the order of :meth:`deck`), never in deal order: a
        hand shown to its player must not reveal the order the cards were dealt or drawn in."""
        order = self.__dict__.get("_card_order")
        if order is None:
            order = self.__dict__.setdefault("_card_order",
                                             {c: i for i, c in enumerate(dict.fromkeys(self.deck({})))})
        return sorted(cards, key=order.__getitem__)

    def hidden_places(self, state: dict, seat: int | None) -> list[list]:
        return [state["draw"]] + [h for s, h in enumerate(state["hands"]) if s != seat]

    # Fields a view adds to the state's (the deck's places by their sizes, derived flags): ``determinize``
    # leaves them out of the state it builds.
    view_only: tuple[str, ...] = ("seat", "hand", "counts", "top", "draw_count", "discard_count")
    turn_phases: tuple[str, ...] = ("play",)

    def determinize(self, view: dict, rng) -> dict:
        """A whole state that ``view`` (a seat's view on its own turn) could come from: the cards that seat
        cannot see (the other hands by their counts, the draw pile by its count and the discard pile under
        its top card) dealt at random by ``rng`` from the deck less the seat's hand and the top card (no
        other card is face up during a round); the engine generator (``rng`` in the state) is drawn from
        ``rng`` too; every other field is the view's, and ``hidden_fields`` fills what the view does not
        carry. ``view(state, seat)`` gives ``view`` back. For a bot that looks ahead by playing sampled
        deals: it reads nothing but its own view. The history is empty and the seed 0 (a sample is no
        replay). The same ``rng`` state gives the same sample (common random numbers for a lookahead).

        Only the seat on turn, in a phase it acts in (``turn_phases``), is served: another seat's view
        (one that may only denounce, call or break out of turn), a spectator's, or one between rounds or
        after the game raises :class:`BadState`, as does a view no table could give (counts that do not
        add up to one deck, cards the deck does not hold, fields missing or of the wrong kind, derived
        fields that disagree): the state built is checked (``check_options``, ``check_state``, and
        ``view(state, seat) == view``) before it is returned. ``rng`` is read before that check."""
        require(isinstance(view, dict) and view.get("game") == self.id and view.get("over") is False
                and view.get("phase") in self.turn_phases and type(view.get("seat")) is int
                and view.get("turn") == view["seat"], "a seat's view on its own turn")
        seat, counts, hand, top = view["seat"], view.get("counts"), view.get("hand"), view.get("top")
        players = view.get("players")
        require(type(players) is int and self.min_players <= players <= self.max_players
                and isinstance(counts, list) and len(counts) == players and 0 <= seat < players
                and all(type(c) is int and c >= 0 for c in counts)
                and isinstance(hand, list) and counts[seat] == len(hand) and isinstance(top, str)
                and all(isinstance(c, str) for c in hand), "the view's hands do not add up")
        require(isinstance(view.get("options"), dict) and all(
            type(view.get(key)) is int for key in ("draw_count", "discard_count", "version")),
            "a view's fields are missing")
        require(view.get("result") is None and view.get("last_round") is None, "a round under way has no summary")
        try:
            options = self.check_options(view["options"], players)
        except BadOptions as err:
            raise BadState(f"the view's options: {err}") from None
        require(options == view["options"], "the view's options are not a game's options")
        deck = self.deck(options)
        pool = Counter(deck)
        pool.subtract(hand + [top])
        require(min(pool.values(), default=0) >= 0 and len(pool) == len(set(deck)),
                "the view shows cards the deck does not hold")
        unseen = self.in_card_order(list(pool.elements()))
        rng.shuffle(unseen)
        hands = []
        for s, count in enumerate(counts):
            if s == seat:
                hands.append(list(hand))
            else:
                hands.append(unseen[:count])
                del unseen[:count]
        under = view["discard_count"] - 1
        require(0 <= under <= len(unseen), "the view's card counts do not add up to one deck")
        discard, draw = unseen[:under] + [top], unseen[under:]
        require(len(draw) == view["draw_count"], "the view's card counts do not add up to one deck")
        generator = "%064x" % rng.getrandbits(256)
        try:
            state = {key: plain_copy(value) for key, value in view.items() if key not in self.view_only}
            state.update(game=self.id, format=STATE_FORMAT, seed=0, rng=generator, history=[],
                         hands=hands, draw=draw, discard=discard)
            self.hidden_fields(state, view, rng)
            self.check_state(state)
            same = self.view(state, seat) == view
        except BadState:
            raise
        except (ValueError, KeyError, TypeError, IndexError, AttributeError, RecursionError) as err:
            raise BadState(f"the view is not one a table could show: {err!r}") from None
        require(same, "the view is not one a table could show (its fields disagree)")
        return state

    def hidden_fields(self, state: dict, view: dict, rng) -> None:
        """Fill, in a ``determinize``d state, the fields a view does not carry (none in the base)."""

    def card_places(self, state: dict) -> list[list[str]]:
        """Every list that holds cards; together they hold the whole deck exactly once."""
        return [state["draw"], state["discard"], *state["hands"]]

    sorted_deck: list[str] | None = None   # a game whose deck is fixed names it sorted (check_cards)

    def check_cards(self, state: dict) -> None:
        """Card conservation: the places hold exactly the game's deck (one sort: it runs after every
        action, and ``determinize`` checks every sample with it)."""
        places = self.card_places(state)
        require(all(type(place) is list for place in places), "card lists must be lists")
        deck = self.sorted_deck if self.sorted_deck is not None else sorted(self.deck(state["options"]))
        try:
            exact = sorted([c for place in places for c in place]) == deck
        except TypeError:                  # a code that is not text among the cards
            exact = False
        require(exact, "the cards on the table are not exactly one deck")

    def check_common(self, state: dict, phases: tuple[str, ...]) -> None:
        n = state["players"]
        for key in ("hands", "draw", "discard", "scores"):
            require(isinstance(state.get(key), list), f"field {key!r} must be a list")
        require(len(state["hands"]) == n and len(state["scores"]) == n, "one hand and one score per seat")
        require(all(isinstance(s, int) and not isinstance(s, bool) for s in state["scores"]), "scores are integers")
        require(state.get("phase") in phases, f"unknown phase {state.get('phase')!r}")
        for key in ("turn", "first"):
            value = state.get(key)
            require(isinstance(value, int) and not isinstance(value, bool) and 0 <= value < n, f"{key} must be a seat")
        require(state.get("direction") in (1, -1), "direction must be 1 or -1")
        for key in ("called", "exposed"):
            value = state.get(key, 0)
            require(value is None or (isinstance(value, int) and 0 <= value < n), f"{key} must be a seat or null")
        require(isinstance(state.get("round"), int) and state["round"] >= 1, "round must be a positive integer")
        self.check_cards(state)
