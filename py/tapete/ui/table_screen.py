"""The table screen (issue 29): one game at a table, whatever its session.

:class:`TableScreen` owns the table's state: the ``host`` (engine and bots; None for a guest), the
``session`` it plays through -- a ``LocalSession`` against bots or as a room's host, a ``GuestSession``
in a friend's room -- the last ``update``, the local ``ui`` (log, message, wild, timer, ranking, sort,
choices), the lab's bot (``lab_table``) and, in a room, the :class:`~tapete.ui.room_session.RoomSession`
(``room``). Its bot pump, turn timer and ``?autoplay`` live in :class:`~tapete.ui.table_clock.TableClock`.
``close()`` ends them all: the pump and timer stop, the host lets the seat go, the room's transport and
the lab's worker close.
"""

from __future__ import annotations

import asyncio

from pyscript import document, window

from ..core import get
from ..net import Host, LocalSession, SeatSpec
from ..net.deal import mix, new_secret
from . import hints, saves, sound, tables
from .bar import BAR_OPEN
from .bot_names import bot_names
from .browser import STORE_NAME, add_ranking, int_param, player_id, store_del, store_get, store_set
from .hand import STORE_SORT
from .i18n import Said, refusal, resay, t
from .log import announcement, say_new
from .log import record as record_move
from .room_ui import render_deal
from .setup import options_of
from .sheet import ranking_delta, record_round
from .table_clock import TableClock
from .table_view import announce, bar, choice_action, fold_action, open_dialogs, table_key

KEY_ACTIONS = {"mentira": "challenge"}


def fresh_ui() -> dict:
    """The local, per-table UI state of a new or resumed game."""
    return {"log": [], "message": "", "wild": None, "timer": None, "ranking": None}


