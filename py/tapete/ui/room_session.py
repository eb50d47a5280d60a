"""A room with friends as this page lives it (docs/multiplayer.md): create, join, save, resume.

:class:`RoomSession` owns one room from its lobby to its table's end: the ``room`` this page hosts
(``RoomHost``) or the ``guest`` session in a friend's room, what the lobby shows (``info``, ``lobby``,
``msg``, ``status``), the join watchdog, the deal and grace watches and the transport's status watch
(:class:`~tapete.ui.room_status.StatusWatch`). The screen showing it owns it: the lobby
(:class:`~tapete.ui.lobby_screen.LobbyScreen`), then the table (:class:`~tapete.ui.table_screen.TableScreen`,
handed over when the game begins); ``close()`` closes the transport and ends every watch (each loop checks
``closed``). The async entry points (:meth:`create`, :meth:`resume`, :meth:`join`, :meth:`redeem`) open
the lobby through the app's router.
"""

from __future__ import annotations

import asyncio
import json
import time

from pyscript import window

from ..core import get
from ..net import GuestSession, LocalSession, RoomHost, new_code, new_join_code
from ..net.deal import GuestDeal
from ..net.joincode import CODE_TRIES
from ..net.links import host_public, room_fragment, share_link
from ..net.room import GRACE_SECONDS, JoinWatch, ask_number
from ..net.watch import watch_link
from .browser import STORE_DEAL, STORE_ROOM, int_param, param, player_id, store_del, store_get, store_set
from .i18n import Said, resay
from .room_bridge import BrowserSigner, BrowserVerifier, p2p_module
from .page_hooks import record_hidden
from .room_status import StatusWatch
from .room_texts import code_failure, rsaid, rt
from .room_ui import render_watchers
from .setup import options_of
from .setup_screen import SetupScreen, friend_name


def room_link(code: str, secret: str) -> str:
    loc = window.location
    return share_link(f"{loc.origin}{loc.pathname}", str(loc.search), code, secret)


def grace() -> float:
    value = int_param("grace", None)
    return GRACE_SECONDS if value is None else max(0, value)


