"""The app's side of motion: patch the table through ``static/js/motion.js`` with the plan that
:mod:`tapete.ui.motion` derives from each update, keep the last-move mark, the speed setting, and let
the bots wait for the animations (docs/shell.md, "Keyed updates and motion")."""

from __future__ import annotations

import asyncio
import json

from pyscript import window

from .browser import int_param, param
from .motion import SPEEDS, last_move, plan, speed_control

MOTION_CAP = 4.0            # seconds: a stuck animation never stalls a game longer than this


class MotionMixin:
    def init_motion(self) -> None:
        self.motion_plan: dict | None = None        # the plan of the update about to be rendered
        self.motion_done = None                     # the promise of the animations running now
        # ?bot_delay=0 (the tests' fast games) plays with no animation unless ?speed= asks for one
        self.motion_instant = int_param("bot_delay", 1) == 0 and not param("speed")

    def _motion(self):
        return getattr(window, "tapeteMotion", None)

    def speed(self) -> str:
        motion = self._motion()
        value = str(motion.speed()) if motion else "normal"
        return value if value in SPEEDS else "normal"

    def speed_setting(self) -> str:
        return speed_control(self.lang, self.speed())

    def on_change(self, event) -> None:
        target = event.target
        if not target or not getattr(target, "getAttribute", None) or target.getAttribute("data-testid") != "speed":
            return
        motion = self._motion()
        if motion:
            motion.setSpeed(str(target.value))

    def plan_motion(self, message: dict, previous: dict | None) -> None:
        """Called with each game update before it is stored: what moved, and the last play's mark."""
        self.ui["last_move"] = last_move(message, self.ui.get("last_move"))
        self.motion_plan = plan(message, previous, self.table(), self.motion_instant, self.ui["last_move"])

    def patch(self, html: str, render_ms: float = 0.0) -> None:
        """Patch #app to ``html`` (keyed), mark the last play, run the pending plan once. ``render_ms``:
        what rendering ``html`` took in Python (kept with motion.js's timing for bench/feel.py)."""
        pending, self.motion_plan = self.motion_plan, None
        payload = dict(pending or {"groups": [], "last": self.ui.get("last_move"), "instant": self.motion_instant},
                       render_ms=round(float(render_ms), 2))
        motion = self._motion()
        if not motion:                               # motion.js missing: still playable
            self.root.innerHTML = html
            return
        done = motion.update(self.root, html, json.dumps(payload))
        if pending and pending["groups"]:
            self.motion_done = done

    async def motion_finished(self) -> None:
        """Wait for the running animations (each bot move waits for the previous one's), at most MOTION_CAP."""
        done, self.motion_done = self.motion_done, None
        if done is None:
            return
        try:
            await asyncio.wait_for(asyncio.ensure_future(done), MOTION_CAP)
        except Exception:  # noqa: BLE001 - a timeout or a rejected promise: play on
            pass
