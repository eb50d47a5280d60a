"""The authoritative host: holds the full state, applies intents, sends each seat only its own view.

A game against bots is a room whose host is this page and whose other seats are bots; a game with
friends is the same room with people in some seats. Pacing (bot delays, turn timers) belongs to the
caller: :meth:`Host.bot_step` makes at most one bot move per call.
"""

from __future__ import annotations

import random
from collections import OrderedDict
from dataclasses import dataclass
from typing import Callable

from ..bots import make_bot, race_calls, think_through
from ..bots.medium import CATCH_VERBS
from ..core import TapeteError, get, public_events
from ..core.rng import derive_seed
from .protocol import SCHEMA_VERSION, ProtocolError, decode, loads

Send = Callable[[dict], None]
SEEN_INTENTS = 256           # remembered intent ids per player, to refuse replays


@dataclass
class SeatSpec:
    """Who sits in a seat: a person (``player`` id) or a bot (``bot`` level)."""

    name: str
    player: str | None = None
    bot: str | None = None


BOTS_LABEL = "tapete/bots"       # the bots' generator: SHA-256 of this label and the seed's key, not the seed


class Host:
    """Runs one game for a room. Seats are bound to player ids, never to connections."""

    def __init__(self, game_id: str, seats: list[SeatSpec], seed: int | str, options: dict | None = None):
        self.game = get(game_id)
        self.seats = seats
        self.state = self.game.new(len(seats), seed, options)
        self.bots = {i: make_bot(s.bot, game_id) for i, s in enumerate(seats) if s.bot}
        self.rng = random.Random(derive_seed(seed, BOTS_LABEL))   # independent of the deal
        self.listeners: dict[str | None, Send] = {}      # player id (None: spectators) -> send
        self.seen: dict[str, OrderedDict] = {}
        self.asked: set[tuple] = set()                   # (version, seat[, "call"]) bots already asked
        self.call_open: dict[int, int] = {}              # person's seat -> version its own call opened at
        self.away: set[int] = set()                      # seats whose player is gone (grace period)
        self.watchers: dict[str, Send] = {}              # watcher key -> send: the public table (no seat)
        self.local: set[str | None] = set()              # listeners on this page: updated after the others

    # ----- seats and listeners ------------------------------------------------------------------
    def seat_of(self, player: str) -> int | None:
        for i, spec in enumerate(self.seats):
            if spec.player == player:
                return i
        return None

    def attach(self, player: str | None, send: Send, local: bool = False) -> None:
        """Send this player's updates to ``send`` (replacing a previous connection) and push one now.
        A ``local`` listener is this page's own seat: it draws the update on the spot, so every move
        reaches the other players and the watchers first (their network time then runs under its frame)."""
        self.listeners[player] = send
        (self.local.add if local else self.local.discard)(player)
        self._send_update(player, [])

    def detach(self, player: str | None) -> None:
        self.listeners.pop(player, None)
        self.local.discard(player)

    def attach_watcher(self, key: str, send: Send) -> None:
        """Send the public table (the view for no seat, public events, no legal actions) to ``send`` from
        now on, and push it once now. Watchers sit in no seat and act on nothing (tapete.net.watch)."""
        self.watchers[key] = send
        send(self.update_for(None, []))

    def detach_watcher(self, key: str) -> None:
        self.watchers.pop(key, None)

    def set_away(self, seat: int, away: bool) -> None:
        """Mark a person's seat as gone (or back); everyone sees it in ``names``."""
        if (seat in self.away) != away:
            (self.away.add if away else self.away.discard)(seat)
            self._broadcast([])

    def rename(self, seat: int, name: str) -> None:
        """A person's seat takes a new name (already checked: tapete.net.protocol.clean_name); everyone
        sees it in ``names`` at once."""
        spec = self.seats[seat]
        if spec.player is not None and spec.name != name:
            spec.name = name
            self._broadcast([])

    def take_over(self, seat: int, level: str) -> None:
        """A bot of ``level`` plays this person's seat (still bound to the player) until :meth:`hand_back`."""
        spec = self.seats[seat]
        if spec.player is None or spec.bot is not None:
            return
        spec.bot = level
        self.bots[seat] = make_bot(level, self.game.id)
        self.away.discard(seat)
        self._broadcast([])

    def seat_player(self, seat: int, spec: "SeatSpec", events: list[dict]) -> None:
        """Bind a seat the engine has just opened (a join between rounds) and tell everyone."""
        if seat == len(self.seats):
            self.seats.append(spec)
        else:
            self.seats[seat] = spec
        self.bots.pop(seat, None)
        self._broadcast(events)

    def hand_back(self, seat: int) -> None:
        """The seat's player is back: the bot that stood in for it stops."""
        spec = self.seats[seat]
        self.away.discard(seat)
        if spec.player is not None and spec.bot is not None:
            spec.bot = None
            self.bots.pop(seat, None)
        self._broadcast([])

    def label(self, seat: int) -> str:
        spec = self.seats[seat]
        if spec.player is not None and spec.bot is not None:
            return f"{spec.name} (bot)"
        return f"{spec.name} \u231b" if seat in self.away else spec.name

    # ----- messages ---------------------------------------------------------------------------
    def receive(self, player: str, text: str) -> dict | None:
        """Handle a guest's raw message; returns the rejection sent back, or None when accepted."""
        try:
            message = decode(text)
            if message["type"] == "intent":
                self.intent(player, message)
            return None
        except TapeteError as err:
            rejection = {"v": SCHEMA_VERSION, "type": "rejected", "id": _intent_id(text),
                         "code": err.code, "message": str(err)}
            send = self.listeners.get(player)
            if send:
                send(rejection)
                if err.code == "stale":            # the guest missed an update: here is the current one
                    self._send_update(player, [])
            return rejection

    def intent(self, player: str, message: dict) -> list[dict]:
        """Apply a validated intent from ``player``; raise a TapeteError (state unchanged) if refused."""
        seat = self.seat_of(player)
        if seat is None:
            raise ProtocolError("this player has no seat at the table", "no_seat")
        if message["seat"] != seat:
            raise ProtocolError(f"player sits in seat {seat}, not {message['seat']}", "forged_seat")
        seen = self.seen.setdefault(player, OrderedDict())
        if message["id"] in seen:
            raise ProtocolError("this intent was already received", "replayed")
        if message["state_version"] != self.state["version"]:
            raise ProtocolError("the table changed since this move was chosen", "stale")
        events = self.game.apply(self.state, seat, message["action"])
        seen[message["id"]] = True
        if len(seen) > SEEN_INTENTS:
            seen.popitem(last=False)
        self._broadcast(events)
        return events

    # ----- bots and timers ----------------------------------------------------------------------
    def bot_pending(self) -> bool:
        """Is there a bot that must act, or that has not yet been offered an out-of-turn action?"""
        return think_through(self._bot_choice(dry=True))

    def bot_step(self) -> bool:
        """Let at most one bot act; True if one did. A bot that thinks in slices thinks to the end."""
        return think_through(self._bot_choice(dry=False))

    def bot_steps(self):
        """``bot_step`` as a generator for a page's bot pump: it yields between the slices of a bot that
        thinks in slices (``think``, a generator returning its action), so the page can paint and take
        input meanwhile, and returns True if a bot acted. An answer thought out for a table that changed
        while it thought (someone acted) is dropped, not applied: the pump asks again."""
        return self._bot_choice(dry=False)

    def _ask(self, bot, seat: int, legal: list[str], must: bool):
        """The bot's answer (a generator: it yields while a slicing bot thinks)."""
        view = self.game.view(self.state, seat) if bot.needs_view else None
        think = getattr(bot, "think", None)
        if think is None:
            return bot.choose(view, legal, must, self.rng)
        return (yield from think(view, legal, must, self.rng))

    def _bot_choice(self, dry: bool):
        if self.state["over"]:
            return False
        seats = self.game.to_move(self.state)
        version = self.state["version"]
        for seat in seats:                   # a bot's own call beats the others' catch (bots.race_calls)
            bot = self.bots.get(seat)
            calls = race_calls(self.game, self.state, seats, seat) if bot is not None else []
            if not calls or (version, seat, "call") in self.asked:
                continue
            if dry:
                return True
            self.asked.add((version, seat, "call"))
            action = yield from self._ask(bot, seat, calls, False)
            if self.state["version"] != version:      # the table moved on while it thought
                return False
            if action is not None:
                self._broadcast(self.game.apply(self.state, seat, action))
                return True
        fresh = self._fresh_calls(seats, version)
        for i, seat in enumerate(seats[1:] + seats[:1]):
            bot = self.bots.get(seat)
            must = seat == seats[0]
            if bot is None or (not must and (version, seat) in self.asked):
                continue
            legal = [a for a in self.game.legal_actions(self.state, seat)
                     if not (a.split(" ")[0] in CATCH_VERBS and a.split(" ")[-1] in fresh)]
            if not legal:
                continue
            if dry:
                return True
            self.asked.add((version, seat))
            action = yield from self._ask(bot, seat, legal, must)
            if self.state["version"] != version:      # the table moved on while it thought: ask again
                return False
            if action is not None:
                self._broadcast(self.game.apply(self.state, seat, action))
                return True
        return False

    def _fresh_calls(self, seats: list[int], version: int) -> set[str]:
        """People whose own call (¡DOS!...) opened at this very version: bots leave them the moment to
        make it and catch them only after the next move if they still have not called (a bot's reflex
        would win every race against a click). Seat numbers as text, as they end a catch action."""
        for seat, spec in enumerate(self.seats):
            if spec.bot is None and seat in seats and race_calls(self.game, self.state, seats, seat):
                self.call_open.setdefault(seat, version)
            else:
                self.call_open.pop(seat, None)
        return {str(seat) for seat, opened in self.call_open.items() if opened == version}

    def timeout(self, seat: int) -> None:
        """The turn timer ran out for ``seat``: the engine's auto-play moves for it."""
        action = self.game.auto_action(self.state, seat)
        events = self.game.apply(self.state, seat, action)
        played = action.startswith("play ") or action.startswith("match ")
        self._broadcast([{"type": "timed_out", "seat": seat, "played": played}] + events)

    # ----- updates ----------------------------------------------------------------------------
    def update_for(self, player: str | None, events: list[dict]) -> dict:
        seat = None if player is None else self.seat_of(player)
        return {
            "v": SCHEMA_VERSION,
            "type": "update",
            "seat": seat,
            "view": self.game.view(self.state, seat),
            "events": public_events(events, seat),
            "legal": self.game.legal_actions(self.state, seat) if seat is not None else [],
            "names": [self.label(i) for i in range(len(self.seats))],
            "bots": [s.bot for s in self.seats],
        }

    def _send_update(self, player: str | None, events: list[dict]) -> None:
        send = self.listeners.get(player)
        if send is not None:
            send(self.update_for(player, events))

    def _broadcast(self, events: list[dict]) -> None:
        """Remote players first, then the watchers, then this page's own seat (see ``attach``)."""
        players = list(self.listeners)
        for player in players:
            if player not in self.local:
                self._send_update(player, events)
        if self.watchers:                        # one public update, built once, for every watcher
            public = self.update_for(None, events)
            for send in list(self.watchers.values()):
                send(public)
        for player in players:
            if player in self.local:
                self._send_update(player, events)


def _intent_id(text: object) -> str | None:
    """Best-effort id of a refused message, to let the sender match the rejection."""
    try:
        value = loads(text).get("id") if isinstance(text, str) and len(text) < 8192 else None
    except (ValueError, AttributeError):
        return None
    return value if isinstance(value, str) and len(value) <= 40 else None


class LocalSession:
    """This page's own seat in a room it hosts: the UI's only way to act and to see."""

    def __init__(self, host: Host, player: str, on_update: Send):
        self.host, self.player = host, player
        self.counter = 0
        self.last: dict | None = None
        self.on_update = on_update                # (a room that begins its game later sets it afterwards)

        def receive(message: dict) -> None:
            if message["type"] == "update":
                self.last = message
            self.on_update(message)

        host.attach(player, receive, local=True)

    @property
    def seat(self) -> int | None:
        return self.host.seat_of(self.player)

    def send(self, action: str) -> dict | None:
        """Send an intent as a guest would; returns the rejection (also delivered to on_update) or None."""
        import json
        self.counter += 1
        intent = {"v": SCHEMA_VERSION, "type": "intent", "id": f"L{self.counter}", "seat": self.seat,
                  "state_version": self.host.state["version"], "action": action}
        return self.host.receive(self.player, json.dumps(intent))

