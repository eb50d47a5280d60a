"""The setup screen: a game's new-game form, its pass-and-play part and the friends box (issue 29).

A standalone screen object opened through the router (:meth:`tapete.ui.app.App.show_setup`): its own
state (the game, the note above the friends box), ``render``, ``read`` (the form into the app's
per-game settings), ``act`` (Start, pass and play's Start) and ``close``. The form itself is
:mod:`tapete.ui.setup`'s pure HTML; the friends box is :mod:`tapete.ui.room_ui`'s.
"""

from __future__ import annotations

import asyncio
import json

import js
from pyodide.ffi import to_js
from pyscript import window

from ..core import TapeteError, get
from ..core.errors import BadOptions
from ..net import normalize_join_code
from ..net.protocol import MAX_NAME, clean_name
from .browser import STORE_NAME, player_id, store_get, store_set
from .html import escape, tag
from .i18n import Said, resay, t
from .room_texts import rsaid
from .room_ui import render_friends_box
from .setup import options_of, passplay_seats, read_settings, render_setup

STORE_NAMES = "tapete.passplay.names"        # the pass-and-play names used last (prefilled in the setup)


def last_names() -> list[str]:
    try:
        names = json.loads(store_get(STORE_NAMES) or "[]")
    except ValueError:
        return []
    return [n for n in names if isinstance(n, str)][:10] if isinstance(names, list) else []


def friend_name(app) -> str:
    """The name typed in the friends box (checked: clean_name), else the one this browser keeps, else
    "Jugador L5N" -- which is not kept: the lobby's name box then asks for a real one (issue 31)."""
    node = app.root.querySelector('[data-testid="room-name"]')
    try:
        name = clean_name(str(node.value)[:MAX_NAME]) if node else ""
    except TapeteError:
        name = ""
    if name:
        store_set(STORE_NAME, name)
        return name
    return store_get(STORE_NAME) or (("Jugador " if app.lang == "es" else "Player ") + player_id()[1:4])



class SetupScreen:
    """One game's setup. ``note``: why a room could not be joined or a table started (es/en, i18n.Said)."""

    name = "setup"

    def __init__(self, app, game_id: str, note="") -> None:
        self.app = app
        self.game_id = game_id
        self.note = note

    def close(self) -> None:
        """The setup starts nothing."""

    def set_lang(self, lang: str) -> None:
        self.note = resay(self.note, lang)          # what is on screen, said again (i18n.Said)

    def say(self, note) -> None:
        self.note = note
        self.render()

    def form(self):
        return self.app.root.querySelector('[data-testid="setup"]')

    def values(self) -> dict | None:
        form = self.form()
        if not form:                # JS null arrives as jsnull: test truth, not `is None`
            return None
        return {str(k): str(v) for k, v in js.Object.fromEntries(js.FormData.new(form)).to_py().items()}

    def read(self) -> None:
        """The form's values into the app's settings of this game (kept for the next visit)."""
        values = self.values()
        if values is not None:
            self.app.all_settings[self.game_id] = read_settings(get(self.game_id), values, self.app.settings)

    def passplay_part(self) -> dict:
        """What the pass-and-play part shows: what is typed in it now (a re-render for a switch of
        language or of the network keeps it, and whether it was open), else the names used last."""
        form = self.app.root.querySelector('[data-testid="passplay-setup"]')
        if not form:
            return {"names": last_names()}
        names = [str(node.value) for node in form.querySelectorAll('input[name^="pp_name_"]')]
        select = form.querySelector('input[name="pp_bots"]')
        try:
            bots = int(str(select.value)) if select else 0
        except ValueError:
            bots = 0
        return {"names": names, "bots": bots, "open_": bool(form.open)}

    def render(self) -> None:
        app = self.app
        # why a room could not be joined sits just above the friends box, where the player pressed
        # Join, and is scrolled into view (it was printed below the fold, issue 31)
        note = tag("p", escape(self.note), class_="message room-note", role="status",
                   data_testid="room-message") if self.note else ""
        app.root.innerHTML = render_setup(app.lang, get(self.game_id), app.settings, self.passplay_part()) + note \
            + render_friends_box(app.lang, store_get(STORE_NAME) or "", offline=not window.navigator.onLine)
        shown = app.root.querySelector('[data-testid="room-message"]')
        if shown:
            shown.scrollIntoView(to_js({"block": "center"}, dict_converter=js.Object.fromEntries))

    def focus(self) -> None:
        heading = self.app.root.querySelector("h2")
        if heading:
            heading.setAttribute("tabindex", "-1")
            heading.focus()

    def on_network(self) -> None:
        """Online/offline: the friends box says whether rooms can be opened (the form keeps its values)."""
        self.read()
        self.render()

    def start_passplay(self) -> None:
        """Pass and play's Start: the seats from the form's names, or why not (the part stays open)."""
        from .passplay_screen import PassPlayScreen
        app = self.app
        values = self.values()
        if values is None:
            return
        self.read()
        game = get(self.game_id)
        try:
            seats = passplay_seats(app.lang, game, values, app.settings["level"])
        except BadOptions:
            def why(lang: str) -> str:                 # said again in the other language on a switch
                try:
                    passplay_seats(lang, game, values, "easy")
                except BadOptions as again:
                    return str(again)
                return ""
            self.say(Said.of(app.lang, why))
            details = app.root.querySelector('[data-testid="passplay-setup"]')
            if details:
                details.open = True
            return
        store_set(STORE_NAMES, json.dumps([s["name"] for s in seats if s["bot"] is None]))
        try:
            PassPlayScreen.start(app, self.game_id, seats, options_of(game, app.settings))
        except BadOptions as err:
            app.show_setup(self.game_id, note=t(app.lang, "pp.bad_seats", reason=err))

    def act(self, action: str) -> bool:
        """The setup's own buttons (Start, pass and play's Start, the friends box); False for others."""
        from .room_session import RoomSession
        if action == "setup-start":
            self.read()
            self.app.new_game()
        elif action == "pp:start":
            self.start_passplay()
        elif action == "room-create":
            asyncio.ensure_future(RoomSession.create(self.app))
        elif action == "room-join":
            node = self.app.root.querySelector('[data-testid="join-code"]')
            code = normalize_join_code(str(node.value) if node else "")
            if code is None:
                self.say(rsaid(self.app.lang, "bad_code"))
            else:
                asyncio.ensure_future(RoomSession.redeem(self.app, code))
        else:
            return False
        return True
