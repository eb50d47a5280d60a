"""The router: the page's history entries and the screen object now shown (issue 29, docs/ui.md).

Every screen (picker, setup, table, lab, pass-and-play) is a history entry (``history.pushState``
with ``{"tapete": 1, "screen", "game"}``); Back and Forward show the screen of the entry. The router
holds the current screen object (:meth:`open` closes the one before it, :meth:`close` ends it: its
timers, watchdogs and proxies), so leaving a screen always ends what it started.
"""

from __future__ import annotations

import asyncio
import json

from pyodide.ffi import to_js
from pyscript import window


class Router:
    """History (pushState / popstate / Back) and the current screen object of one page."""

    def __init__(self, app) -> None:
        self.app = app
        self.current = None             # the screen object shown (None: between two screens)
        self.shown = "picker"           # its name (App.screen), kept after close() until the next open()
        self.restoring = False          # showing a history entry: do not push another

    # ----- the current screen -----------------------------------------------------------------------
    def open(self, screen) -> None:
        """Show ``screen`` (an object with ``close()``): the one before it is closed first."""
        if self.current is not None and self.current is not screen:
            self.close()
        self.current = screen
        self.shown = screen.name

    def close(self) -> None:
        """End the current screen object (its timers, workers, proxies); idempotent."""
        screen, self.current = self.current, None
        if screen is not None:
            screen.close()

    # ----- history ----------------------------------------------------------------------------------
    def push(self, replace: bool = False) -> None:
        """Record the current screen as a history entry (a new one, or the current one with ``replace``)."""
        if self.restoring:
            return
        state = to_js({"tapete": 1, "screen": self.shown, "game": self.app.game_id},
                      dict_converter=window.Object.fromEntries)
        url = str(window.location.pathname) + str(window.location.search) + str(window.location.hash or "")
        if replace:
            window.history.replaceState(state, "", url)
        else:
            window.history.pushState(state, "", url)

    def on_popstate(self, event) -> None:
        """Back/Forward: show the entry's screen. Leaving a table this way keeps its save (Resume)."""
        raw = event.state
        try:
            entry = json.loads(str(window.JSON.stringify(raw))) if raw else None
        except ValueError:
            entry = None
        if not isinstance(entry, dict) or entry.get("tapete") != 1:
            return
        app = self.app
        app.leave_dialog.close()
        self.restoring = True
        try:
            screen, game = entry.get("screen"), entry.get("game")
            if game not in app.playable:
                screen = "picker"
            if screen == "setup":
                app.stop_game()
                app.show_setup(game)
            elif screen == "lab":
                app.show_lab()
            elif screen == "passplay":               # Forward onto a pass-and-play table: its save, on a
                if app.screen != "passplay" or app.game_id != game:       # hand-over (never on someone's cards)
                    from .passplay_screen import PassPlayScreen
                    if not PassPlayScreen.resume(app, game):
                        app.show_setup(game)
            elif screen == "table":
                if app.screen != "table" or app.game_id != game:
                    from .table_screen import TableScreen
                    if not TableScreen.resume(app, game):
                        app.show_setup(game)
            else:
                app.show_picker()
        finally:
            self.restoring = False

    # ----- room links (the URL's fragment) ----------------------------------------------------------
    def open_link(self) -> None:
        """At boot: a watcher link watches, a room link this browser hosts resumes the room, any other
        room link joins it (offline: the setup, whose friends box says why not)."""
        from ..core.errors import BadState
        from ..net import parse_fragment
        from ..net.room import parse_snapshot
        from ..net.watch import wants_watch
        from .browser import STORE_ROOM, player_id, store_del, store_get
        from .room_session import RoomSession
        from .room_texts import rsaid
        app = self.app
        joined = parse_fragment(str(window.location.hash or ""))
        if joined and wants_watch(str(window.location.hash)):   # a watcher link: never a seat, never a resume
            app.open_watch(*joined)
        elif joined and not window.navigator.onLine:
            app.show_setup("chupate")
        elif joined:
            app.game_id = "chupate"
            saved = store_get(STORE_ROOM)
            if not (saved and joined[0] in saved):
                asyncio.ensure_future(RoomSession.join(app, *joined))
                return
            try:                                      # this browser hosts this room: resume it
                asyncio.ensure_future(RoomSession.resume(app, parse_snapshot(saved, player_id())))
            except BadState as err:
                store_del(STORE_ROOM)
                note = rsaid(app.lang, "bad_save", err=err)
                window.console.warn(f"tapete: {note}")
                app.show_setup(app.game_id, note=note)

    def on_hash(self, event) -> None:
        """A room link opened in this tab changes only the fragment (no reload): join that room."""
        from ..net import parse_fragment
        from ..net.watch import wants_watch
        from .room_session import RoomSession
        app = self.app
        joined = parse_fragment(str(window.location.hash or ""))
        if joined and wants_watch(str(window.location.hash)) and not app.hosting():
            app.open_watch(*joined)
            return
        info = app.room().info if app.room() is not None else {}
        if not joined or app.hosting() or (info.get("code"), info.get("secret") or "") == joined:
            return
        app.game_id = "chupate"
        asyncio.ensure_future(RoomSession.join(app, *joined))
