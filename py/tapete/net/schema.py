"""What a guest accepts from its host: every ``lobby``, ``update`` and ``rejected`` is checked here
before the page uses it (docs/multiplayer.md, "Guests trust nothing").

The host is another person's browser. :func:`check_host_message` refuses with
:class:`~tapete.net.protocol.ProtocolError` (code ``bad_host_message``) anything that is not what an
honest host sends: whole numbers where the games keep numbers (ints, never bools, bounded), cards only
from the game's own card set, bounded lists and strings, strings in views and events made of a few
safe characters (no markup can get through), names printable and short. The rules are by field name,
one table for all five games (their views share names: ``hand``, ``top``, ``counts``...); a view field
no rule names still has to be a bounded scalar or list of safe tokens. ``tests/unit/test_schema.py``
runs whole games of every game through it and every crafted case against it.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache

from ..core import get
from .deal import check_seats
from .protocol import ProtocolError

MAX_DEPTH = 6
MAX_LIST = 256                    # items in any list of a view (the longest, a skypo deck's worth, is ~150)
MAX_KEYS = 64
MAX_INT = 10**6
MAX_TOKEN = 64
MAX_NAME = 40                     # a seat's label: the name (24) plus " (bot)" or " ⌛"
MAX_MESSAGE = 300
MAX_LEGAL = 4096
TOKEN = re.compile(r"^[A-Za-z0-9 _:,+#.\-]{0,%d}$" % MAX_TOKEN)   # no <, >, &, quotes, = or /
HEX64 = re.compile(r"\A[0-9a-f]{64}\Z")
MAX_HISTORY = 20_000
KEY = re.compile(r"^[a-z][a-z0-9_]{0,31}$")
CODE = re.compile(r"^[a-z][a-z0-9_]{0,31}$")
NONCE = re.compile(r"^[A-Za-z0-9_-]{1,40}$")
PROOF = re.compile(r"^[A-Za-z0-9_-]{86}$")        # an Ed25519 signature, base64url
SEAT_KINDS = ("host", "player", "bot", "open")
BOT_LEVELS = ("easy", "medium", "hard")

# Field names whose values are whole numbers (None allowed where the games use it), bools, or cards.
INTS = {"v", "version", "players", "seat", "turn", "direction", "draw_count", "discard_count", "round",
        "pending", "dealer", "closer", "opener", "plus3_by", "count", "col", "row", "on", "offender",
        "winner", "discarded", "target_value", "limit", "turn_timer", "penalty", "called", "exposed",
        "counts", "scores", "down_counts", "to_flip", "cards_left", "hand_points", "places", "points",
        "ranking", "round_scores", "standings", "sums", "totals", "values", "winners", "finishing",
        "users", "teams", "target"}
BOOLS = {"over", "ace_bonus", "bluff", "deferred", "doubled", "fired", "pairs", "quick", "wild4_pending",
         "gone", "called"}
CARDS = {"top", "discard_top", "hand", "center", "covers", "cards", "added", "played", "opening", "hands",
         "replaced", "card", "drawn", "grids", "cells", "dealer_draw", "target"}


def check_host_message(message: object, game_id: str | None = None, watcher: bool = False) -> dict:
    """``message`` (parsed JSON) if it is a well-formed host message for ``game_id``; else ProtocolError.
    A ``watcher`` (tapete.net.watch) holds no seat: its lobby says ``you: null``, its updates are for no
    seat (no ``hand``, no legal actions), and the deal's messages are not for it."""
    if not isinstance(message, dict):
        _bad("a host message must be an object")
    kind = message.get("type")
    if watcher and kind in ("reveal", "deal_offer", "deal_commits"):
        _bad(f"a {kind} is not for a watcher")
    if kind == "lobby":
        _lobby(message)
        if watcher and message["you"] is not None:
            _bad("a watcher has no seat")
    elif kind == "update":
        if game_id is None:
            _bad("an update before the lobby")
        _update(message, game_id)
        if watcher and (message["seat"] is not None or message["legal"] or "hand" in message["view"]):
            _bad("a watcher's update is for no seat: no hand, no legal actions")
    elif kind == "rejected":
        _rejected(message)
    elif kind == "reveal":
        if game_id is None:
            _bad("a reveal before the lobby")
        _reveal(message)
    elif kind == "deal_offer":
        if game_id is None:
            _bad("a deal offer before the lobby")
        _deal_offer(message, game_id)
    elif kind == "deal_commits":
        _deal_commits(message)
    else:
        _bad(f"unknown host message type {kind!r}")
    return message


