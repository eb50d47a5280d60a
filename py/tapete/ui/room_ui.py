"""Play with friends: the room screens' HTML builders (the join box, the lobby, its status line and
watchers box, the deal line), all pure. Their words are in tapete.ui.room_texts; the browser's side of a
room (transport, signer, verifier) is in tapete.ui.room_bridge."""

from __future__ import annotations

from .html import button, escape, tag, void
from .room_texts import rt

def render_friends_box(lang: str, name: str, code: str = "", offline: bool = False) -> str:
    """The 'play with friends' box shown under the new-game form; offline, a note and no buttons to press."""
    body = tag("h3", rt(lang, "friends"))
    if offline:
        body += tag("p", rt(lang, "offline"), class_="note", role="status", data_testid="friends-offline")
    body += tag("label", rt(lang, "name") + " " + void(
        "input", type="text", name="room-name", maxlength="24", value=name, data_testid="room-name",
        autocomplete="nickname"), class_="choice")
    body += tag("div", button(rt(lang, "create"), "room-create", "btn-create-room", "btn primary", disabled=offline), class_="actions")
    body += tag("label", rt(lang, "code") + " " + void(
        "input", type="text", name="join-code", maxlength="12", value=code, data_testid="join-code",
        autocomplete="off", autocapitalize="characters", spellcheck="false", placeholder="305-KMPQR"), class_="choice")
    body += tag("div", button(rt(lang, "join"), "room-join", "btn-join", disabled=offline), class_="actions")
    return tag("section", body, class_="setup friends", data_testid="friends")


def status_line(lang: str, status: dict | None) -> tuple[str, str]:
    """``(state, text)`` of the room's status line from the watcher's figures (room_status.py ``StatusWatch._watch``):
    ``connecting``, ``error``, ``ok``, ``lost`` (every relay was open once and none is now) or ``back``
    (open again after a loss)."""
    if not status or status.get("state") == "connecting":
        return "connecting", rt(lang, "status.connecting")
    if status["state"] == "error":
        return "error", rt(lang, status.get("key", "unreachable")).format(**status.get("values", {}))
    if status["state"] == "lost":
        return "lost", rt(lang, "status.lost")
    text = rt(lang, "status.relays").format(open=status["open"], total=status["total"])
    text += " · " + rt(lang, "status.peers").format(n=status["peers"])
    if status["state"] == "back":
        return "back", rt(lang, "status.back") + " " + text
    return "ok", text


def status_tag(lang: str, status: dict | None, cls: str = "room-status") -> str:
    """The status line's ``<p>`` (``room-status``, ``data-state``), in the lobby and at the table."""
    state, text = status_line(lang, status)
    return tag("p", escape(text), class_=cls, role="status", data_testid="room-status", data_state=state)


def options_text(lang: str, game, options: dict) -> str:
    """The room's game options in words (the lobby names them): mode, target or limit, pairs, turn timer."""
    from ..core import POINTS_OPTION
    from .i18n import t
    from .setup import OPTION_LABELS
    labels = OPTION_LABELS.get(lang, OPTION_LABELS["es"])
    spec = game.options_spec
    parts = []
    if "quick" in spec:
        parts.append(t(lang, "mode.quick") if options.get("quick") else t(lang, "mode.points"))
    for name, (default, kind) in spec.items():
        if name in ("quick", "turn_timer"):
            continue
        if kind == POINTS_OPTION and not options.get("quick"):
            parts.append(f"{labels.get(name, name)}: {options.get(name, default)}")
        elif kind is bool and options.get(name):
            parts.append(labels.get(name, name))
    if options.get("turn_timer"):
        parts.append(t(lang, "setup.timer") + ": " + t(lang, "seconds", n=options["turn_timer"]))
    return " · ".join(parts)


