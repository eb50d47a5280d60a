"""Super Taki: the engine of sheet 003 with its rulings (shared/RULINGS.md), quick game (first out wins).

Actions: ``play R7``, ``play CC color:G``, ``play ST`` (``play ST color:G`` on a King), ``play K``,
``play X3`` (a breaker with no +3: draw 3), ``break`` (a breaker on an active +3, also out of turn),
``close`` (cierro Taki), ``end`` (end a King's extra turn, or leave your TAKI open), ``draw``,
``call`` (¡me queda una!). docs/games/taki.md has the whole format and every choice made.
"""

from __future__ import annotations

from collections import Counter

from ...core import IllegalAction, NotYourTurn, parse, require
from ..shedding import SheddingGame
from .cards import (BREAKER, BREAKER_FINE, CHANGE_COLOR, COLOR_PLAYS, COLOR_SET, COLORS, DECK, HAND_SIZE, KING,
                    LAST_CARD_PENALTY, MAX_PLAYERS, MIN_PLAYERS, PHASES, PLUS, PLUS2, PLUS2_DRAW, PLUS3,
                    PLUS_FOLLOWERS,
                    PLUS3_DRAW, PLUS_LAST_DRAW, REVERSE, SORTED_DECK, STOP, SUPER_TAKI, TAKI, WELL_FORMED,
                    card_points, check_grammar, is_number)