def _bad(why: str):
    raise ProtocolError(f"refused a host message: {why}", "bad_host_message")


def _exact(message: dict, required: set, optional: set = frozenset()) -> None:
    keys = set(message)
    if not required <= keys <= required | optional:
        _bad(f"{message.get('type')} needs the fields {sorted(required)} (got {sorted(keys)})")


def _int(value, name: str, none: bool = False, low: int = -MAX_INT, high: int = MAX_INT) -> None:
    if value is None and none:
        return
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        _bad(f"{name} must be a whole number")


def _text(value, name: str, limit: int, pattern: re.Pattern | None = None) -> None:
    if not isinstance(value, str) or len(value) > limit or not value.isprintable() \
            or (pattern is not None and not pattern.match(value)):
        _bad(f"{name} must be a short text")


def _lobby(message: dict) -> None:
    _exact(message, {"v", "type", "game", "started", "seats", "you"},
           {"proof", "locked", "commit", "nonces", "dealing", "options"})
    if "options" in message:              # the room's options, for the lobby to name (issue 31)
        _options_shape(message["options"])
    if not isinstance(message.get("dealing", False), bool):
        _bad("dealing must be true or false")
    if "commit" in message:
        _text(message["commit"], "commit", 64, HEX64)
    if "nonces" in message:
        nonces = message["nonces"]
        if not isinstance(nonces, list) or len(nonces) > 10 or not all(n is None or isinstance(n, str) and HEX64.match(n)
                                                                       for n in nonces):
            _bad("bad nonces")
    if not isinstance(message.get("locked", False), bool):
        _bad("locked must be true or false")
    try:
        game = get(message["game"])
    except (KeyError, TypeError):
        _bad(f"unknown game {message.get('game')!r}")
    if not isinstance(message["started"], bool):
        _bad("started must be true or false")
    seats = message["seats"]
    if not isinstance(seats, list) or not 1 <= len(seats) <= game.max_players:
        _bad("bad seats")
    for seat in seats:
        if not isinstance(seat, dict) or seat.get("kind") not in SEAT_KINDS \
                or not {"kind", "name"} <= set(seat) <= {"kind", "name", "connected"}:
            _bad("bad seat")
        _text(seat["name"], "a seat's name", MAX_NAME)
        if "connected" in seat and not isinstance(seat["connected"], bool):
            _bad("connected must be true or false")
    _int(message["you"], "you", none=True, low=0, high=len(seats) - 1)
    if "proof" in message:
        _text(message["proof"], "proof", 86, PROOF)


def _rejected(message: dict) -> None:
    _exact(message, {"v", "type", "id", "code", "message"}, {"proof"})
    if message["id"] is not None:
        _text(message["id"], "id", 40, NONCE)
    _text(message["code"], "code", 32, CODE)
    _text(message["message"], "message", MAX_MESSAGE)
    if "proof" in message:
        _text(message["proof"], "proof", 86, PROOF)


def _reveal(message: dict) -> None:
    _exact(message, {"v", "type", "secret", "options", "seats", "history"})
    _text(message["secret"], "secret", 64, HEX64)
    if not isinstance(message["options"], dict) or len(message["options"]) > MAX_KEYS:
        _bad("options must be an object")
    why = check_seats(message["seats"])
    if why:
        _bad(f"the deal's seats: {why}")
    history = message["history"]
    if not isinstance(history, list) or len(history) > MAX_HISTORY:
        _bad("the history must be a bounded list")
    for step in history:
        if not isinstance(step, list) or len(step) != 2:
            _bad("a history step is [seat, action]")
        _int(step[0], "a history seat", none=True, low=0, high=20)
        _text(step[1], "a history action", MAX_TOKEN, TOKEN)


def _deal_offer(message: dict, game_id: str) -> None:
    """A deal round's offer: the round (the host's commitment), the room's game, its options, the seats."""
    _exact(message, {"v", "type", "round", "game", "options", "seats"})
    _text(message["round"], "round", 64, HEX64)
    if message["game"] != game_id:
        _bad("a deal offer for another game")
    game = get(game_id)
    why = check_seats(message["seats"], game.max_players)
    if why:
        _bad(f"the deal's seats: {why}")
    options = message["options"]
    _options_shape(options)
    try:
        game.check_options(options, len(message["seats"]))
    except Exception:  # noqa: BLE001 - whatever the engine says about made-up options, they are refused
        _bad("options the game does not know")


