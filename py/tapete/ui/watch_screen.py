"""The watcher's screen (issue 32): the public table of a room, read-only, for a class's projector.

A page opened with a watcher link (``#room=…&k=…&watch=1``, :func:`tapete.net.watch.watch_link`) shows
this screen instead of joining a seat. It is one object with its own state (:class:`WatchScreen`): it
opens the room's transport, verifies the host like a guest and watches through
:class:`~tapete.net.watch.WatcherSession`, which accepts only host messages that pass the watcher schema
(no seat, no hand, no legal action). It renders what it gets with the game's own table renderer
(``tapete.ui.<game>_table.render_table``) from the engine's view for no seat: piles, counts, whose turn,
the direction, the last move with its motion (static/js/motion.js, :mod:`tapete.ui.motion`), the log,
scores and round sheets; no hand and no action, since the update has neither. Before the game it shows
the lobby (the game and its seats). It never sends an intent: the session has no ``send``.

Projector mode (``?projector=1`` or the "Projector mode" button; Escape leaves it) is the same screen
with no controls, sized for 1920×1080 by static/css/projector.css (``html.projector``).
"""

from __future__ import annotations

import json
import re

from ..net.watch import WatcherSession
from . import tables
from .html import button, escape, tag
from .log import announcement, record, say_new
from .motion import last_move, plan
from .sheet import record_round

TEXT = {
    "es": {
        "watching": "Mirando",
        "watch_note": "Solo lo que ve toda la mesa: nadie puede jugar desde esta pantalla.",
        "connecting": "Conectando con la sala para mirar…",
        "waiting": "Esperando a que el anfitrión empiece la partida…",
        "seats": "Jugadores",
        "open": "asiento libre",
        "bot": "bot",
        "host_gone": "El anfitrión se ha desconectado; esperando a que vuelva…",
        "closed": "El anfitrión ha cerrado la partida a quien mira.",
        "full": "Ya miran demasiadas pantallas esta partida; prueba más tarde.",
        "refused": "El anfitrión no acepta esta pantalla: {why}",
        "again": "Volver a mirar",
        "projector": "Modo proyector",
        "menu": "Menú",
        "round": "Ronda {n}",
    },
    "en": {
        "watching": "Watching",
        "watch_note": "Only what the whole table sees: nobody can play from this screen.",
        "connecting": "Connecting to the room to watch…",
        "waiting": "Waiting for the host to start the game…",
        "seats": "Players",
        "open": "open seat",
        "bot": "bot",
        "host_gone": "The host disconnected; waiting for it to come back…",
        "closed": "The host has closed the game to watchers.",
        "full": "Too many screens are watching this game already; try again later.",
        "refused": "The host does not accept this screen: {why}",
        "again": "Watch again",
        "projector": "Projector mode",
        "menu": "Menu",
        "round": "Round {n}",
    },
}


OWN_ACTIONS = ("ui:log-open", "ui:log-close", "ui:result-close", "ui:result-open", "ui:projector", "watch-again",
               "menu")
BUTTON = re.compile(r"<button\b([^>]*)>(.*?)</button>", re.S)
ACTION = re.compile(r'\sdata-action="([^"]*)"')
DROP = re.compile(r'\s(?:type="button"|data-action="[^"]*"|disabled|autofocus)(?=[\s>]|$)')


def inert(html: str) -> str:
    """The table's buttons that act on the game (the draw pile, a card, Draw…) as plain elements: a
    watcher acts on nothing, so nothing that looks pressable is pressable or focusable. A labelled one
    becomes ``role="img"`` (its name is kept); the watcher's own buttons (the log, the result's Close,
    Menu) stay."""
    def one(match: re.Match) -> str:
        attrs, body = match.group(1), match.group(2)
        action = ACTION.search(attrs)
        if action and action.group(1) in OWN_ACTIONS:
            return match.group(0)
        attrs = DROP.sub("", attrs)
        role = ' role="img"' if "aria-label=" in attrs else ""
        return f"<span{role}{attrs}>{body}</span>"
    return BUTTON.sub(one, html)


def wt(lang: str, key: str) -> str:
    return TEXT.get(lang, TEXT["es"]).get(key, key)