def watchers_text(lang: str, count: int, watching: bool = True) -> str:
    """The host's line about watchers: how many watch now, or that watching is closed."""
    if not watching:
        return rt(lang, "watchers.closed")
    key = "watchers.0" if count == 0 else "watchers.1" if count == 1 else "watchers.n"
    return rt(lang, key).format(n=count)


def render_watchers(lang: str, count: int, watching: bool, watch_link: str | None = None) -> str:
    """The host's watchers box (lobby and table): the count, close / allow watching and, in the lobby,
    "Show on a screen" (the watcher link, opened in a new tab: the projector's computer opens it)."""
    body = tag("span", escape(watchers_text(lang, count, watching)), data_testid="watcher-count",
               data_count=str(count), data_watching="1" if watching else "0", role="status")
    body += " " + button(rt(lang, "watch_close" if watching else "watch_open"), "room-watching", "btn-watching",
                         "btn small", aria_pressed="false" if watching else "true")
    if watch_link and watching:
        body += " " + tag("a", escape(rt(lang, "show_screen")), href=watch_link, target="_blank", rel="noopener",
                          class_="btn small", data_testid="btn-show-screen", title=rt(lang, "show_screen_note"))
    return tag("p", body, class_="watchers note", data_testid="watchers")


RESTARTS_WARNED = 2        # a restart or two is a slow link; a third after seeing our number is warned of


