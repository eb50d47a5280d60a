"""The picker screen: the five games, the bot lab's door, and Resume for this browser's saves.

Its HTML is the shell's (``index.html``), kept from the boot and put back on every visit; Python adds
which games are playable, the Resume buttons (a game against bots, :mod:`tapete.ui.saves`; a
pass-and-play game, :mod:`tapete.ui.passplay_screen`) and the note about a save that had to be dropped.
"""

from __future__ import annotations

from pyscript import window

from ..core.errors import BadState
from .browser import player_id, store_del, store_get
from .html import button, escape, tag
from .i18n import t
from . import saves


class PickerScreen:
    """One per page (its note outlives a visit: a save dropped while elsewhere is told here next)."""

    name = "picker"

    def __init__(self, app) -> None:
        self.app = app
        self.html = app.root.innerHTML          # the shell's picker, as the boot left it
        self.note = ""                          # a dropped save's note, shown once

    def show(self) -> None:
        app = self.app
        root = app.root
        root.innerHTML = self.html
        window.tapeteShell.applyTexts(root)    # the picker was kept in the language of the boot
        for node in root.querySelectorAll("[data-game]"):
            playable = str(node.getAttribute("data-game")) in app.playable
            node.disabled = not playable
            note = node.querySelector(".game-note")
            if note:
                key = "picker.ready" if playable else "coming"
                note.textContent = window.tapeteShell.t(key) if playable else t(app.lang, key)
                note.removeAttribute("data-i18n") if not playable else None
            node.setAttribute("data-available", "1" if playable else "0")
        lab = root.querySelector('[data-testid="btn-lab"]')
        if lab:
            lab.disabled = False                     # the bot lab (tapete.ui.lab_screen) needs Python
        self.resume_buttons()

    def close(self) -> None:
        """The picker starts nothing."""

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
            self.note = t(self.app.lang, "save.dropped", game=self.app.game_title(game_id))
            return None

    def _links(self, game_id: str):
        slot = self.app.root.querySelector(f'[data-game="{game_id}"]')
        return slot.parentElement.querySelector(".game-links") if slot else None

    def _resume_button(self, label: str, game_id: str, action: str, testid: str) -> str:
        return button(label + tag("span", ": " + escape(self.app.game_title(game_id)), class_="visually-hidden"),
                      action, testid, "btn resume")

    def resume_buttons(self) -> None:
        """Resume buttons for the saved games, the note about a save that had to be dropped, then a
        "Resume pass and play" button beside each game with a pass-and-play save."""
        from .passplay_screen import pt, store_key
        app = self.app
        for game_id in app.playable:
            links = self._links(game_id)
            if links and self.saved_game(game_id) is not None:
                links.insertAdjacentHTML("afterbegin", self._resume_button(
                    t(app.lang, "resume"), game_id, "resume " + game_id, f"resume-{game_id}"))
        if self.note:
            title = app.root.querySelector("#picker-title")
            if title:
                title.insertAdjacentHTML("afterend", tag("p", escape(self.note), class_="picker-message",
                                                          role="status", data_testid="picker-message"))
            self.note = ""
        for game_id in app.playable:
            if store_get(store_key(game_id)) is None:
                continue
            links = self._links(game_id)
            if links:
                links.insertAdjacentHTML("afterbegin", self._resume_button(
                    escape(pt(app.lang, "pp.resume")), game_id, "pp:resume " + game_id,
                    f"resume-passplay-{game_id}"))
