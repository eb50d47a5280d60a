"""Pass-and-play: two or more people share one device at one table, bots filling the other seats.

Pure Python over the local :class:`~tapete.net.host.Host` (one :class:`~tapete.net.host.LocalSession`
per person, bound to a local player id ``person-<seat>``); nothing here is networked, so it works
offline. :class:`PassAndPlay` decides **who may see what** on the shared screen and when:

``screen``   what the UI shows                                           what the people can do
``handover`` "Pass to Ana — tap when only Ana is looking": no private    Ana taps :meth:`reveal`; anyone may tap a
             view at all (``update`` is None); the public table          public shout (:meth:`public_actions`:
             (``public``) may be shown behind it                         a person's own call, a catch)
``play``     the holder's own table (``update``: their view, hand and   the holder acts (:meth:`act`); while
             legal actions)                                              ``polling``, only "break" or :meth:`hide`
``done``     the holder's turn is over: still their own table, their    out-of-turn actions of their own (their
             out-of-turn actions, and a "Done: hide my cards" button     ¡DOS! / ¡me queda una!); :meth:`hide`
``bots``     only bots are to move: the public table                    public shouts
``round``    a round is over: the public table and its scores           :meth:`next_round`; public shouts
``over``     the game is over: the public table                          —

Rules of fairness on one screen (docs/classroom.md, "Pass-and-play"):

- A private view is exposed only to the holder between :meth:`reveal` and :meth:`hide`; every other
  screen (and every screen right after :meth:`resume`) shows nothing private. Colour and suit choosers
  are part of one action (``play W color:R``), so they only exist on the holder's ``play`` screen; the UI
  drops any half-made choice whenever ``turn_id`` changes. Skypo has no card private to a seat (face-down
  cards are hidden from everyone; the engine shows the drawn card to all) and a drawn card never waits
  across a hand-over: phase ``drawn`` is the same person's turn.
- When the holder's turn ends (someone else is to move) the screen becomes ``done``: the holder sees what
  the move did (the card just drawn) and may still make their own call; **bots wait** until the holder
  taps Done, so the engine's call window (¡DOS!, "¡me queda una!") stays open until the hand-over.
- Out-of-turn actions that depend only on public facts (a person's own last-card call, catching someone
  who did not call, denouncing) are **shouts**: on every public screen (``handover``, ``bots``,
  ``round``) as buttons anyone at the table may tap, whoever is first; a catch is made in the name of the
  next person when the engine allows it, else of the first person who may.
- An out-of-turn action that depends on a hidden card (Super Taki's +3 breaker, held secretly) is a
  **poll**: while a +3 is active, before the answer, the device goes round every other person
  (``handover`` with ``reason == "poll"``, then ``play`` with ``polling``), each seeing their own hand
  and "break" only if they hold a breaker, so that being asked reveals nothing; bots wait meanwhile.
- The log is built from ``public`` updates only (the events' public parts, every seat named): it never
  holds a card one person may not show the others, and speaks of each person by name.

:func:`snapshot` / :func:`parse` / :meth:`PassAndPlay.resume`: the save (``tapete.passplay``, its own
kind beside the bot games' ``tapete.bots``), resumed to a hand-over screen.
"""

from __future__ import annotations

import json
from typing import Callable

from ..bots.medium import CALL_VERBS
from ..core import TapeteError, get
from ..core.errors import BadOptions, BadState
from .host import Host, LocalSession, SeatSpec

SAVE_KIND = "tapete.passplay"
SAVE_VERSION = 1
STORE_SAVE = "tapete.passplay."          # localStorage key prefix; one save per game
PERSON = "person-"                       # local player ids: person-<seat>
MAX_NAME = 24
PUBLIC_KEY = "passplay-public"           # the Host watcher that builds the public table
CATCH_VERBS = ("denounce", "catch")      # out-of-turn actions on public facts (the breaker is private)
BOT_LEVELS = ("easy", "medium", "hard")
SCREENS = ("handover", "play", "done", "bots", "round", "over")


