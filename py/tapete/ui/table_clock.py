"""A table's clock (part of :class:`tapete.ui.table_screen.TableScreen`, composed): the bot pump, the turn
timer and ``?autoplay``. Each loop runs only while its table is open and its host unchanged: closing the
table (``TableScreen.close``) stops them all. Bots are paced here (``?bot_delay=ms`` on the app)."""

from __future__ import annotations

import asyncio
import random

from ..bots import EasyBot
from ..net.room import RATE_PER_SECOND, RATE_WINDOW
from .i18n import t


class TableClock:
    def __init__(self, table) -> None:
        self.table = table
        self.pumping = False
        self.timer_version = None                    # the version the turn timer counts for
        self.autoplay_next = 0.0                     # a guest's autoplay keeps under the host's rate limit

    def live(self, host) -> bool:
        return not self.table.closed and self.table.host is host

    def schedule(self) -> None:
        """Start the bot pump and the turn timer as the new update requires."""
        table, app = self.table, self.table.app
        self.pump()
        self.start_timer()
        if app.autoplay is not None and table.update and table.update["legal"]:
            asyncio.ensure_future(self._autoplay(table.update))

    def retry_autoplay(self, update: dict) -> None:
        """A refused ``rate_limited`` move: autoplay tries again after the host's window."""
        if self.table.app.autoplay is not None:
            asyncio.ensure_future(self._autoplay(update, RATE_WINDOW))

    async def _autoplay(self, update: dict, delay: float | None = None) -> None:
        """``?autoplay=ms``: send what an easy bot would choose from this seat's own update, like a
        player who always acts (used by tests that play whole games over WebRTC without scripting
        each game's clicks). It goes through the same session as a click."""
        table = self.table
        wait = table.app.autoplay if delay is None else delay
        if table.guest():                            # a long run of moves must not read as a flood
            loop = asyncio.get_event_loop()
            wait = max(wait, self.autoplay_next - loop.time())
            self.autoplay_next = loop.time() + wait + 1 / RATE_PER_SECOND
        await asyncio.sleep(wait)
        if table.closed or table.update is not update or table.session is None:
            return
        rng = random.Random(update["view"]["version"] * 31 + (update["seat"] or 0))
        action = EasyBot().choose(update["view"], update["legal"], True, rng)
        if action is not None:
            table.session.send(action)

    def pump(self) -> None:
        host = self.table.host
        if not self.pumping and host is not None and not self.table.closed and host.bot_pending():
            self.pumping = True
            asyncio.ensure_future(self._pump(host))

    async def _pump(self, host) -> None:
        table, app = self.table, self.table.app
        try:
            while self.live(host) and host.bot_pending():
                update = table.update
                view = update["view"] if update else None
                if view and view["phase"] == "round_over" and "next" not in update["legal"]:
                    if table.ui.get("released") != view["version"]:
                        return          # a bot won the round: wait for the player's "continue"
                await app.motion.finished()     # the previous move's animation first (capped)
                await asyncio.sleep(app.bot_delay)
                if not self.live(host):
                    return
                for step in host.bot_steps():    # a bot thinking in slices: the page paints between them
                    app.slices, app.thinking = app.slices + 1, True
                    if isinstance(step, asyncio.Future):
                        await step               # the lab's bot waits for its worker (lab_seat.LabSeatBot)
                    else:
                        await asyncio.sleep(app.think_pause)
                    if not self.live(host):
                        return
                app.thinking = False
        finally:
            self.pumping = app.thinking = False

    def start_timer(self) -> None:
        table = self.table
        host = table.host
        if host is None or not host.state["options"].get("turn_timer"):
            return
        view = table.update["view"]
        mine = view["turn"] == table.update["seat"] and not view["over"] and view["phase"] != "round_over"
        if not mine:
            table.ui["timer"] = None
            return
        if self.timer_version == view["version"]:
            return
        self.timer_version = view["version"]
        asyncio.ensure_future(self._timer(host, view["version"], host.state["options"]["turn_timer"]))

    async def _timer(self, host, version: int, seconds: int) -> None:
        table = self.table
        for left in range(seconds, 0, -1):
            if not self.live(host) or host.state["version"] != version:
                return
            table.ui["timer"] = left
            node = table.app.root.querySelector('[data-testid="turn-timer"]')
            if node:
                node.textContent = t(table.app.lang, "timer", n=left)
            else:
                table.render()
            await asyncio.sleep(1)
        if self.live(host) and host.state["version"] == version:
            table.ui["timer"] = None
            host.timeout(table.update["seat"])
