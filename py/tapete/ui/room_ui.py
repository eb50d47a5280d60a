"""Play with friends: the browser transport over ``tapeteP2P`` and the room boxes (HTML builders).

The builders are pure; :class:`BrowserTransport` and :func:`open_transport` need the browser and are
imported lazily by app.py.
"""

from __future__ import annotations

from ..net.keys import Signer
from ..net.protocol import b64, unb64
from ..net.transport import Transport
from .html import button, escape, tag, void
from .i18n import Said

TEXT = {
    "es": {
        "friends": "Jugar con amigos",
        "create": "Crear sala",
        "join": "Unirse",
        "code": "Código de sala",
        "name": "Tu nombre",
        "room": "Sala",
        "link": "Enlace para invitar",
        "copy": "Copiar",
        "copied": "¡Copiado!",
        "join_code": "Código para entrar",
        "trade": ("Comparte el enlace o dicta el código. Quien entra con el código y el anfitrión ven "
                  "el mismo número de control: comparadlo en voz alta. Tras tres intentos fallidos el "
                  "código se bloquea (el enlace sigue valiendo)."),
        "check": "Número de control",
        "code_failures": "Intentos fallidos con el código: {n} de {max}.",
        "code_locked": "El código está bloqueado tras {max} intentos fallidos; invita con el enlace.",
        "wrong_code": ("No se aceptó el código: es incorrecto o respondió alguien que no lo conoce. "
                       "Intentos fallidos: {n}."),
        "code_left": "Intentos que quedan antes del bloqueo: {left}.",
        "locked_code": ("La respuesta dice que ese código está bloqueado (demasiados intentos fallidos). "
                        "Pide el enlace. Intentos fallidos: {n}."),
        "no_host": "Ninguna sala respondió a ese código. Comprueba el número y las letras.",
        "unproven": "Quien respondió no demostró conocer el código; no se ha entrado. Intentos fallidos: {n}.",
        "code_tries": ("Antes de entrar fallaron {n} intentos con el código: respondió antes alguien que no "
                       "lo conocía."),
        "no_key": "La clave de esta sala no está en este navegador; no se puede recuperar.",
        "old_link": "Este enlace es de una versión anterior y no identifica al anfitrión; pide uno nuevo.",
        "redeeming": "Buscando en los servidores de salas la sala de ese código… (hasta 30 s)",
        "code_unreachable": ("No se pudo contactar con ningún servidor de salas, así que el código no se ha podido "
                             "comprobar (puede que esté bien). Comprueba tu conexión y vuelve a intentarlo."),
        "seats": "Asientos",
        "open": "libre",
        "host": "anfitrión",
        "bot": "bot",
        "away": "desconectado",
        "you": "tú",
        "add_bot": "Añadir bot",
        "start": "Empezar partida",
        "wait": "Esperando a que el anfitrión empiece…",
        "connecting": "Conectando con la sala…",
        "join_retry": "Sin respuesta de la sala todavía; probando de nuevo (intento {n} de {of})…",
        "join_failed": ("No se ha podido entrar en la sala: nadie responde. Puede que el anfitrión la haya "
                        "cerrado o que el enlace o el código no sean correctos."),
        "retry": "Reintentar",
        "kick": "Expulsar",
        "kick_label": "Expulsar a {name} de la sala",
        "lock": "Cerrar la sala",
        "unlock": "Abrir la sala",
        "locked_note": ("Sala cerrada: quien llegue nuevo espera a que le admitas (quien ya tiene asiento sí "
                        "puede volver)."),
        "asking_title": "Piden entrar",
        "asking_note": ("Tienen el enlace, pero la sala está cerrada, o han llegado demasiados este minuto. "
                        "Pide a tu amigo su número."),
        "admit": "Admitir",
        "refuse": "Rechazar",
        "admit_label": "Admitir a {name} (número {number})",
        "refuse_label": "Rechazar a {name} (número {number})",
        "no_seat": "No hay asiento libre: expulsa a alguien antes de admitir a {name}.",
        "asking": ("Has pedido entrar; esperando a que el anfitrión te admita. Te ve como «{name}» con el "
                   "número {number}: díselo si te lo pregunta."),
        "not_admitted": "El anfitrión no te ha dejado entrar.",
        "kicked": "El anfitrión te ha sacado de la sala.",
        "locked": "El anfitrión ha cerrado la sala: no entra nadie nuevo.",
        "busy": "Demasiadas personas intentan entrar a la vez; prueba de nuevo en un minuto.",
        "dealing_note": "Repartiendo: cada jugador se compromete con su número aleatorio…",
        "dealing": "La partida se está repartiendo; prueba de nuevo en un momento.",
        "deal_checking": "Comprobando el reparto…",
        "deal_ok": ("Reparto verificado: el secreto del anfitrión es el que comprometió, el número de cada "
                    "jugador es el que comprometió antes de que revelaras el tuyo, el tuyo está en la semilla, "
                    "ni el anfitrión ni los bots aportaron nada más, y la partida entera se reproduce. "
                    "Nadie ha podido elegir ni cambiar las cartas."),
        "deal_restarted": ("Reparto coherente, pero el anfitrión volvió a empezar el reparto {n} vez/veces después "
                           "de ver tu número aleatorio: puede haber elegido entre {m} repartos."),
        "deal_no_share": ("Reparto coherente (la partida se reproduce desde su semilla), pero entraste después "
                          "del reparto: no tuviste parte en él."),
        "deal_bad": "Reparto NO verificado: {why}.",
        "why.no_commit": "el anfitrión no repartió esta partida con el protocolo de reparto justo",
        "why.no_reveal": "el anfitrión no ha revelado su secreto al terminar",
        "why.bad_secret": "el secreto revelado no coincide con el compromiso del anfitrión",
        "why.no_nonce": "tu número aleatorio no está en tu asiento de la semilla",
        "why.filled_slot": "el asiento del anfitrión o de un bot lleva un número propio (el anfitrión podía elegirlo)",
        "why.bad_nonce": "el número de otro jugador no coincide con el compromiso que viste antes de revelar el tuyo",
        "why.bad_commits": ("la lista de compromisos del anfitrión no traía el tuyo o el de un jugador, o llenaba "
                            "el asiento del anfitrión o de un bot"),
        "why.recommit": "el anfitrión mandó dos listas de compromisos distintas para un mismo reparto",
        "why.bad_offer": "la oferta de reparto no coincidía con la sala (juego, asientos o tu asiento)",
        "why.offer_changed": "el anfitrión cambió los asientos u opciones de un reparto después de ofrecerlo",
        "why.options_changed": "la partida se jugó con otras opciones que las ofrecidas",
        "why.seats_changed": "la partida se jugó con otros asientos que los ofrecidos",
        "why.old_round": "el anfitrión repartió con un reparto que había abandonado",
        "why.conflict": "el anfitrión mandó dos mesas (o dos repartos) distintos para el mismo momento",
        "why.no_history": "no hay historial que reproducir",
        "why.mismatch": "una mesa que viste no es la que dan la semilla y el historial",
        "why.no_replay": "el historial no se puede reproducir",
        "why.incomplete": "el historial no llega a todas las mesas que viste",
        "bad_code": "Ese código no es válido (tres cifras y cinco letras, p. ej. 305-KMPQR).",
        "host_gone": "El anfitrión se ha desconectado; esperando a que vuelva…",
        "need_two": "Hacen falta al menos dos asientos ocupados.",
        "full": "La mesa está llena.",
        "bad_save": "No se pudo recuperar la sala guardada ({err}); se ha descartado.",
        "grace": "{name} se ha desconectado: un bot jugará por su asiento en {n} s si no vuelve.",
        "menu": "Menú",
        "offline": "Sin conexión: jugar con amigos necesita internet. Contra bots puedes jugar igual.",
        "status.connecting": "Conectando con los servidores de la sala…",
        "status.relays": "Servidores de la sala: {open} de {total} conectados",
        "status.peers": "jugadores conectados contigo: {n}",
        "status.lost": ("Se ha perdido la conexión con los servidores de la sala: quien ya está conectado sigue "
                        "jugando, pero nadie puede entrar hasta que vuelvan. Reconectando…"),
        "status.back": "Los servidores de la sala han vuelto: ya se puede entrar otra vez.",
        "unreachable": ("No se pudo contactar con los servidores de la sala. Comprueba tu conexión "
                        "y pulsa «Reintentar»."),
        "open_failed": "No se pudo abrir la sala: {err}",
        "wall_code": "Código para entrar",
        "wall_how": "Entra en la web del juego, pulsa «Jugar con amigos» y escribe el código, o escanea el QR.",
        "qr_label": "Código QR del enlace para entrar en la sala",
        "show_screen": "Mostrar en una pantalla",
        "show_screen_note": ("Abre en el ordenador del proyector la mesa para mirar: solo lo público, nunca una mano. "
                             "Quien mira no juega ni ocupa asiento."),
        "projector": "Modo proyector",
        "projector_exit": "Esc: salir del modo proyector",
        "watchers.0": "Nadie mira la partida.",
        "watchers.1": "1 persona mira la partida.",
        "watchers.n": "{n} personas miran la partida.",
        "watchers.closed": "Mirar está cerrado: nadie puede mirar la partida.",
        "watch_close": "Cerrar a quien mira",
        "watch_open": "Dejar mirar",
        "players_n": "{n} jugadores",
    },
    "en": {
        "friends": "Play with friends",
        "create": "Create room",
        "join": "Join",
        "code": "Room code",
        "name": "Your name",
        "room": "Room",
        "link": "Invitation link",
        "copy": "Copy",
        "copied": "Copied!",
        "join_code": "Code to join",
        "trade": ("Share the link or read out the code. Whoever joins with the code sees the same check "
                  "number as the host: compare it aloud. After three wrong tries the code locks (the "
                  "link still works)."),
        "check": "Check number",
        "code_failures": "Wrong tries with the code: {n} of {max}.",
        "code_locked": "The code is locked after {max} wrong tries; invite with the link.",
        "wrong_code": ("That code was not accepted: it is wrong, or someone who does not know it answered. "
                       "Failed tries: {n}."),
        "code_left": "Tries left before it locks: {left}.",
        "locked_code": "The answer says that code is locked (too many wrong tries). Ask for the link. Failed tries: {n}.",
        "no_host": "No room answered that code. Check the number and the letters.",
        "unproven": "Whoever answered did not prove it knows the code; you did not join. Failed tries: {n}.",
        "code_tries": "{n} tries with the code failed before you got in: someone who did not know it answered first.",
        "no_key": "This room's key is not in this browser; it cannot be resumed.",
        "old_link": "This link is from an older version and does not identify the host; ask for a new one.",
        "redeeming": "Looking for that code's room on the room servers… (up to 30 s)",
        "code_unreachable": ("Could not reach any room server, so the code could not be checked (it may well be "
                             "right). Check your connection and try again."),
        "seats": "Seats",
        "open": "open",
        "host": "host",
        "bot": "bot",
        "away": "disconnected",
        "you": "you",
        "add_bot": "Add bot",
        "start": "Start game",
        "wait": "Waiting for the host to start…",
        "connecting": "Connecting to the room…",
        "join_retry": "No answer from the room yet; trying again (attempt {n} of {of})…",
        "join_failed": ("Could not get into the room: nobody answers. The host may have closed it, or the "
                        "link or code may be wrong."),
        "kick": "Kick",
        "kick_label": "Remove {name} from the room",
        "lock": "Lock the room",
        "unlock": "Unlock the room",
        "locked_note": ("The room is locked: newcomers wait for you to admit them (people with a seat can still "
                        "come back)."),
        "asking_title": "Asking to join",
        "asking_note": ("They have the link, but the room is locked or too many came this minute. Ask your "
                        "friend for their number."),
        "admit": "Admit",
        "refuse": "Refuse",
        "admit_label": "Admit {name} (number {number})",
        "refuse_label": "Refuse {name} (number {number})",
        "no_seat": "No open seat: kick someone before admitting {name}.",
        "asking": ("You asked to join; waiting for the host to admit you. The host sees you as “{name}” with "
                   "the number {number}: tell them if they ask."),
        "not_admitted": "The host did not let you in.",
        "kicked": "The host removed you from the room.",
        "locked": "The host has locked the room: nobody new can join.",
        "busy": "Too many people are trying to join at once; try again in a minute.",
        "dealing_note": "Dealing: every player commits to its random number…",
        "dealing": "The game is being dealt; try again in a moment.",
        "deal_checking": "Checking the deal…",
        "deal_ok": ("Deal verified: the host's secret is the one it committed to, every player's number is the one "
                    "it committed to before you revealed yours, yours is in the seed, neither the host nor the bots "
                    "added anything else, and the whole game replays. Nobody could choose or change the cards."),
        "deal_restarted": ("Deal consistent, but the host restarted the deal {n} time(s) after seeing your random "
                           "number: it may have chosen among {m} deals."),
        "deal_no_share": ("Deal consistent (the game replays from its seed), but you joined after the deal: you had "
                          "no share in it."),
        "deal_bad": "Deal NOT verified: {why}.",
        "why.no_commit": "the host did not deal this game with the fair-deal protocol",
        "why.no_reveal": "the host did not reveal its secret at the end",
        "why.bad_secret": "the revealed secret does not match the host's commitment",
        "why.no_nonce": "your random number is not at your seat in the seed",
        "why.filled_slot": "a seat of the host or of a bot holds a number of its own (the host could choose it)",
        "why.bad_nonce": "the number of another player does not match the commitment you saw before revealing yours",
        "why.bad_commits": ("the list of commitments the host sent lacked yours or another player's, or filled "
                            "the seat of the host or of a bot"),
        "why.recommit": "the host sent two different lists of commitments for one deal",
        "why.bad_offer": "the deal offer did not match the room (game, seats or your seat)",
        "why.offer_changed": "the host changed the seats or options of a deal after offering it",
        "why.options_changed": "the game was played with other options than the ones offered",
        "why.seats_changed": "the game was played with other seats than the ones offered",
        "why.old_round": "the host dealt from a deal it had abandoned",
        "why.conflict": "the host sent two different tables (or deals) for the same moment",
        "why.no_history": "there is no history to replay",
        "why.mismatch": "a table you were shown is not the one the seed and the history give",
        "why.no_replay": "the history does not replay",
        "why.incomplete": "the history does not reach every table you were shown",
        "bad_code": "That code is not valid (three digits and five letters, e.g. 305-KMPQR).",
        "host_gone": "The host disconnected; waiting for it to come back…",
        "need_two": "At least two seats must be taken.",
        "full": "The table is full.",
        "bad_save": "The saved room could not be restored ({err}); it was discarded.",
        "grace": "{name} disconnected: a bot will play their seat in {n} s unless they come back.",
        "menu": "Menu",
        "offline": "You are offline: playing with friends needs the internet. You can still play against bots.",
        "status.connecting": "Connecting to the room servers…",
        "status.relays": "Room servers: {open} of {total} connected",
        "status.peers": "players connected to you: {n}",
        "status.lost": ("Lost the room servers: everyone connected plays on, but nobody can join until they are "
                        "back. Reconnecting…"),
        "status.back": "The room servers are back: players can join again.",
        "unreachable": "Could not reach the room servers. Check your connection and press “Retry”.",
        "open_failed": "The room could not be opened: {err}",
        "retry": "Retry",
        "wall_code": "Code to join",
        "wall_how": "Open the game's site, press “Play with friends” and type the code, or scan the QR code.",
        "qr_label": "QR code of the link to join the room",
        "show_screen": "Show on a screen",
        "show_screen_note": ("Opens the table to watch on the projector's computer: only what is public, never a hand. "
                             "Watchers do not play or take a seat."),
        "projector": "Projector mode",
        "projector_exit": "Esc: leave projector mode",
        "watchers.0": "Nobody is watching the game.",
        "watchers.1": "1 person is watching the game.",
        "watchers.n": "{n} people are watching the game.",
        "watchers.closed": "Watching is closed: nobody can watch the game.",
        "watch_close": "Close watching",
        "watch_open": "Allow watching",
        "players_n": "{n} players",
    },
}


