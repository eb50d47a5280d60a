"""Rooms with friends, the part of the browser controller that creates, joins, saves and resumes them
(docs/multiplayer.md). Mixed into :class:`tapete.ui.app.App`; uses its screens and sessions."""

from __future__ import annotations

import asyncio
import json
import time

from pyscript import window

from ..core import TapeteError, get
from ..net import GuestSession, LocalSession, RoomHost, new_code, new_join_code
from ..net.deal import GuestDeal
from ..net.joincode import CODE_TRIES
from ..net.links import host_public, room_fragment, share_link
from ..net.protocol import MAX_NAME, clean_name
from ..net.room import GRACE_SECONDS, JoinWatch, ask_number
from ..net.watch import watch_link
from .browser import (STORE_DEAL, STORE_NAME, STORE_ROOM, int_param, param, store_del, store_get, store_set,
                      player_id)
from .i18n import Said
from .name_box import NameBox
from .room_bridge import BrowserSigner, BrowserVerifier, p2p_module
from .room_texts import code_failure, rsaid, rt
from .room_ui import options_text, render_lobby, render_watchers
from .setup import options_of

RELAY_WAIT = 10.0       # seconds without any open relay before the lobby says the servers are unreachable
BACK_SHOWN = 60.0       # seconds the status line says the room servers are back after a loss