def render_lobby(lang: str, lobby: dict | None, *, code: str, link: str | None, is_host: bool,
                 message: str = "", failed: bool = False, join_code: str = "", check: str = "",
                 checks: dict | None = None, code_state: dict | None = None, status: dict | None = None,
                 code_failed: int = 0, asking: list | None = None, game: str = "", options: str = "",
                 qr: str = "", watchers: int = 0, watching: bool = True, watch_link: str | None = None,
                 projector: bool = False, restarts: int = 0) -> str:
    """``failed``: a guest's join gave up (Retry shown); ``join_code`` (host) the code to read out;
    ``check`` (a guest that came by code) its check number, ``code_failed`` its failed tries before it got
    in (each gave some peer one guess); ``asking`` (host) newcomers waiting to be admitted
    (``RoomHost.asking_view``); ``checks`` (host) seat -> check number of
    the guest that joined it by code; ``code_state`` (host) ``{"failures", "locked", "max"}``;
    ``status`` the connection line's figures (room_status.py ``StatusWatch._watch``). ``restarts`` (a
    guest) the rounds it revealed in that the host then replaced (``GuestDeal.abandoned``): past
    :data:`RESTARTS_WARNED` the lobby warns while the host deals again (issue 42).

    The lobby for a wall (issue 32): the heading names the game (``game``, its title) and ``options``
    (its options in words, :func:`options_text`); the host sees ONE code to read out (the join code,
    large) and ``qr``, the QR code's SVG of the join link (static/js/qr.js; inserted as is); the room's
    id is only in the link and in ``data-room``. ``watchers`` / ``watching`` / ``watch_link`` (host): the
    watchers box (:func:`render_watchers`). ``projector``: the same lobby with no controls (projector.css
    sizes it for 1920×1080; Escape or the page's "Leave projector mode" button leaves:
    :func:`render_projector_leave`)."""
    body = tag("h2", escape(game or rt(lang, "room")), data_testid="lobby-game")
    if options:
        body += tag("p", escape(options), class_="lobby-options", data_testid="lobby-options")
    state, _ = status_line(lang, status)
    body += status_tag(lang, status)
    if state == "error" and not projector:
        body += tag("div", button(rt(lang, "retry"), "room-retry", "btn-room-retry", "btn primary"), class_="actions")
    if join_code:
        wall = tag("p", escape(rt(lang, "wall_code")), class_="wall-label", id="wall-code-label")
        wall += tag("p", tag("strong", escape(join_code), data_testid="room-join-code", class_="room-code"),
                    class_="wall-code-text", aria_labelledby="wall-code-label")
        wall += tag("p", escape(rt(lang, "wall_how")), class_="note wall-how")
        figure = tag("div", qr, class_="qr-box") if qr else ""
        body += tag("div", tag("div", wall, class_="wall-code") + (
            tag("figure", figure, class_="lobby-qr", data_testid="lobby-qr") if figure else ""),
            class_="wall", data_testid="lobby-wall")
    if link and not projector:
        body += tag("label", rt(lang, "link") + " " + void(
            "input", type="text", readonly=True, value=link, data_testid="room-link", class_="room-link"),
            class_="choice")
        body += button(rt(lang, "copy"), "room-copy", "btn-copy-link")
        if is_host:                     # the codes and locks are the host's business, not a link guest's
            body += tag("p", rt(lang, "trade"), class_="note", data_testid="room-tradeoff")
    if code_state and (code_state.get("failures") or code_state.get("locked")) and not projector:
        key = "code_locked" if code_state.get("locked") else "code_failures"
        body += tag("p", escape(rt(lang, key).format(n=code_state["failures"], max=code_state["max"])),
                    class_="note", role="status", data_testid="room-code-failures",
                    data_failures=str(code_state["failures"]), data_locked="1" if code_state.get("locked") else "0")
    if check:
        body += tag("p", rt(lang, "check") + ": " + tag("strong", escape(check), data_testid="room-check"),
                    class_="note")
    if code_failed:
        body += tag("p", escape(rt(lang, "code_tries").format(n=int(code_failed))), class_="note", role="status",
                    data_testid="room-code-tries", data_failed=str(int(code_failed)))
    seats = ""
    if lobby is None:
        seats = tag("li", rt(lang, "connecting") if not failed else "—")
    else:
        for i, seat in enumerate(lobby["seats"]):
            label = escape(seat["name"]) if seat["kind"] != "open" else "—"
            kind = rt(lang, seat["kind"]) if seat["kind"] in ("open", "host", "bot") else ""
            if seat["kind"] != "open" and not seat.get("connected", True):
                kind = rt(lang, "away")
            if lobby.get("you") == i:
                kind = (kind + " · " if kind else "") + rt(lang, "you")
            kick = ""
            if is_host and seat["kind"] == "player" and not projector:
                kick = " " + button(rt(lang, "kick"), f"room-kick {i}", f"btn-kick-{i}", "btn small",
                                    aria_label=rt(lang, "kick_label").format(name=seat["name"]))
            mark = ""
            if checks and checks.get(i):
                number = tag("strong", escape(checks[i]), data_testid=f"lobby-check-{i}")
                mark = " · " + rt(lang, "check") + " " + number
            seats += tag("li", label + (f" ({kind})" if kind else "") + mark + kick,   # <ol> numbers
                         data_testid=f"lobby-seat-{i}", data_kind=seat["kind"])
    body += tag("h3", rt(lang, "seats")) + tag("ol", seats, class_="lobby-seats")
    if lobby and lobby.get("dealing"):
        body += tag("p", rt(lang, "dealing_note"), class_="note", role="status", data_testid="room-dealing")
        if not is_host and restarts > RESTARTS_WARNED:
            body += tag("p", escape(rt(lang, "dealing_restarts").format(n=restarts)), class_="note warn",
                        role="alert", data_testid="room-deal-restarts", data_restarts=str(restarts))
    if is_host and asking and not projector:
        body += render_asking(lang, asking)
    locked = bool(lobby and lobby.get("locked"))
    if locked and not projector:
        body += tag("p", rt(lang, "locked_note"), class_="note", data_testid="room-locked")
    if is_host and not projector:
        body += render_watchers(lang, watchers, watching, watch_link)
    if projector:                       # its way out is the page's own button (tapete.ui.projector)
        return tag("section", body, class_="setup lobby", data_testid="lobby", data_room=code, data_projector="1")
    actions = ""
    if is_host:
        actions += button(rt(lang, "unlock" if locked else "lock"), "room-lock", "btn-lock-room",
                          aria_pressed="true" if locked else "false")
        actions += button(rt(lang, "add_bot"), "room-add-bot", "btn-add-bot")
        actions += button(rt(lang, "start"), "room-start", "btn-start-room", "btn primary")
        actions += button(rt(lang, "projector"), "ui:projector", "btn-projector")
    else:
        body += tag("p", rt(lang, "wait"), class_="note")
    if failed:
        actions += button(rt(lang, "retry"), "room-retry", "btn-join-retry", "btn primary")
    actions += button(rt(lang, "menu"), "menu", "btn-menu")
    body += tag("div", actions, class_="actions")
    if message:
        body += tag("p", escape(message), class_="message", role="status", data_testid="room-message")
    return tag("section", body, class_="setup lobby", data_testid="lobby", data_room=code, data_projector="0")


