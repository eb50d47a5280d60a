"""The browser controller: the only place (with main.py) that touches the DOM.

It renders views into ``#app`` and turns clicks and keys into intents sent through a session; it
never reads the game state itself. Bots are paced here (``?bot_delay=ms`` overrides the delay).
Rooms with friends live in :mod:`tapete.ui.rooms`; URL parameters and storage in :mod:`tapete.ui.browser`.
"""

from __future__ import annotations

import asyncio
import json
import random

import js
from pyodide.ffi import create_proxy, to_js
from pyscript import document, window

from ..bots import EasyBot
from ..core import get
from ..core.errors import BadState
from ..net.deal import mix, new_secret
from ..net.room import RATE_PER_SECOND, RATE_WINDOW, parse_snapshot
from ..net import GuestSession, Host, LocalSession, RoomHost, SeatSpec, normalize_join_code, parse_fragment
from ..net.watch import wants_watch
from . import hints, sound, tables
from .i18n import Said, refusal, resay, t
from .hand import STORE_SORT, parse_sort
from .html import escape, tag
from .bar import BAR_OPEN
from .bot_names import bot_names, room_bot_name
from .log import LOG_OPEN, say_new
from .log import record as record_move
from .sheet import ranking_delta, record_round
from .room_texts import rsaid, rt
from .room_ui import render_deal, render_friends_box
from .setup import default_settings, options_of, read_settings, render_setup
from .browser import (STORE_NAME, STORE_ROOM, add_ranking, int_param, param, store_del, store_get,  # noqa: F401
                      store_set, player_id)
from .rooms import RoomsMixin
from .nav import NavMixin
from .motion_glue import TableMotion
from .router import Router
from .picker_screen import PickerScreen
from .leave_dialog import LeaveDialog
from . import passplay_screen

BOT_DELAY_MS = 700
DEAL_WAIT = 10.0                                     # seconds a finished guest waits for the host's reveal
KEYS = {"d": "draw", "p": "pass", "u": "ultima", "m": "mentira", "n": "denounce"}
KEY_ACTIONS = {"mentira": "challenge"}