def store_key(game_id: str) -> str:
    return STORE_SAVE + game_id


def plus3_active(view: dict) -> bool:
    """Super Taki: a +3 waits for its answer, and any seat holding a breaker may break it (a poll)."""
    return view.get("game") == "taki" and view.get("plus3_by") is not None


# Public facts that open a window for an out-of-turn action on a hidden card: game -> test of the public view.
POLLS: dict[str, Callable[[dict], bool]] = {"taki": plus3_active}


class PassAndPlay:
    """One table shared by several people on one device (see the module's docstring).

    ``seats``: one ``{"name": str, "bot": None | "easy" | "medium" | "hard"}`` per seat, in seat order; at
    least two people, every name distinct. ``on_change(controller)`` after every change (re-render);
    ``on_public(update)`` with every public update (seat None, public events, every seat named), for the
    log and the motion of the public table."""

    def __init__(self, game_id: str, seats: list[dict], seed, options: dict | None = None, *,
                 on_change: Callable[["PassAndPlay"], None] | None = None,
                 on_public: Callable[[dict], None] | None = None, state: dict | None = None):
        game = get(game_id)
        specs = check_seats(game, seats)
        options = dict(options or {})
        if options.get("turn_timer"):
            raise BadOptions("pass-and-play has no turn timer (a hand-over would eat the time)")
        self.game_id, self.game = game_id, game
        self.on_change = on_change or (lambda controller: None)
        self.on_public = on_public or (lambda update: None)
        self.host = Host(game_id, specs, seed, options)
        if state is not None:
            self.host.state = state
        self.people = [i for i, s in enumerate(specs) if s.bot is None]
        self.screen = "handover"
        self.reason = "turn"                        # why the hand-over: "turn" or "poll"
        self.holder: int | None = None              # whose private view is shown (play / done)
        self.next_person: int | None = None         # who the hand-over is for
        self.turn_id = 0                            # changes whenever the screen's owner changes
        self.poll: dict | None = None               # {"key": version, "todo": [seats]} while a +3 waits
        self.released: int | None = None            # version of a round_over whose next deal bots may make
        self.public: dict | None = None
        self._last: dict[int, dict] = {}             # person seat -> its latest update (exposed via .update)
        self.refusal: dict | None = None            # the holder's last refused action (for feedback)
        self._quiet = True                          # (no callbacks while the table is being set)
        self.host.attach_watcher(PUBLIC_KEY, self._on_public)
        self.sessions = {seat: LocalSession(self.host, PERSON + str(seat), self._receiver(seat))
                         for seat in self.people}
        self._advance(fresh=True)
        self._quiet = False

    # ----- what the UI may show ----------------------------------------------------------------------
    @property
    def update(self) -> dict | None:
        """The holder's own update (view, legal actions, names) on ``play`` and ``done``; else None."""
        if self.screen in ("play", "done") and self.holder is not None:
            return self._last.get(self.holder)
        return None

    @property
    def legal(self) -> list[str]:
        """What the holder may do now (a poll allows only the breaker)."""
        update = self.update
        if update is None:
            return []
        if self.polling:
            return [a for a in update["legal"] if a == "break"]
        return list(update["legal"])

    @property
    def polling(self) -> bool:
        """The holder was handed the device to answer a poll (break the +3 or not), not for a turn."""
        return (self.screen == "play" and self.poll is not None and bool(self.poll["todo"])
                and self.poll["todo"][0] == self.holder and self.reason == "poll")

    def name(self, seat: int | None) -> str:
        return "" if seat is None else self.host.seats[seat].name

    def public_actions(self) -> list[dict]:
        """Shouts anyone at the table may make on a public screen: ``{"kind": "call"|"catch", "seat",
        "action", "target"}`` (``seat`` acts; ``target`` is who is caught, or the caller). Computed from
        the engine's legal actions of the people, keeping only calls and catches, which rest on public
        facts (hand sizes, who has called); never on ``play``/``done`` (the holder has their own buttons)."""
        if self.screen not in ("handover", "bots", "round"):
            return []
        state = self.host.state
        if state["over"]:
            return []
        turn = state.get("turn")
        out, caught = [], {}
        order = ([self.next_person] if self.next_person is not None else []) + self.people
        for seat in order:
            for action in self.game.legal_actions(state, seat):
                verb = action.split(" ", 1)[0]
                if verb in CALL_VERBS and seat != turn and not any(a["action"] == action and a["seat"] == seat
                                                                   for a in out):
                    out.append({"kind": "call", "seat": seat, "action": action, "target": seat})
                elif verb in CATCH_VERBS:
                    target = _target(state, action)
                    if target is not None and target not in caught:
                        caught[target] = {"kind": "catch", "seat": seat, "action": action, "target": target}
        return out + list(caught.values())

    # ----- what the people do ------------------------------------------------------------------------
    def reveal(self) -> None:
        """The person named on the hand-over screen has the device: show them their table."""
        if self.screen != "handover" or self.next_person is None:
            raise TapeteError("nobody to hand over to", "no_handover")
        self.holder, self.screen = self.next_person, "play"
        self.turn_id += 1
        self.refusal = None
        self._advance()

    def act(self, action: str) -> dict | None:
        """The holder acts; the engine's refusal (state unchanged) is returned and kept in ``refusal``."""
        if self.screen not in ("play", "done") or self.holder is None:
            raise TapeteError("no private screen is open", "no_holder")
        if self.polling and action != "break":
            raise TapeteError("only the +3 breaker can be played now", "polling")
        rejection = self.sessions[self.holder].send(action)
        self.refusal = rejection
        self._advance()
        return rejection

    def hide(self) -> None:
        """The holder is done ("hide my cards"): end of ``done``, or "no" to a poll."""
        if self.screen not in ("done", "play") or self.holder is None:
            raise TapeteError("no private screen is open", "no_holder")
        if self.screen == "play" and not self.polling:
            raise TapeteError("it is still your turn", "your_turn")
        if self.polling and self.poll["todo"] and self.poll["todo"][0] == self.holder:
            self.poll["todo"].pop(0)
        self.holder = None
        self.turn_id += 1
        self._next_screen()
        self._changed()

    def public_act(self, seat: int, action: str) -> dict | None:
        """Make one of :meth:`public_actions` (a shout); anything else is refused."""
        if not any(a["seat"] == seat and a["action"] == action for a in self.public_actions()):
            raise TapeteError(f"{action!r} for seat {seat} is not a shout open now", "not_public")
        rejection = self.sessions[seat].send(action)
        self._advance()
        return rejection

    def next_round(self) -> dict | None:
        """Deal the next round (``round`` screen): the person whose deal it is deals; a bot is let deal."""
        if self.screen != "round":
            raise TapeteError("no round is over", "not_round_over")
        state = self.host.state
        for seat in self.game.to_move(state):
            if "next" in self.game.legal_actions(state, seat):
                if seat in self.sessions:
                    rejection = self.sessions[seat].send("next")
                    self._advance()
                    return rejection
                self.released = state["version"]
                self._changed()
                return None
        return None

    # ----- bots (the UI's pump calls these instead of the Host's) -------------------------------------
    def bots_held(self) -> bool:
        """Bots wait while the holder's turn is over but not yet hidden (their call window), during a poll,
        and on a finished round until someone deals or lets a bot deal."""
        view = self.public["view"] if self.public else {}
        if self.screen == "done" or (self.poll is not None and self.poll["todo"]):
            return True
        return view.get("phase") == "round_over" and self.released != view.get("version")

    def bot_pending(self) -> bool:
        return not self.bots_held() and self.host.bot_pending()

    def bot_steps(self):
        """``Host.bot_steps`` when bots may act (a generator: yields while a slicing bot thinks)."""
        if self.bots_held():
            return False
        acted = yield from self.host.bot_steps()
        self._advance()
        return acted

    def bot_step(self) -> bool:
        """One bot move, if one is due and bots may act; True if one did."""
        thinking = self.bot_steps()
        while True:
            try:
                next(thinking)
            except StopIteration as done:
                return bool(done.value)

    # ----- the state machine -------------------------------------------------------------------------
    def _receiver(self, seat: int):
        def receive(message: dict) -> None:
            if message.get("type") == "update":
                self._last[seat] = message
        return receive

    def _on_public(self, update: dict) -> None:
        self.public = update
        if not self._quiet:
            self.on_public(update)

    def _mover(self) -> int | None:
        seats = self.game.to_move(self.host.state)
        return seats[0] if seats else None

    def _open_poll(self) -> None:
        """A +3 became active: every person but the answerer (who breaks on their own turn) and a holder
        who saw their own hand when it became active is asked in turn, from the seat after the +3's."""
        view = self.public["view"]
        check = POLLS.get(self.game_id)
        if check is None or not check(view):
            self.poll = None                        # (none, or the +3 was broken, answered, or the round ended)
            return
        if self.poll is not None:
            return                                  # the same +3: asked once (kept until it is resolved)
        key = [view["round"], view["plus3_by"], len(self.host.state["history"])]
        by, turn, n = view["plus3_by"], view["turn"], view["players"]
        order = [(by + k) % n for k in range(1, n + 1)]
        self.poll = {"key": key, "todo": [s for s in order if s in self.sessions and s != turn
                                          and s != self.holder]}

    def _advance(self, fresh: bool = False) -> None:
        """After any change: keep the screen, or move on (never to a private screen)."""
        state = self.host.state
        self._open_poll()
        if state["over"]:
            self.screen, self.holder, self.next_person = "over", None, None
        elif state.get("phase") == "round_over" and self.screen != "round":
            self.screen, self.holder, self.next_person = "round", None, None
            self.turn_id += 1
        elif self.screen == "round" and state.get("phase") != "round_over":
            self._next_screen()
        elif self.screen == "play" and not self.polling and self._mover() != self.holder:
            self.screen = "done"                    # the holder's turn is over: bots wait for "Done"
        elif self.screen in ("handover", "bots") or fresh:
            self._next_screen()
        self._changed()

    def _next_screen(self) -> None:
        """No private screen is open: hand over to whoever must act next (a poll first), or let bots play."""
        self.holder = None
        if self.poll is not None and self.poll["todo"]:
            self._handover(self.poll["todo"][0], "poll")
            return
        state = self.host.state
        if state["over"]:
            self.screen, self.next_person = "over", None
        elif state.get("phase") == "round_over":
            self.screen, self.next_person = "round", None
        else:
            mover = self._mover()
            if mover in self.sessions:
                self._handover(mover, "turn")
            else:
                self.screen, self.next_person = "bots", None

    def _handover(self, seat: int, reason: str) -> None:
        if self.screen != "handover" or self.next_person != seat or self.reason != reason:
            self.turn_id += 1
        self.screen, self.next_person, self.reason = "handover", seat, reason

    def _changed(self) -> None:
        if not self._quiet:
            self.on_change(self)

    # ----- saves -------------------------------------------------------------------------------------
    def snapshot(self) -> str:
        """This table as compact JSON (``localStorage[store_key(game)]``); resumed to a hand-over screen."""
        seats = [{"name": s.name, "bot": s.bot} for s in self.host.seats]
        head = {"v": SAVE_VERSION, "kind": SAVE_KIND, "game": self.game_id, "seats": seats,
                "poll": None if self.poll is None else {"key": self.poll["key"], "todo": self.poll["todo"]},
                "released": self.released}
        return json.dumps(head, separators=(",", ":"))[:-1] + ',"state":' + self.game.to_json(self.host.state) + "}"

    @classmethod
    def resume(cls, text: str | None, game_id: str, **callbacks) -> "PassAndPlay":
        """Play on from a :meth:`snapshot` (BadState if it is not a valid one): always to a hand-over
        screen (or the round's or game's end), never straight to someone's cards."""
        saved = parse(text, game_id)
        state = saved["state"]
        table = cls(game_id, saved["seats"], state["seed"], state["options"], state=state, **callbacks)
        table.released = saved["released"]
        if saved["poll"] is not None and plus3_active(table.public["view"]):
            table.poll = saved["poll"]              # the poll goes on where it was
            table._next_screen()
        return table


