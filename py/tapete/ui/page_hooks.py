"""The page's test hooks on ``window`` (tests/browser use them; the names are public): ``tapeteApp`` (the
screen shown and the bots' thinking slices), ``tapeteRoomDebug`` (a room's seat and what it received,
refused and must never see), ``tapeteDebugRigDeal`` and ``tapeteWatchSend`` (``?debug_room=1``),
``tapeteSelfTest`` and ``tapeteRaise`` (``?debug_errors=1``)."""

from __future__ import annotations

import json

from pyodide.ffi import create_proxy
from pyscript import window

from .browser import param


def install(app) -> None:
    window.tapeteApp = create_proxy(lambda: json.dumps({"screen": app.screen, "slices": app.slices,
                                                        "thinking": app.thinking}))
    window.tapeteRoomDebug = create_proxy(lambda: room_debug(app))
    if app.room_debug is not None:                   # test hook only
        window.tapeteDebugRigDeal = create_proxy(lambda how="secret": rig_deal(app.room(), how))
        window.tapeteWatchSend = create_proxy(lambda text: bool(app.screen == "watch" and app.router.current is not None
                                                                and app.router.current.send_raw(text)))
    window.tapeteSelfTest = create_proxy(self_test)
    if param("debug_errors"):                  # a real Python exception raised from a JS call
        window.tapeteRaise = create_proxy(_raise)


def _raise(text: str) -> None:
    raise RuntimeError(f"test error: {text}")


def self_test(games: int, only: str | None = None) -> str:
    """Run the conformance pass inside the page (used by tests/browser/test_engines_in_pyodide.py)."""
    from .. import selftest
    return json.dumps(selftest.run(int(games), only=None if only is None else str(only)))


def rig_deal(session, how: str = "secret") -> None:
    """This host cheats at its next deal (tapete.net.rig: "secret", "grind_host", "grind_bot"), a cheat
    every guest must catch at the reveal."""
    from ..net.rig import rig
    if session is not None and session.room is not None and not session.room.started:
        rig(session.room, how)


def record_hidden(debug: dict, host) -> None:
    """Per version, the cards each seat (and a watcher) must never see (``?debug_room=1``)."""
    state, game = host.state, host.game
    hidden = {}
    for seat in range(len(host.seats)):
        places = game.hidden_places(state, seat)
        visible = set(state["hands"][seat]) | set(state.get("discard") or [])
        hidden[seat] = sorted({c for place in places for c in place} - visible)
    public = set(state.get("discard") or [])         # a watcher: the engine's hidden places for no seat
    hidden["watch"] = sorted({c for place in game.hidden_places(state, None) for c in place} - public)
    debug[str(state["version"])] = hidden


def room_debug(app) -> str:
    current = app.router.current
    if app.screen == "watch" and current is not None:
        return current.debug_json()
    return debug_json(app, app.room(), current if app.screen == "table" else None)


def debug_json(app, session, table) -> str:
    """``tapeteRoomDebug``: this page's seat, what its room received and refused."""
    room = session.room if session is not None else None
    guest = session.guest if session is not None else None
    watch = session.join_watch if session is not None else None
    return json.dumps({
        "screen": app.screen,
        "seat": table.session.seat if table is not None and table.session is not None
        else ((session.lobby if session is not None else None) or {}).get("you"),
        "received": list(guest.received) if guest else [],
        "host_refused": list(guest.refused) if guest else [],
        "join_attempt": watch.attempt if watch else 0,
        "hidden": app.room_debug or {},
        "refused": list(room.refused) if room else [],
        "dropped": int(room.transport.handle.dropped()) if room and hasattr(room.transport, "handle") else 0,
        "code": room.transport.code_state() if room and hasattr(room.transport, "code_state") else None,
    })