class App(RoomsMixin, NavMixin):
    def __init__(self) -> None:
        self.root = document.getElementById("app")
        self.lang = str(window.tapeteShell.lang)
        self.bot_delay = max(0, int_param("bot_delay", BOT_DELAY_MS)) / 1000
        autoplay = int_param("autoplay", None)     # test hook: this page's seat plays by itself
        self.autoplay = None if autoplay is None else max(0, autoplay) / 1000
        self.autoplay_next = 0.0                     # a guest's autoplay keeps under the host's rate limit
        self.think_pause = max(0, int_param("think_pause", 0)) / 1000   # test hook: a pause between slices
        self.slices = 0                              # slices of bots' thinking run by the pump (tapeteApp)
        self.thinking = False                        # a bot is between two slices of one thought
        self.game_id = "chupate"
        self.all_settings: dict[str, dict] = {}     # game id -> the last form values
        self.screen = "picker"
        self.host: Host | None = None
        self.session: LocalSession | None = None
        self.update: dict | None = None
        self.ui: dict = {}
        self.pumping = False
        self.hold_round = False
        self.timer_version = None
        self._proxies = []
        self.room: RoomHost | None = None           # this page hosts a room with friends
        self.guest: GuestSession | None = None      # this page is a guest in a friend's room
        self.room_info: dict | None = None          # code, secret, link, is_host
        self.lobby: dict | None = None
        self.room_msg = ""
        self.room_debug: dict | None = {} if param("debug_room") else None
        self.grace_watch = False
        self.join_watch = None                       # the guest's join watchdog (rooms.py join_room)
        self.join_failed = False
        self.room_status: dict | None = None        # the lobby's connection line (rooms.py _watch)
        self.chooser_return = None                  # what had focus when a chooser opened (nav.chooser_focus)
        self.watch_screen = None                     # this page watches a room (tapete.ui.watch_screen)
        self.projector = bool(param("projector"))   # projector mode: no controls, sized for a wall (projector.css)
        self.passplay = None                         # the pass-and-play screen (tapete.ui.passplay_screen)
        self.lab_screen = None                       # the bot lab (tapete.ui.lab_screen.LabScreen) while open
        self.lab_table = None                        # (game, code, lab, name): a table where the student's bot sits
        self.motion = TableMotion(self.root)        # motion_glue: the patch, the animations, their speed
        self.router = Router(self)                  # history entries and the current screen object
        self.picker = PickerScreen(self)            # keeps the shell's picker HTML and its note
        self.leave_dialog = LeaveDialog(self)

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
        self._listen(window, "hashchange", self.on_hash)
        self.show_picker()
        self.router.push(replace=True)
        self.set_projector(self.projector)
        joined = parse_fragment(str(window.location.hash or ""))
        if joined and wants_watch(str(window.location.hash)):   # a watcher link: never a seat, never a resume
            self.open_watch(*joined)
            return
        if joined and not window.navigator.onLine:  # a room link opened offline: the friends box says why not
            self.show_setup("chupate")
            return
        if joined:
            self.game_id = "chupate"
            saved = store_get(STORE_ROOM)
            if saved and joined[0] in saved:        # this browser hosts this room: resume it
                try:
                    asyncio.ensure_future(self.resume_room(parse_snapshot(saved, player_id())))
                except BadState as err:
                    store_del(STORE_ROOM)
                    self.room_msg = rsaid(self.lang, "bad_save", err=err)
                    window.console.warn(f"tapete: {self.room_msg}")
                    self.show_setup(self.game_id)
                return
            asyncio.ensure_future(self.join_room(*joined))

    def _listen(self, target, name: str, handler) -> None:
        proxy = create_proxy(handler)
        self._proxies.append(proxy)
        target.addEventListener(name, proxy)

    def on_hash(self, event) -> None:
        """A room link opened in this tab changes only the fragment (no reload): join that room."""
        joined = parse_fragment(str(window.location.hash or ""))
        if joined and wants_watch(str(window.location.hash)) and self.room is None:
            self.open_watch(*joined)
            return
        info = self.room_info or {}
        if not joined or self.room is not None or (info.get("code"), info.get("secret") or "") == joined:
            return
        self.game_id = "chupate"
        asyncio.ensure_future(self.join_room(*joined))

    def on_lang(self, event) -> None:
        self.lang = str(window.tapeteShell.lang)
        self.room_msg = resay(self.room_msg, self.lang)          # what is on screen, said again (i18n.Said)
        if self.ui.get("message"):
            self.ui["message"] = resay(self.ui["message"], self.lang)
        if self.screen == "picker":
            self.show_picker()              # its Resume buttons and notes are Python's
        if self.watch_screen is not None:
            self.watch_screen.lang = self.lang
        if self.lab_screen is not None:
            self.lab_screen.set_lang(self.lang)
        self.render()

    def on_network(self, event) -> None:
        """Online/offline: the friends box says whether rooms can be opened (the form keeps its values)."""
        if self.screen == "setup":
            self.read_setup()
            self.render()

    def on_click(self, event) -> None:
        node = event.target
        if not node or not getattr(node, "closest", None):
            return                  # a click on the document itself or a text node
        if self.ui.get(BAR_OPEN) and not node.closest('[data-testid="bar-more"], [data-testid="btn-bar-more"]'):
            self.ui[BAR_OPEN] = False                # a click elsewhere folds the bar's settings again
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
        if self.screen == "lobby" and str(event.key) == "Enter" and event.target \
                and str(event.target.getAttribute("data-testid") or "") == "rename-input":
            self.rename_me()                           # Enter in the name box does what its button does
            event.preventDefault()
            return
        if self.projector and str(event.key) == "Escape":
            self.set_projector(False)                # projector mode has no controls: Escape leaves it
            return
        if self.passplay is not None:
            self.passplay.on_key(event)
            return
        if self.screen != "table" or self.update is None:
            return
        if str(event.key) == "Escape" and self.ui.get(BAR_OPEN):
            self.close_bar_more()
            return
        tag = str(event.target.tagName).lower() if event.target else ""
        if tag in ("input", "select", "textarea") or event.ctrlKey or event.metaKey or event.altKey:
            return
        key = str(event.key)
        if key in ("ArrowLeft", "ArrowRight"):
            self._move_focus(-1 if key == "ArrowLeft" else 1)
            event.preventDefault()
        elif key == "Escape" and self.clear_choices():
            self.render()
        elif key.lower() == "h" and hints.can_hint(self.update, self.against_bots()):
            self.act("hint")
            event.preventDefault()
        elif key.lower() in self.keys():
            action = self.keys()[key.lower()]
            action = KEY_ACTIONS.get(action, action)
            if action in self.update["legal"]:
                self.act(action)
                event.preventDefault()

    def keys(self) -> dict:
        return getattr(self.table(), "KEYS", KEYS)

    def table(self):
        """The renderer module of the current game (tapete.ui.<game>_table)."""
        return tables.table_for(self.game_id)

    def clear_choices(self) -> bool:
        """Forget half-made local choices (a wild's colour, selected cards...); True if there were any."""
        keys = [k for k in self.ui if k == "wild" or k.startswith(self.game_id + "_")]
        had = any(self.ui.get(k) for k in keys)
        for k in keys:
            self.ui[k] = None
        return had

    @property
    def settings(self) -> dict:
        if self.game_id not in self.all_settings:
            self.all_settings[self.game_id] = default_settings(get(self.game_id))
        return self.all_settings[self.game_id]

    def _move_focus(self, step: int) -> None:
        cards = list(self.root.querySelectorAll('[data-testid="hand"] .card, [data-testid="my-grid"] .card'))
        if not cards:
            return
        current = document.activeElement
        index = next((i for i, c in enumerate(cards) if c == current), -1)
        cards[(index + step) % len(cards)].focus()

    # ----- screens --------------------------------------------------------------------------------
    def show_picker(self) -> None:
        self.stop_game()
        self.screen = "picker"
        self.router.open(self.picker)
        self.picker.show()

    def show_setup(self, game_id: str) -> None:
        self.screen = "setup"
        self.game_id = game_id
        self.render()
        self.router.push()
        heading = self.root.querySelector("h2")
        if heading and not self.router.restoring:
            heading.setAttribute("tabindex", "-1")
            heading.focus()

    def read_setup(self) -> None:
        form = self.root.querySelector('[data-testid="setup"]')
        if not form:                # JS null arrives as jsnull: test truth, not `is None`
            return
        values = {str(k): str(v) for k, v in js.Object.fromEntries(js.FormData.new(form)).to_py().items()}
        self.all_settings[self.game_id] = read_settings(get(self.game_id), values, self.settings)

    def new_game(self, lab_table=None) -> None:
        if lab_table is not None and lab_table is self.lab_table:
            self.lab_table = None                    # "Play again" with the same bot: keep its worker
        self.stop_game()
        self.lab_table = lab_table
        s = self.settings
        me = player_id()
        seats = [SeatSpec(t(self.lang, "you"), player=me)]
        if lab_table is not None:                    # "Play against my bot" (the bot lab): you and it
            seats.append(SeatSpec(lab_table[3], bot="easy"))
        seed = int_param("seed", None)              # test hook
        if seed is None:                             # no guests: a local secret (tapete.net.deal) is the deal
            seed = mix(new_secret(), [])
        if lab_table is None:                        # the bots' names, per language and seed (bot_names.py)
            names = bot_names(self.lang, s["opponents"], seed, avoid=str(store_get(STORE_NAME) or ""))
            seats += [SeatSpec(names[i - 1] if i <= len(names) else t(self.lang, "bot", n=i), bot=s["level"])
                      for i in range(1, s["opponents"] + 1)]
        self.host = Host(self.game_id, seats, seed, options_of(get(self.game_id), s))
        if lab_table is not None:
            from .lab_seat import LabSeatBot, table_error
            game, code, lab, _name = lab_table

            def failed(error: dict) -> None:
                self.ui["message"] = table_error(lambda: self.lang, error)
                self.render()
            self.host.bots[1] = LabSeatBot(lab, game, code, f"table-{seed}", 1, failed)
        self.ui = self.fresh_ui()
        self.ui[hints.HINTS] = 0                     # a game against bots: the result says how many hints
        self.screen = "table"
        self.hold_round = False
        self.router.push()
        self.session = LocalSession(self.host, me, self.on_update)

    def fresh_ui(self) -> dict:
        """The local, per-table UI state of a new or resumed game."""
        return {"log": [], "message": "", "wild": None, "timer": None, "ranking": None}

    def stop_game(self) -> None:
        self.router.close()
        if self.passplay is not None:
            self.passplay.close()
            self.passplay = None
        self.close_lab()
        if self.lab_table is not None:               # the student's bot's worker goes with its table
            self.lab_table[2].close()
            self.lab_table = None
        if self.host is not None:
            self.host.detach(self.session.player if self.session else None)
        self.host = self.session = self.update = None
        for end in (self.room, self.guest):
            if end is not None:
                end.transport.close()
        if getattr(self, "name_box", None) is not None:
            self.name_box.close()
        self.name_box = None
        if self.watch_screen is not None:
            self.watch_screen.close()
        self.room = self.guest = self.room_info = self.lobby = self.join_watch = self.room_status = None
        self.watch_screen = None
        self.room_msg = ""
        self.join_failed = False

    # ----- the bot lab (tapete.ui.lab_screen) and hints (tapete.ui.hints) ---------------------------
    def show_lab(self) -> None:
        self.stop_game()
        from .lab_screen import LabScreen
        self.screen = "lab"
        self.lab_screen = LabScreen(self)
        self.router.push()
        self.lab_screen.focus_title()

    def close_lab(self) -> None:
        if self.lab_screen is not None:
            self.lab_screen.close()
            self.lab_screen = None

    def play_lab_bot(self, game_id: str, code: str, lab, name: str) -> None:
        """The lab's "Play against my bot": a table of two, you and the student's bot."""
        self.close_lab()
        self.game_id = game_id
        self.new_game((game_id, code, lab, name))

    def against_bots(self) -> bool:
        """A game this page hosts with no one else (hints are for these only)."""
        return self.host is not None and self.room is None and self.guest is None

    # ----- intents and updates --------------------------------------------------------------------
    def act(self, action: str) -> None:
        if action == "ui:projector":
            self.set_projector(not self.projector)
            return
        if self.watch_screen is not None and self.watch_screen.act(action):
            return
        if passplay_screen.route(self, action):
            return
        if action == "menu":
            if self.room is not None:
                store_del(STORE_ROOM)
            self.show_picker()
            self.router.push()
        elif action == "leave":
            self.leave_dialog.ask()
        elif action == "leave-cancel":
            self.leave_dialog.close()
        elif action == "leave-confirm":
            if self.room is not None:
                store_del(STORE_ROOM)
            self.leave_dialog.leave(abandon=True)
        elif action.startswith("resume "):
            self.resume(action.split(" ", 1)[1])
        elif action == "setup-start":
            self.read_setup()
            self.new_game()
        elif action == "again":
            self.new_game(self.lab_table)
        elif action == "lab":
            self.show_lab()
        elif action == "hint":
            asyncio.ensure_future(hints.ask(self))
        elif action == "hint-close":
            self.ui[hints.HINT] = None
            self.render()
        elif action == "room-create":
            asyncio.ensure_future(self.create_room())
        elif action == "room-join":
            node = self.root.querySelector('[data-testid="join-code"]')
            code = normalize_join_code(str(node.value) if node else "")
            if code is None:
                self.room_msg = rsaid(self.lang, "bad_code")
                self.render()
                return
            asyncio.ensure_future(self.redeem_code(code))
        elif action == "room-rename":
            self.rename_me()
        elif action == "room-retry":
            self.retry_room()
        elif action == "room-add-bot":
            if self.room is not None:
                self.room.add_bot(self.settings["level"], room_bot_name(self.lang, self.room))  # as local games
        elif action == "room-start":
            self.start_room()
        elif action.startswith("room-kick ") and self.room is not None:
            self.room.kick(int(action.split()[1]))
        elif action == "room-lock" and self.room is not None:
            self.room.lock(not self.room.locked)
        elif action.startswith(("room-admit ", "room-refuse ")) and self.room is not None:
            self.answer_asker(*action.split(" ", 1))
        elif action == "room-watching" and self.room is not None:
            self.room.set_watching(not self.room.watching)
        elif action == "room-copy":
            if self.room_info and self.room_info.get("link"):
                try:
                    window.navigator.clipboard.writeText(self.room_info["link"])
                except Exception:  # noqa: BLE001 - clipboard may be unavailable
                    pass
                self.room_msg = rsaid(self.lang, "copied")
                self.render()
        elif self.session is None:
            return
        elif parse_sort(action) is not None:         # hand order, remembered by this browser
            self.ui["sort"] = parse_sort(action)
            store_set(STORE_SORT, self.ui["sort"])
            self.render()
        elif action in ("ui:result-close", "ui:result-open"):
            self.ui["result_closed"] = action == "ui:result-close"
            self.render()
        elif action == "ui:bar-more":                  # the bar's folded settings (phones: tapete.ui.bar)
            if self.ui.get(BAR_OPEN):
                self.close_bar_more()
            else:
                self.ui[BAR_OPEN] = True
                self.render()
        elif action in ("ui:log-open", "ui:log-close"):      # the whole round's moves (tapete.ui.log)
            self.ui[LOG_OPEN] = action == "ui:log-open"
            self.render()
            opener = next((b for b in self.root.querySelectorAll('[data-testid="btn-log-round"], [data-testid="btn-log-all"]')
                           if b.offsetParent), None)     # the one shown (phones: btn-log-all; JS null is jsnull, falsy)
            if not self.ui[LOG_OPEN] and opener:
                opener.focus()
        elif action.startswith("ui:"):
            local = getattr(self.table(), "local_action", None)
            if local is not None:
                local(self.ui, action)
                self.ui["message"] = ""
                self.render()
        elif action.startswith("wild "):
            self.ui["wild"] = action.split(" ", 1)[1]
            self.ui["message"] = ""
            self.render()
        elif action == "continue":
            self.hold_round = False
            self.ui["released"] = self.update["view"]["version"] if self.update else None
            self.pump()
        else:
            self.clear_choices()
            self.ui["message"] = ""
            if action == "next":
                self.hold_round = False
            self.session.send(action)

    def on_update(self, message: dict) -> None:
        if message["type"] == "lobby":
            if message.get("you") is not None and self.asking_msg is not None and self.asking_msg.same(self.room_msg):
                self.room_msg = ""                   # admitted
            self.lobby = message
            self.game_id = message["game"]
            self.save_deal()
            if self.screen == "lobby":
                self.render()
            return
        if message["type"] == "deal":
            self.ui["deal"] = (message["verified"], message["reason"], message.get("restarts", 0))
            self.render()
            return
        if message["type"] == "host_gone":
            self.ui["message"] = self.room_msg = rsaid(self.lang, "host_gone")
            self.render()
            return
        if message["type"] == "rejected" and self.screen == "lobby":
            own = ("full", "kicked", "locked", "busy", "dealing", "not_admitted")     # refusals with a text of their own (es/en)
            self.room_msg = rsaid(self.lang, message["code"]) if message["code"] in own else message["message"]
            if message["code"] == "asking":
                self.room_msg = self.asking_msg = self.asking_said()
            self.render()
            return
        if message["type"] == "update" and self.guest is not None and self.screen == "lobby":
            self.ui = self.fresh_ui()
            self.hold_round = False
            self.screen = "table"
            self.session = self.guest
        if self.room is not None and message["type"] == "update":
            self.save_room()
            if self.room_debug is not None:
                self.record_hidden()
        if message["type"] == "update" and self.ui.get("message") == rt(self.lang, "host_gone"):
            self.ui["message"] = self.room_msg = ""
        if message["type"] == "rejected":
            explain = getattr(self.table(), "refusal_text", refusal)
            code, words = message["code"], message["message"]
            self.ui["message"] = Said.of(self.lang, lambda lang: t(lang, "refused", reason=explain(lang, code, words)))
            self.render()
            if self.autoplay is not None and message["code"] == "rate_limited" and self.update:
                asyncio.ensure_future(self._autoplay(self.update, RATE_WINDOW))   # like a person, try again
            return
        self.motion.plan_update(message, self.update, self.ui, self.table())   # before self.update moves on
        sound.on_update(message, self.update)          # which effect this update makes: ui/sound.py
        self.update = message
        self.ui["log"] = record_move(self.ui.get("log") or [], message["events"])   # events, said at render
        view = message["view"]
        if view["over"] and self.guest is not None and self.session is self.guest and not self.ui.get("deal_wait"):
            self.ui["deal_wait"] = True
            asyncio.ensure_future(self._deal_deadline(self.guest))
        self.ui["rounds"] = record_round(self.ui.get("rounds") or [], view, getattr(self.table(), "round_points", None))
        if view["over"] and view.get("result") and message["seat"] is not None and self.ui.get("ranking") is None:
            self.record_ranking(view, message["seat"])
        self.render()
        self.save_game()
        self.announce(message)
        self.schedule()

    async def _deal_deadline(self, guest) -> None:
        """A finished game's reveal comes right after the last update; if not within DEAL_WAIT s, the
        deal is not verified."""
        await asyncio.sleep(DEAL_WAIT)
        if self.guest is guest:
            guest.deal_overdue()

    def record_ranking(self, view: dict, seat: int) -> None:
        """The same ranking rule in all five games, kept per browser and game (docs/ranking.md)."""
        delta = ranking_delta(view["result"], seat, view["players"])
        self.ui["ranking"] = (delta, add_ranking(self.game_id, delta))

    def schedule(self) -> None:
        """Start the bot pump and the turn timer as the new update requires."""
        self.pump()
        self.start_timer()
        if self.autoplay is not None and self.update and self.update["legal"]:
            asyncio.ensure_future(self._autoplay(self.update))

    async def _autoplay(self, update: dict, delay: float | None = None) -> None:
        """``?autoplay=ms``: send what an easy bot would choose from this seat's own update, like a
        player who always acts (used by tests that play whole games over WebRTC without scripting
        each game's clicks). It goes through the same session as a click."""
        wait = self.autoplay if delay is None else delay
        if self.session is self.guest:               # a long run of moves must not read as a flood
            loop = asyncio.get_event_loop()
            wait = max(wait, self.autoplay_next - loop.time())
            self.autoplay_next = loop.time() + wait + 1 / RATE_PER_SECOND
        await asyncio.sleep(wait)
        if self.update is not update or self.session is None:
            return
        rng = random.Random(update["view"]["version"] * 31 + (update["seat"] or 0))
        action = EasyBot().choose(update["view"], update["legal"], True, rng)
        if action is not None:
            self.session.send(action)

    def pump(self) -> None:
        if not self.pumping and self.host is not None and self.host.bot_pending():
            self.pumping = True
            asyncio.ensure_future(self._pump(self.host))

    async def _pump(self, host: Host) -> None:
        try:
            while self.host is host and host.bot_pending():
                view = self.update["view"] if self.update else None
                if view and view["phase"] == "round_over" and "next" not in self.update["legal"]:
                    if self.ui.get("released") != view["version"]:
                        return          # a bot won the round: wait for the player's "continue"
                await self.motion.finished()     # the previous move's animation first (capped)
                await asyncio.sleep(self.bot_delay)
                if self.host is not host:
                    return
                for step in host.bot_steps():    # a bot thinking in slices: the page paints between them
                    self.slices, self.thinking = self.slices + 1, True
                    if isinstance(step, asyncio.Future):
                        await step               # the lab's bot waits for its worker (lab_seat.LabSeatBot)
                    else:
                        await asyncio.sleep(self.think_pause)
                    if self.host is not host:
                        return
                self.thinking = False
        finally:
            self.pumping = self.thinking = False

    def start_timer(self) -> None:
        if self.host is None or not self.host.state["options"].get("turn_timer"):
            return
        view = self.update["view"]
        mine = view["turn"] == self.update["seat"] and not view["over"] and view["phase"] != "round_over"
        if not mine:
            self.ui["timer"] = None
            return
        if self.timer_version == view["version"]:
            return
        self.timer_version = view["version"]
        asyncio.ensure_future(self._timer(self.host, view["version"], self.host.state["options"]["turn_timer"]))

    async def _timer(self, host: Host, version: int, seconds: int) -> None:
        for left in range(seconds, 0, -1):
            if self.host is not host or host.state["version"] != version:
                return
            self.ui["timer"] = left
            node = self.root.querySelector('[data-testid="turn-timer"]')
            if node:
                node.textContent = t(self.lang, "timer", n=left)
            else:
                self.render()
            await asyncio.sleep(1)
        if self.host is host and host.state["version"] == version:
            self.ui["timer"] = None
            host.timeout(self.update["seat"])

    # ----- rendering ----------------------------------------------------------------------------
    def render(self) -> None:
        if self.screen in ("picker", "lab"):
            return                                   # the lab renders itself (lab_screen.LabScreen)
        if self.passplay is not None:
            self.passplay.render()
            return
        if self.screen == "setup":
            # why a room could not be joined sits just above the friends box, where the player pressed
            # Join, and is scrolled into view (it was printed below the fold, issue 31)
            note = tag("p", escape(self.room_msg), class_="message room-note", role="status",
                       data_testid="room-message") if self.room_msg else ""
            self.root.innerHTML = render_setup(self.lang, get(self.game_id), self.settings,
                                               passplay_screen.setup_part(self)) + note + render_friends_box(
                self.lang, store_get(STORE_NAME) or "", offline=not window.navigator.onLine)
            shown = self.root.querySelector('[data-testid="room-message"]')
            if shown:
                shown.scrollIntoView(to_js({"block": "center"}, dict_converter=js.Object.fromEntries))
            return
        if self.screen == "lobby":
            old = self.root.querySelector('[data-testid="rename-input"]')      # what is being typed survives
            typed = (str(old.value), bool(old.isSameNode(document.activeElement))) if old else None
            self.root.innerHTML = self.lobby_name_box() + self.lobby_html()
            field = self.root.querySelector('[data-testid="rename-input"]')
            if field and typed and typed[0] != self.name_box.name:
                field.value = typed[0]
            if field and ((typed and typed[1]) or (self.name_box.asking and not typed)):
                field.focus()
            return
        if self.screen == "watch":
            self.watch_screen.render()
            return
        if self.update is None:
            return
        focused = document.activeElement
        focus_key = None
        if focused and getattr(focused, "getAttribute", None) and self.root.contains(focused):
            focus_key = (focused.getAttribute("data-testid"), focused.getAttribute("data-index"))
        if "sort" not in self.ui:
            self.ui["sort"] = store_get(STORE_SORT) or ""
        chooser_before = bool(self.root.querySelector(".color-chooser"))
        started = window.performance.now()
        say_new(self.ui.get("log") or [], self.update, self.lang, self.table().event_text)   # each move once
        html = (self.table_bar() + self.room_line()
                + hints.hint_panel(self.lang, self.ui, self.update, getattr(self.table(), "card_name", None))
                + self.table().render_table(self.update, self.lang, self.ui))
        if self.session is not None and self.session is self.guest and self.update["view"]["over"]:
            html += render_deal(self.lang, self.ui.get("deal"))
        self.motion.patch(html, self.ui.get("last_move"), window.performance.now() - started)   # keyed + animated
        kept = focus_key
        focus_key = self.chooser_focus(chooser_before, focus_key)     # into a chooser that opened, and back
        if focus_key is kept and focused and self.root.contains(focused):
            focus_key = None                         # the focused element survived the patch: focus stays
        if focus_key and focus_key[0]:
            selector = f'[data-testid="{focus_key[0]}"]'
            if focus_key[1]:
                selector += f'[data-index="{focus_key[1]}"]'
            node = self.root.querySelector(selector) or self.root.querySelector('[data-testid="hand"] .card')
            if node:
                node.focus()
        self.open_dialogs()

    def open_dialogs(self) -> None:
        """Round and result dialogs are modal: showModal() makes the table inert and focuses the
        dialog's autofocus button (the heading names the dialog: aria-labelledby)."""
        for dialog in self.root.querySelectorAll("dialog[data-modal]"):
            if not dialog.open:
                dialog.showModal()
                moves = dialog.querySelector('[data-testid="round-log"]')
                if moves:                            # the whole round opens on its newest moves
                    moves.scrollTop = moves.scrollHeight

    def close_bar_more(self) -> None:
        """Fold the bar's settings; focus that was inside them goes back to their toggle."""
        panel = self.root.querySelector('[data-testid="bar-more"]')
        inside = bool(panel) and panel.contains(document.activeElement)
        self.ui[BAR_OPEN] = False
        self.render()
        toggle = self.root.querySelector('[data-testid="btn-bar-more"]')
        if inside and toggle:
            toggle.focus()

    def on_dialog_cancel(self, event) -> None:
        """Escape on a round or result dialog: do what its close button does (next round / close).
        A "close" without a "cancel" (Chrome skips it on a second Escape without user activation)
        does the same, so the table never sits in a round's end with its dialog gone."""
        target = event.target
        action = target.getAttribute("data-cancel-action") if target and getattr(target, "getAttribute", None) else None
        if not action or (event.type == "close" and not target.isConnected):
            return
        event.preventDefault()
        self.act(str(action))


APP: App | None = None


def start() -> None:
    """Called by main.py once Python is up."""
    global APP
    APP = App()
    APP.start()
    window.tapeteApp = create_proxy(lambda: json.dumps({"screen": APP.screen, "slices": APP.slices,
                                                        "thinking": APP.thinking}))
    window.tapeteRoomDebug = create_proxy(lambda: APP.watch_screen.debug_json() if APP.watch_screen else APP.debug_json())
    if APP.room_debug is not None:                   # test hook only
        window.tapeteDebugRigDeal = create_proxy(lambda how="secret": APP.rig_deal(how))
        window.tapeteWatchSend = create_proxy(lambda text: bool(APP.watch_screen and APP.watch_screen.send_raw(text)))
    window.tapeteSelfTest = create_proxy(self_test)
    if param("debug_errors"):                  # test hook: a real Python exception raised from a JS call
        window.tapeteRaise = create_proxy(_raise)


def _raise(text: str) -> None:
    raise RuntimeError(f"test error: {text}")


def self_test(games: int, only: str | None = None) -> str:
    """Run the conformance pass inside the page (used by tests/browser/test_engines_in_pyodide.py)."""
    from .. import selftest
    return json.dumps(selftest.run(int(games), only=None if only is None else str(only)))
