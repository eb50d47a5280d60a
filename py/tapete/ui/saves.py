"""Games against bots saved in this browser, so a reload or a closed tab can resume them (pure Python).

One save per game id (``localStorage["tapete.save.<game>"]``), written after every update: the Host's
state as ``Game.to_json`` plus who sits where, the seed, the options and the bot level. Reading a save
checks everything (format version, this browser's player id, seats, options, the state through
``from_json``) and raises :class:`~tapete.core.errors.BadState` with a precise message; the caller
drops such a save and tells the player, it never crashes.

The save also keeps the table's move log (``log``: the moves of the round as this seat received them,
``{"n", "events"}``, without the sentences, which are said again in the page's language) and the
rounds seen (``rounds``, the score sheet's columns), so a reload shows what the bots just did (issue
31). A save written before that has neither: it resumes with an empty log; a log or rounds that are
present but malformed make the whole save refused (:class:`BadState`), like any other bad field.
"""

from __future__ import annotations

import json

from ..core import TapeteError, get
from ..core.errors import BadState
from ..net import Host, SeatSpec
from .log import MAX_MOVES

STORE_SAVE = "tapete.save."
SAVE_KIND = "tapete.bots"
SAVE_VERSION = 1


def store_key(game_id: str) -> str:
    return STORE_SAVE + game_id


MAX_EVENTS = 64             # events in one move (a Super TAKI turn sheds a run: a few dozen at most)
MAX_ROUNDS = 200


def snapshot(host: Host, level: str, log: list | None = None, rounds: list | None = None) -> str:
    """The save of ``host`` (a game against bots) as compact JSON, with the table's ``log`` (moves, as
    :func:`tapete.ui.log.record` keeps them; their said sentences are left out) and ``rounds``."""
    seats = [{"name": s.name, "player": s.player, "bot": s.bot} for s in host.seats]
    moves = [{"n": e["n"], "events": e["events"]} for e in (log or []) if isinstance(e, dict)][-MAX_MOVES:]
    head = {"v": SAVE_VERSION, "kind": SAVE_KIND, "game": host.game.id, "level": level,
            "options": host.state["options"], "seats": seats, "log": moves, "rounds": list(rounds or [])}
    # the engine's own JSON is spliced in as is: one serialisation of the state per update, not three
    return json.dumps(head, separators=(",", ":"))[:-1] + ',"state":' + host.game.to_json(host.state) + "}"


def parse(text: str | None, game_id: str, player: str) -> dict:
    """Validate a save of ``game_id`` for this browser's ``player``; returns ``{game, level, seats, state}``."""
    try:
        saved = json.loads(text) if isinstance(text, str) else None
    except (ValueError, RecursionError) as err:
        raise BadState(f"the save is not JSON: {err}") from None
    if not isinstance(saved, dict) or saved.get("kind") != SAVE_KIND:
        raise BadState("not a saved game")
    if saved.get("v") != SAVE_VERSION:
        raise BadState(f"a save of an older version ({saved.get('v')!r})")
    if saved.get("game") != game_id:
        raise BadState(f"the save is of {saved.get('game')!r}, not {game_id!r}")
    game = get(game_id)
    if saved.get("level") not in ("easy", "medium", "hard"):
        raise BadState("bad bot level")
    seats = saved.get("seats")
    if not isinstance(seats, list) or not game.min_players <= len(seats) <= game.max_players:
        raise BadState("bad seats")
    for spec in seats:
        if not isinstance(spec, dict) or set(spec) != {"name", "player", "bot"} or not isinstance(spec["name"], str) \
                or not all(spec[k] is None or isinstance(spec[k], str) for k in ("player", "bot")) \
                or (spec["player"] is None) == (spec["bot"] is None):
            raise BadState("bad seat")
    if [i for i, s in enumerate(seats) if s["player"] is not None] != [0] or seats[0]["player"] != player:
        raise BadState("the save belongs to another player")
    try:
        state = game.from_json(saved.get("state"))
    except TapeteError as err:
        raise BadState(f"bad state: {err}") from None
    except (TypeError, ValueError, KeyError) as err:
        raise BadState(f"bad state: {err!r}") from None
    if state.get("players") != len(seats) or state.get("game") != game.id:
        raise BadState("the saved game does not match its seats")
    if state.get("over"):
        raise BadState("the saved game is over")
    return {"game": game_id, "level": saved["level"], "seats": seats, "state": state,
            "log": check_log(saved.get("log", [])), "rounds": check_rounds(saved.get("rounds", []), len(seats))}


def _int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_log(log) -> list[dict]:
    """A saved move log: a list of at most MAX_MOVES moves ``{"n": int >= 1, "events": [event, ...]}``
    with increasing numbers, each event an object with a string ``type``. Returns fresh copies."""
    if not isinstance(log, list) or len(log) > MAX_MOVES:
        raise BadState("bad log")
    out, last = [], 0
    for entry in log:
        if not isinstance(entry, dict) or set(entry) != {"n", "events"} or not _int(entry["n"]) or entry["n"] <= last:
            raise BadState("bad log entry")
        events = entry["events"]
        if not isinstance(events, list) or not 0 < len(events) <= MAX_EVENTS \
                or not all(isinstance(e, dict) and isinstance(e.get("type"), str) for e in events):
            raise BadState("bad log events")
        last = entry["n"]
        out.append({"n": entry["n"], "events": json.loads(json.dumps(events))})
    return out


def check_rounds(rounds, players: int) -> list[dict]:
    """The saved score sheet: ``[{"round": int, "points": [int]*players, "totals": [int]*players}]``."""
    if not isinstance(rounds, list) or len(rounds) > MAX_ROUNDS:
        raise BadState("bad rounds")
    for entry in rounds:
        if not isinstance(entry, dict) or set(entry) != {"round", "points", "totals"} or not _int(entry["round"]) \
                or not all(isinstance(entry[k], list) and len(entry[k]) == players and all(_int(v) for v in entry[k])
                           for k in ("points", "totals")):
            raise BadState("bad round record")
    return [dict(r, points=list(r["points"]), totals=list(r["totals"])) for r in rounds]


def restore(saved: dict) -> Host:
    """A Host playing on from a :func:`parse` result (the bots start afresh; the state is the saved one)."""
    seats = [SeatSpec(s["name"], player=s["player"], bot=s["bot"]) for s in saved["seats"]]
    state = saved["state"]
    host = Host(saved["game"], seats, state["seed"], state["options"])
    host.state = state
    return host