class RoomSession:
    def __init__(self, app, info: dict) -> None:
        self.app = app
        self.info = info                  # code, secret, link, is_host (+ join_code; a guest's check, code_failed)
        self.room: RoomHost | None = None          # this page hosts the room
        self.guest: GuestSession | None = None     # this page is a guest in a friend's room
        self.lobby: dict | None = None
        self.msg = ""                              # the lobby's message (es/en: i18n.Said)
        self.asking_msg: Said | None = None        # what a guest waiting to be admitted was told
        self.join_watch: JoinWatch | None = None
        self.join_failed = False
        self.grace_watch = False
        self.deal_watch = None
        self.watch_seen: tuple | None = None       # (count, watching) the table last showed the host
        self.table = None                          # the TableScreen once the game began
        self.closed = False
        self.status = StatusWatch(self)            # the connection line (relays, peers)

    # ----- opening a lobby ------------------------------------------------------------------------
    @classmethod
    def open_lobby(cls, app, info: dict) -> "RoomSession":
        from .lobby_screen import LobbyScreen
        session = cls(app, info)
        app.router.open(LobbyScreen(app, session))
        return session

    @classmethod
    async def create(cls, app) -> None:
        if isinstance(app.router.current, SetupScreen):
            app.router.current.read()
        s = app.settings
        name = friend_name(app)
        game_id = app.game_id
        app.stop_game()
        keys = (await p2p_module()).keys
        secret = str(await keys.newHostKey())       # the link's secret is the host key's public half
        signer = BrowserSigner(keys, "host", secret)
        code, join_code = new_code(), new_join_code()
        self = cls.open_lobby(app, {"code": code, "secret": secret, "link": room_link(code, secret), "is_host": True,
                                    "join_code": join_code})
        self.render()
        transport = await self.status.open(code, secret, join_code=join_code, host=True)
        if transport is None:
            return
        options = {k: v for k, v in options_of(get(game_id), s).items() if k != "pairs"}
        seed_param = param("seed")
        seed = int(seed_param) if seed_param is not None else None
        self.room = RoomHost(transport, game_id, player_id(), name, options=options, seed=seed,
                             on_change=lambda room: self.on_room_change(), bot_level=s["level"],
                             grace=grace(), code=code, secret=secret, signer=signer, join_code=join_code,
                             verify=BrowserVerifier(keys))
        transport.on_code_event(self.on_room_change)
        window.history.replaceState(window.history.state, "", "#" + room_fragment(code, secret))
        self.on_room_change()

    @classmethod
    async def resume(cls, app, saved: dict) -> None:
        """This page hosted the room before a reload: reopen it (same code and secret) from the save."""
        app.stop_game()
        code, secret, join_code = saved["code"], saved["secret"], saved["join_code"]
        keys = (await p2p_module()).keys
        if str(await keys.hostKey() or "") != secret:   # the key stays in the browser that made the room
            store_del(STORE_ROOM)
            app.show_setup(saved["game"], note=Said.of(app.lang,
                                                       lambda lang: rt(lang, "bad_save").format(err=rt(lang, "no_key"))))
            return
        app.game_id = saved["game"]
        self = cls.open_lobby(app, {"code": code, "secret": secret, "link": room_link(code, secret), "is_host": True,
                                    "join_code": join_code})
        self.render()
        transport = await self.status.open(code, secret, join_code=join_code, host=True,
                                           code_failures=saved["code_failures"])
        if transport is None:
            return
        self.room = RoomHost(transport, app.game_id, player_id(), saved["seats"][0]["name"], saved=saved,
                             on_change=lambda room: self.on_room_change(), grace=grace(),
                             code=code, secret=secret, signer=BrowserSigner(keys, "host", secret),
                             verify=BrowserVerifier(keys))
        transport.on_code_event(self.on_room_change)
        if self.room.started:
            table = self.enter_table(push=False)          # its updates pass here first (save_room)
            table.session = self.room.session = LocalSession(table.host, player_id(), self.on_update)
        self.on_room_change()

    @classmethod
    async def redeem(cls, app, join_code: str) -> None:
        """A guest typed a join code: run the handshake in its nameplate room, then join the link it got."""
        from pyodide.ffi import to_js
        import js
        name = friend_name(app)                          # read before the form goes
        game_id = app.game_id
        app.stop_game()
        self = cls.open_lobby(app, {"code": join_code, "secret": "", "link": None, "is_host": False})
        self.msg = rsaid(app.lang, "redeeming")
        self.render()
        p2p = await p2p_module()
        ask = {"code": join_code}
        wait = int_param("code_wait", None)            # test hook: a shorter wait for the code's host (ms)
        if wait is not None:
            ask["timeoutMs"] = max(1000, wait)
        result = await p2p.redeem(to_js(ask, dict_converter=js.Object.fromEntries))
        if self.closed:
            return                                  # the player left meanwhile
        failed = int(result.failed or 0)            # failed tries: each gave one peer one guess (shown)
        if not result.ok:
            app.show_setup(game_id, note=code_failure(app.lang, str(result.error), failed, result.left), push=False)
            return
        await cls.join(app, str(result.room), str(result.secret), check=str(result.check), name=name,
                       code_failed=failed)

    @classmethod
    async def join(cls, app, code: str, secret: str, check: str = "", name: str = "", code_failed: int = 0) -> None:
        """Join as a guest, with a watchdog (:class:`~tapete.net.room.JoinWatch`): no answer from the
        host JOIN_WAIT s after opening the transport -> a fresh transport; after JOIN_TRIES, say so
        and offer to try again."""
        name = name or friend_name(app)
        app.stop_game()
        if host_public(secret) is None:             # a link from before host keys, or none at all
            app.show_setup(app.game_id, note=rsaid(app.lang, "old_link"))
            return
        self = cls.open_lobby(app, {"code": code, "secret": secret, "link": room_link(code, secret),
                                    "is_host": False, "check": check, "code_failed": code_failed})
        self.render()
        keys = (await p2p_module()).keys
        signer = BrowserSigner(keys, "seat", str(await keys.seatKey()))
        wait = int_param("join_wait", None)          # test hook: a shorter watchdog
        watch = self.join_watch = JoinWatch(**({"wait": float(max(1, wait))} if wait is not None else {}))
        deal = self.saved_deal(code)                   # our nonce survives a reload of this page
        retrying: Said | None = None
        while True:
            transport = await self.status.open(code, secret)
            if transport is None:                      # could not open (the lobby says so) or left meanwhile
                return
            if self.closed:                            # the player left meanwhile
                await transport.aclose()
                return
            guest = self.guest = GuestSession(transport, name, self.on_update, room=code, secret=secret,
                                              signer=signer, verify=BrowserVerifier(keys),
                                              log=lambda text: window.console.warn(text), deal=deal)
            watch.try_started(time.monotonic())
            while (verdict := watch.verdict(time.monotonic(), guest.host_peer is not None)) == "wait":
                await asyncio.sleep(min(0.5, watch.next_check(time.monotonic()) + 0.05))
                if self.closed:
                    return
            if verdict == "ok":
                if retrying and retrying.same(self.msg) and self.table is None:
                    self.msg = ""                  # only our own "trying again": a refusal stays shown
                    self.render()
                return
            window.console.warn(f"tapete: no answer from room {code} after try {watch.attempt} ({verdict})")
            self.guest = None
            await transport.aclose()
            if self.closed:
                return
            if verdict == "give_up":
                self.join_failed = True
                self.msg = rsaid(app.lang, "join_failed")
                self.render()
                return
            self.msg = retrying = rsaid(app.lang, "join_retry", n=watch.attempt + 1, of=watch.tries)
            self.render()

    def retry(self) -> None:
        """Retry in the lobby: open the room again (a host gets a new code: nobody could reach the old one)."""
        info = self.info
        if info.get("is_host"):
            asyncio.ensure_future(RoomSession.create(self.app))
        elif info.get("code"):
            asyncio.ensure_future(RoomSession.join(self.app, info["code"], info.get("secret") or "",
                                                   info.get("check", ""), code_failed=info.get("code_failed", 0)))

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        for end in (self.room, self.guest):
            if end is not None:
                end.transport.close()

    def set_lang(self, lang: str) -> None:
        self.msg = resay(self.msg, lang)

    def render(self) -> None:
        if not self.closed:
            self.app.render()

    # ----- the game begins: the table ---------------------------------------------------------------
    def enter_table(self, push: bool = False):
        """This room's table, handed the room (the lobby lets go of it) and opened through the router."""
        from .table_screen import TableScreen
        from .lobby_screen import LobbyScreen
        lobby = self.app.router.current
        if isinstance(lobby, LobbyScreen) and lobby.room is self:
            lobby.room = None                      # the table owns the room from now on
        host = self.room.host if self.room is not None else None
        self.table = TableScreen(self.app, self.app.game_id, host, room=self)
        return self.table.open(push=push)

    def on_room_change(self) -> None:
        if self.closed:
            return
        self.save_room()
        room = self.room
        if room is not None and room.started and self.table is None:
            table = self.enter_table()             # every guest answered the deal: the table's first update
            table.session = room.session
            room.session.on_update = self.on_update
            self.on_update(room.session.last)
        elif room is not None and not room.started:
            self.lobby = room.lobby_message(player_id())
            if self.table is None:
                self.render()
            if room.dealing and self.deal_watch is not room:
                asyncio.ensure_future(self._deal_watch(room))
        elif room is not None and room.away and not self.grace_watch:
            self.grace_watch = True
            asyncio.ensure_future(self._grace(room))
        if room is not None and room.started and self.table is not None \
                and self.watch_seen != (room.watcher_count, room.watching):
            self.render()                           # a watcher came or went, or watching closed

    def on_update(self, message: dict) -> None:
        """Every message of the room's session: the lobby's, then the table's (TableScreen.on_update)."""
        if self.closed:
            return
        lang, kind = self.app.lang, message["type"]
        if kind == "lobby":
            if message.get("you") is not None and self.asking_msg is not None and self.asking_msg.same(self.msg):
                self.msg = ""                       # admitted
            self.lobby = message
            self.app.game_id = message["game"]
            self.save_deal()
            if self.table is None:
                self.render()
            return
        if kind == "deal":
            if self.table is not None:
                self.table.ui["deal"] = (message["verified"], message["reason"], message.get("restarts", 0))
            self.render()
            return
        if kind == "host_gone":
            self.msg = rsaid(lang, "host_gone")
            if self.table is not None:
                self.table.ui["message"] = self.msg
            self.render()
            return
        if kind == "rejected" and self.table is None:
            own = ("full", "kicked", "locked", "busy", "dealing", "not_admitted")  # refusals with a text of their own
            self.msg = rsaid(lang, message["code"]) if message["code"] in own else message["message"]
            if message["code"] == "asking":
                self.msg = self.asking_msg = self.asking_said()
            self.render()
            return
        if kind == "update" and self.guest is not None and self.table is None:
            self.enter_table().session = self.guest
        if self.room is not None and kind == "update":
            self.save_room()
            if self.app.room_debug is not None:
                record_hidden(self.app.room_debug, self.room.host)
        table = self.table
        if table is None:
            return
        if kind == "update" and table.ui.get("message") == rt(lang, "host_gone"):
            table.ui["message"] = self.msg = ""
        table.on_update(message)

    async def deal_deadline(self, guest, wait: float = 10.0) -> None:
        """A finished game's reveal comes right after the last update; if not within ``wait`` s, the
        deal is not verified."""
        await asyncio.sleep(wait)
        if not self.closed and self.guest is guest:
            guest.deal_overdue()

    async def _deal_watch(self, room: RoomHost) -> None:
        """While the guests answer the deal: a guest silent for DEAL_TIMEOUT gets a bot in its seat and the
        deal starts again without it (room.tick)."""
        self.deal_watch = room
        try:
            while not self.closed and room.dealing:
                await asyncio.sleep(max(0.05, min(1.0, room.deal_deadline() - time.monotonic())))
                if not self.closed and room.dealing:
                    room.tick()
        finally:
            self.deal_watch = None

    async def _grace(self, room: RoomHost) -> None:
        """While guests are gone: show the countdown at the table, then let bots take their seats (room.tick)."""
        shown: Said | None = None
        try:
            while not self.closed and room.deadline() is not None:
                left = room.deadline() - time.monotonic()
                gone = [s.name for s in room.host.seats if s.player in room.away and not s.bot]
                shown = rsaid(self.app.lang, "grace", name=", ".join(gone), n=max(0, round(left)))
                if self.table is not None:
                    self.table.ui["message"] = shown
                self.render()
                await asyncio.sleep(max(0.05, min(1.0, left)))
                if not self.closed:
                    room.tick()
            table = self.table
            if not self.closed and table is not None and shown is not None and shown.same(table.ui.get("message")):
                table.ui["message"] = ""
                self.render()
            if table is not None and not self.closed:
                table.clock.schedule()
        finally:
            self.grace_watch = False

    # ----- the host's table line and the guest's asking -------------------------------------------------
    def table_line(self) -> str:
        """At the table: the status line while the room servers are lost or just back; the host's
        watchers box (how many watch, close / allow watching, Show on a screen)."""
        html = self.status.table_line()
        if self.room is None or self.app.projector:
            return html
        self.watch_seen = (self.room.watcher_count, self.room.watching)
        link = watch_link(self.info["link"]) if self.info.get("link") else None
        return html + render_watchers(self.app.lang, self.room.watcher_count, self.room.watching, link)

    def asking_said(self) -> Said:
        """What a guest waiting to be admitted reads: its name and ask number (the host sees the same)."""
        name = self.guest.name if self.guest is not None else ""
        number = ask_number(self.guest.player) if self.guest is not None else ""
        return rsaid(self.app.lang, "asking", name=name, number=number)

    def act(self, action: str) -> bool:
        """At the host's table: close / allow watching (the lobby's buttons are LobbyScreen.act's)."""
        if action == "room-watching" and self.room is not None:
            self.room.set_watching(not self.room.watching)
            return True
        return False

    # ----- saves (a reload keeps the room) ---------------------------------------------------------------
    def save_room(self) -> None:
        if self.room is not None:
            state = self.room.transport.code_state() if hasattr(self.room.transport, "code_state") else None
            if state is not None:                 # a reload must not give the code fresh tries
                self.room.code_failures = min(CODE_TRIES, state["failures"])
            store_set(STORE_ROOM, json.dumps(self.room.snapshot(), separators=(",", ":")))

    def saved_deal(self, code: str) -> GuestDeal:
        """This browser's share of room ``code``'s deal (kept at every step: a reload keeps it), or a new one."""
        deal = GuestDeal.restore(store_get(STORE_DEAL), code)
        deal.on_change = lambda: store_set(STORE_DEAL, deal.to_json(code))
        return deal

    def save_deal(self) -> None:
        if self.guest is not None and self.info:
            store_set(STORE_DEAL, self.guest.deal.to_json(self.info["code"]))