def render_watch_lobby(lang: str, lobby: dict | None, title: str, projector: bool) -> str:
    """Before the game: the game's name and its seats (a watcher has no seat, no code and no controls)."""
    if lobby is None:
        return tag("p", escape(wt(lang, "connecting")), class_="note", role="status", data_testid="watch-connecting")
    items = ""
    for i, seat in enumerate(lobby["seats"]):
        if seat["kind"] == "open":
            items += tag("li", escape(wt(lang, "open")), data_testid=f"watch-seat-{i}", data_kind="open")
        else:
            extra = f" ({wt(lang, 'bot')})" if seat["kind"] == "bot" else ""
            items += tag("li", escape(seat["name"]) + escape(extra), data_testid=f"watch-seat-{i}",
                         data_kind=seat["kind"])
    body = tag("h3", escape(wt(lang, "seats"))) + tag("ol", items, class_="lobby-seats")
    body += tag("p", escape(wt(lang, "waiting")), class_="note", role="status", data_testid="watch-waiting")
    return tag("section", body, class_="watch-lobby", data_testid="watch-lobby")


def render_header(lang: str, title: str, note: str, projector: bool, message: str = "",
                  again: bool = False) -> str:
    """The watcher's heading: what is watched, that nothing can be played here; Projector mode and Menu
    (not in projector mode, which has no controls)."""
    head = tag("h2", tag("span", escape(wt(lang, "watching")), class_="watch-badge") + " " + escape(title),
               data_testid="watch-title")
    body = head + tag("p", escape(note), class_="note watch-note", data_testid="watch-note")
    if message:
        body += tag("p", escape(message), class_="message", role="status", data_testid="watch-message")
    if not projector:                   # projector mode's way out is the page's own (tapete.ui.projector)
        actions = ""
        if again:
            actions += button(wt(lang, "again"), "watch-again", "btn-watch-again", "btn primary")
        actions += button(wt(lang, "projector"), "ui:projector", "btn-projector")
        actions += button(wt(lang, "menu"), "menu", "btn-menu")
        body += tag("div", actions, class_="actions")
    return tag("header", body, class_="watch-head", data_testid="watch-head")