class RoomsMixin:
    """Create, join, save and resume rooms; the table itself is the same path as against bots."""

    asking_msg: Said | None = None              # what a guest waiting to be admitted was told (cleared once seated)
    qr: tuple | None = None                     # (link, lang, svg) of the lobby's QR code (static/js/qr.js)
    qr_failed: str | None = None                # the link whose QR code could not be made (not tried again)
    watch_seen: tuple | None = None             # (count, watching) the table last showed the host
    projector_leave = None                      # projector mode's "Leave" button (tapete.ui.projector), once on

    # ----- watchers, the projector, the lobby for a wall (issue 32; docs/classroom.md) -----------------
    def open_watch(self, code: str, secret: str) -> None:
        """A watcher link: this page shows the room's public table (its own screen object), no seat."""
        from .watch_screen import WatchScreen
        self.stop_game()
        self.screen = "watch"
        self.watch_screen = WatchScreen(self.root, self.lang, code, secret, projector=self.projector,
                                        shell=window.tapeteShell, motion=getattr(window, "tapeteMotion", None),
                                        announcer=window.document.getElementById("announcer"),
                                        console=window.console, instant=self.motion.instant)
        self.watch_screen.render()
        asyncio.ensure_future(self.watch_screen.open())

    def set_projector(self, on: bool) -> None:
        """Projector mode on or off (``html.projector``: static/css/projector.css); the screen redraws
        without (or with) its controls, and the page's "Leave projector mode" button (tapete.ui.projector)
        comes (or goes). Switched by a click or a key, focus goes to the way back: that button, or the
        screen's "Projector mode" button."""
        changed = bool(on) != bool(self.projector)
        self.projector = bool(on)
        window.document.documentElement.classList.toggle("projector", self.projector)
        if self.watch_screen is not None:
            self.watch_screen.projector = self.projector
        if self.screen in ("lobby", "watch", "table"):
            self.render()
        if self.projector_leave is None and self.projector:
            from pyodide.ffi import create_proxy
            from .projector import ProjectorLeave
            self.projector_leave = ProjectorLeave(window.document, window.tapeteShell, create_proxy)
        if self.projector_leave is not None:
            self.projector_leave.render(self.projector, self.lang)
        active = window.document.activeElement
        lost = not active or active.isSameNode(window.document.body)   # the focused button was redrawn
        if changed and self.projector:
            window.scrollTo(0, 0)                    # the wall shows the screen from its top
        if changed and lost and self.projector_leave is not None:
            back = self.projector_leave.button() if self.projector else \
                self.root.querySelector('[data-testid="btn-projector"]')
            if back:
                back.focus()

    def lobby_html(self) -> str:
        """The lobby: for the host, the lobby for a wall (game, options, the join code large, the QR code
        of the join link, the watchers box); for a guest, the game, its options and the seats."""
        info = self.room_info or {}
        host = bool(info.get("is_host"))
        game_id = self.room.game_id if self.room is not None else (self.lobby or {}).get("game")
        title = self.game_title(game_id) if game_id else ""
        options = ""                      # the host's own options; a guest's come in the host's lobby
        chosen = self.room.options if self.room is not None else (self.lobby or {}).get("options")
        if game_id and isinstance(chosen, dict):
            options = options_text(self.lang, get(game_id), chosen)
        link = info.get("link")
        extra = {}
        if host and self.room is not None:
            extra = {"watchers": self.room.watcher_count, "watching": self.room.watching,
                     "watch_link": watch_link(link) if link else None}
        code = self.code_view()
        qr = self.lobby_qr(link) if host and link and code.get("join_code") else ""
        return render_lobby(self.lang, self.lobby, code=info.get("code", ""), link=link, is_host=host,
                            message=self.room_msg, failed=self.join_failed, status=self.room_status,
                            game=title, options=options, qr=qr, projector=self.projector, **extra, **code)

    def lobby_qr(self, link: str) -> str:
        """The QR code's SVG of ``link``, or "" while static/js/qr.js loads (the lobby redraws then)."""
        if self.qr is not None and self.qr[0] == link and self.qr[1] == self.lang:
            return self.qr[2]
        if self.qr_failed != link and not getattr(self, "qr_loading", False):
            self.qr_loading = True
            asyncio.ensure_future(self._load_qr(link, self.lang))
        return ""

    async def _load_qr(self, link: str, lang: str) -> None:
        try:
            module = await window.tapeteImport("qr.js")
            self.qr = (link, lang, str(module.qrSvg(link, rt(lang, "qr_label"))))
        except Exception as err:  # noqa: BLE001 - a module that did not load, a link too long for a QR code
            self.qr_failed = link
            window.console.warn(f"tapete: no QR code for the join link: {err}")
            return
        finally:
            self.qr_loading = False
        if self.screen == "lobby":
            self.render()

    def watchers_line(self) -> str:
        """At the host's table: how many watch, close / allow watching, Show on a screen."""
        if self.room is None or self.projector:
            return ""
        info = self.room_info or {}
        self.watch_seen = (self.room.watcher_count, self.room.watching)
        link = watch_link(info["link"]) if info.get("link") else None
        return render_watchers(self.lang, self.room.watcher_count, self.room.watching, link)

    # ----- rooms with friends (docs/multiplayer.md) -------------------------------------------------
    def my_name(self) -> str:
        """The name typed in the friends box (checked: clean_name), else the one this browser keeps, else
        "Jugador L5N" -- which is not kept: the lobby's name box then asks for a real one (issue 31)."""
        node = self.root.querySelector('[data-testid="room-name"]')
        try:
            name = clean_name(str(node.value)[:MAX_NAME]) if node else ""
        except TapeteError:
            name = ""
        if name:
            store_set(STORE_NAME, name)
            return name
        return store_get(STORE_NAME) or (("Jugador " if self.lang == "es" else "Player ") + player_id()[1:4])

    def lobby_name_box(self) -> str:
        """The name box above the lobby (tapete.ui.name_box), once this page has a seat to name."""
        if self.projector:
            return ""                                # no controls on the wall (it is back on leaving)
        if getattr(self, "name_box", None) is None:
            if self.guest is not None:
                name = self.guest.name
            elif self.room is not None:
                name = self.room.names.get(player_id(), "")
            else:
                return ""
            self.name_box = NameBox(name, asking=store_get(STORE_NAME) is None)
        return self.name_box.render(self.lang)

    def rename_me(self) -> None:
        """"Use this name" / "Change name": send the new name through the room (guest) or set it (host)."""
        box = getattr(self, "name_box", None)
        node = self.root.querySelector('[data-testid="rename-input"]')
        if box is None or not node:                  # (a missing node is JS null: jsnull, falsy)
            return
        name = box.submit(str(node.value))
        if name is not None:
            store_set(STORE_NAME, name)
            if self.guest is not None:
                if not self.guest.rename(name):
                    box.note = "bad"
            elif self.room is not None:
                try:
                    self.room.rename(player_id(), name)
                except TapeteError:
                    box.note = "bad"
        self.render()
        again = self.root.querySelector('[data-testid="rename-input"]')
        if again and box.note == "bad":
            again.focus()

    def room_link(self, code: str, secret: str) -> str:
        loc = window.location
        return share_link(f"{loc.origin}{loc.pathname}", str(loc.search), code, secret)

    async def create_room(self) -> None:
        self.read_setup()
        s = self.settings
        name = self.my_name()
        self.stop_game()
        keys = (await p2p_module()).keys
        secret = str(await keys.newHostKey())       # the link's secret is the host key's public half
        signer = BrowserSigner(keys, "host", secret)
        code, join_code = new_code(), new_join_code()
        self.room_info = {"code": code, "secret": secret, "link": self.room_link(code, secret), "is_host": True,
                          "join_code": join_code}
        self.screen = "lobby"
        self.render()
        transport = await self.open_watched(code, secret, join_code=join_code, host=True)
        if transport is None:
            return
        options = {k: v for k, v in options_of(get(self.game_id), s).items() if k != "pairs"}
        seed_param = param("seed")
        seed = int(seed_param) if seed_param is not None else None
        self.room = RoomHost(transport, self.game_id, player_id(), name, options=options, seed=seed,
                             on_change=lambda room: self.on_room_change(), bot_level=s["level"],
                             grace=self.grace(), code=code, secret=secret, signer=signer, join_code=join_code,
                             verify=BrowserVerifier(keys))
        transport.on_code_event(self.on_room_change)
        window.history.replaceState(window.history.state, "", "#" + room_fragment(code, secret))
        self.on_room_change()

    def grace(self) -> float:
        grace = int_param("grace", None)
        return GRACE_SECONDS if grace is None else max(0, grace)

    async def resume_room(self, saved: dict) -> None:
        """This page hosted the room before a reload: reopen it (same code and secret) from the save."""
        self.stop_game()
        code, secret, join_code = saved["code"], saved["secret"], saved["join_code"]
        keys = (await p2p_module()).keys
        if str(await keys.hostKey() or "") != secret:   # the key stays in the browser that made the room
            store_del(STORE_ROOM)
            self.room_msg = Said.of(self.lang, lambda lang: rt(lang, "bad_save").format(err=rt(lang, "no_key")))
            self.show_setup(saved["game"])
            return
        self.game_id = saved["game"]
        self.room_info = {"code": code, "secret": secret, "link": self.room_link(code, secret), "is_host": True,
                          "join_code": join_code}
        self.screen = "lobby"
        self.render()
        transport = await self.open_watched(code, secret, join_code=join_code, host=True,
                                            code_failures=saved["code_failures"])
        if transport is None:
            return
        me = player_id()
        self.room = RoomHost(transport, self.game_id, me, saved["seats"][0]["name"], saved=saved,
                             on_change=lambda room: self.on_room_change(), grace=self.grace(),
                             code=code, secret=secret, signer=BrowserSigner(keys, "host", secret),
                             verify=BrowserVerifier(keys))
        transport.on_code_event(self.on_room_change)
        if self.room.started:
            self.ui = self.fresh_ui()
            self.hold_round = False
            self.screen = "table"
            self.host = self.room.host
            self.session = self.room.session = LocalSession(self.host, me, self.on_update)
        self.on_room_change()

    def save_room(self) -> None:
        if self.room is not None:
            state = self.room.transport.code_state() if hasattr(self.room.transport, "code_state") else None
            if state is not None:                 # a reload must not give the code fresh tries
                self.room.code_failures = min(CODE_TRIES, state["failures"])
            store_set(STORE_ROOM, json.dumps(self.room.snapshot(), separators=(",", ":")))

    def on_room_change(self) -> None:
        self.save_room()
        if self.room is not None and self.room.started and self.screen == "lobby":
            self.enter_room_table()
        elif self.room is not None and not self.room.started:
            self.lobby = self.room.lobby_message(player_id())
            if self.screen == "lobby":
                self.render()
            if self.room.dealing and getattr(self, "deal_watch", None) is not self.room:
                asyncio.ensure_future(self._deal_watch(self.room))
        elif self.room is not None and self.room.away and not self.grace_watch:
            self.grace_watch = True
            asyncio.ensure_future(self._grace(self.room))
        if self.room is not None and self.room.started and self.screen == "table" \
                and self.watch_seen != (self.room.watcher_count, self.room.watching):
            self.render()                           # a watcher came or went, or watching closed

    def enter_room_table(self) -> None:
        """The room's game began (every guest answered the deal): this page's table, from its first update."""
        self.ui = self.fresh_ui()
        self.hold_round = False
        self.screen = "table"
        self.host, self.session = self.room.host, self.room.session
        self.session.on_update = self.on_update
        self.on_update(self.session.last)

    async def _deal_watch(self, room: RoomHost) -> None:
        """While the guests answer the deal: a guest silent for DEAL_TIMEOUT gets a bot in its seat and the
        deal starts again without it (room.tick)."""
        self.deal_watch = room
        try:
            while self.room is room and room.dealing:
                await asyncio.sleep(max(0.05, min(1.0, room.deal_deadline() - time.monotonic())))
                if self.room is room and room.dealing:
                    room.tick()
        finally:
            self.deal_watch = None

    async def _grace(self, room: RoomHost) -> None:
        """While guests are gone: show the countdown, then let bots take their seats (room.tick)."""
        shown: Said | None = None
        try:
            while self.room is room and room.deadline() is not None:
                left = room.deadline() - time.monotonic()
                gone = [s.name for s in room.host.seats if s.player in room.away and not s.bot]
                shown = rsaid(self.lang, "grace", name=", ".join(gone), n=max(0, round(left)))
                self.ui["message"] = shown
                self.render()
                await asyncio.sleep(max(0.05, min(1.0, left)))
                if self.room is room:
                    room.tick()
            if self.room is room and shown is not None and shown.same(self.ui.get("message")):
                self.ui["message"] = ""
                self.render()
            self.schedule()
        finally:
            self.grace_watch = False

    def asking_said(self) -> Said:
        """What a guest waiting to be admitted reads: its name and ask number (the host sees the same)."""
        name = self.guest.name if self.guest is not None else ""
        number = ask_number(self.guest.player) if self.guest is not None else ""
        return rsaid(self.lang, "asking", name=name, number=number)

    def answer_asker(self, action: str, player: str) -> None:
        """The host's Admit / Refuse on a newcomer asking to join."""
        name = self.room.asking.get(player, {}).get("name", "")
        if action == "room-refuse":
            self.room.refuse(player)
        elif not self.room.admit(player) and player in self.room.asking:
            self.room_msg = rsaid(self.lang, "no_seat", name=name)
            self.render()

    def code_view(self) -> dict:
        """What the lobby shows about the join code (the host's check numbers per seat and wrong tries, or
        a code guest's own check number and failed tries) and, to a host, who is asking to join."""
        info = self.room_info or {}
        if self.room is None:
            return {"check": info.get("check", ""), "code_failed": info.get("code_failed", 0)}
        asking = self.room.asking_view()
        state = self.room.transport.code_state() if hasattr(self.room.transport, "code_state") else None
        if state is None:
            return {"join_code": info.get("join_code", ""), "asking": asking}
        seats = self.room.host.seats if self.room.host else self.room.lobby
        checks = {}
        for i, spec in enumerate(seats):
            peer = self.room.peer_of.get(spec.player) if spec is not None and spec.player else None
            if peer is not None and peer in state["checks"]:
                checks[i] = state["checks"][peer]
        return {"join_code": info.get("join_code", ""), "checks": checks, "asking": asking,
                "code_state": {"failures": state["failures"], "locked": state["locked"], "max": CODE_TRIES}}

    async def redeem_code(self, join_code: str) -> None:
        """A guest typed a join code: run the handshake in its nameplate room, then join the link it got."""
        from pyodide.ffi import to_js
        import js
        name = self.my_name()                       # read before the form goes
        self.stop_game()
        self.room_info = {"code": join_code, "secret": "", "link": None, "is_host": False}
        self.room_msg = rsaid(self.lang, "redeeming")
        self.screen = "lobby"
        self.render()
        p2p = await p2p_module()
        ask = {"code": join_code}
        wait = int_param("code_wait", None)            # test hook: a shorter wait for the code's host (ms)
        if wait is not None:
            ask["timeoutMs"] = max(1000, wait)
        result = await p2p.redeem(to_js(ask, dict_converter=js.Object.fromEntries))
        if self.room_info is None or self.room_info.get("code") != join_code:
            return                                  # the player left meanwhile
        failed = int(result.failed or 0)            # failed tries: each gave one peer one guess (shown)
        if not result.ok:
            self.room_msg = code_failure(self.lang, str(result.error), failed, result.left)
            self.room_info = None
            self.screen = "setup"
            self.render()
            return
        await self.join_room(str(result.room), str(result.secret), check=str(result.check), name=name,
                             code_failed=failed)

    async def join_room(self, code: str, secret: str, check: str = "", name: str = "", code_failed: int = 0) -> None:
        """Join as a guest, with a watchdog (:class:`~tapete.net.room.JoinWatch`): no answer from the
        host JOIN_WAIT s after opening the transport -> a fresh transport; after JOIN_TRIES, say so
        and offer to try again."""
        name = name or self.my_name()
        self.stop_game()
        if host_public(secret) is None:             # a link from before host keys, or none at all
            self.room_msg = rsaid(self.lang, "old_link")
            self.show_setup(self.game_id)
            return
        self.room_info = {"code": code, "secret": secret, "link": self.room_link(code, secret), "is_host": False,
                          "check": check, "code_failed": code_failed}
        self.screen = "lobby"
        self.join_failed = False
        self.render()
        keys = (await p2p_module()).keys
        signer = BrowserSigner(keys, "seat", str(await keys.seatKey()))
        wait = int_param("join_wait", None)          # test hook: a shorter watchdog
        watch = self.join_watch = JoinWatch(**({"wait": float(max(1, wait))} if wait is not None else {}))
        deal = self.saved_deal(code)                   # our nonce survives a reload of this page
        retrying: Said | None = None
        while True:
            transport = await self.open_watched(code, secret)
            if transport is None:                      # could not open (the lobby says so) or left meanwhile
                return
            if self.join_watch is not watch:          # the player left meanwhile
                await transport.aclose()
                return
            guest = self.guest = GuestSession(transport, name, self.on_update, room=code, secret=secret, signer=signer,
                                              verify=BrowserVerifier(keys), log=lambda text: window.console.warn(text),
                                              deal=deal)
            watch.try_started(time.monotonic())
            while (verdict := watch.verdict(time.monotonic(), guest.host_peer is not None)) == "wait":
                await asyncio.sleep(min(0.5, watch.next_check(time.monotonic()) + 0.05))
                if self.join_watch is not watch:
                    return
            if verdict == "ok":
                if retrying and retrying.same(self.room_msg) and self.screen == "lobby":
                    self.room_msg = ""             # only our own "trying again": a refusal stays shown
                    self.render()
                return
            window.console.warn(f"tapete: no answer from room {code} after try {watch.attempt} ({verdict})")
            self.guest = None
            await transport.aclose()
            if self.join_watch is not watch:
                return
            if verdict == "give_up":
                self.join_failed = True
                self.room_msg = rsaid(self.lang, "join_failed")
                self.render()
                return
            self.room_msg = retrying = rsaid(self.lang, "join_retry", n=watch.attempt + 1, of=watch.tries)
            self.render()

    def saved_deal(self, code: str) -> GuestDeal:
        """This browser's share of room ``code``'s deal (kept at every step: a reload keeps it), or a new one."""
        deal = GuestDeal.restore(store_get(STORE_DEAL), code)
        deal.on_change = lambda: store_set(STORE_DEAL, deal.to_json(code))
        return deal

    def save_deal(self) -> None:
        if self.guest is not None and self.room_info:
            store_set(STORE_DEAL, self.guest.deal.to_json(self.room_info["code"]))

    def rig_deal(self, how: str = "secret") -> None:
        """Test hook (?debug_room=1): this host cheats at its next deal (tapete.net.rig: "secret",
        "grind_host", "grind_bot"), a cheat every guest must catch at the reveal."""
        from ..net.rig import rig
        if self.room is not None and not self.room.started:
            rig(self.room, how)

    def record_hidden(self) -> None:
        """Test hook (?debug_room=1): per version, the cards each seat must never see."""
        host = self.room.host
        state, game = host.state, host.game
        hidden = {}
        for seat in range(len(host.seats)):
            places = game.hidden_places(state, seat)
            visible = set(state["hands"][seat]) | set(state.get("discard") or [])
            hidden[seat] = sorted({c for place in places for c in place} - visible)
        public = set(state.get("discard") or [])         # a watcher: the engine's hidden places for no seat
        hidden["watch"] = sorted({c for place in game.hidden_places(state, None) for c in place} - public)
        self.room_debug[str(state["version"])] = hidden

    def debug_json(self) -> str:
        return json.dumps({
            "screen": self.screen,
            "seat": self.session.seat if self.session is not None else (self.lobby or {}).get("you"),
            "received": list(self.guest.received) if self.guest else [],
            "host_refused": list(self.guest.refused) if self.guest else [],
            "join_attempt": self.join_watch.attempt if self.join_watch else 0,
            "hidden": self.room_debug or {},
            "refused": list(self.room.refused) if self.room else [],
            "dropped": int(self.room.transport.handle.dropped()) if self.room and hasattr(self.room.transport, "handle") else 0,
            "code": self.room.transport.code_state() if self.room and hasattr(self.room.transport, "code_state") else None,
        })

    def start_room(self) -> None:
        if self.room is None or self.room.started:
            return
        if self.room.filled() < 2:
            self.room_msg = rsaid(self.lang, "need_two")
            self.render()
            return
        self.room.start(self.on_update)        # the lobby says "dealing…"; on_room_change opens the table
        if self.screen == "lobby":
            self.render()

    # ----- what the lobby says about the connection ---------------------------------------------------
    async def open_watched(self, code: str, secret: str, join_code: str = "", host: bool = False,
                           code_failures: int = 0):
        """Open the room's transport and watch it for the lobby's status line; None (and an error with
        Retry in the lobby) if it cannot even be opened."""
        from .room_bridge import open_transport
        started = asyncio.get_event_loop().time()
        info = self.room_info
        try:
            transport = await open_transport(code, secret, join_code=join_code, host=host, code_failures=code_failures)
        except Exception as err:  # noqa: BLE001 - a JS error from p2p.js (module load, bad options)
            window.console.error(f"tapete: room {code} could not be opened: {err}")
            if self.room_info is info:
                self.room_status = {"state": "error", "key": "open_failed", "values": {"err": str(err)[:200]}}
                self.render()
            return None
        if self.room_info is not info:          # left (or opened another room) meanwhile
            transport.close()
            return None
        asyncio.ensure_future(self._watch(transport, started))
        return transport

    def _current(self, transport) -> bool:
        return any(end is not None and end.transport is transport for end in (self.room, self.guest))

    async def _watch(self, transport, started: float) -> None:
        """Every second while the room is open (lobby or table): relays open, peers connected. After
        RELAY_WAIT s with no relay ever open, "could not reach the room servers" (with Retry). Once a
        relay has been open, none open is a loss ("lost": the page reconnects by itself, no Retry, which
        would open another room) and open again is "back" for BACK_SHOWN s; the table shows the line only
        then (``room_line``). (A guest with no host is told by its join watchdog: join_room.)"""
        loop = asyncio.get_event_loop()
        await asyncio.sleep(0)
        had_relay, lost_at, back_at = False, None, None
        while self.screen in ("lobby", "table") and (self._current(transport) or loop.time() - started < 1):
            if not self._current(transport):
                await asyncio.sleep(0.2)        # RoomHost / GuestSession not made yet
                continue
            relays = transport.handle.relayStatus()
            opened, total = int(relays.open), int(relays.total)
            now = loop.time()
            if opened and lost_at is not None:
                lost_at, back_at = None, now
                window.console.info(f"tapete: room servers back ({opened} of {total})")
            elif not opened and had_relay and lost_at is None:
                lost_at = now
                window.console.warn("tapete: room servers lost; reconnecting")
            had_relay = had_relay or opened > 0
            if lost_at is not None:
                status = {"state": "lost"}
            elif opened == 0 and now - started >= RELAY_WAIT:
                status = {"state": "error", "key": "unreachable"}
            elif opened == 0:
                status = None
            else:
                back = back_at is not None and now - back_at < BACK_SHOWN
                status = {"state": "back" if back else "ok", "open": opened, "total": total,
                          "peers": len(list(transport.handle.peers()))}
            if status != self.room_status:
                self._show_status(status)
            await asyncio.sleep(1.0)

    def _show_status(self, status: dict | None) -> None:
        """Put the watcher's new status on the page: the line's text in place when it stays, a render
        when it appears, goes, or the lobby's Retry button comes or goes."""
        old, self.room_status = self.room_status, status
        node = self.root.querySelector('[data-testid="room-status"]')
        at_table = self.screen == "table"
        shown = (lambda s: (s or {}).get("state") in ("lost", "back")) if at_table else (lambda s: True)
        errors = (status or {}).get("state") == "error" or (old or {}).get("state") == "error"
        if not node or errors or shown(old) != shown(status):
            if shown(status) or node:
                self.render()
            return
        from .room_ui import status_line
        state, text = status_line(self.lang, status)
        node.textContent = text
        node.setAttribute("data-state", state)

    def room_line(self) -> str:
        """The room's status line at the table: only while the room servers are lost or just back; and
        the host's watchers box."""
        if self.room is None and self.guest is None:
            return ""
        if (self.room_status or {}).get("state") not in ("lost", "back"):
            return self.watchers_line()
        from .room_ui import status_tag
        return status_tag(self.lang, self.room_status, "room-status table-note") + self.watchers_line()

    def retry_room(self) -> None:
        """Retry in the lobby: open the room again (a host gets a new code: nobody could reach the old one)."""
        info = self.room_info or {}
        if info.get("is_host"):
            asyncio.ensure_future(self.create_room())
        elif info.get("code"):
            asyncio.ensure_future(self.join_room(info["code"], info.get("secret") or "", info.get("check", ""),
                                                 code_failed=info.get("code_failed", 0)))
