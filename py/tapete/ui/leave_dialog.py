"""Leaving a table (docs/shell.md): the Leave dialog of ``Menu`` and what leaving costs.

"Menu" at the table asks first (and says what leaving costs: the −20 ranking points of sheet 000 in
Chúpate 2), then abandons the game; Back keeps the game's save instead (Resume on the picker).
"""

from __future__ import annotations

from pyscript import document

from .browser import add_ranking, store_del
from .html import button, tag
from .i18n import t
from . import saves


class LeaveDialog:
    """The page's ``#leave-dialog`` (a shell ``<dialog>``), filled and opened for the current table."""

    def __init__(self, app) -> None:
        self.app = app

    def table(self):
        """The table shown (tapete.ui.table_screen.TableScreen), or None."""
        return self.app.router.current if self.app.screen == "table" else None

    def cost(self) -> int:
        """Ranking points this seat loses by leaving now (0 once the game is over): the engine's ranking
        (Chúpate 2, sheet 000) or, for the other games, the same rule kept by the UI (tapete.ui.sheet)."""
        table = self.table()
        if table is None or table.host is None or table.session is None or table.host.state.get("over"):
            return 0
        seat = table.session.seat
        if seat is None:
            return 0
        ranking = getattr(table.host.game, "ranking", None)
        if ranking is None:
            from . import sheet
            return sheet.ABANDON
        return ranking(table.host.state, [], (seat,))[seat]

    def ask(self) -> None:
        """Menu at the table: confirm first, unless the game is over (then straight to the picker)."""
        lang, table = self.app.lang, self.table()
        if table is None or table.update is None or table.update["view"].get("over"):
            self.leave()
            return
        dialog = document.getElementById("leave-dialog")
        cost = self.cost()
        body = tag("h2", t(lang, "leave.title"), id="leave-title")
        room = table.room
        if room is not None and room.room is not None:
            body += tag("p", t(lang, "leave.host"))
        elif room is not None and room.guest is not None:
            body += tag("p", t(lang, "leave.room"))
        else:
            body += tag("p", t(lang, "leave.lost"))
        if cost:
            body += tag("p", tag("strong", t(lang, "leave.cost", n=-cost)), data_testid="leave-cost")
        body += tag("div", button(t(lang, "leave.stay"), "leave-cancel", "btn-leave-cancel", "btn primary")
                    + button(t(lang, "leave.go"), "leave-confirm", "btn-leave-confirm", "btn danger"),
                    class_="actions")
        dialog.innerHTML = body
        if not dialog.open:
            dialog.showModal()
        dialog.querySelector('[data-testid="btn-leave-cancel"]').focus()

    def close(self) -> None:
        dialog = document.getElementById("leave-dialog")
        if dialog and dialog.open:
            dialog.close()
            back = self.app.root.querySelector('[data-testid="btn-leave"]')
            if back:
                back.focus()

    def leave(self, abandon: bool = False) -> None:
        """Leave the table for the picker; ``abandon``: the game is given up (save dropped, cost paid)."""
        app = self.app
        dialog = document.getElementById("leave-dialog")
        if dialog and dialog.open:
            dialog.close()
        if abandon:
            cost = self.cost()
            if cost:
                add_ranking(app.game_id, cost)
            store_del(saves.store_key(app.game_id))
        app.show_picker()
        app.router.push()
        first = app.root.querySelector(f'[data-game="{app.game_id}"]')
        if first:
            first.focus()