class Taki(SheddingGame):
    id = "taki"
    title = {"es": "Super Taki", "en": "Super Taki"}
    min_players, max_players = MIN_PLAYERS, MAX_PLAYERS
    hand_size = HAND_SIZE
    options_spec = {
        "turn_timer": (0, int),       # seconds per turn, 0 = none; the host runs it with auto_action
    }

    def deck(self, options: dict) -> list[str]:
        return list(DECK)

    def card_points(self, card: str) -> int:
        """Informative hand value (the quick game has no scoring)."""
        return card_points(card)

    # ----- set-up ----------------------------------------------------------------------------
    def _setup(self, state: dict) -> None:
        self.deal(state)
        state.update(scores=[0] * state["players"], round=1, last_round=None, result=None, direction=1,
                     pending=0, plus3_by=None, taki=None, finishing=[], called=None, exposed=None,
                     phase="play")
        draw, discard = state["draw"], state["discard"]
        discard.append(draw.pop())
        while not is_number(discard[-1]):          # an action or colourless card: turn another on top
            discard.append(draw.pop())
        state["color"] = discard[-1][0]
        state["first"] = state["turn"] = self.random_seat(state)

    # ----- queries -----------------------------------------------------------------------------
    @staticmethod
    def top_rank(state: dict) -> str | None:
        """The number or symbol a card may match on the top card in a free turn; ``None`` when only the
        colour counts: a colourless top card, or a spent +2 (a +2 on top with no chain pending and no
        open TAKI is a chain already drawn: "pasa a la siguiente, que solo debe fijarse en el color")."""
        top = state["discard"][-1]
        if top[0] not in COLOR_SET:
            return None
        rank = top[1:]
        if rank == PLUS2 and state["taki"] is None:   # pending is 0 whenever a free turn is asked about
            return None
        return rank

    def matches(self, state: dict, card: str) -> bool:
        """May ``card`` go on the pile in a free turn? Colourless cards always may (sheet)."""
        first = card[0]
        if first not in COLOR_SET:
            return True
        color = state["color"]
        if color is None or first == color:        # on a King anything goes
            return True
        return card[1:] == self.top_rank(state)

    def _free_plays(self, state: dict, hand: list[str]) -> tuple[list[str], bool]:
        """The plays of a turn with no obligation, and whether any card (breakers aside) is playable."""
        actions: list[str] = []
        playable = False
        color = state["color"]
        top_rank = self.top_rank(state)
        for card in sorted(set(hand)):                 # inlined :meth:`matches`: this runs every action
            if card[0] in COLOR_SET:
                if color is None or card[0] == color or card[1:] == top_rank:
                    actions.append("play " + card)
                    playable = True
            elif card == BREAKER:
                actions.append("play " + card)    # allowed, but it is a fine, never an obligation
            else:
                playable = True
                if card == CHANGE_COLOR or (card == SUPER_TAKI and color is None):
                    actions += COLOR_PLAYS[card]
                else:
                    actions.append("play " + card)
        return actions, playable

    @staticmethod
    def _plus_actions(state: dict, hand: list[str]) -> list[str]:
        """After a Plus: a card of the Plus's colour or a colourless card that goes on anything (change
        colour, Super TAKI, King, +3; not the breaker, which goes on nothing); with none, draw one."""
        color = state["color"]
        actions: list[str] = []
        for card in sorted(set(hand)):
            if card[0] == color or card in PLUS_FOLLOWERS:
                actions += COLOR_PLAYS.get(card) if card == CHANGE_COLOR else ["play " + card]
        return actions or ["draw"]

    def _turn_actions(self, state: dict, seat: int) -> list[str]:
        hand = state["hands"][seat]
        phase = state["phase"]
        if phase == "taki":
            color = state["taki"]["color"]
            return ["play " + c for c in sorted(set(hand)) if c[0] == color] + ["close", "end"]
        if phase == "plus":
            return self._plus_actions(state, hand)
        if state["pending"] or state["plus3_by"] is not None:
            actions = []
            if state["pending"]:
                actions += ["play " + c for c in sorted(set(hand)) if c[1:] == PLUS2]
                if PLUS3 in hand:
                    actions.append("play " + PLUS3)
            if KING in hand:
                actions.append("play " + KING)
            if state["plus3_by"] is not None and BREAKER in hand:
                actions.append("break")
            actions.append("draw")
            return actions
        actions, playable = self._free_plays(state, hand)
        taki = state["taki"]
        if taki is not None and seat in taki["users"]:
            actions.append("close")
        if phase == "king":
            actions.append("end")
        elif not playable:
            actions.append("draw")
        return actions

    def is_legal(self, state: dict, seat: int, action: str) -> bool:
        """Exactly ``action in legal_actions(state, seat)`` (tests/unit/test_taki.py checks it), faster."""
        parsed = WELL_FORMED.get(action) if isinstance(action, str) else None
        if parsed is None or state["over"]:
            return False
        verb = parsed.verb
        if verb == "call":
            return state["exposed"] == seat
        if seat != state["turn"]:
            return verb == "break" and state["plus3_by"] is not None and BREAKER in state["hands"][seat]
        if verb != "play":
            return action in self._turn_actions(state, seat)
        card = parsed.args[0]
        hand = state["hands"][seat]
        if card not in hand:
            return False
        chosen = parsed.opts.get("color")
        phase = state["phase"]
        if phase == "taki":
            return chosen is None and card[0] == state["taki"]["color"]
        if phase == "plus":
            if card == CHANGE_COLOR:
                return chosen is not None
            return chosen is None and (card[0] == state["color"] or card in PLUS_FOLLOWERS)
        if state["pending"] or state["plus3_by"] is not None:
            if chosen is not None:
                return False
            return card == KING or (state["pending"] > 0 and (card == PLUS3 or card[1:] == PLUS2))
        color = state["color"]
        if card[0] in COLOR_SET:
            if chosen is not None:
                return False
            if color is None or card[0] == color:
                return True
            return card[1:] == self.top_rank(state)
        if card == CHANGE_COLOR or (card == SUPER_TAKI and color is None):
            return chosen is not None
        return chosen is None

    def to_move(self, state: dict) -> list[int]:
        if state["over"]:
            return []
        turn, exposed = state["turn"], state["exposed"]
        seats = [turn]
        if exposed is not None and exposed != turn:
            seats.append(exposed)
        if state["plus3_by"] is not None:
            seats += [s for s, hand in enumerate(state["hands"])
                      if s != turn and s != exposed and BREAKER in hand]
        return seats

    def legal_actions(self, state: dict, seat: int) -> list[str]:
        if state["over"]:
            return []
        if seat == state["turn"]:
            actions = self._turn_actions(state, seat)
        elif state["plus3_by"] is not None and BREAKER in state["hands"][seat]:
            actions = ["break"]
        else:
            actions = []
        if state["exposed"] == seat:
            actions.append("call")
        return actions

    def parse_action(self, action: object):
        """The parsed action from the table of well-formed texts, or :class:`MalformedAction`."""
        parsed = WELL_FORMED.get(action) if isinstance(action, str) else None
        if parsed is None:
            check_grammar(action)
            parsed = parse(action)
        return parsed

    def apply(self, state: dict, seat: int, action: str) -> list[dict]:
        """Check the notation, then the rules (see :meth:`Game.apply`)."""
        self.parse_action(action)
        try:
            return super().apply(state, seat, action)
        except IllegalAction as err:
            if type(err) is IllegalAction and err.code == "not_your_turn":   # a seat that may only call/break
                raise NotYourTurn(err.action, err.seat, err.phase, err.reason) from None
            raise

    def refusal(self, state: dict, seat: int, action: str) -> tuple[str, str]:
        verb, _, rest = action.partition(" ")
        card = rest.split(" ")[0]
        hand = state["hands"][seat]
        phase, taki = state["phase"], state["taki"]
        if verb == "call":
            return "cannot_call", "¡me queda una! is called by a player left with one card after their turn"
        if verb == "break":
            if BREAKER not in hand:
                return "no_breaker", "you hold no +3 breaker"
            return "nothing_to_break", "the +3 breaker answers only an active +3 (with none, play X3 and draw 3)"
        if seat != state["turn"]:
            return "not_your_turn", "it is not your turn: out of turn you may only call or break a +3"
        if verb == "close":
            if taki is None:
                return "no_taki", "there is no open TAKI to close"
            return "not_a_taki_user", "only a player who has played on this TAKI may close it"
        if verb == "end":
            return "cannot_end", "end finishes a King's extra turn or leaves your TAKI open; nothing to end now"
        if phase == "taki":
            return "in_taki", f"inside your TAKI only {taki['color']} cards may follow; or close it, or end"
        if verb == "draw":
            if phase == "king":
                return "king_turn", "after a King play any card or end the turn"
            return "must_play", "you may draw only when no card in your hand can be played"
        if card not in hand:
            return "not_in_hand", f"you do not hold {card}"
        if phase == "plus" and card[0] != state["color"] and card not in PLUS_FOLLOWERS:
            return "plus_color", (f"after a Plus only a {state['color']} card or a change colour, Super TAKI, "
                                  "King or +3 may follow; with none, draw")
        if state["plus3_by"] is not None and not state["pending"]:
            if card == BREAKER:
                return "use_break", "to play the breaker on the +3 use the action break"
            return "plus3_active", "a +3 is active: play a King, break it, or draw 3"
        if state["pending"]:
            return "pending_draw", f"a +{state['pending']} is pending: answer with a +2, +3 or King, or draw"
        if card in (CHANGE_COLOR, SUPER_TAKI) and "color:" not in action:
            return "choose_color", f"choose a colour for {card}, e.g. play {card} color:R"
        if "color:" in action:
            return "bad_color", "a colour is chosen only for a change colour, or a Super TAKI on a King"
        if not self.matches(state, card):
            top = state["discard"][-1]
            return "no_match", f"{card} matches neither the colour {state['color']} nor the card {top}"
        return "illegal", "that move is not allowed now"

    # ----- moves ---------------------------------------------------------------------------------
    def _apply(self, state: dict, seat: int, action: str, parsed) -> list[dict]:
        verb = parsed.verb
        events: list[dict] = []
        if verb == "call":
            state["exposed"] = None
            state["called"] = seat
            events.append({"type": "called", "seat": seat})
            return events
        if verb == "break" and seat != state["turn"]:
            self._break(state, seat, events)           # out of turn: no turn action, no window closed
            return events
        exposed = state["exposed"]                     # a turn action closes the "¡me queda una!" window
        state["called"] = None
        if exposed is not None:
            state["exposed"] = None
            if exposed != seat:
                events.append({"type": "penalty", "seat": exposed, "reason": "me_queda_una"})
                self.draw_cards(state, exposed, LAST_CARD_PENALTY, events)
        if verb == "play":
            if state["phase"] == "taki":
                self._play_in_taki(state, seat, parsed.args[0], events)
            else:
                self._play(state, seat, parsed.args[0], parsed.opts.get("color"), events)
        elif verb == "draw":
            self._draw(state, seat, events)
        elif verb == "close":
            self._close(state, seat, events)
        elif verb == "end":
            if state["phase"] == "taki":
                events.append({"type": "taki_left_open", "seat": seat, "color": state["taki"]["color"]})
            else:
                events.append({"type": "turn_ended", "seat": seat})
            self._end_turn(state, seat, 1, events)
        else:
            self._break(state, seat, events)
        return events

    def _end_turn(self, state: dict, seat: int, steps: int, events: list) -> None:
        """Pass the turn on; a player out of cards here has won; one card left opens the call window."""
        hand = state["hands"][seat]
        if not hand and seat not in state["finishing"]:
            self._win(state, seat, events)
            return
        state["phase"] = "play"
        if len(hand) == 1:
            state["exposed"] = seat
        self.advance(state, steps)

    def _discard(self, state: dict, seat: int, card: str, events: list) -> None:
        state["hands"][seat].remove(card)
        state["discard"].append(card)
        events.append({"type": "played", "seat": seat, "card": card})

    def _play(self, state: dict, seat: int, card: str, color: str | None, events: list) -> None:
        self._discard(state, seat, card, events)
        if state["pending"] or state["plus3_by"] is not None:
            self._answer(state, seat, card, events)
            return
        taki = state["taki"]
        first = card[0]
        if taki is not None:
            if first == taki["color"]:                 # continue the open TAKI with its colour
                if seat not in taki["users"]:
                    taki["users"].append(seat)
                state["phase"] = "taki"
                if not state["hands"][seat]:
                    self._close(state, seat, events)
                return
            state["taki"] = None                       # a card of another colour closes it, unfired
            events.append({"type": "taki_closed", "seat": seat, "fired": False})
        if first in COLOR_SET:
            state["color"] = first
            if card[1:] == TAKI:
                self._open_taki(state, seat, first, events)
            else:
                self._act(state, seat, card, events)
        elif card == CHANGE_COLOR:
            state["color"] = color
            events[-1]["color"] = color
            self._end_turn(state, seat, 1, events)
        elif card == SUPER_TAKI:                       # takes the colour under it (chosen on a King)
            state["color"] = color or state["color"]
            events[-1]["color"] = state["color"]
            self._open_taki(state, seat, state["color"], events)
        elif card == KING:
            self._king(state, seat, events)
        elif card == PLUS3:                            # everyone else draws 3, after the breaker window
            state["plus3_by"] = seat
            if not state["hands"][seat]:
                state["finishing"].append(seat)
            self._end_turn(state, seat, 1, events)
        else:                                          # a breaker with no +3: its player draws 3
            self.draw_cards(state, seat, BREAKER_FINE, events)
            self._end_turn(state, seat, 1, events)

    def _answer(self, state: dict, seat: int, card: str, events: list) -> None:
        """A card played on an active +2 chain or +3: King, +2 or (on a chain) +3."""
        if card == KING:
            by, pending = state["plus3_by"], state["pending"]
            state["pending"], state["plus3_by"] = 0, None
            if not pending:                            # the King protects its player; the rest draw 3
                for other in self._others_from(state, seat, by):
                    if other != seat:
                        self.draw_cards(state, other, PLUS3_DRAW, events)
            if self._resolved(state, None, events):
                return
            self._king(state, seat, events)
            return
        if card == PLUS3:                              # on a +2 chain: +3 for the next player only
            state["pending"] += PLUS3_DRAW
            state["plus3_by"] = seat
        else:
            state["pending"] += PLUS2_DRAW
            state["plus3_by"] = None
            state["color"] = card[0]
        if not state["hands"][seat]:
            state["finishing"].append(seat)
        self._end_turn(state, seat, 1, events)

    def _king(self, state: dict, seat: int, events: list) -> None:
        state["color"] = None
        if not state["hands"][seat]:                   # "se puede terminar con un Rey"
            self._win(state, seat, events)
            return
        state["phase"] = "king"

    def _open_taki(self, state: dict, seat: int, color: str, events: list) -> None:
        state["taki"] = {"color": color, "users": [seat]}
        state["phase"] = "taki"
        events.append({"type": "taki_opened", "seat": seat, "color": color})
        hand = state["hands"][seat]
        if not hand:
            self._close(state, seat, events)
        elif not any(c[0] == color for c in hand):    # a lone TAKI: "el Taki queda abierto" for the next
            events.append({"type": "taki_left_open", "seat": seat, "color": color})
            self._end_turn(state, seat, 1, events)

    def _play_in_taki(self, state: dict, seat: int, card: str, events: list) -> None:
        self._discard(state, seat, card, events)
        if not state["hands"][seat]:
            self._close(state, seat, events)

    def _close(self, state: dict, seat: int, events: list) -> None:
        """Cierro Taki: the run ends and its last card acts as if just played."""
        state["taki"] = None
        top = state["discard"][-1]
        events.append({"type": "taki_closed", "seat": seat, "fired": True})
        if top[1:] == TAKI:                            # a TAKI or Super TAKI on top asks nothing
            self._end_turn(state, seat, 1, events)
        else:
            self._act(state, seat, top, events)

    def _act(self, state: dict, seat: int, card: str, events: list) -> None:
        """The effect of a coloured card as the last card played (TAKI runs included)."""
        rank = card[1:]
        hand = state["hands"][seat]
        if rank == PLUS:
            if hand:
                state["phase"] = "plus"                # one more card, or draw one
                return
            self.draw_cards(state, seat, PLUS_LAST_DRAW, events)   # sheet: last card a Plus
            self._end_turn(state, seat, 1, events)
        elif rank == PLUS2:
            state["pending"] += PLUS2_DRAW
            if not hand:
                state["finishing"].append(seat)        # not won while the chain may come back
            self._end_turn(state, seat, 1, events)
        elif rank == STOP and hand:
            events.append({"type": "skipped", "seat": self.next_of(state, seat)})
            self._end_turn(state, seat, 2, events)
        elif rank == REVERSE and hand and state["players"] > 2:   # two players: a normal card
            state["direction"] *= -1
            events.append({"type": "reversed", "direction": state["direction"]})
            self._end_turn(state, seat, 1, events)
        else:
            self._end_turn(state, seat, 1, events)

    def _others_from(self, state: dict, seat: int, skip: int | None) -> list[int]:
        """Every seat from ``seat`` round in the direction of play, without ``skip``."""
        n = state["players"]
        return [s for s in (self.next_of(state, seat, i) for i in range(n)) if s != skip]

    def _draw(self, state: dict, seat: int, events: list) -> None:
        if state["pending"]:                           # the chain: draw it all, the turn is lost
            amount = state["pending"]
            state["pending"], state["plus3_by"] = 0, None
            self.draw_cards(state, seat, amount, events)
            if self._resolved(state, seat, events):
                return
            self._end_turn(state, seat, 1, events)
            return
        by = state["plus3_by"]
        if by is not None:                             # accept the +3: every other player draws 3
            state["plus3_by"] = None
            for other in self._others_from(state, seat, by):
                self.draw_cards(state, other, PLUS3_DRAW, events)
            self._resolved(state, None, events)
            return                                     # then this player plays on normally
        self.draw_cards(state, seat, 1, events)
        self._end_turn(state, seat, 1, events)

    def _break(self, state: dict, seat: int, events: list) -> None:
        """Rompe +3 on the active +3: its player draws 3 (on a chain: the whole chain)."""
        by, pending = state["plus3_by"], state["pending"]
        state["hands"][seat].remove(BREAKER)
        state["discard"].append(BREAKER)
        events.append({"type": "broke", "seat": seat, "target": by})
        state["pending"], state["plus3_by"] = 0, None
        if seat != by or pending:                      # own +3 and breaker together: nobody draws
            self.draw_cards(state, by, pending or BREAKER_FINE, events)
        if self._resolved(state, by, events):
            return
        if not state["hands"][seat]:
            self._win(state, seat, events)

    def _resolved(self, state: dict, drawer: int | None, events: list) -> bool:
        """A +2 chain or +3 is over: a player who went out on it and did not draw it back has won."""
        finishing = state["finishing"]
        if drawer in finishing:
            finishing.remove(drawer)
        if finishing:
            self._win(state, finishing[0], events)
            return True
        return False

    def _win(self, state: dict, seat: int, events: list) -> None:
        self._finish(state, [seat], events)

    def _finish(self, state: dict, winners: list[int], events: list) -> None:
        for s in winners:
            state["scores"][s] += 1
        state.update(over=True, phase="game_over", pending=0, plus3_by=None, taki=None, finishing=[],
                     exposed=None)
        state["result"] = {"winners": winners, "scores": list(state["scores"]),
                           "cards_left": [len(h) for h in state["hands"]],
                           "hand_points": self.hand_points(state)}
        events.append({"type": "game_over", "winners": winners, "scores": list(state["scores"])})

    # ----- turn timer -----------------------------------------------------------------------------
    def auto_action(self, state: dict, seat: int) -> str:
        """The timer's move: pass a chain on (+2, +3), else King, else draw; in a TAKI shed its colour
        then close; otherwise the first coloured card, then a colourless one (never a breaker as a
        fine), else draw; a King's extra turn is used for a coloured card or ended. No call is made."""
        actions = self.legal_actions(state, seat)
        if seat != state["turn"] or not actions:
            return super().auto_action(state, seat)
        plays = [a for a in actions if a.startswith("play ") and a != "play X3"]
        if state["phase"] == "taki":
            return plays[0] if plays else "close"
        if state["pending"] or state["plus3_by"] is not None:
            return plays[0] if plays else "draw"
        coloured = [a for a in plays if a[5] in COLOR_SET]
        if coloured:
            return coloured[0]
        if state["phase"] == "king":
            return "end"
        if plays:
            held = Counter(c[0] for c in state["hands"][seat] if c[0] in COLOR_SET)
            best = max(COLORS, key=lambda c: (held[c], -COLORS.index(c)))
            colour_play = [a for a in plays if a.endswith("color:" + best)]
            return colour_play[0] if colour_play else plays[0]
        return "draw" if "draw" in actions else actions[0]

    # ----- views and validation --------------------------------------------------------------
    sorted_deck = SORTED_DECK

    # ``determinize``: the phases a seat acts in on its turn. The TAKI run (its colour and users), the
    # pending +2 chain, an active +3 (plus3_by) and the seats gone out on them (finishing) are all in the
    # view: no field is hidden from the seat on turn, so nothing but the cards is sampled.
    turn_phases = ("play", "plus", "taki", "king")

    def view(self, state: dict, seat: int | None) -> dict:
        view = self.common_view(state, seat)
        taki = state["taki"]
        view.update(color=state["color"], pending=state["pending"], plus3_by=state["plus3_by"],
                    taki=None if taki is None else {"color": taki["color"], "users": list(taki["users"])},
                    finishing=list(state["finishing"]))
        return view

    def check_state(self, state: dict) -> None:
        self.check_common(state, PHASES)
        n = state["players"]
        discard, phase = state["discard"], state["phase"]
        require(discard != [], "the discard pile is never empty")
        color = state.get("color")
        require(color in COLORS or (color is None and discard[-1][0] not in COLOR_SET),
                "colour must be R, B, G or Y (null only on a colourless card)")
        pending = state.get("pending")
        require(isinstance(pending, int) and not isinstance(pending, bool) and pending >= 0,
                "pending must be an integer >= 0")
        by = state.get("plus3_by")
        require(by is None or (isinstance(by, int) and not isinstance(by, bool) and 0 <= by < n),
                "plus3_by must be a seat or null")
        require(by is None or discard[-1] == PLUS3, "an active +3 is the top card")
        require(not (pending or by is not None) or phase == "play", "a pending draw is answered in phase play")
        taki = state.get("taki")
        if taki is not None:
            require(isinstance(taki, dict) and set(taki) == {"color", "users"}, "bad taki record")
            users = taki["users"]
            require(taki["color"] in COLORS and taki["color"] == color, "an open TAKI sets the colour")
            require(isinstance(users, list) and users and len(set(users)) == len(users)
                    and all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < n for s in users),
                    "taki users must be distinct seats")
            require(not pending and by is None, "an open TAKI holds no pending draw")
        require(phase != "taki" or (taki is not None and state["turn"] in taki["users"]),
                "phase taki needs an open TAKI of the player in turn")
        require(phase != "king" or (discard[-1] == KING and color is None), "phase king follows a King")
        require(phase != "plus" or discard[-1][1:] == PLUS, "phase plus follows a Plus")
        finishing = state.get("finishing")
        require(isinstance(finishing, list) and len(set(finishing)) == len(finishing)
                and all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < n for s in finishing),
                "finishing must be distinct seats")
        if state["over"]:
            require(phase == "game_over" and isinstance(state.get("result"), dict), "a finished game has a result")
        else:
            require(phase != "game_over", "phase game_over only once the game is over")
            out = [s for s, hand in enumerate(state["hands"]) if not hand]
            require(sorted(out) == sorted(finishing), "a player without cards is one whose +2/+3 may come back")
            require(not finishing or pending or by is not None, "going out on a +2/+3 needs it still active")