def render_projector_leave(lang: str) -> str:
    """Projector mode's way out: "Leave projector mode (Esc)", a plain button doing what Escape does
    (the action ``ui:projector``), drawn by tapete.ui.projector.ProjectorLeave on every screen."""
    return button(escape(rt(lang, "projector_leave")), "ui:projector", "btn-projector-leave", "btn projector-leave",
                  aria_keyshortcuts="Escape")


def render_asking(lang: str, asking: list) -> str:
    """The host's list of newcomers asking to join: name, number, Admit / Refuse (keyboard: plain buttons)."""
    rows = ""
    for i, entry in enumerate(asking):
        name, number = escape(entry["name"]), escape(entry["number"])
        said = {"name": entry["name"], "number": entry["number"]}
        rows += tag("li", tag("span", name, data_testid=f"asking-name-{i}") + " · " + tag(
            "strong", number, data_testid=f"asking-number-{i}") + " " + button(
            rt(lang, "admit"), f"room-admit {entry['player']}", f"btn-admit-{i}", "btn small primary",
            aria_label=rt(lang, "admit_label").format(**said)) + " " + button(
            rt(lang, "refuse"), f"room-refuse {entry['player']}", f"btn-refuse-{i}", "btn small",
            aria_label=rt(lang, "refuse_label").format(**said)),
            data_testid=f"asking-{i}", data_number=entry["number"])
    return tag("section", tag("h3", rt(lang, "asking_title")) + tag("p", rt(lang, "asking_note"), class_="note")
               + tag("ul", rows, class_="asking"), data_testid="room-asking", aria_live="polite")


def render_deal(lang: str, verdict: tuple | None) -> str:
    """The fair-deal line under a finished guest's table: ``(verified, reason, restarts)`` of
    tapete.net.deal.verify, saying exactly what was verified (docs/multiplayer.md)."""
    if verdict is None:
        return tag("p", rt(lang, "deal_checking"), class_="note deal", role="status", data_testid="deal-checking")
    ok, why, restarts = (tuple(verdict) + (0,))[:3]
    if ok and why == "restarted":
        return tag("p", escape(rt(lang, "deal_restarted").format(n=restarts, m=restarts + 1)), class_="note deal",
                   role="status", data_testid="deal-restarted", data_restarts=str(restarts))
    also = (" " + rt(lang, "deal_restarts").format(n=restarts)) if restarts else ""   # every verdict names them
    if ok and why == "no_share":
        return tag("p", escape(rt(lang, "deal_no_share") + also), class_="note deal", role="status",
                   data_testid="deal-no-share", data_restarts=str(restarts))
    if ok:
        return tag("p", rt(lang, "deal_ok"), class_="note deal ok", role="status", data_testid="deal-verified")
    text = rt(lang, "deal_bad").format(why=rt(lang, "why." + why)) + also
    return tag("p", escape(text), class_="message deal bad", role="alert", data_testid="deal-not-verified",
               data_reason=why, data_restarts=str(restarts))
