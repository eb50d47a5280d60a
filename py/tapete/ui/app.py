"""The browser controller (docs/ui.md): the page's listeners, its router and its page-wide settings. It
owns no screen's state: every screen is an object opened through :class:`~tapete.ui.router.Router`, handed
the page's clicks, keys and language. URL parameters and storage are in :mod:`tapete.ui.browser`."""

from __future__ import annotations

import asyncio

from pyodide.ffi import create_proxy
from pyscript import document, window

from ..core import get
from .bar import BAR_OPEN
from .browser import STORE_ROOM, int_param, param, store_del
from .leave_dialog import LeaveDialog
from .motion_glue import TableMotion
from .passplay_screen import PassPlayScreen
from .picker_screen import PickerScreen
from .router import Router
from .setup import default_settings
from .setup_screen import SetupScreen
from .table_screen import TableScreen
from .table_view import game_title
from . import page_hooks, tables

BOT_DELAY_MS = 700
PAGE_ACTIONS = ("menu", "leave", "leave-cancel", "leave-confirm", "lab")


class App:
    def __init__(self) -> None:
        self.root = document.getElementById("app")
        self.lang = str(window.tapeteShell.lang)
        self.bot_delay = max(0, int_param("bot_delay", BOT_DELAY_MS)) / 1000
        autoplay = int_param("autoplay", None)     # test hook: this page's seat plays by itself
        self.autoplay = None if autoplay is None else max(0, autoplay) / 1000
        self.think_pause = max(0, int_param("think_pause", 0)) / 1000   # test hook: a pause between slices
        self.slices = 0                              # slices of bots' thinking run by the pump (tapeteApp)
        self.thinking = False                        # a bot is between two slices of one thought
        self.game_id = "chupate"                     # the game chosen last (the history entries carry it)
        self.all_settings: dict[str, dict] = {}     # game id -> the last form values
        self.room_debug: dict | None = {} if param("debug_room") else None
        self.projector = bool(param("projector"))   # projector mode: no controls, sized for a wall (projector.css)
        self.projector_leave = None                  # projector mode's "Leave" button (tapete.ui.projector), once on
        self._proxies = []
        self.motion = TableMotion(self.root)        # motion_glue: the patch, the animations, their speed
        self.router = Router(self)                  # history entries and the current screen object
        self.picker = PickerScreen(self)            # keeps the shell's picker HTML and its note
        self.leave_dialog = LeaveDialog(self)

    @property
    def screen(self) -> str:
        """The name of the screen shown (a screen closed by stop_game keeps its name until the next)."""
        return self.router.shown

    @property
    def settings(self) -> dict:
        if self.game_id not in self.all_settings:
            self.all_settings[self.game_id] = default_settings(get(self.game_id))
        return self.all_settings[self.game_id]

    def room(self):                                 # the current screen's RoomSession (lobby, table), or None
        return getattr(self.router.current, "room", None)

    def hosting(self) -> bool:
        return self.room() is not None and self.room().room is not None

    game_title = staticmethod(game_title)

    # ----- wiring -------------------------------------------------------------------------------
    def start(self) -> None:
        self.playable = tables.available()
        self._listen(document, "click", self.on_click)     # the table and the dialogs outside #app
        self._listen(window, "popstate", self.router.on_popstate)
        self._listen(document, "keydown", self.on_key)
        self._listen(document, "change", self.motion.on_change)
        for name in ("cancel", "close"):                     # neither bubbles: listen in capture
            proxy = create_proxy(self.on_dialog_cancel)
            self._proxies.append(proxy)
            document.addEventListener(name, proxy, True)
        self._listen(document, "tapete:lang", self.on_lang)
        self._listen(window, "online", self.on_network)
        self._listen(window, "offline", self.on_network)
        self._listen(window, "hashchange", self.router.on_hash)
        self.show_picker()
        self.router.push(replace=True)
        self.set_projector(self.projector)
        self.router.open_link()

    def _listen(self, target, name: str, handler) -> None:
        proxy = create_proxy(handler)
        self._proxies.append(proxy)
        target.addEventListener(name, proxy)

    def on_lang(self, event) -> None:
        self.lang = str(window.tapeteShell.lang)
        if self.screen == "picker":
            self.show_picker()              # its Resume buttons and notes are Python's
        if self.router.current is not None and hasattr(self.router.current, "set_lang"):
            self.router.current.set_lang(self.lang)   # what is on screen, said again (i18n.Said)
        self.render()

    def on_network(self, event) -> None:
        """Online/offline: the friends box says whether rooms can be opened (the form keeps its values)."""
        if self.screen == "setup":
            self.router.current.on_network()

    def on_click(self, event) -> None:
        node = event.target
        if not node or not getattr(node, "closest", None):
            return                  # a click on a document itself or a text node
        ui = getattr(self.router.current, "ui", None) or {}
        if ui.get(BAR_OPEN) and not node.closest('[data-testid="bar-more"], [data-testid="btn-bar-more"]'):
            ui[BAR_OPEN] = False                # a click elsewhere folds the bar's settings again
            self.render()
        target = node.closest("[data-action],[data-game]")
        if not target or target.hasAttribute("disabled"):  # JS null arrives as jsnull, not None: test truth
            return
        game = target.getAttribute("data-game")
        if game:
            self.show_setup(str(game))
            return
        self.act(str(target.getAttribute("data-action")))

    def on_key(self, event) -> None:
        if self.projector and str(event.key) == "Escape":
            self.set_projector(False)                # projector mode has no controls: Escape leaves it
            return
        if hasattr(self.router.current, "on_key"):
            self.router.current.on_key(event)

    def on_dialog_cancel(self, event) -> None:
        """Escape on a round or result dialog, or a "close" without a "cancel" (Chrome skips it on a second
        Escape without user activation): do what its close button does (next round / close)."""
        target = event.target
        action = target.getAttribute("data-cancel-action") if target and getattr(target, "getAttribute", None) else None
        if not action or (event.type == "close" and not target.isConnected):
            return
        event.preventDefault()
        self.act(str(action))

    # ----- screens --------------------------------------------------------------------------------
    def stop_game(self) -> None:
        """End the screen shown (its timers, watchdogs, transport, worker): every screen change starts here."""
        self.router.close()

    def show_picker(self) -> None:
        self.stop_game()
        self.router.open(self.picker)
        self.picker.show()

    def show_setup(self, game_id: str, note="", push: bool = True) -> None:
        """The setup of ``game_id`` (``note``: why a room or a table did not open); ``push``: a history
        entry and focus on its heading (not when a room being joined falls back to it)."""
        self.game_id = game_id
        screen = SetupScreen(self, game_id, note)
        self.router.open(screen)
        screen.render()
        if push:
            self.router.push()
            if not self.router.restoring:
                screen.focus()

    def new_game(self, lab_table=None) -> None:
        self.stop_game()
        TableScreen.bots_game(self, lab_table)

    def show_lab(self) -> None:
        from .lab_screen import LabScreen
        self.stop_game()
        self.router.open(LabScreen(self))
        self.router.push()
        self.router.current.focus_title()

    def play_lab_bot(self, game_id: str, code: str, lab, name: str) -> None:
        """The lab's "Play against my bot": a table of two, you and the student's bot."""
        self.game_id = game_id
        self.new_game((game_id, code, lab, name))

    def open_watch(self, code: str, secret: str) -> None:
        """A watcher link: this page shows the room's public table (its own screen object), no seat."""
        from .watch_screen import WatchScreen
        self.stop_game()
        screen = WatchScreen(self.root, self.lang, code, secret, projector=self.projector,
                             shell=window.tapeteShell, motion=getattr(window, "tapeteMotion", None),
                             announcer=document.getElementById("announcer"), console=window.console,
                             instant=self.motion.instant)
        self.router.open(screen)
        screen.render()
        asyncio.ensure_future(screen.open())

    def set_projector(self, on: bool) -> None:
        """Projector mode on or off (``html.projector``: projector.css): the screen redraws without (or with)
        its controls, the page's "Leave projector mode" button (tapete.ui.projector) comes (or goes)."""
        changed, self.projector = bool(on) != self.projector, bool(on)
        document.documentElement.classList.toggle("projector", self.projector)
        if self.screen == "watch" and self.router.current is not None:
            self.router.current.projector = self.projector
        if self.screen in ("lobby", "watch", "table"):
            self.render()
        if self.projector_leave is None and self.projector:
            from .projector import ProjectorLeave
            self.projector_leave = ProjectorLeave(document, window.tapeteShell, create_proxy)
        if self.projector_leave is not None:
            self.projector_leave.switched(self.projector, self.lang, changed, self.root, window)

    def render(self) -> None:                       # the picker and the lab draw themselves when shown
        if self.screen not in ("picker", "lab") and self.router.current is not None:
            self.router.current.render()

    # ----- intents --------------------------------------------------------------------------------
    def act(self, action: str) -> None:
        """A click's or key's action: the page's own, else the current screen's."""
        current = self.router.current
        if action == "ui:projector":
            self.set_projector(not self.projector)
        elif action.startswith("pp:resume "):
            PassPlayScreen.resume(self, action.split(" ", 1)[1])
        elif isinstance(current, PassPlayScreen):
            current.act(action)                      # pass and play leaves without a dialog: its table stays saved
        elif (action not in PAGE_ACTIONS and not action.startswith("resume ")
              and current is not None and hasattr(current, "act") and current.act(action)):
            return
        elif action in ("menu", "leave-confirm"):
            if self.hosting():
                store_del(STORE_ROOM)
            if action == "menu":
                self.show_picker()
                self.router.push()
            else:
                self.leave_dialog.leave(abandon=True)
        elif action == "leave":
            self.leave_dialog.ask()
        elif action == "leave-cancel":
            self.leave_dialog.close()
        elif action.startswith("resume "):
            TableScreen.resume(self, action.split(" ", 1)[1])
        elif action == "lab":
            self.show_lab()


APP: App | None = None


def start() -> None:
    """Called by main.py once Python is up."""
    global APP
    APP = App()
    APP.start()
    page_hooks.install(APP)
