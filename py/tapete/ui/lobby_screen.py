"""The lobby screen (docs/multiplayer.md): a room's seats before its game, for its host or a guest.

:class:`LobbyScreen` shows a :class:`~tapete.ui.room_session.RoomSession` (which it owns until the game
begins and the table takes it over): for the host, the lobby for a wall (game, options, the join code
large, the QR code of the join link, the watchers box); for a guest, the game, its options and the
seats; above both, the name box (:mod:`tapete.ui.name_box`). The HTML is :mod:`tapete.ui.room_ui`'s.
``close()`` ends the name box and, unless the table took it, the room.
"""

from __future__ import annotations

import asyncio

from pyscript import document, window

from ..core import TapeteError, get
from ..net.joincode import CODE_TRIES
from ..net.watch import watch_link
from .browser import STORE_NAME, player_id, store_get, store_set
from .name_box import NameBox
from .bot_names import room_bot_name
from .room_texts import rsaid, rt
from .room_ui import options_text, render_lobby
from .table_view import game_title


class LobbyScreen:
    name = "lobby"

    def __init__(self, app, room) -> None:
        self.app = app
        self.room = room                      # the RoomSession (None once the table took it)
        self.name_box: NameBox | None = None
        self.qr: tuple | None = None          # (link, lang, svg) of the QR code (static/js/qr.js)
        self.qr_failed: str | None = None     # the link whose QR code could not be made (not tried again)
        self.qr_loading = False

    def close(self) -> None:
        if self.name_box is not None:
            self.name_box.close()
            self.name_box = None
        if self.room is not None:
            self.room.close()

    def set_lang(self, lang: str) -> None:
        if self.room is not None:
            self.room.set_lang(lang)

    # ----- rendering ----------------------------------------------------------------------------------
    def render(self) -> None:
        if self.room is None:
            return
        root = self.app.root
        old = root.querySelector('[data-testid="rename-input"]')      # what is being typed survives
        typed = (str(old.value), bool(old.isSameNode(document.activeElement))) if old else None
        root.innerHTML = self.name_box_html() + self.html()
        field = root.querySelector('[data-testid="rename-input"]')
        if field and typed and typed[0] != self.name_box.name:
            field.value = typed[0]
        if field and ((typed and typed[1]) or (self.name_box.asking and not typed)):
            field.focus()

    def html(self) -> str:
        session, lang = self.room, self.app.lang
        info, room, lobby = session.info, session.room, session.lobby
        host = bool(info.get("is_host"))
        game_id = room.game_id if room is not None else (lobby or {}).get("game")
        title = game_title(game_id) if game_id else ""
        options = ""                      # the host's own options; a guest's come in the host's lobby
        chosen = room.options if room is not None else (lobby or {}).get("options")
        if game_id and isinstance(chosen, dict):
            options = options_text(lang, get(game_id), chosen)
        link = info.get("link")
        extra = {}
        if host and room is not None:
            extra = {"watchers": room.watcher_count, "watching": room.watching,
                     "watch_link": watch_link(link) if link else None}
        code = self.code_view()
        qr = self.lobby_qr(link) if host and link and code.get("join_code") else ""
        restarts = session.guest.deal.abandoned if session.guest is not None and not host else 0
        return render_lobby(lang, lobby, code=info.get("code", ""), link=link, is_host=host,
                            message=session.msg, failed=session.join_failed, status=session.status.value,
                            game=title, options=options, qr=qr, projector=self.app.projector,
                            restarts=restarts, **extra, **code)

    def code_view(self) -> dict:
        """What the lobby shows about the join code (the host's check numbers per seat and wrong tries, or
        a code guest's own check number and failed tries) and, to a host, who is asking to join."""
        info, room = self.room.info, self.room.room
        if room is None:
            return {"check": info.get("check", ""), "code_failed": info.get("code_failed", 0)}
        asking = room.asking_view()
        state = room.transport.code_state() if hasattr(room.transport, "code_state") else None
        if state is None:
            return {"join_code": info.get("join_code", ""), "asking": asking}
        seats = room.host.seats if room.host else room.lobby
        checks = {}
        for i, spec in enumerate(seats):
            peer = room.peer_of.get(spec.player) if spec is not None and spec.player else None
            if peer is not None and peer in state["checks"]:
                checks[i] = state["checks"][peer]
        return {"join_code": info.get("join_code", ""), "checks": checks, "asking": asking,
                "code_state": {"failures": state["failures"], "locked": state["locked"], "max": CODE_TRIES}}

    def lobby_qr(self, link: str) -> str:
        """The QR code's SVG of ``link``, or "" while static/js/qr.js loads (the lobby redraws then)."""
        lang = self.app.lang
        if self.qr is not None and self.qr[0] == link and self.qr[1] == lang:
            return self.qr[2]
        if self.qr_failed != link and not self.qr_loading:
            self.qr_loading = True
            asyncio.ensure_future(self._load_qr(link, lang))
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
        if self.app.router.current is self:
            self.render()

    # ----- the name box -------------------------------------------------------------------------------
    def name_box_html(self) -> str:
        """The name box above the lobby (tapete.ui.name_box), once this page has a seat to name."""
        if self.app.projector:
            return ""                                # no controls on the wall (it is back on leaving)
        if self.name_box is None:
            if self.room.guest is not None:
                name = self.room.guest.name
            elif self.room.room is not None:
                name = self.room.room.names.get(player_id(), "")
            else:
                return ""
            self.name_box = NameBox(name, asking=store_get(STORE_NAME) is None)
        return self.name_box.render(self.app.lang)

    def rename_me(self) -> None:
        """"Use this name" / "Change name": send the new name through the room (guest) or set it (host)."""
        box = self.name_box
        root = self.app.root
        node = root.querySelector('[data-testid="rename-input"]')
        if box is None or not node or self.room is None:     # (a missing node is JS null: jsnull, falsy)
            return
        name = box.submit(str(node.value))
        if name is not None:
            store_set(STORE_NAME, name)
            if self.room.guest is not None:
                if not self.room.guest.rename(name):
                    box.note = "bad"
            elif self.room.room is not None:
                try:
                    self.room.room.rename(player_id(), name)
                except TapeteError:
                    box.note = "bad"
        self.render()
        again = root.querySelector('[data-testid="rename-input"]')
        if again and box.note == "bad":
            again.focus()

    # ----- keys and actions ---------------------------------------------------------------------------
    def on_key(self, event) -> None:
        if str(event.key) == "Enter" and event.target \
                and str(event.target.getAttribute("data-testid") or "") == "rename-input":
            self.rename_me()                           # Enter in the name box does what its button does
            event.preventDefault()

    def act(self, action: str) -> bool:
        """The lobby's buttons (a host's seats, lock, admit; Retry, Copy, the name box)."""
        session, lang = self.room, self.app.lang
        room = session.room if session is not None else None
        if session is None or not action.startswith("room-"):
            return False
        if action == "room-rename":
            self.rename_me()
        elif action == "room-retry":
            session.retry()
        elif action == "room-copy":
            if session.info.get("link"):
                try:
                    window.navigator.clipboard.writeText(session.info["link"])
                except Exception:  # noqa: BLE001 - clipboard may be unavailable
                    pass
                session.msg = rsaid(lang, "copied")
                self.render()
        elif room is None:
            return action not in ("room-create", "room-join")     # a host's button on a guest's page: nothing
        elif action == "room-add-bot":
            room.add_bot(self.app.settings["level"], room_bot_name(lang, room))   # named as in local games
        elif action == "room-start":
            self.start_room()
        elif action.startswith("room-kick "):
            room.kick(int(action.split()[1]))
        elif action == "room-lock":
            room.lock(not room.locked)
        elif action.startswith(("room-admit ", "room-refuse ")):
            self.answer_asker(*action.split(" ", 1))
        elif action == "room-watching":
            room.set_watching(not room.watching)
        else:
            return action not in ("room-create", "room-join")
        return True

    def start_room(self) -> None:
        session = self.room
        if session.room.started:
            return
        if session.room.filled() < 2:
            session.msg = rsaid(self.app.lang, "need_two")
            self.render()
            return
        session.room.start(session.on_update)     # the lobby says "dealing…"; on_room_change opens the table
        self.render()

    def answer_asker(self, action: str, player: str) -> None:
        """The host's Admit / Refuse on a newcomer asking to join."""
        room = self.room.room
        name = room.asking.get(player, {}).get("name", "")
        if action == "room-refuse":
            room.refuse(player)
        elif not room.admit(player) and player in room.asking:
            self.room.msg = rsaid(self.app.lang, "no_seat", name=name)
            self.render()