def rt(lang: str, key: str) -> str:
    return TEXT.get(lang, TEXT["es"]).get(key, key)


def rsaid(lang: str, key: str, **values) -> Said:
    """``rt(lang, key)`` formatted with ``values``, kept as a ``Said``: a switch of language re-says it."""
    return Said.of(lang, lambda lang: rt(lang, key).format(**values) if values else rt(lang, key))


def code_failure(lang: str, error: str, failed: int, left=None) -> Said:
    """Why a join code did not get the guest in (codes.js ``redeemCode``), with its failed tries: every
    one of them gave one peer one guess, so the page shows them all. ``left`` is what the answer said
    (unproven: any peer can say it)."""
    key = {"refused": "wrong_code", "locked": "locked_code", "no_host": "no_host", "unproven": "unproven",
           "silent": "unproven", "gone": "unproven", "unreachable": "code_unreachable"}.get(error, "bad_code")

    def say(lang: str) -> str:
        text = rt(lang, key).format(n=failed)
        if key == "wrong_code" and isinstance(left, int) and left >= 0:
            text += " " + rt(lang, "code_left").format(left=left)
        return text
    return Said.of(lang, say)


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
    """``(state, text)`` of the room's status line from the watcher's figures (rooms.py ``_watch``):
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


def render_lobby(lang: str, lobby: dict | None, *, code: str, link: str | None, is_host: bool,
                 message: str = "", failed: bool = False, join_code: str = "", check: str = "",
                 checks: dict | None = None, code_state: dict | None = None, status: dict | None = None,
                 code_failed: int = 0, asking: list | None = None, game: str = "", options: str = "",
                 qr: str = "", watchers: int = 0, watching: bool = True, watch_link: str | None = None,
                 projector: bool = False) -> str:
    """``failed``: a guest's join gave up (Retry shown); ``join_code`` (host) the code to read out;
    ``check`` (a guest that came by code) its check number, ``code_failed`` its failed tries before it got
    in (each gave some peer one guess); ``asking`` (host) newcomers waiting to be admitted
    (``RoomHost.asking_view``); ``checks`` (host) seat -> check number of
    the guest that joined it by code; ``code_state`` (host) ``{"failures", "locked", "max"}``;
    ``status`` the connection line's figures (rooms.py ``_watch``).

    The lobby for a wall (issue 32): the heading names the game (``game``, its title) and ``options``
    (its options in words, :func:`options_text`); the host sees ONE code to read out (the join code,
    large) and ``qr``, the QR code's SVG of the join link (static/js/qr.js; inserted as is); the room's
    id is only in the link and in ``data-room``. ``watchers`` / ``watching`` / ``watch_link`` (host): the
    watchers box (:func:`render_watchers`). ``projector``: the same lobby with no controls (projector.css
    sizes it for 1920×1080; Escape leaves)."""
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
    if is_host and asking and not projector:
        body += render_asking(lang, asking)
    locked = bool(lobby and lobby.get("locked"))
    if locked and not projector:
        body += tag("p", rt(lang, "locked_note"), class_="note", data_testid="room-locked")
    if is_host and not projector:
        body += render_watchers(lang, watchers, watching, watch_link)
    if projector:
        body += tag("p", escape(rt(lang, "projector_exit")), class_="note projector-exit")
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
    if ok and why == "no_share":
        return tag("p", rt(lang, "deal_no_share"), class_="note deal", role="status", data_testid="deal-no-share")
    if ok:
        return tag("p", rt(lang, "deal_ok"), class_="note deal ok", role="status", data_testid="deal-verified")
    text = rt(lang, "deal_bad").format(why=rt(lang, "why." + why))
    return tag("p", escape(text), class_="message deal bad", role="alert", data_testid="deal-not-verified")


class BrowserTransport(Transport):
    """A :class:`Transport` over a ``tapeteP2P`` handle (static/js/p2p.js)."""

    def __init__(self, handle) -> None:
        super().__init__()
        self.handle = handle
        self.self_id = str(handle.selfId)
        self._proxies = []

    def start(self) -> None:
        from pyodide.ffi import create_proxy

        def wrap(fn):
            proxy = create_proxy(fn)
            self._proxies.append(proxy)
            return proxy

        self.handle.onMessage(wrap(lambda text, peer: self.on_message(str(peer), str(text))))
        self.handle.onPeerJoin(wrap(lambda peer: self.on_join(str(peer))))
        self.handle.onPeerLeave(wrap(lambda peer: self.on_leave(str(peer))))
        for peer in self.handle.peers():
            self.on_join(str(peer))

    def send(self, peer: str | None, text: str) -> None:
        self.handle.send(text, peer)

    def close(self) -> None:
        self.handle.close()

    async def aclose(self) -> None:
        """Close and wait until the signalling room is left (before joining it again)."""
        await self.handle.close()

    def code_state(self) -> dict | None:
        """The join code's ``{"failures", "locked", "checks": {peer: check}, "runs", "dropped"}`` (host with
        a code), or None. ``runs``: handshakes started; ``dropped``: pake1 dropped by the meters."""
        code = self.handle.code
        if not code:
            return None
        state = code.state()
        return {"failures": int(state.failures), "locked": bool(state.locked),
                "checks": {str(k): str(v) for k, v in state.checks.to_py().items()},
                "runs": int(state.runs or 0), "dropped": int(state.dropped or 0)}

    def on_code_event(self, callback) -> None:
        """Call ``callback()`` after every code attempt (right or wrong)."""
        from pyodide.ffi import create_proxy
        if self.handle.code:
            proxy = create_proxy(lambda event: callback())
            self._proxies.append(proxy)
            self.handle.code.onEvent(proxy)


class BrowserSigner(Signer):
    """A :class:`~tapete.net.keys.Signer` over a non-extractable WebCrypto key (static/js/keys.js):
    ``which`` is ``"seat"`` or ``"host"``, ``public`` its public half (base64url)."""

    def __init__(self, keys, which: str, public: str) -> None:
        self.keys, self.which = keys, which
        self.public = unb64(public, 32) or b""
        self._proxies = []

    def sign(self, data: bytes, then) -> None:
        from pyodide.ffi import create_once_callable

        def done(signature) -> None:
            sig = unb64(str(signature), 64)
            if sig is not None:
                then(sig)
        self.keys.sign(self.which, b64(data)).then(create_once_callable(done))


class BrowserVerifier:
    """The room protocol's :data:`~tapete.net.protocol.Verify` in the page: ``keys.verify`` of
    static/js/keys.js (@noble/curves Ed25519, strict RFC 8032, small-order keys and R refused), synchronous."""

    def __init__(self, keys) -> None:
        self.keys = keys

    def __call__(self, public: bytes, message: bytes, signature: bytes) -> bool:
        return self.keys.verify(b64(public), b64(message), b64(signature)) is True


async def p2p_module():
    import js
    return await js.window.tapeteLoadP2P()


async def open_transport(code: str, secret: str, join_code: str = "", host: bool = False,
                         code_failures: int = 0) -> BrowserTransport:
    import js
    from pyodide.ffi import to_js

    p2p = await p2p_module()
    options = to_js({"room": code, "secret": secret, "joinCode": join_code, "codeFailures": code_failures, "host": host},
                    dict_converter=js.Object.fromEntries)
    handle = await p2p.open(options)
    return BrowserTransport(handle)