class WatchScreen:
    """One watcher page's screen: ``open()`` (async) connects, ``render()`` draws into ``root``,
    ``act(action)`` takes the screen's own clicks (True if it was one), ``close()`` ends the session
    and releases the proxies. ``shell`` is ``window.tapeteShell`` (game names), ``motion``
    ``window.tapeteMotion`` (or None), ``announcer`` the page's live region (or None)."""

    name = "watch"                    # App.screen while it is shown (tapete.ui.router)

    def __init__(self, root, lang: str, code: str, secret: str, *, projector: bool = False, shell=None,
                 motion=None, announcer=None, console=None, debug: bool = False, instant: bool = False):
        self.root, self.lang, self.code, self.secret = root, lang, code, secret
        self.projector, self.shell, self.motion, self.announcer = projector, shell, motion, announcer
        self.console, self.debug, self.instant = console, debug, instant
        self.session: WatcherSession | None = None
        self.lobby: dict | None = None
        self.update: dict | None = None
        self.ui: dict = {"log": [], "message": "", "wild": None, "timer": None, "ranking": None}
        self.message: tuple = ()          # (key, values) of what to say: the host is gone, watching closed, full…
        self.again = False                # offer "Watch again" (after not_watching / watchers_full)
        self.rejected: list[str] = []     # the codes of every refusal received (tests)
        self.closed = False
        self.plan: dict | None = None

    # ----- connection ---------------------------------------------------------------------------
    async def open(self) -> None:
        from .room_bridge import BrowserVerifier, open_transport, p2p_module
        keys = (await p2p_module()).keys
        if self.closed:
            return
        transport = await open_transport(self.code, self.secret)
        if self.closed:
            transport.close()
            return
        log = (lambda text: self.console.warn(text)) if self.console is not None else (lambda text: None)
        self.session = WatcherSession(transport, self.on_update, room=self.code, secret=self.secret,
                                      verify=BrowserVerifier(keys), log=log)

    def close(self) -> None:
        """End the session (its transport and the transport's proxies); the screen draws nothing more."""
        self.closed = True
        if self.session is not None:
            self.session.close()
            for proxy in getattr(self.session.transport, "_proxies", []):
                try:
                    proxy.destroy()
                except Exception:  # noqa: BLE001 - already gone
                    pass
            self.session = None

    # ----- messages ------------------------------------------------------------------------------
    def game_id(self) -> str | None:
        return (self.lobby or {}).get("game")

    def on_update(self, message: dict) -> None:
        if self.closed:
            return
        kind = message["type"]
        if kind == "lobby":
            self.lobby = message
            self.message, self.again = (), False
        elif kind == "host_gone":
            self.message = ("host_gone", {})
        elif kind == "rejected":
            self.rejected.append(message["code"])
            if message["code"] == "not_watching":
                self.message, self.again = ("closed", {}), True
            elif message["code"] == "watchers_full":
                self.message, self.again = ("full", {}), True
            else:
                self.message = ("refused", {"why": message["message"]})
        elif kind == "update":
            self.message, self.again = (), False
            game = self.game_id()
            if game is None:             # the host sends its lobby first: an update without one is not ours
                return
            table = tables.table_for(game)
            previous = self.update
            self.ui["last_move"] = last_move(message, self.ui.get("last_move"))
            self.plan = plan(message, previous, table, self.instant, self.ui["last_move"])
            self.update = message
            self.ui["log"] = record(self.ui.get("log") or [], message["events"])
            self.ui["rounds"] = record_round(self.ui.get("rounds") or [], message["view"],
                                             getattr(table, "round_points", None))
            self.announce(message, table)
        self.render()

    def announce(self, update: dict, table) -> None:
        if self.announcer is None:
            return
        text = announcement(update, self.lang, table.event_text)
        if text:
            self.announcer.textContent = text

    # ----- drawing -------------------------------------------------------------------------------
    def title(self) -> str:
        game = self.game_id()
        if not game:
            return ""
        return str(self.shell.t("game." + game)) if self.shell is not None else game

    def html(self) -> str:
        """The whole screen's HTML (pure: tested under CPython)."""
        game = self.game_id()
        title = self.title()
        note = wt(self.lang, "watch_note")
        chosen = self.update["view"].get("options") if self.update is not None else (self.lobby or {}).get("options")
        if game and isinstance(chosen, dict):
            from .room_ui import options_text
            from ..core import get
            options = options_text(self.lang, get(game), chosen)
            if options:
                title = f"{title} · {options}"
        said = wt(self.lang, self.message[0]).format(**self.message[1]) if self.message else ""
        head = render_header(self.lang, title, note, bool(self.projector), said, self.again)
        if self.update is None or not game:
            body = render_watch_lobby(self.lang, self.lobby, title, bool(self.projector))
        else:
            table = tables.table_for(game)
            say_new(self.ui.get("log") or [], self.update, self.lang, table.event_text)
            body = inert(table.render_table(self.update, self.lang, self.ui))
        return tag("div", head + body, class_="watch-screen", data_testid="watch-screen",
                   data_projector="1" if self.projector else "0", data_game=game or "")

    def render(self) -> None:
        if self.closed:
            return
        html = self.html()
        pending, self.plan = self.plan, None
        if self.motion is not None and self.update is not None:
            payload = dict(pending or {"groups": [], "last": self.ui.get("last_move"), "instant": self.instant})
            self.motion.update(self.root, html, json.dumps(payload))
        else:
            self.root.innerHTML = html
        for dialog in self.root.querySelectorAll("dialog[data-modal]"):
            if not dialog.open:
                dialog.show()            # the round sheet and the result, shown but not modal: nothing to answer

    # ----- the screen's own clicks ---------------------------------------------------------------
    def act(self, action: str) -> bool:
        if action == "watch-again":
            if self.session is not None:
                self.session.watch_again()
            return True
        if action in ("ui:log-open", "ui:log-close"):
            from .log import LOG_OPEN
            self.ui[LOG_OPEN] = action == "ui:log-open"
            self.render()
            return True
        if action in ("ui:result-close", "ui:result-open"):
            self.ui["result_closed"] = action == "ui:result-close"
            self.render()
            return True
        if action in ("continue", "next", "again") or action.startswith(("ui:", "wild ")):
            return True                  # a watcher answers nothing (these buttons are hidden anyway)
        return False

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.render()

    def debug_json(self) -> str:
        """Test hook: what this watcher received and refused."""
        session = self.session
        return json.dumps({
            "screen": "watch",
            "seat": None,
            "received": list(session.received) if session else [],
            "host_refused": list(session.refused) if session else [],
            "rejected": list(self.rejected),
            "version": self.update["view"]["version"] if self.update else None,
            "closed": bool(session.closed) if session else False,
            "host": session.host_peer if session else None,
        })

    def send_raw(self, text: str) -> bool:
        """Test hook (?debug_room=1): put a raw text on the wire to the host, as a tampered page would
        (the watcher's session itself has no way to send an intent)."""
        if self.session is None or self.session.host_peer is None:
            return False
        self.session.transport.send(self.session.host_peer, str(text))
        return True


__all__ = ["WatchScreen", "render_header", "render_watch_lobby", "wt"]