class TableScreen:
    """One table on this page; ``open(session)`` shows it, ``close()`` ends what it started."""

    name = "table"

    def __init__(self, app, game_id: str, host: Host | None, room=None, lab_table=None) -> None:
        self.app = app
        self.game_id = game_id
        self.module = tables.table_for(game_id)   # the game's renderer (tapete.ui.<game>_table)
        self.host = host
        self.session = None
        self.update: dict | None = None
        self.ui: dict = fresh_ui()
        self.hold_round = False
        self.chooser_return = None                # what had focus when a chooser opened (chooser_focus)
        self.lab_table = lab_table                # (game, code, lab, name): the student's bot sits here
        self.room = room                          # the room with friends (RoomSession), if any
        self.clock = TableClock(self)             # the bot pump, the turn timer, ?autoplay
        self.closed = False

    # ----- opening and closing -----------------------------------------------------------------------
    def open(self, session=None, push: bool = True):
        """Show this table (the screen before it closes); ``session``: a LocalSession made for it now
        (its first update arrives at once), or the room's session, already running."""
        app = self.app
        app.game_id = self.game_id
        app.router.open(self)
        if push:
            app.router.push()
        if session is not None:
            self.session = session
        return self

    def local_session(self) -> LocalSession:
        """A session for this page's seat at ``host`` (against bots, or the room's host)."""
        self.session = LocalSession(self.host, player_id(), self.on_update)
        return self.session

    @classmethod
    def bots_game(cls, app, lab_table=None) -> "TableScreen":
        """A new game against bots with the setup's settings (``lab_table``: the lab's bot is the opponent)."""
        s, lang = app.settings, app.lang
        seats = [SeatSpec(t(lang, "you"), player=player_id())]
        if lab_table is not None:                    # "Play against my bot" (the bot lab): you and it
            seats.append(SeatSpec(lab_table[3], bot="easy"))
        seed = int_param("seed", None)              # test hook
        if seed is None:                             # no guests: a local secret (tapete.net.deal) is the deal
            seed = mix(new_secret(), [])
        if lab_table is None:                        # the bots' names, per language and seed (bot_names.py)
            names = bot_names(lang, s["opponents"], seed, avoid=str(store_get(STORE_NAME) or ""))
            seats += [SeatSpec(names[i - 1] if i <= len(names) else t(lang, "bot", n=i), bot=s["level"])
                      for i in range(1, s["opponents"] + 1)]
        host = Host(app.game_id, seats, seed, options_of(get(app.game_id), s))
        table = cls(app, app.game_id, host, lab_table=lab_table)
        if lab_table is not None:
            from .lab_seat import LabSeatBot, table_error
            game, code, lab, _name = lab_table

            def failed(error: dict) -> None:
                table.ui["message"] = table_error(lambda: app.lang, error)
                table.render()
            host.bots[1] = LabSeatBot(lab, game, code, f"table-{seed}", 1, failed)
        table.ui[hints.HINTS] = 0                    # a game against bots: the result says how many hints
        table.open()
        table.local_session()
        return table

    @classmethod
    def resume(cls, app, game_id: str) -> bool:
        """Play on from this browser's save of ``game_id``; False if there is none (or it was bad)."""
        saved = app.picker.saved_game(game_id)
        if saved is None:
            return False
        app.stop_game()
        app.game_id = game_id
        app.settings["level"] = saved["level"]
        table = cls(app, game_id, saves.restore(saved))
        table.ui["log"] = saved["log"]               # what happened before the reload (said again at render)
        table.ui["rounds"] = saved["rounds"]
        table.open()
        table.local_session()
        return True

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        if self.lab_table is not None:               # the student's bot's worker goes with its table
            self.lab_table[2].close()
            self.lab_table = None
        if self.host is not None:
            self.host.detach(self.session.player if self.session else None)
        if self.room is not None:
            self.room.close()

    def set_lang(self, lang: str) -> None:
        if self.ui.get("message"):
            self.ui["message"] = resay(self.ui["message"], lang)
        if self.room is not None:
            self.room.set_lang(lang)

    # ----- what the table is --------------------------------------------------------------------------
    def against_bots(self) -> bool:
        """A game this page hosts with no one else (hints are for these only)."""
        return self.host is not None and self.room is None

    def guest(self) -> bool:
        return self.room is not None and self.session is not None and self.session is self.room.guest

    def keys(self) -> dict:
        return tables.keys_of(self.module)

    def clear_choices(self) -> bool:
        """Forget half-made local choices (a wild's colour, selected cards...); True if there were any."""
        keys = [k for k in self.ui if k == "wild" or k.startswith(self.game_id + "_")]
        had = any(self.ui.get(k) for k in keys)
        for k in keys:
            self.ui[k] = None
        return had

    def save_game(self) -> None:
        """After every update of a game against bots: keep it in this browser (dropped once it is over)."""
        if self.host is None or self.room is not None or self.lab_table is not None:
            return                                   # (a table with the lab's bot is not saved: it needs its code)
        key = saves.store_key(self.game_id)
        if self.host.state.get("over"):
            store_del(key)
        else:
            store_set(key, saves.snapshot(self.host, self.app.settings["level"], self.ui.get("log"),
                                          self.ui.get("rounds")))

    # ----- keys and actions ---------------------------------------------------------------------------
    def on_key(self, event) -> None:
        if self.update is None:
            return
        if str(event.key) == "Escape" and self.ui.get(BAR_OPEN):
            self.close_bar_more()
            return
        key = table_key(event, self.app.root)
        if key is None:
            return
        if key == "Escape" and self.clear_choices():
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

    def act(self, action: str) -> bool:
        if self.room is not None and self.room.act(action):
            return True
        if action == "again":
            lab_table, self.lab_table = self.lab_table, None   # "Play again" with the same bot keeps its worker
            self.app.new_game(lab_table)
        elif action == "hint":
            asyncio.ensure_future(hints.ask(self))
        elif action == "hint-close":
            self.ui[hints.HINT] = None
            self.render()
        elif self.session is None:
            return False
        elif action == "ui:bar-more":                  # the bar's folded settings (phones: tapete.ui.bar)
            if self.ui.get(BAR_OPEN):
                self.close_bar_more()
            else:
                self.ui[BAR_OPEN] = True
                self.render()
        elif fold_action(self.ui, action):           # the hand's order, the result and log folds
            self.render()
            opener = next((b for b in self.app.root.querySelectorAll(
                '[data-testid="btn-log-round"], [data-testid="btn-log-all"]') if b.offsetParent), None)
            if action == "ui:log-close" and opener:  # the one shown (phones: btn-log-all; JS null is falsy)
                opener.focus()
        elif choice_action(self.ui, action, self.module):
            self.render()
        elif action == "continue":
            self.hold_round = False
            self.ui["released"] = self.update["view"]["version"] if self.update else None
            self.clock.pump()
        else:
            self.clear_choices()
            self.ui["message"] = ""
            if action == "next":
                self.hold_round = False
            self.session.send(action)
        return True

    # ----- updates ------------------------------------------------------------------------------------
    def on_update(self, message: dict) -> None:
        """This seat's update (or a refusal) from the session: plan the motion, log, save, render."""
        if self.closed:
            return
        lang = self.app.lang
        if message["type"] == "rejected":
            explain = getattr(self.module, "refusal_text", refusal)
            code, words = message["code"], message["message"]
            self.ui["message"] = Said.of(lang, lambda lang: t(lang, "refused", reason=explain(lang, code, words)))
            self.render()
            if message["code"] == "rate_limited" and self.update:
                self.clock.retry_autoplay(self.update)      # like a person, try again
            return
        self.app.motion.plan_update(message, self.update, self.ui, self.module)   # before self.update moves on
        sound.on_update(message, self.update)          # which effect this update makes: ui/sound.py
        self.update = message
        self.ui["log"] = record_move(self.ui.get("log") or [], message["events"])   # events, said at render
        view = message["view"]
        if view["over"] and self.guest() and not self.ui.get("deal_wait"):
            self.ui["deal_wait"] = True
            asyncio.ensure_future(self.room.deal_deadline(self.session))
        self.ui["rounds"] = record_round(self.ui.get("rounds") or [], view, getattr(self.module, "round_points", None))
        if view["over"] and view.get("result") and message["seat"] is not None and self.ui.get("ranking") is None:
            self.record_ranking(view, message["seat"])
        self.render()
        self.save_game()
        announce(announcement(message, lang, self.module.event_text))
        self.clock.schedule()

    def record_ranking(self, view: dict, seat: int) -> None:
        """The same ranking rule in all five games, kept per browser and game (docs/ranking.md)."""
        delta = ranking_delta(view["result"], seat, view["players"])
        self.ui["ranking"] = (delta, add_ranking(self.game_id, delta))

    # ----- rendering ----------------------------------------------------------------------------------
    def render(self) -> None:
        if self.closed or self.update is None:
            return
        app, root, lang = self.app, self.app.root, self.app.lang
        focused = document.activeElement
        focus_key = None
        if focused and getattr(focused, "getAttribute", None) and root.contains(focused):
            focus_key = (focused.getAttribute("data-testid"), focused.getAttribute("data-index"))
        if "sort" not in self.ui:
            self.ui["sort"] = store_get(STORE_SORT) or ""
        chooser_before = bool(root.querySelector(".color-chooser"))
        started = window.performance.now()
        say_new(self.ui.get("log") or [], self.update, lang, self.module.event_text)   # each move once
        hint = hints.hint_button(lang, hints.can_hint(self.update, True)) if self.against_bots() else ""
        html = (bar(app, self.game_id, self.ui, hint) + (self.room.table_line() if self.room is not None else "")
                + hints.hint_panel(lang, self.ui, self.update, getattr(self.module, "card_name", None))
                + self.module.render_table(self.update, lang, self.ui))
        if self.guest() and self.update["view"]["over"]:
            html += render_deal(lang, self.ui.get("deal"))
        app.motion.patch(html, self.ui.get("last_move"), window.performance.now() - started)   # keyed + animated
        kept = focus_key
        focus_key = self.chooser_focus(chooser_before, focus_key)     # into a chooser that opened, and back
        if focus_key is kept and focused and root.contains(focused):
            focus_key = None                         # the focused element survived the patch: focus stays
        if focus_key and focus_key[0]:
            selector = f'[data-testid="{focus_key[0]}"]'
            if focus_key[1]:
                selector += f'[data-index="{focus_key[1]}"]'
            node = root.querySelector(selector) or root.querySelector('[data-testid="hand"] .card')
            if node:
                node.focus()
        open_dialogs(root)

    def chooser_focus(self, before: bool, focus_key):
        """After a render: when a chooser (colour, suit, value...) has just opened, focus its first
        choice and remember where focus was; when it has closed, hand back the remembered focus key.
        Returns the focus key render() should restore (None once focus was placed here)."""
        chooser = self.app.root.querySelector(".color-chooser")
        if chooser and not before:
            self.chooser_return = focus_key
            first = chooser.querySelector("button:not([disabled])")
            if first:
                first.focus()
                return None
        if not chooser and before:
            back, self.chooser_return = self.chooser_return, None
            if back and back[0]:
                return back
        return focus_key

    def close_bar_more(self) -> None:
        """Fold the bar's settings; focus that was inside them goes back to their toggle."""
        root = self.app.root
        panel = root.querySelector('[data-testid="bar-more"]')
        inside = bool(panel) and panel.contains(document.activeElement)
        self.ui[BAR_OPEN] = False
        self.render()
        toggle = root.querySelector('[data-testid="btn-bar-more"]')
        if inside and toggle:
            toggle.focus()
