"""The bot lab's student bot at a table (docs/bots-lab.md): ``LabSeatBot`` is a bot whose ``think`` asks
the lab's worker (static/js/lab.mjs, ``lab.decide``) for each move and yields the waiting future to the
App's bot pump, so a bot that never answers cannot freeze the page; its error is said at the table
(``table_error``) and an easy bot plays that move for it."""

from __future__ import annotations

import asyncio
import json

from ..lab import error_text
from .i18n import Said
from .lab_view import lt


class LabSeatBot:
    """The student's bot in a seat: each move is asked of the lab's worker (``lab.decide``); ``think``
    yields the waiting future to the App's bot pump (which awaits it), so the page never blocks. An
    error is said at the table (``on_error``) and an easy bot plays that move for it."""

    needs_view = True

    def __init__(self, lab, game: str, code: str, table: str, seat: int, on_error) -> None:
        self.lab, self.game, self.code, self.table, self.seat = lab, game, code, table, seat
        self.on_error = on_error
        self.errors = 0

    async def _ask(self, view: dict, legal: list[str], must: bool) -> dict:
        from pyscript import window
        params = {"game": self.game, "code": self.code, "table": self.table, "seat": self.seat, "view": view,
                  "legal": legal, "mustAct": must}
        try:
            result = await self.lab.decide(json.dumps(params))
            return json.loads(str(window.JSON.stringify(result)))
        except Exception as err:  # noqa: BLE001 - the worker could not start
            return {"action": None, "error": {"kind": "internal", "message": str(err)}}

    def think(self, view: dict, legal: list[str], must: bool, rng):
        future = asyncio.ensure_future(self._ask(view, legal, must))
        while not future.done():
            yield future
        result = future.result()
        action, error = result.get("action"), result.get("error")
        if error:
            self.errors += 1
            self.on_error(error)
            from ..bots import EasyBot
            return EasyBot().choose(view, legal, must, rng)
        if action is not None and action not in legal:        # decide() checks this; never trust blindly
            from ..bots import EasyBot
            return EasyBot().choose(view, legal, must, rng)
        return action

    def choose(self, view, legal, must, rng):
        """Only the pump's ``think`` plays this bot (a synchronous answer would block the page)."""
        from ..bots import EasyBot
        return EasyBot().choose(view, legal, must, rng)


def table_error(lang_of, error: dict) -> Said:
    """The message a table shows when the student's bot failed (said again in a new language)."""
    return Said.of(lang_of(), lambda lang: lt(lang, "table.error", error=error_text(lang, error)))


__all__ = ["LabSeatBot", "table_error"]
