"""DOS: the centre-row matching game of sheet 004 with its rulings (shared/RULINGS.md, section DOS).

Card codes: a colour letter (``B`` azul, ``G`` verde, ``R`` rojo, ``Y`` amarillo) then a number
``1``, ``3``-``10`` (``B3``, ``Y10``) or ``#`` for that colour's Wild # (``R#``); ``WD`` is a Wild DOS.
Actions: ``match R7 on:0`` (single), ``match B3+Y4 on:1`` (double, cards in hand order), ``draw``,
``place R7`` (after a draw without a match, or for a colour bonus), ``end``, ``dos`` (the ¡DOS! call),
``catch 2`` (call ¡DOS! on seat 2 first), ``next`` (the round winner deals the next round).
Wild values are not written: the engine declares them (see ``resolve``), always earning a colour
bonus when one is possible; every other choice of value changes nothing in the game.
"""

from __future__ import annotations

from collections import Counter

from ...core import (POINTS_OPTION, BadState, Game, IllegalAction, MalformedAction, NotYourTurn, next_seat, parse,
                     require)
from ...core.game import STATE_FORMAT
from ...core.rng import shuffle_in_state
from .cards import (CENTER_SIZE, DECK, DECK_COUNT, DOS_HAND, DOS_PENALTY, DOUBLE, DOUBLE_COLOR_DRAW, HAND_SIZE, INFO,
                    MAX_TARGET, PHASES, RANGE, TARGET, TURN_PHASES, WILD_DOS, card_points, dealer_value, fits,
                    resolve, sort_key)


NO_ARG_VERBS = ("draw", "end", "dos", "next")


def _is_number(text: str) -> bool:
    """A seat or centre index as written in actions: decimal digits, no leading zero."""
    return text.isdigit() and str(int(text)) == text