def check_seats(game, seats: object) -> list[SeatSpec]:
    """The seats as SeatSpecs, or BadOptions: the game's player count, two people at least, names given,
    short, printable and distinct (the hand-over names them), bot levels known."""
    if not isinstance(seats, list) or not game.min_players <= len(seats) <= game.max_players:
        raise BadOptions(f"{game.id} takes {game.min_players} to {game.max_players} players")
    specs, names = [], set()
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict) or set(seat) != {"name", "bot"}:
            raise BadOptions("a seat is {name, bot}")
        name, bot = seat["name"], seat["bot"]
        if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME or not name.isprintable():
            raise BadOptions(f"seat {i} needs a short name")
        name = name.strip()
        if name.casefold() in names:
            raise BadOptions(f"two seats are called {name!r}: the hand-over must name one person")
        names.add(name.casefold())
        if bot is not None and bot not in BOT_LEVELS:
            raise BadOptions(f"unknown bot level {bot!r}")
        specs.append(SeatSpec(name, bot=bot) if bot else SeatSpec(name, player=PERSON + str(i)))
    if sum(1 for s in specs if s.bot is None) < 2:
        raise BadOptions("pass-and-play needs at least two people")
    return specs


def parse(text: str | None, game_id: str) -> dict:
    """Validate a pass-and-play save of ``game_id``: ``{seats, state, poll, released}``; else BadState."""
    from .protocol import loads
    try:
        saved = loads(text) if isinstance(text, str) else None
    except ValueError as err:
        raise BadState(f"the save is not JSON: {err}") from None
    if not isinstance(saved, dict) or saved.get("kind") != SAVE_KIND:
        raise BadState("not a pass-and-play save")
    if saved.get("v") != SAVE_VERSION:
        raise BadState(f"a save of another version ({saved.get('v')!r})")
    if saved.get("game") != game_id:
        raise BadState(f"the save is of {saved.get('game')!r}, not {game_id!r}")
    game = get(game_id)
    try:
        check_seats(game, saved.get("seats"))
    except BadOptions as err:
        raise BadState(f"bad seats: {err}") from None
    try:
        state = game.from_json(saved.get("state"))
    except TapeteError as err:
        raise BadState(f"bad state: {err}") from None
    except (TypeError, ValueError, KeyError) as err:
        raise BadState(f"bad state: {err!r}") from None
    if state.get("players") != len(saved["seats"]) or state.get("game") != game_id:
        raise BadState("the saved game does not match its seats")
    if state["options"].get("turn_timer"):
        raise BadState("a pass-and-play save with a turn timer")
    released = saved.get("released")
    if released is not None and (type(released) is not int or not 0 <= released <= state["version"]):
        raise BadState("bad released round")
    poll = saved.get("poll")
    people = {i for i, s in enumerate(saved["seats"]) if s["bot"] is None}
    if poll is not None and (not isinstance(poll, dict) or set(poll) != {"key", "todo"}
                             or not isinstance(poll["key"], list) or len(poll["key"]) != 3
                             or not all(type(k) is int for k in poll["key"])
                             or not isinstance(poll["todo"], list)
                             or not all(type(s) is int and s in people for s in poll["todo"])):
        raise BadState("bad poll")
    return {"seats": saved["seats"], "state": state, "poll": poll, "released": released}


def _target(state: dict, action: str) -> int | None:
    """Who a catch names: ``catch 2`` -> 2; ``denounce`` -> the exposed seat."""
    words = action.split(" ")
    if words[0] == "catch" and len(words) == 2 and words[1].isdigit():
        return int(words[1])
    exposed = state.get("exposed")
    return exposed if type(exposed) is int else None
