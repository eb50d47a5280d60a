"""The table's side of motion: patch the table through ``static/js/motion.js`` with the plan that
:mod:`tapete.ui.motion` derives from each update, keep the speed setting, and let the bots wait for the
animations (docs/shell.md, "Keyed updates and motion"). One :class:`TableMotion` per page, owned by the
controller and used by the tables it shows (against bots, host, guest, pass-and-play); no mixin."""

from __future__ import annotations

import asyncio
import json

from pyscript import window

from .browser import int_param, param
from .motion import SPEEDS, last_move, plan, speed_control

MOTION_CAP = 4.0            # seconds: a stuck animation never stalls a game longer than this


class TableMotion:
    """The pending plan of the next render and the promise of the animations running now."""

    def __init__(self, root) -> None:
        self.root = root
        self.plan: dict | None = None               # the plan of the update about to be rendered
        self.done = None                            # the promise of the animations running now
        # ?bot_delay=0 (the tests' fast games) plays with no animation unless ?speed= asks for one
        self.instant = int_param("bot_delay", 1) == 0 and not param("speed")

    @staticmethod
    def _js():
        return getattr(window, "tapeteMotion", None)

    def speed(self) -> str:
        motion = self._js()
        value = str(motion.speed()) if motion else "normal"
        return value if value in SPEEDS else "normal"

    def speed_setting(self, lang: str) -> str:
        return speed_control(lang, self.speed())

    def on_change(self, event) -> None:
        """The bar's speed select (``data-testid="speed"``) sets motion.js's speed."""
        target = event.target
        if not target or not getattr(target, "getAttribute", None) or target.getAttribute("data-testid") != "speed":
            return
        motion = self._js()
        if motion:
            motion.setSpeed(str(target.value))

    def plan_update(self, message: dict, previous: dict | None, ui: dict, table) -> None:
        """Called with each game update before it is stored: what moved, and the last play's mark
        (kept in the table's ``ui["last_move"]``)."""
        ui["last_move"] = last_move(message, ui.get("last_move"))
        self.plan = plan(message, previous, table, self.instant, ui["last_move"])

    def patch(self, html: str, last, render_ms: float = 0.0) -> None:
        """Patch #app to ``html`` (keyed), mark the last play ``last``, run the pending plan once.
        ``render_ms``: what rendering ``html`` took in Python (kept with motion.js's timing for bench/feel.py)."""
        pending, self.plan = self.plan, None
        payload = dict(pending or {"groups": [], "last": last, "instant": self.instant},
                       render_ms=round(float(render_ms), 2))
        motion = self._js()
        if not motion:                               # motion.js missing: still playable
            self.root.innerHTML = html
            return
        done = motion.update(self.root, html, json.dumps(payload))
        if pending and pending["groups"]:
            self.done = done

    async def finished(self) -> None:
        """Wait for the running animations (each bot move waits for the previous one's), at most MOTION_CAP."""
        done, self.done = self.done, None
        if done is None:
            return
        try:
            await asyncio.wait_for(asyncio.ensure_future(done), MOTION_CAP)
        except Exception:  # noqa: BLE001 - a timeout or a rejected promise: play on
            pass
