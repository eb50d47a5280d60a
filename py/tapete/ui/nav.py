"""Leaving and coming back (docs/shell.md): the browser history, the Leave dialog, saves and Resume.

Mixed into :class:`tapete.ui.app.App`. Every screen (picker, setup, table) is a history entry
(``history.pushState``); Back and Forward show the screen of the entry. A game against bots is saved in
this browser after every update (:mod:`tapete.ui.saves`), so Back from the table, a reload or a closed
tab keep it: the picker offers "Resume", Forward resumes it. "Menu" at the table asks first (and says
what leaving costs: the −20 ranking points of sheet 000 in Chúpate 2), then abandons the game.
"""

from __future__ import annotations

import json

from pyodide.ffi import to_js
from pyscript import document, window

from ..core.errors import BadState
from .browser import add_ranking, store_del, store_get, store_set, player_id
from .html import button, escape, tag
from .bar import BAR_OPEN, table_bar
from .sound import STORE_MUTED
from .i18n import t
from . import saves


class NavMixin:
    """History entries, the Leave dialog and the saved games of this browser."""

    # ----- history ----------------------------------------------------------------------------------
    def push_screen(self, replace: bool = False) -> None:
        """Record the current screen as a history entry (a new one, or the current one with ``replace``)."""
        if getattr(self, "restoring", False):
            return
        state = to_js({"tapete": 1, "screen": self.screen, "game": self.game_id},
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
        self.close_leave_dialog()
        self.restoring = True
        try:
            screen, game = entry.get("screen"), entry.get("game")
            if game not in self.playable:
                screen = "picker"
            if screen == "setup":
                self.stop_game()
                self.show_setup(game)
            elif screen == "lab":
                self.show_lab()
            elif screen == "table":
                if self.screen != "table" or self.game_id != game:
                    if not self.resume(game):
                        self.show_setup(game)
            else:
                self.show_picker()
        finally:
            self.restoring = False

    # ----- saves --------------------------------------------------------------------------------------
    def save_game(self) -> None:
        """After every update of a game against bots: keep it in this browser (dropped once it is over)."""
        if self.host is None or self.room is not None or self.guest is not None or self.lab_table is not None:
            return                                   # (a table with the lab's bot is not saved: it needs its code)
        key = saves.store_key(self.game_id)
        if self.host.state.get("over"):
            store_del(key)
        else:
            store_set(key, saves.snapshot(self.host, self.settings["level"], self.ui.get("log"), self.ui.get("rounds")))

    def saved_game(self, game_id: str) -> dict | None:
        """The valid save of ``game_id``, or None; a bad one is dropped and the picker says so."""
        text = store_get(saves.store_key(game_id))
        if text is None:
            return None
        try:
            return saves.parse(text, game_id, player_id())
        except BadState as err:
            store_del(saves.store_key(game_id))
            window.console.warn(f"tapete: save of {game_id} dropped: {err}")
            self.nav_msg = t(self.lang, "save.dropped", game=self.game_title(game_id))
            return None

    def resume(self, game_id: str) -> bool:
        """Play on from this browser's save of ``game_id``; False if there is none (or it was bad)."""
        saved = self.saved_game(game_id)
        if saved is None:
            return False
        from ..net import LocalSession
        self.stop_game()
        self.game_id = game_id
        self.settings["level"] = saved["level"]
        self.host = saves.restore(saved)
        self.ui = self.fresh_ui()
        self.ui["log"] = saved["log"]            # what happened before the reload (said again at render)
        self.ui["rounds"] = saved["rounds"]
        self.screen = "table"
        self.hold_round = False
        self.push_screen()
        self.session = LocalSession(self.host, player_id(), self.on_update)
        return True

    def game_title(self, game_id: str) -> str:
        return str(window.tapeteShell.t("game." + game_id))

    def picker_extras(self) -> None:
        """Resume buttons for the saved games, and the note about a save that had to be dropped."""
        for game_id in self.playable:
            slot = self.root.querySelector(f'[data-game="{game_id}"]')
            links = slot.parentElement.querySelector(".game-links") if slot else None
            if links and self.saved_game(game_id) is not None:
                links.insertAdjacentHTML("afterbegin", button(
                    t(self.lang, "resume") + tag("span", ": " + escape(self.game_title(game_id)), class_="visually-hidden"),
                    "resume " + game_id, f"resume-{game_id}", "btn resume"))
        if self.nav_msg:
            title = self.root.querySelector("#picker-title")
            if title:
                title.insertAdjacentHTML("afterend", tag("p", escape(self.nav_msg), class_="picker-message",
                                                          role="status", data_testid="picker-message"))
            self.nav_msg = ""

    # ----- leaving a table --------------------------------------------------------------------------
    def leave_cost(self) -> int:
        """Ranking points this seat loses by leaving now (0 once the game is over): the engine's ranking
        (Chúpate 2, sheet 000) or, for the other games, the same rule kept by the UI (tapete.ui.sheet)."""
        if self.host is None or self.session is None or self.host.state.get("over"):
            return 0
        seat = self.session.seat
        if seat is None:
            return 0
        ranking = getattr(self.host.game, "ranking", None)
        if ranking is None:
            from . import sheet
            return sheet.ABANDON
        return ranking(self.host.state, [], (seat,))[seat]

    def ask_leave(self) -> None:
        """Menu at the table: confirm first, unless the game is over (then straight to the picker)."""
        if self.update is None or self.update["view"].get("over"):
            self.leave()
            return
        dialog = document.getElementById("leave-dialog")
        cost = self.leave_cost()
        body = tag("h2", t(self.lang, "leave.title"), id="leave-title")
        if self.room is not None:
            body += tag("p", t(self.lang, "leave.host"))
        elif self.guest is not None:
            body += tag("p", t(self.lang, "leave.room"))
        else:
            body += tag("p", t(self.lang, "leave.lost"))
        if cost:
            body += tag("p", tag("strong", t(self.lang, "leave.cost", n=-cost)), data_testid="leave-cost")
        body += tag("div", button(t(self.lang, "leave.stay"), "leave-cancel", "btn-leave-cancel", "btn primary")
                    + button(t(self.lang, "leave.go"), "leave-confirm", "btn-leave-confirm", "btn danger"),
                    class_="actions")
        dialog.innerHTML = body
        if not dialog.open:
            dialog.showModal()
        dialog.querySelector('[data-testid="btn-leave-cancel"]').focus()

    def close_leave_dialog(self) -> None:
        dialog = document.getElementById("leave-dialog")
        if dialog and dialog.open:
            dialog.close()
            back = self.root.querySelector('[data-testid="btn-leave"]')
            if back:
                back.focus()

    def leave(self, abandon: bool = False) -> None:
        """Leave the table for the picker; ``abandon``: the game is given up (save dropped, cost paid)."""
        dialog = document.getElementById("leave-dialog")
        if dialog and dialog.open:
            dialog.close()
        if abandon:
            cost = self.leave_cost()
            if cost:
                add_ranking(self.game_id, cost)
            store_del(saves.store_key(self.game_id))
        self.show_picker()
        self.push_screen()
        first = self.root.querySelector(f'[data-game="{self.game_id}"]')
        if first:
            first.focus()

    # ----- at the table -------------------------------------------------------------------------------
    def table_bar(self) -> str:
        """Menu (leave, with a confirmation), the game's name, Mute, How to play and the settings, above
        every table. On a phone (CSS, ≤ 480 px) the settings (the animation speed) fold behind a ⚙
        toggle (``btn-bar-more``, ``ui:bar-more``) and Mute shows only its speaker; wider, all is in a row."""
        from . import hints
        hint = hints.hint_button(self.lang, hints.can_hint(self.update, self.against_bots())) if self.against_bots() else ""
        return table_bar(self.lang, self.game_title(self.game_id), self.game_id, store_get(STORE_MUTED) == "1",
                         self.motion.speed_setting(self.lang), bool(self.ui.get(BAR_OPEN)), hint)

    def announce(self, update: dict) -> None:
        """Tell screen readers what the other players just did, in the persistent live region."""
        node = document.getElementById("announcer")
        if not node or update.get("type") != "update":
            return
        from .log import announcement
        text = announcement(update, self.lang, self.table().event_text)
        if text:
            node.textContent = text

    def chooser_focus(self, before: bool, focus_key):
        """After a table render: when a chooser (colour, suit, value...) has just opened, focus its first
        choice and remember where focus was; when it has closed, hand back the remembered focus key.
        Returns the focus key render() should restore (None once focus was placed here)."""
        chooser = self.root.querySelector(".color-chooser")
        if chooser and not before:
            self.chooser_return = focus_key
            first = chooser.querySelector("button:not([disabled])")
            if first:
                first.focus()
                return None
        if not chooser and before:
            back, self.chooser_return = self.chooser_return, None
            if back and back[0]:
                return back
        return focus_key
