"""What the lobby (and the table) says about a room's connection (part of
:class:`tapete.ui.room_session.RoomSession`, composed): opening the transport and watching its relays
and peers every second while the room is open."""

from __future__ import annotations

import asyncio

from pyscript import window

RELAY_WAIT = 10.0       # seconds without any open relay before the lobby says the servers are unreachable
BACK_SHOWN = 60.0       # seconds the status line says the room servers are back after a loss


class StatusWatch:
    def __init__(self, session) -> None:
        self.session = session
        self.value: dict | None = None             # the lobby's connection line (None: nothing to say yet)

    async def open(self, code: str, secret: str, join_code: str = "", host: bool = False, code_failures: int = 0):
        """Open the room's transport and watch it for the lobby's status line; None (and an error with
        Retry in the lobby) if it cannot even be opened, or if the room was left meanwhile."""
        from .room_bridge import open_transport
        session = self.session
        started = asyncio.get_event_loop().time()
        try:
            transport = await open_transport(code, secret, join_code=join_code, host=host, code_failures=code_failures)
        except Exception as err:  # noqa: BLE001 - a JS error from p2p.js (module load, bad options)
            window.console.error(f"tapete: room {code} could not be opened: {err}")
            if not session.closed:
                self.value = {"state": "error", "key": "open_failed", "values": {"err": str(err)[:200]}}
                session.render()
            return None
        if session.closed:                      # left (or opened another room) meanwhile
            transport.close()
            return None
        asyncio.ensure_future(self._watch(transport, started))
        return transport

    def _current(self, transport) -> bool:
        return any(end is not None and end.transport is transport for end in (self.session.room, self.session.guest))

    async def _watch(self, transport, started: float) -> None:
        """Every second while the room is open (lobby or table): relays open, peers connected. After
        RELAY_WAIT s with no relay ever open, "could not reach the room servers" (with Retry). Once a
        relay has been open, none open is a loss ("lost": the page reconnects by itself, no Retry, which
        would open another room) and open again is "back" for BACK_SHOWN s; the table shows the line only
        then (``table_line``). (A guest with no host is told by its join watchdog: RoomSession.join.)"""
        loop = asyncio.get_event_loop()
        await asyncio.sleep(0)
        had_relay, lost_at, back_at = False, None, None
        while not self.session.closed and (self._current(transport) or loop.time() - started < 1):
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
            if status != self.value:
                self._show(status)
            await asyncio.sleep(1.0)

    def _show(self, status: dict | None) -> None:
        """Put the new status on the page: the line's text in place when it stays, a render when it
        appears, goes, or the lobby's Retry button comes or goes."""
        session = self.session
        old, self.value = self.value, status
        node = session.app.root.querySelector('[data-testid="room-status"]')
        at_table = session.table is not None
        shown = (lambda s: (s or {}).get("state") in ("lost", "back")) if at_table else (lambda s: True)
        errors = (status or {}).get("state") == "error" or (old or {}).get("state") == "error"
        if not node or errors or shown(old) != shown(status):
            if shown(status) or node:
                session.render()
            return
        from .room_ui import status_line
        state, text = status_line(session.app.lang, status)
        node.textContent = text
        node.setAttribute("data-state", state)

    def table_line(self) -> str:
        """The status line at the table: only while the room servers are lost or just back."""
        if (self.value or {}).get("state") not in ("lost", "back"):
            return ""
        from .room_ui import status_tag
        return status_tag(self.session.app.lang, self.value, "room-status table-note")
