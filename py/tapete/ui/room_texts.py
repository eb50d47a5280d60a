"""The room screens' words, Spanish and English: ``TEXT`` (the lobby, the join box, the status line, the
fair-deal line, the watchers box), ``rt`` and ``rsaid`` to say one of them, and ``code_failure`` for a join
code that did not get a guest in. Used by tapete.ui.room_ui (the renderers), room_session.py, lobby_screen.py and setup_screen.py."""

from __future__ import annotations

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
        "locked_code": ("Alguien respondió que ese código está bloqueado (demasiados intentos fallidos), sin "
                        "demostrar que conoce el código: puede ser el anfitrión o cualquier otro. Pide el enlace. "
                        "Intentos fallidos: {n}."),
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
        "dealing_restarts": ("Atención: el anfitrión ya ha vuelto a empezar el reparto {n} veces después de ver tu "
                             "número aleatorio. Una conexión lenta lo explica una vez; tantas veces, puede estar "
                             "eligiendo las cartas. Pregúntale, o sal de la sala."),
        "dealing": "La partida se está repartiendo; prueba de nuevo en un momento.",
        "deal_checking": "Comprobando el reparto…",
        "deal_ok": ("Reparto verificado: el secreto del anfitrión es el que comprometió, el número de cada "
                    "jugador es el que comprometió antes de que revelaras el tuyo, el tuyo está en la semilla, "
                    "ni el anfitrión ni los bots aportaron nada más, y la partida entera se reproduce. "
                    "Nadie ha podido elegir ni cambiar las cartas."),
        "deal_restarted": ("Reparto coherente, pero el anfitrión volvió a empezar el reparto {n} vez/veces después "
                           "de ver tu número aleatorio: puede haber elegido entre {m} repartos."),
        "deal_no_share": ("Reparto coherente (la partida se reproduce desde su semilla), pero entraste después "
                          "del reparto (entre rondas): no tuviste parte en él."),
        "deal_bad": "Reparto NO verificado: {why}.",
        "deal_restarts": ("Además, el anfitrión volvió a empezar el reparto {n} vez/veces después de ver tu número "
                          "aleatorio."),
        "why.excluded": ("el anfitrión repartió sin tu parte aunque estabas sentado o respondiste a su oferta "
                         "(o tu respuesta le llegó tarde): pudo haber elegido este reparto"),
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
        "projector_leave": "Salir del modo proyector (Esc)",
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
        "locked_code": ("A peer answered that this code is locked (too many wrong tries), without proving it knows "
                        "the code: it may be the host or anyone else. Ask for the link. Failed tries: {n}."),
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
        "dealing_restarts": ("Careful: the host has already restarted the deal {n} times after seeing your random "
                             "number. A slow connection explains it once; this often, it may be choosing the cards. "
                             "Ask them, or leave the room."),
        "dealing": "The game is being dealt; try again in a moment.",
        "deal_checking": "Checking the deal…",
        "deal_ok": ("Deal verified: the host's secret is the one it committed to, every player's number is the one "
                    "it committed to before you revealed yours, yours is in the seed, neither the host nor the bots "
                    "added anything else, and the whole game replays. Nobody could choose or change the cards."),
        "deal_restarted": ("Deal consistent, but the host restarted the deal {n} time(s) after seeing your random "
                           "number: it may have chosen among {m} deals."),
        "deal_no_share": ("Deal consistent (the game replays from its seed), but you joined after the deal (between "
                          "rounds): you had no share in it."),
        "deal_bad": "Deal NOT verified: {why}.",
        "deal_restarts": "The host also restarted the deal {n} time(s) after seeing your random number.",
        "why.excluded": ("the host dealt without your share although you were seated or had answered its offer "
                         "(or your answer reached it too late): it could have chosen this deal"),
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
        "projector_leave": "Leave projector mode (Esc)",
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
