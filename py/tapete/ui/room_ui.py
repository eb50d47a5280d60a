"""Play with friends: the browser transport over ``tapeteP2P`` and the room boxes (HTML builders).

The builders are pure; :class:`BrowserTransport` and :func:`open_transport` need the browser and are
imported lazily by app.py.
"""

from __future__ import annotations

from ..net.transport import Transport
from .html import button, escape, tag, void

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
        "trade": ("Comparte el enlace: lleva una clave secreta. Con solo el código también se puede "
                  "entrar, pero quien vigile los servidores de señalización podría adivinar un código "
                  "de seis letras y espiar quién se conecta; el enlace lo impide."),
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
        "bad_code": "Ese código no es válido (seis letras).",
        "host_gone": "El anfitrión se ha desconectado; esperando a que vuelva…",
        "need_two": "Hacen falta al menos dos asientos ocupados.",
        "full": "La mesa está llena.",
        "bad_save": "No se pudo recuperar la sala guardada ({err}); se ha descartado.",
        "grace": "{name} se ha desconectado: un bot jugará por su asiento en {n} s si no vuelve.",
        "menu": "Menú",
        "unverified": ("Has entrado solo con el código: no se puede comprobar que quien responde sea de "
                       "verdad el anfitrión. Con el enlace, el anfitrión demuestra que lo es."),
        "offline": "Sin conexión: jugar con amigos necesita internet. Contra bots puedes jugar igual.",
        "status.connecting": "Conectando con los servidores de la sala…",
        "status.relays": "Servidores de la sala: {open} de {total} conectados",
        "status.peers": "jugadores conectados contigo: {n}",
        "unreachable": ("No se pudo contactar con los servidores de la sala. Comprueba tu conexión "
                        "y pulsa «Reintentar»."),
        "no_host": ("Nadie responde como anfitrión de la sala {code}: comprueba el código o pide al "
                    "anfitrión que tenga la sala abierta. Seguimos esperando."),
        "open_failed": "No se pudo abrir la sala: {err}",
        "retry": "Reintentar",
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
        "trade": ("Share the link: it carries a secret key. The code alone also lets people in, but "
                  "whoever watches the signalling relays could guess a six-letter code and see who "
                  "connects; the link prevents that."),
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
        "bad_code": "That code is not valid (six letters).",
        "host_gone": "The host disconnected; waiting for it to come back…",
        "need_two": "At least two seats must be taken.",
        "full": "The table is full.",
        "bad_save": "The saved room could not be restored ({err}); it was discarded.",
        "grace": "{name} disconnected: a bot will play their seat in {n} s unless they come back.",
        "menu": "Menu",
        "unverified": ("You joined with the code alone: there is no way to check that whoever answers is "
                       "really the host. With the link, the host proves it is."),
        "offline": "You are offline: playing with friends needs the internet. You can still play against bots.",
        "status.connecting": "Connecting to the room servers…",
        "status.relays": "Room servers: {open} of {total} connected",
        "status.peers": "players connected to you: {n}",
        "unreachable": "Could not reach the room servers. Check your connection and press “Retry”.",
        "no_host": ("No host answers in room {code}: check the code, or ask the host to keep the room "
                    "open. Still waiting."),
        "open_failed": "The room could not be opened: {err}",
        "retry": "Retry",
    },
}


def rt(lang: str, key: str) -> str:
    return TEXT.get(lang, TEXT["es"]).get(key, key)


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
        "input", type="text", name="join-code", maxlength="9", value=code, data_testid="join-code",
        autocomplete="off", autocapitalize="characters", spellcheck="false", placeholder="ABCDEF"), class_="choice")
    body += tag("div", button(rt(lang, "join"), "room-join", "btn-join", disabled=offline), class_="actions")
    return tag("section", body, class_="setup friends", data_testid="friends")


def status_line(lang: str, status: dict | None) -> tuple[str, str]:
    """``(state, text)`` of the lobby's status line from the watcher's figures (rooms.py)."""
    if not status or status.get("state") == "connecting":
        return "connecting", rt(lang, "status.connecting")
    if status["state"] == "error":
        return "error", rt(lang, status.get("key", "unreachable")).format(**status.get("values", {}))
    text = rt(lang, "status.relays").format(open=status["open"], total=status["total"])
    return "ok", text + " · " + rt(lang, "status.peers").format(n=status["peers"])


def render_lobby(lang: str, lobby: dict | None, *, code: str, link: str | None, is_host: bool,
                 message: str = "", unverified: bool = False, status: dict | None = None) -> str:
    body = tag("h2", rt(lang, "room") + " " + tag("span", escape(code), data_testid="room-code", class_="room-code"))
    state, text = status_line(lang, status)
    body += tag("p", escape(text), class_="room-status", role="status", data_testid="room-status", data_state=state)
    if state == "error":
        body += tag("div", button(rt(lang, "retry"), "room-retry", "btn-room-retry", "btn primary"), class_="actions")
    if link:
        body += tag("label", rt(lang, "link") + " " + void(
            "input", type="text", readonly=True, value=link, data_testid="room-link", class_="room-link"),
            class_="choice")
        body += button(rt(lang, "copy"), "room-copy", "btn-copy-link")
        body += tag("p", rt(lang, "trade"), class_="note", data_testid="room-tradeoff")
    if unverified:
        body += tag("p", rt(lang, "unverified"), class_="note", data_testid="room-unverified")
    seats = ""
    if lobby is None:
        seats = tag("li", rt(lang, "connecting"))
    else:
        for i, seat in enumerate(lobby["seats"]):
            label = escape(seat["name"]) if seat["kind"] != "open" else "—"
            kind = rt(lang, seat["kind"]) if seat["kind"] in ("open", "host", "bot") else ""
            if seat["kind"] != "open" and not seat.get("connected", True):
                kind = rt(lang, "away")
            if lobby.get("you") == i:
                kind = (kind + " · " if kind else "") + rt(lang, "you")
            seats += tag("li", label + (f" ({kind})" if kind else ""), data_testid=f"lobby-seat-{i}",   # <ol> numbers
                         data_kind=seat["kind"])
    body += tag("h3", rt(lang, "seats")) + tag("ol", seats, class_="lobby-seats")
    actions = ""
    if is_host:
        actions += button(rt(lang, "add_bot"), "room-add-bot", "btn-add-bot")
        actions += button(rt(lang, "start"), "room-start", "btn-start-room", "btn primary")
    else:
        body += tag("p", rt(lang, "wait"), class_="note")
    actions += button(rt(lang, "menu"), "menu", "btn-menu")
    body += tag("div", actions, class_="actions")
    if message:
        body += tag("p", escape(message), class_="message", role="status", data_testid="room-message")
    return tag("section", body, class_="setup lobby", data_testid="lobby")


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


async def open_transport(code: str, secret: str, accept_code: bool = False) -> BrowserTransport:
    import js
    from pyodide.ffi import to_js

    p2p = await js.window.tapeteLoadP2P()
    options = to_js({"room": code, "secret": secret, "acceptCode": accept_code}, dict_converter=js.Object.fromEntries)
    handle = await p2p.open(options)
    return BrowserTransport(handle)