def _options_shape(options) -> None:
    """A game's options as a host sends them: a small object of short keys to bounded numbers and flags."""
    if not isinstance(options, dict) or len(options) > MAX_KEYS or not all(
            isinstance(k, str) and KEY.match(k) and isinstance(v, int) for k, v in options.items()):
        _bad("options must be an object of numbers and flags")
    for value in options.values():
        if isinstance(value, int) and not isinstance(value, bool):
            _int(value, "an option")


def _deal_commits(message: dict) -> None:
    """The list of every seat's commitment (null for the host's and bots' seats)."""
    _exact(message, {"v", "type", "round", "commits"})
    _text(message["round"], "round", 64, HEX64)
    commits = message["commits"]
    if not isinstance(commits, list) or not 2 <= len(commits) <= 10 \
            or not all(c is None or isinstance(c, str) and HEX64.match(c) for c in commits):
        _bad("bad list of commitments")


@lru_cache(maxsize=32)
def card_set(game_id: str, players: int, options: str) -> frozenset:
    """Every card a game of ``game_id`` with these players and options (JSON) holds."""
    game = get(game_id)
    state = game.new(players, 0, json.loads(options))
    return frozenset(card for place in game.card_places(state) for card in place)


def _update(message: dict, game_id: str) -> None:
    _exact(message, {"v", "type", "seat", "view", "events", "legal", "names", "bots"})
    game = get(game_id)
    view = message["view"]
    if not isinstance(view, dict) or view.get("game") != game_id:
        _bad("the view is not of this room's game")
    players = view.get("players")
    _int(players, "players", low=game.min_players, high=game.max_players)
    _int(message["seat"], "seat", none=True, low=0, high=players - 1)
    if view.get("seat") != message["seat"]:
        _bad("the view is for another seat")
    _int(view.get("version"), "version", low=0)
    options = view.get("options")
    if not isinstance(options, dict):
        _bad("options must be an object")
    try:
        game.check_options(options, players)
        cards = card_set(game_id, players, json.dumps(options, sort_keys=True))
    except Exception:  # noqa: BLE001 - whatever the engine says about made-up options, they are refused
        _bad("options the game does not know")
    _walk(view, "view", cards, 0)
    events = message["events"]
    if not isinstance(events, list) or len(events) > MAX_LIST:
        _bad("events must be a short list")
    for event in events:
        if not isinstance(event, dict):
            _bad("an event must be an object")
        _walk(event, "event", cards, 1)
    legal = message["legal"]
    if not isinstance(legal, list) or len(legal) > MAX_LEGAL:
        _bad("legal must be a bounded list")
    for action in legal:
        _text(action, "a legal action", MAX_TOKEN, TOKEN)
    names, bots = message["names"], message["bots"]
    if not isinstance(names, list) or len(names) != players or not isinstance(bots, list) or len(bots) != players:
        _bad("names and bots must name every seat")
    for name in names:
        _text(name, "a name", MAX_NAME)
    for level in bots:
        if level is not None and level not in BOT_LEVELS:
            _bad("unknown bot level")


def _walk(value, name: str, cards: frozenset, depth: int) -> None:
    """One value of a view or event under field ``name``: the rule of its name, else a safe token."""
    if depth > MAX_DEPTH:
        _bad(f"{name} is nested too deep")
    if isinstance(value, dict):
        if len(value) > MAX_KEYS:
            _bad(f"{name} has too many fields")
        for key, item in value.items():
            if not isinstance(key, str) or not KEY.match(key):
                _bad(f"bad field name in {name}")
            _walk(item, key, cards, depth + 1)
        return
    if isinstance(value, list):
        if len(value) > MAX_LIST:
            _bad(f"{name} is too long")
        for item in value:
            _walk(item, name, cards, depth + 1)
        return
    if value is None:
        return
    if isinstance(value, bool):
        if name in INTS and name not in BOOLS:
            _bad(f"{name} must be a whole number, not {value!r}")
        return
    if isinstance(value, int):
        if name in BOOLS and name not in INTS:
            _bad(f"{name} must be true or false")
        _int(value, name)
        return
    if isinstance(value, str):
        if name in INTS and name not in CARDS:
            _bad(f"{name} must be a whole number")
        if name in BOOLS:
            _bad(f"{name} must be true or false")
        if name in CARDS and value not in cards:
            _bad(f"{name} holds {value[:20]!r}, not a card of this game")
        _text(value, name, MAX_TOKEN, TOKEN)
        return
    _bad(f"{name} has a value of an unknown kind")       # floats: no game keeps any
