"""Leaving and coming back (docs/shell.md): the browser history, the Leave dialog, saves and Resume.

Mixed into :class:`tapete.ui.app.App`. Every screen (picker, setup, table) is a history entry
(``history.pushState``); Back and Forward show the screen of the entry. A game against bots is saved in
this browser after every update (:mod:`tapete.ui.saves`), so Back from the table, a reload or a closed
tab keep it: the picker offers "Resume", Forward resumes it. "Menu" at the table asks first (and says
what leaving costs: the −20 ranking points of sheet 000 in Chúpate 2), then abandons the game.
"""

from __future__ import annotations

from pyscript import document, window

from .browser import store_del, store_get, store_set, player_id
from .bar import BAR_OPEN, table_bar
from .sound import STORE_MUTED
from . import saves


class NavMixin:
    """History entries, the Leave dialog and the saved games of this browser."""

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

    def resume(self, game_id: str) -> bool:
        """Play on from this browser's save of ``game_id``; False if there is none (or it was bad)."""
        saved = self.picker.saved_game(game_id)
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
        self.router.push()
        self.session = LocalSession(self.host, player_id(), self.on_update)
        return True

    def game_title(self, game_id: str) -> str:
        return str(window.tapeteShell.t("game." + game_id))

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