class Dos(Game):
    """The DOS engine: a centre row matched by number, colour bonuses, ¡DOS!, rounds to a target."""

    id = "dos"
    title = {"es": "DOS", "en": "DOS"}
    min_players, max_players = 2, 4
    options_spec = {
        "target": (TARGET, POINTS_OPTION),   # points to win the game
        "turn_timer": (0, int),       # seconds per turn, 0 = none; the host runs it with auto_action
    }

    # ----- set-up ------------------------------------------------------------------------------
    def _setup(self, state: dict) -> None:
        n = state["players"]
        state.update(scores=[0] * n, round=1, last_round=None, result=None)
        state["dealer_draw"], state["dealer"] = self._draw_for_dealer(state)
        self._deal_round(state)

    def _draw_for_dealer(self, state: dict) -> tuple[list[list[list]], int]:
        """Preparar 1: every player draws a card, the highest deals; the tied highest draw again.

        Returns the draws (one list of ``[seat, card]`` per go) and the dealer. The cards all go back.
        """
        contenders = list(range(state["players"]))
        pile: list[str] = []
        rounds = []
        while True:
            if len(pile) < len(contenders):
                pile = list(DECK)
                shuffle_in_state(state, pile)
            drawn = [[s, pile.pop()] for s in contenders]
            rounds.append(drawn)
            best = max(dealer_value(c) for _, c in drawn)
            contenders = [s for s, c in drawn if dealer_value(c) == best]
            if len(contenders) == 1:
                return rounds, contenders[0]

    def _deal_round(self, state: dict) -> None:
        """Preparar 2-3 and the first turn: deal, lay the centre row, left of the dealer starts."""
        n = state["players"]
        cards = list(DECK)
        shuffle_in_state(state, cards)
        state["hands"] = [sorted(cards[i * HAND_SIZE:(i + 1) * HAND_SIZE], key=sort_key) for i in range(n)]
        rest = cards[n * HAND_SIZE:]
        state["center"] = [rest.pop() for _ in range(CENTER_SIZE)]
        state["covers"] = [[] for _ in range(CENTER_SIZE)]
        state.update(draw=rest, discard=[], turn=next_seat(state["dealer"], 1, n), phase="play",
                     drawn=False, bonus=0, penalty=0, called=[False] * n)

    # ----- cards moving ---------------------------------------------------------------------------
    def _take(self, state: dict, events: list) -> str | None:
        """The top card of the draw pile, reshuffling the whole discard pile into it when it runs out."""
        if not state["draw"]:
            pile = state["discard"]
            if not pile:
                return None
            state["discard"] = []
            shuffle_in_state(state, pile)
            state["draw"] = pile
            events.append({"type": "reshuffled", "count": len(pile)})
        return state["draw"].pop()

    def _draw(self, state: dict, seat: int, count: int, events: list, reason: str) -> list[str]:
        """``seat`` draws up to ``count`` cards (skipped when both piles are empty)."""
        drawn = []
        for _ in range(count):
            card = self._take(state, events)
            if card is None:
                break
            drawn.append(card)
        if drawn:
            hand = state["hands"][seat]
            hand.extend(drawn)
            hand.sort(key=sort_key)
            state["called"][seat] = False
        events.append({"type": "drew", "seat": seat, "count": len(drawn), "reason": reason,
                       "private": {"cards": drawn}})
        return drawn

    def _lose(self, state: dict, seat: int, card: str) -> None:
        state["hands"][seat].remove(card)
        state["called"][seat] = False

    # ----- queries -----------------------------------------------------------------------------
    def exposed(self, state: dict) -> list[int]:
        """Seats holding exactly two cards that have neither called ¡DOS! nor been caught."""
        if state["phase"] not in TURN_PHASES:
            return []
        called = state["called"]
        return [s for s, h in enumerate(state["hands"]) if len(h) == DOS_HAND and not called[s]]

    def to_move(self, state: dict) -> list[int]:
        if state["over"]:
            return []
        if state["phase"] == "round_over":
            return [state["last_round"]["winner"]]
        turn = state["turn"]
        seats = [turn]
        exposed = self.exposed(state)
        if exposed:
            seats += [s for s in range(state["players"])
                      if s != turn and (s in exposed or any(e != s for e in exposed))]
        return seats

    def _calls(self, state: dict, seat: int) -> list[str]:
        exposed = self.exposed(state)
        if not exposed:
            return []
        actions = ["dos"] if seat in exposed else []
        return actions + [f"catch {s}" for s in exposed if s != seat]

    def _matches(self, state: dict, hand: list[str]) -> list[str]:
        """Every single and double match on every centre card not matched yet this turn."""
        covers = state["covers"]
        targets = [(i, RANGE[t]) for i, t in enumerate(state["center"]) if not covers[i]]
        if not targets:
            return []
        kinds = sorted(set(hand), key=sort_key)
        singles = [(c, *RANGE[c]) for c in kinds]
        pairs = []
        for i, (a, alo, ahi) in enumerate(singles):
            for b, blo, bhi in singles[i:]:
                if alo + blo <= MAX_TARGET and (a != b or hand.count(a) > 1):
                    pairs.append((a + "+" + b, alo + blo, ahi + bhi))
        out = []
        for i, (tlo, thi) in targets:
            on = f" on:{i}"
            out += ["match " + c + on for c, lo, hi in singles if lo <= thi and hi >= tlo]
            out += ["match " + c + on for c, lo, hi in pairs if lo <= thi and hi >= tlo]
        return out

    def legal_actions(self, state: dict, seat: int) -> list[str]:
        if state["over"]:
            return []
        if state["phase"] == "round_over":
            return ["next"] if seat == state["last_round"]["winner"] else []
        calls = self._calls(state, seat)
        if seat != state["turn"]:
            return calls
        matches = self._matches(state, state["hands"][seat]) if state["phase"] == "play" else []
        return calls + matches + self._turn_moves(state, seat)

    def _turn_moves(self, state: dict, seat: int) -> list[str]:
        """The turn seat's actions other than calls and matches."""
        hand = state["hands"][seat]
        places = ["place " + c for c in sorted(set(hand), key=sort_key)]
        if state["phase"] == "bonus":
            return places + ["end"]
        if any(state["covers"]):
            return ["end"]
        return places if state["drawn"] else ["draw"]

    def is_legal(self, state: dict, seat: int, action: str) -> bool:
        """Exactly ``action in legal_actions(state, seat)``, answered without listing every match."""
        if state["over"] or not isinstance(action, str):
            return False
        verb, _, rest = action.partition(" ")
        if verb != "match":
            if state["phase"] == "round_over" or verb in ("dos", "catch"):
                return action in self.legal_actions(state, seat)
            return seat == state["turn"] and action in self._turn_moves(state, seat)
        if seat != state["turn"] or state["phase"] != "play":
            return False
        body, sep, index = rest.partition(" on:")
        if not sep or not index.isdigit() or str(int(index)) != index:
            return False
        i = int(index)
        if i >= len(state["center"]) or state["covers"][i]:
            return False
        cards = body.split("+")
        if len(cards) > 2 or any(c not in INFO for c in cards):
            return False
        if len(cards) == 2 and sort_key(cards[1]) < sort_key(cards[0]):
            return False
        hand = state["hands"][seat]
        if any(hand.count(c) < cards.count(c) for c in cards):
            return False
        lo = sum(INFO[c][1] for c in cards)
        hi = sum(INFO[c][2] for c in cards)
        return fits(lo, hi, state["center"][i])

    def check_grammar(self, action: object) -> None:
        """Raise :class:`MalformedAction` unless ``action`` is a DOS action text at all."""
        verb, args, opts = parse(action)
        if verb == "match":
            cards = args[0].split("+") if len(args) == 1 else []
            if not 1 <= len(cards) <= 2 or any(c not in INFO for c in cards):
                raise MalformedAction(f"{action!r}: match takes one card or two joined by +, e.g. 'match B3+Y4 on:1'")
            if set(opts) != {"on"} or not _is_number(opts["on"]):
                raise MalformedAction(f"{action!r}: say which centre card with on:N, e.g. 'match R7 on:0'")
        elif verb == "place":
            if len(args) != 1 or args[0] not in INFO or opts:
                raise MalformedAction(f"{action!r}: place takes one card code, e.g. 'place R7'")
        elif verb == "catch":
            if len(args) != 1 or not _is_number(args[0]) or opts:
                raise MalformedAction(f"{action!r}: catch takes the seat number, e.g. 'catch 2'")
        elif verb in NO_ARG_VERBS:
            if args or opts:
                raise MalformedAction(f"{action!r}: {verb} takes nothing more")
        else:
            raise MalformedAction(f"{action!r}: unknown action {verb!r} in DOS")

    def apply(self, state: dict, seat: int, action: str) -> list[dict]:
        """Check the notation, then the rules (see :meth:`Game.apply`)."""
        self.check_grammar(action)
        try:
            return super().apply(state, seat, action)
        except IllegalAction as err:
            if type(err) is IllegalAction and err.code == "not_your_turn":   # a seat that could only call
                raise NotYourTurn(err.action, err.seat, err.phase, err.reason) from None
            raise

    def refusal(self, state: dict, seat: int, action: str) -> tuple[str, str]:
        verb, _, rest = action.partition(" ")
        phase = state["phase"]
        hand = state["hands"][seat]
        if verb == "dos":
            return "cannot_call", "¡DOS! is called holding exactly two cards, once each time you get down to two"
        if verb == "catch":
            return "nothing_to_catch", "you can only catch another player holding two cards who has not called ¡DOS!"
        if verb == "next":
            return "not_round_over", "only the winner of a finished round deals the next one"
        if seat != state["turn"] or phase not in TURN_PHASES:
            return "not_your_turn", "it is not your turn (you may only call ¡DOS! now)"
        if verb == "match":
            return self._match_refusal(state, seat, rest)
        if verb == "draw":
            if state["drawn"]:
                return "already_drew", "you already drew this turn: match or place a card"
            if phase == "bonus":
                return "place_bonus", "place a card for your colour bonus, or end the turn"
            return "matched_already", "you have matched this turn, so you may not draw: match more or end"
        if verb == "place":
            card = rest
            if card not in hand:
                return "not_in_hand", f"you do not hold {card}"
            if any(state["covers"]):
                return "matched_already", "a card is placed only after drawing without a match, or for a bonus"
            return "draw_first", "you may place a card only after drawing without a match, or for a bonus"
        if verb == "end":
            if state["drawn"]:
                return "place_required", "you drew and did not match: place one card from your hand in the row"
            return "match_or_draw", "match a centre card or draw before ending your turn"
        return "unknown_action", f"unknown action {verb!r} in DOS"

    def _match_refusal(self, state: dict, seat: int, rest: str) -> tuple[str, str]:
        if state["phase"] != "play":
            return "place_bonus", "the matching is over: place a card for your colour bonus, or end the turn"
        body, sep, index = rest.partition(" on:")
        if not sep or not index.isdigit():
            return "bad_match", "write a match as 'match R7 on:0' or 'match B3+Y4 on:1'"
        i = int(index)
        if i >= len(state["center"]) or str(i) != index:
            return "no_such_card", f"the centre row has cards 0 to {len(state['center']) - 1}"
        if state["covers"][i]:
            return "matched_already", f"centre card {i} was already matched this turn"
        cards = body.split("+")
        if len(cards) > 2:
            return "too_many_cards", "a match is one card (single) or two cards (double)"
        for c in cards:
            if c not in INFO:
                return "no_such_card", f"{c} is not a DOS card"
            if state["hands"][seat].count(c) < cards.count(c):
                return "not_in_hand", f"you do not hold {'two ' + c if cards.count(c) > 1 else c}"
        if len(cards) == 2 and sort_key(cards[1]) < sort_key(cards[0]):
            return "card_order", f"write the two cards in hand order: {cards[1]}+{cards[0]}"
        target = state["center"][i]
        if len(cards) == 1:
            return "no_match", f"{cards[0]} does not equal the number of {target}"
        return "no_match", f"{cards[0]} and {cards[1]} cannot add up to the number of {target}"

    # ----- moves -----------------------------------------------------------------------------
    def _apply(self, state: dict, seat: int, action: str, parsed) -> list[dict]:
        verb = parsed.verb
        events: list[dict] = []
        if verb == "dos":
            state["called"][seat] = True
            events.append({"type": "called", "seat": seat})
        elif verb == "catch":
            self._catch(state, seat, int(parsed.args[0]), events)
        elif verb == "next":
            self._next_round(state, events)
        elif verb == "match":
            index = int(parsed.opts["on"])
            self._match(state, seat, parsed.args[0].split("+"), index, events)
        elif verb == "draw":
            state["drawn"] = True
            self._draw(state, seat, 1, events, "no_match")
        elif verb == "place":
            self._place(state, seat, parsed.args[0], events)
        elif verb == "end":
            if state["phase"] == "bonus":
                self._finish_turn(state, seat, events)
            else:
                self._end_turn(state, seat, events)
        return events

    def _catch(self, state: dict, seat: int, target: int, events: list) -> None:
        """¡DOS! called on a holder who forgot: they draw two, at the end of their turn if it is theirs."""
        state["called"][target] = True
        deferred = target == state["turn"]
        events.append({"type": "caught", "seat": seat, "target": target, "deferred": deferred})
        if deferred:
            state["penalty"] += DOS_PENALTY
        else:
            self._draw(state, target, DOS_PENALTY, events, "caught")

    def _match(self, state: dict, seat: int, cards: list[str], index: int, events: list) -> None:
        target = state["center"][index]
        for card in cards:
            self._lose(state, seat, card)
        state["covers"][index] = list(cards)
        declared = resolve(cards, target)
        event = {"type": "matched", "seat": seat, "on": index, "target": target, "played": list(cards)}
        event.update(declared)
        events.append(event)
        if declared["bonus"]:
            state["bonus"] += 1
        if declared["bonus"] == DOUBLE:     # every other player draws one, in turn order
            n = state["players"]
            for step in range(1, n):
                self._draw(state, next_seat(seat, 1, n, step), DOUBLE_COLOR_DRAW, events, "double_color")
        if not state["hands"][seat]:
            self._end_turn(state, seat, events)

    def _place(self, state: dict, seat: int, card: str, events: list) -> None:
        self._lose(state, seat, card)
        state["center"].append(card)
        state["covers"].append([])
        bonus = state["phase"] == "bonus"
        events.append({"type": "placed", "seat": seat, "card": card, "reason": "bonus" if bonus else "no_match"})
        if not bonus:
            self._end_turn(state, seat, events)
            return
        state["bonus"] -= 1
        if not state["bonus"] or not state["hands"][seat]:
            self._finish_turn(state, seat, events)

    def _end_turn(self, state: dict, seat: int, events: list) -> None:
        """Fin del turno: matched cards to the discard pile, refill the row to two, then the bonus cards."""
        center, covers, discard = state["center"], state["covers"], state["discard"]
        kept, matched = [], 0
        for card, cover in zip(center, covers):
            if cover:
                discard.append(card)
                discard.extend(cover)
                matched += 1
            else:
                kept.append(card)
        added = []
        while len(kept) < CENTER_SIZE:
            card = self._take(state, events)
            if card is None:
                break
            kept.append(card)
            added.append(card)
        state["center"] = kept
        state["covers"] = [[] for _ in kept]
        events.append({"type": "row_refilled", "seat": seat, "discarded": matched, "added": added,
                       "center": list(kept)})
        if state["bonus"] and state["hands"][seat]:
            state["phase"] = "bonus"
        else:
            self._finish_turn(state, seat, events)

    def _finish_turn(self, state: dict, seat: int, events: list) -> None:
        """After the bonus cards: the deferred ¡DOS! penalty, then going out or the next player."""
        state.update(phase="play", drawn=False, bonus=0)
        if state["penalty"]:
            amount, state["penalty"] = state["penalty"], 0
            self._draw(state, seat, amount, events, "caught")
        if not state["hands"][seat]:
            self._round_won(state, seat, events)
            return
        state["turn"] = next_seat(seat, 1, state["players"])
        events.append({"type": "turn", "seat": state["turn"]})

    # ----- rounds and the game -----------------------------------------------------------------
    def hand_points(self, state: dict) -> list[int]:
        return [sum(card_points(c) for c in hand) for hand in state["hands"]]

    def _round_won(self, state: dict, seat: int, events: list) -> None:
        points = self.hand_points(state)
        won = sum(p for s, p in enumerate(points) if s != seat)
        state["scores"][seat] += won
        state["last_round"] = {"winner": seat, "points": won, "hand_points": points,
                               "hands": [list(h) for h in state["hands"]]}
        events.append({"type": "round_over", "winner": seat, "points": won, "hand_points": points})
        if state["scores"][seat] >= state["options"]["target"]:
            state["over"] = True
            state["phase"] = "game_over"
            state["result"] = {"winners": [seat], "scores": list(state["scores"])}
            events.append({"type": "game_over", "winners": [seat], "scores": list(state["scores"])})
        else:
            state["phase"] = "round_over"

    def _next_round(self, state: dict, events: list) -> None:
        """The winner of the round deals the next one."""
        state["dealer"] = state["last_round"]["winner"]
        state["round"] += 1
        state["last_round"] = None
        self._deal_round(state)
        events.append({"type": "round_started", "round": state["round"], "dealer": state["dealer"],
                       "turn": state["turn"], "center": list(state["center"])})

    # ----- turn timer ---------------------------------------------------------------------------
    def auto_action(self, state: dict, seat: int) -> str:
        """The move made when the turn timer runs out: the match shedding most (colour bonus first),
        else draw; after drawing without a match, or for a bonus, place the highest-point number card
        (wilds last); no ¡DOS! call is made for the player."""
        actions = [a for a in self.legal_actions(state, seat) if a != "dos" and not a.startswith("catch")]
        if not actions:
            return super().auto_action(state, seat)
        if actions == ["next"]:
            return "next"
        matches = [a for a in actions if a.startswith("match ")]
        if matches:
            def worth(action: str) -> tuple:
                body, _, index = action[len("match "):].partition(" on:")
                cards = body.split("+")
                bonus = resolve(cards, state["center"][int(index)])["bonus"]
                return (bonus == DOUBLE, len(cards), bonus is not None, sum(card_points(c) for c in cards))
            return max(matches, key=worth)
        places = [a for a in actions if a.startswith("place ")]
        if places:
            def cost(action: str) -> tuple:
                card = action[len("place "):]
                return (INFO[card][1] == INFO[card][2] and card != WILD_DOS, card_points(card))
            return max(places, key=cost)
        return "end" if "end" in actions else "draw"

    # ----- views and validation ----------------------------------------------------------------
    def view(self, state: dict, seat: int | None) -> dict:
        """The public table plus ``seat``'s own hand; never another hand or the draw pile's order."""
        view = {
            "game": self.id,
            "players": state["players"],
            "seat": seat,
            "version": state["version"],
            "phase": state["phase"],
            "turn": state["turn"],
            "dealer": state["dealer"],
            "dealer_draw": [[list(d) for d in r] for r in state["dealer_draw"]],
            "center": list(state["center"]),
            "covers": [list(c) for c in state["covers"]],
            "draw_count": len(state["draw"]),
            "discard_count": len(state["discard"]),
            "discard_top": state["discard"][-1] if state["discard"] else None,
            "counts": [len(h) for h in state["hands"]],
            "called": list(state["called"]),
            "exposed": self.exposed(state),
            "drawn": state["drawn"],
            "bonus": state["bonus"],
            "penalty": state["penalty"],
            "scores": list(state["scores"]),
            "round": state["round"],
            "options": dict(state["options"]),
            "over": state["over"],
            "result": state.get("result"),
            "last_round": state.get("last_round"),
        }
        last = view["last_round"]
        if last is not None and "hands" in last:       # every hand in the fixed card order, never deal order
            view["last_round"] = dict(last, hands=[sorted(h, key=sort_key) for h in last["hands"]])
        if seat is not None:
            view["hand"] = sorted(state["hands"][seat], key=sort_key)
        return view

    def determinize(self, view: dict, rng) -> dict:
        """A whole state that ``view`` (a seat's view during a turn) could come from: the cards that seat
        cannot see (the other hands, the draw pile and the discard pile under its top card) dealt at
        random by ``rng`` from the deck less every card the view shows; the engine generator is drawn
        from ``rng`` too. ``view(state, seat)`` gives ``view`` back. For a bot that looks ahead by playing
        sampled deals: it reads nothing but its own view. The history is empty (a sample is no replay)."""
        require(view.get("phase") in TURN_PHASES and view.get("seat") is not None, "a seat's view during a turn")
        seat, n = view["seat"], view["players"]
        pool = Counter(DECK_COUNT)
        shown = list(view["hand"]) + list(view["center"]) + [c for cover in view["covers"] for c in cover]
        if view["discard_top"] is not None:
            shown.append(view["discard_top"])
        pool.subtract(shown)
        require(min(pool.values(), default=0) >= 0, "the view shows more copies of a card than the deck has")
        unseen = sorted(pool.elements(), key=sort_key)
        rng.shuffle(unseen)
        hands = []
        for s, count in enumerate(view["counts"]):
            if s == seat:
                hands.append(sorted(view["hand"], key=sort_key))
            else:
                hands.append(sorted(unseen[:count], key=sort_key))
                del unseen[:count]
        under = view["discard_count"] - (view["discard_top"] is not None)
        discard = unseen[:under] + ([view["discard_top"]] if view["discard_top"] is not None else [])
        draw = unseen[under:]
        require(len(draw) == view["draw_count"], "the view's card counts do not add up to one deck")
        return {
            "game": self.id, "format": STATE_FORMAT, "players": n, "options": dict(view["options"]),
            "seed": 0, "rng": "%064x" % rng.getrandbits(256), "version": view["version"], "history": [],
            "over": view["over"], "result": view.get("result"), "hands": hands, "draw": draw, "discard": discard,
            "center": list(view["center"]), "covers": [list(c) for c in view["covers"]], "turn": view["turn"],
            "dealer": view["dealer"], "dealer_draw": [[list(d) for d in r] for r in view["dealer_draw"]],
            "phase": view["phase"], "drawn": view["drawn"], "bonus": view["bonus"], "penalty": view["penalty"],
            "called": list(view["called"]), "scores": list(view["scores"]), "round": view["round"],
            "last_round": view.get("last_round"),
        }

    def hidden_places(self, state: dict, seat: int | None) -> list[list]:
        if state["phase"] in TURN_PHASES:
            others = [h for s, h in enumerate(state["hands"]) if s != seat]
        else:
            others = []            # hands are shown for scoring once the round is over
        return [state["draw"]] + others

    def card_places(self, state: dict) -> list[list[str]]:
        """Every list that holds cards; together they hold the whole deck exactly once."""
        return [state["draw"], state["discard"], state["center"], *state["covers"], *state["hands"]]

    def check_state(self, state: dict) -> None:
        n = state["players"]
        for key in ("hands", "draw", "discard", "scores", "center", "covers", "called", "dealer_draw"):
            require(isinstance(state.get(key), list), f"field {key!r} must be a list")
        require(len(state["hands"]) == n and len(state["scores"]) == n and len(state["called"]) == n,
                "one hand, one score and one ¡DOS! flag per seat")
        require(all(isinstance(s, int) and not isinstance(s, bool) and s >= 0 for s in state["scores"]),
                "scores are non-negative integers")
        require(all(isinstance(c, bool) for c in state["called"]), "¡DOS! flags are booleans")
        require(state.get("phase") in PHASES, f"unknown phase {state.get('phase')!r}")
        for key in ("turn", "dealer"):
            value = state.get(key)
            require(isinstance(value, int) and not isinstance(value, bool) and 0 <= value < n, f"{key} must be a seat")
        require(isinstance(state.get("round"), int) and state["round"] >= 1, "round must be a positive integer")
        require(isinstance(state.get("drawn"), bool), "drawn must be a boolean")
        for key in ("bonus", "penalty"):
            value = state.get(key)
            require(isinstance(value, int) and not isinstance(value, bool) and value >= 0, f"{key} must be >= 0")
        require(state["penalty"] % DOS_PENALTY == 0, "a deferred penalty is a whole number of ¡DOS! penalties")
        covers = state["covers"]
        require(len(covers) == len(state["center"]), "one cover list per centre card")
        require(all(isinstance(c, list) and len(c) <= 2 for c in covers), "a centre card holds at most two cards")
        places = self.card_places(state)
        require(all(type(place) is list for place in places), "card places must be lists")
        try:
            held = Counter([c for place in places for c in place])
        except TypeError:
            raise BadState("card lists must hold codes") from None
        require(held == DECK_COUNT, "the cards on the table are not exactly one deck")
        phase = state["phase"]
        matched = sum(1 for c in covers if c)
        require(state["bonus"] <= matched or phase == "bonus", "more colour bonuses than matches")
        if phase == "bonus":
            require(state["bonus"] >= 1 and not matched, "the bonus phase places cards after the row is cleared")
            require(state["hands"][state["turn"]] != [], "a bonus is placed from a hand that still holds cards")
        elif phase == "play":
            require(state["hands"][state["turn"]] != [], "the player to move holds cards")
        else:
            require(not matched and not state["bonus"] and not state["penalty"], "no turn business between rounds")
        require((phase == "round_over") == isinstance(state.get("last_round"), dict) or phase == "game_over",
                "round_over needs its summary")
        require((phase == "game_over") == state["over"], "phase game_over goes with over")
        if state["over"]:
            result = state.get("result")
            require(isinstance(result, dict) and isinstance(result.get("winners"), list), "a finished game has a result")
        require(len(state["dealer_draw"]) >= 1, "the dealer draw is recorded")

