"""Spanish and English texts of the game screens (the shell's own strings live in static/js/shell.js)."""

from __future__ import annotations

from collections.abc import Callable

LANGS = ("es", "en")

TEXTS: dict[str, dict[str, str]] = {
    "es": {
        "menu": "Menú", "start": "Empezar", "again": "Otra partida", "next_round": "Siguiente ronda",
        "continue": "Continuar",
        "setup.title": "Nueva partida de {game}", "setup.opponents": "Rivales (bots)",
        "setup.level": "Nivel de los bots", "level.easy": "Fácil", "level.medium": "Medio", "level.hard": "Difícil",
        "setup.mode": "Modo", "mode.quick": "Partida rápida (gana el primero sin cartas)",
        "mode.points": "A puntos", "setup.target": "Puntos por partida", "setup.pairs": "Por parejas (4 jugadores)",
        "setup.timer": "Tiempo por turno", "timer.off": "sin límite", "seconds": "{n} s",
        "coming": "pronto",
        "you": "Tú", "bot": "Bot {n}", "cards": "{n} cartas", "card1": "1 carta",
        "turn.you": "Te toca", "turn.other": "Turno de {name}", "turn.badge": "Tu turno",
        "sound.mute": "Silenciar", "sound.label": "Silenciar los sonidos",
        "draw": "Robar", "pass": "Pasar", "ultima": "¡Última!", "challenge": "¡Mentira!",
        "accept4": "Robar 4", "denounce": "Denunciar", "draw_pending": "Robar {n}",
        "pile.draw": "Mazo: {n} cartas", "pile.discard": "Descarte",
        "color": "Color", "direction.cw": "Sentido: horario ↻", "direction.ccw": "Sentido: antihorario ↺",
        "pending": "Acumulado: +{n}", "choose_color": "Elige color para el comodín",
        "wild4.pending": "{name} ha tirado un +4: roba 4 o pulsa «¡Mentira!»",
        "exposed": "{name} se quedó con una carta sin decir «última»: ¡denúnciale!",
        "round.title": "Fin de la ronda {n}",
        "result.title": "Fin de la partida", "result.winner": "Gana {names}", "result.you_win": "¡Has ganado!",
        "scores": "Puntos", "ranking": "Clasificación (este navegador): {delta} → {total}",
        "timer": "Tiempo: {n} s", "log": "Jugadas", "hand": "Tu mano", "playable": "jugable",
        "refused": "Jugada no válida: {reason}",
        "R": "rojo", "B": "azul", "G": "verde", "Y": "amarillo",
        "card.W": "comodín", "card.W+4": "comodín +4", "card.S": "salto", "card.R": "cambio de sentido",
        "card.+2": "chúpate 2",
    },
    "en": {
        "menu": "Menu", "start": "Start", "again": "Play again", "next_round": "Next round",
        "continue": "Continue",
        "setup.title": "New game of {game}", "setup.opponents": "Opponents (bots)",
        "setup.level": "Bot strength", "level.easy": "Easy", "level.medium": "Medium", "level.hard": "Hard",
        "setup.mode": "Mode", "mode.quick": "Quick game (first out wins)",
        "mode.points": "Points", "setup.target": "Points to win", "setup.pairs": "Pairs (4 players)",
        "setup.timer": "Time per turn", "timer.off": "no limit", "seconds": "{n} s",
        "coming": "soon",
        "you": "You", "bot": "Bot {n}", "cards": "{n} cards", "card1": "1 card",
        "turn.you": "Your turn", "turn.other": "{name}'s turn", "turn.badge": "Your turn",
        "sound.mute": "Mute", "sound.label": "Mute the sounds",
        "draw": "Draw", "pass": "Pass", "ultima": "Last card!", "challenge": "Liar!",
        "accept4": "Draw 4", "denounce": "Denounce", "draw_pending": "Draw {n}",
        "pile.draw": "Draw pile: {n} cards", "pile.discard": "Discard pile",
        "color": "Colour", "direction.cw": "Direction: clockwise ↻", "direction.ccw": "Direction: counter-clockwise ↺",
        "pending": "Pending: +{n}", "choose_color": "Choose the wild's colour",
        "wild4.pending": "{name} played a +4: draw 4 or press “Liar!”",
        "exposed": "{name} is down to one card without calling: denounce them!",
        "round.title": "End of round {n}",
        "result.title": "Game over", "result.winner": "{names} won", "result.you_win": "You won!",
        "scores": "Points", "ranking": "Ranking (this browser): {delta} → {total}",
        "timer": "Time left: {n} s", "log": "Moves", "hand": "Your hand", "playable": "playable",
        "refused": "Move refused: {reason}",
        "R": "red", "B": "blue", "G": "green", "Y": "yellow",
        "card.W": "wild", "card.W+4": "wild +4", "card.S": "skip", "card.R": "reverse", "card.+2": "draw two",
    },
}

# Refusal codes from the engines and the room protocol, shown to the player in their language.
REFUSALS: dict[str, dict[str, str]] = {
    "es": {
        "not_your_turn": "no es tu turno", "pending_plus2": "hay un chúpate 2 pendiente: solo otro +2 lo responde",
        "no_match": "esa carta no coincide en color, número ni símbolo", "not_in_hand": "no tienes esa carta",
        "only_drawn_card": "después de robar solo puedes jugar la carta robada", "choose_color": "elige un color",
        "answer_wild4": "responde al +4: roba o pulsa «¡Mentira!»", "draw_first": "solo puedes pasar después de robar",
        "cannot_call": "«última» se pulsa en tu turno con dos cartas", "nothing_to_denounce": "no hay nadie a quien denunciar",
        "nothing_to_challenge": "no hay ningún +4 que acusar", "stale": "la mesa cambió; inténtalo de nuevo",
        "game_over": "la partida ha terminado", "rate_limited": "demasiados mensajes seguidos; espera un momento",
    },
    "en": {
        "not_your_turn": "it is not your turn", "pending_plus2": "a draw-two is pending: only another +2 answers it",
        "no_match": "that card matches neither the colour, the number nor the symbol", "not_in_hand": "you do not hold that card",
        "only_drawn_card": "after drawing you may only play the drawn card", "choose_color": "choose a colour",
        "answer_wild4": "answer the +4 first: draw or press “Liar!”", "draw_first": "you may only pass after drawing",
        "cannot_call": "“last card” is called on your turn holding two cards", "nothing_to_denounce": "there is nobody to denounce",
        "nothing_to_challenge": "there is no +4 to challenge", "stale": "the table changed; try again",
        "game_over": "the game is over", "rate_limited": "too many messages in a row; wait a moment",
    },
}


def t(lang: str, key: str, **values) -> str:
    """The text for ``key`` in ``lang`` (falling back to Spanish, then to the key), formatted."""
    text = TEXTS.get(lang, TEXTS["es"]).get(key) or TEXTS["es"].get(key) or key
    return text.format(**values) if values else text


def refusal(lang: str, code: str, fallback: str) -> str:
    return REFUSALS.get(lang, REFUSALS["es"]).get(code, fallback)


class Said(str):
    """A message on screen that keeps how to say it: ``Said.of(lang, make)`` is the text ``make(lang)``,
    and ``again(lang)`` says the same thing in another language. The page keeps its messages (a refused
    move, a room's notice) as ``Said`` so a switch of language re-says them (``resay``); a plain ``str``
    (an engine's or a peer's words) stays as it is. It compares as its text."""

    make: Callable[[str], str]

    @classmethod
    def of(cls, lang: str, make: Callable[[str], str]) -> "Said":
        said = cls(make(lang))
        said.make = make
        return said

    def again(self, lang: str) -> "Said":
        return Said.of(lang, self.make)

    def same(self, other) -> bool:
        """Is ``other`` this message, in whatever language it was said?"""
        return isinstance(other, Said) and other.make is self.make


def resay(text, lang: str):
    """``text`` in ``lang`` if it knows how to say itself (``Said``), else as it is (``""``, ``None``, a str)."""
    return text.again(lang) if isinstance(text, Said) else text


class Catalog:
    """A game's own texts and refusals (``{lang: {key: text}}``), layered over the shared ones above."""

    def __init__(self, texts: dict[str, dict[str, str]], refusals: dict[str, dict[str, str]]):
        self.texts = texts
        self.refusals = refusals

    def t(self, lang: str, key: str, **values) -> str:
        """The game's text for ``key`` (Spanish fallback), else the shared ``t`` text, formatted."""
        text = self.texts.get(lang, self.texts["es"]).get(key) or self.texts["es"].get(key)
        if text is None:
            return t(lang, key, **values)
        return text.format(**values) if values else text

    def refusal(self, lang: str, code: str, fallback: str) -> str:
        """A refusal in the game's words, else the shared text, else ``fallback`` (the engine's message)."""
        return self.refusals.get(lang, self.refusals["es"]).get(code) or refusal(lang, code, fallback)


# --- shell: leaving and resuming, rules, the table bar (kept apart from the tables' keys) ---------------
SHELL_TEXTS: dict[str, dict[str, str]] = {
    "es": {
        "resume": "Continuar partida", "save.dropped": "La partida guardada de {game} no se podía recuperar y se ha descartado.",
        "leave.title": "¿Abandonar la partida?", "leave.lost": "La partida se perderá: no podrás continuarla.",
        "leave.room": "Saldrás de la sala; si no vuelves, un bot jugará por ti.",
        "leave.host": "Eres el anfitrión: la sala se cerrará para todos.",
        "leave.cost": "Abandonar te resta {n} puntos de clasificación.",
        "leave.stay": "Seguir jugando", "leave.go": "Abandonar",
        "table.bar": "Partida", "rules.open": "Cómo se juega", "bar.more": "Ajustes",
    },
    "en": {
        "resume": "Resume game", "save.dropped": "The saved {game} game could not be restored and was discarded.",
        "leave.title": "Leave the game?", "leave.lost": "The game will be lost: you will not be able to resume it.",
        "leave.room": "You will leave the room; unless you come back, a bot plays your seat.",
        "leave.host": "You are the host: the room closes for everyone.",
        "leave.cost": "Leaving costs you {n} ranking points.",
        "leave.stay": "Keep playing", "leave.go": "Leave",
        "table.bar": "Game", "rules.open": "How to play", "bar.more": "Settings",
    },
}
for _lang, _texts in SHELL_TEXTS.items():
    TEXTS[_lang].update(_texts)


# --- tables: hand order, action bar, score sheets, result dialogs, ranking ------------------------------
TABLE_TEXTS: dict[str, dict[str, str]] = {
    "es": {
        "sort": "Ordenar", "sort.none": "Sin ordenar", "sort.color": "Por color", "sort.suit": "Por palo",
        "sort.number": "Por número", "actions": "Acciones",
        "sheet.caption": "Puntos por ronda", "sheet.round": "R{n}", "sheet.round_long": "Ronda {n}",
        "sheet.total": "Total", "sheet.player": "Jugador",
        "sheet.target": "Gana quien llegue a {n} puntos", "sheet.limit": "Se pierde con más de {n} puntos",
        "sheet.lowest": "La partida acaba cuando alguien llega a {n} puntos; gana quien menos tenga",
        "left.caption": "Cartas que quedaban", "left.cards": "Cartas", "left.points": "Valor",
        "result.close": "Ver la mesa", "result.show": "Ver resultado",
        "ranking.line": "Clasificación en este navegador: {delta} (total {total})",
        "ranking.rule": "Ganar suma 10 puntos por jugador de la mesa (por parejas, 20 a cada ganador); perder resta 10; abandonar resta 20.",
        "log.round": "Toda la ronda ({n} jugadas)", "log.round_title": "Todas las jugadas de la ronda",
        "log.close": "Cerrar", "log.all": "Jugadas ({n})",
    },
    "en": {
        "sort": "Sort", "sort.none": "Unsorted", "sort.color": "By colour", "sort.suit": "By suit",
        "sort.number": "By number", "actions": "Actions",
        "sheet.caption": "Points per round", "sheet.round": "R{n}", "sheet.round_long": "Round {n}",
        "sheet.total": "Total", "sheet.player": "Player",
        "sheet.target": "First to {n} points wins", "sheet.limit": "Over {n} points loses",
        "sheet.lowest": "The game ends when someone reaches {n} points; the lowest total wins",
        "left.caption": "Cards left in hand", "left.cards": "Cards", "left.points": "Value",
        "result.close": "See the table", "result.show": "Show result",
        "ranking.line": "Ranking in this browser: {delta} (total {total})",
        "ranking.rule": "A win earns 10 points per player at the table (pairs: 20 to each winner); a loss costs 10; leaving costs 20.",
        "log.round": "Whole round ({n} moves)", "log.round_title": "Every move of this round",
        "log.close": "Close", "log.all": "Moves ({n})",
    },
}
for _lang, _texts in TABLE_TEXTS.items():
    TEXTS[_lang].update(_texts)


# --- motion: the animation speed (py/tapete/ui/motion.py, static/js/motion.js) --------------------------
MOTION_TEXTS: dict[str, dict[str, str]] = {
    "es": {"speed": "Animaciones", "speed.slow": "Lentas", "speed.normal": "Normales", "speed.fast": "Rápidas",
           "speed.instant": "Sin animación"},
    "en": {"speed": "Animations", "speed.slow": "Slow", "speed.normal": "Normal", "speed.fast": "Fast",
           "speed.instant": "None (instant)"},
}
for _lang, _texts in MOTION_TEXTS.items():
    TEXTS[_lang].update(_texts)


# --- pass-and-play: the setup's part and the hand-over screens (py/tapete/ui/passplay_screen.py) ---------
PASSPLAY_TEXTS: dict[str, dict[str, str]] = {
    "es": {
        "pp.setup": "Pasar y jugar (varias personas, un dispositivo)",
        "pp.setup_hint": "Escribe el nombre de cada persona (de 2 a {n}); los bots completan la mesa.",
        "pp.name": "Persona {n}", "pp.bots": "Bots", "pp.start": "Empezar a pasar y jugar",
        "pp.default_name": "Jugador {n}",
        "pp.need_two": "Hacen falta al menos dos nombres distintos.",
        "pp.too_many": "Como mucho {n} jugadores en total: quita bots o personas.",
        "pp.bad_seats": "No se puede empezar: {reason}",
        "pp.pass_to": "Pasa el dispositivo a {name}",
        "pp.only": "Pulsa cuando solo {name} esté mirando.",
        "pp.poll": "Hay un +3 en la mesa: {name} puede romperlo si tiene con qué.",
        "pp.reveal": "Soy {name}: ver mis cartas",
        "pp.cards_of": "Cartas de {name}",
        "pp.turn_over": "{name}, tu turno ha terminado.",
        "pp.hide": "Listo: ocultar mis cartas",
        "pp.poll_ask": "¿Rompes el +3?", "pp.no": "No",
        "pp.bots_play": "Juegan los bots…",
        "pp.shouts": "Avisos en voz alta (cualquiera puede pulsarlos)",
        "pp.catch": "Pillar a {name}", "pp.call": "{name}: «{call}»",
        "pp.seats": "La mesa", "pp.on_turn": "le toca",
        "pp.resume": "Continuar pasar y jugar",
        "pp.dropped": "La partida de pasar y jugar de {game} no se podía recuperar y se ha descartado.",
    },
    "en": {
        "pp.setup": "Pass and play (several people, one device)",
        "pp.setup_hint": "Type each person's name (2 to {n}); bots fill the other seats.",
        "pp.name": "Person {n}", "pp.bots": "Bots", "pp.start": "Start pass and play",
        "pp.default_name": "Player {n}",
        "pp.need_two": "At least two different names are needed.",
        "pp.too_many": "At most {n} players in all: remove bots or people.",
        "pp.bad_seats": "Cannot start: {reason}",
        "pp.pass_to": "Pass the device to {name}",
        "pp.only": "Tap when only {name} is looking.",
        "pp.poll": "A +3 is on the table: {name} may break it if they can.",
        "pp.reveal": "I am {name}: show my cards",
        "pp.cards_of": "{name}'s cards",
        "pp.turn_over": "{name}, your turn is over.",
        "pp.hide": "Done: hide my cards",
        "pp.poll_ask": "Break the +3?", "pp.no": "No",
        "pp.bots_play": "The bots are playing…",
        "pp.shouts": "Shouts (anyone may tap them)",
        "pp.catch": "Catch {name}", "pp.call": "{name}: “{call}”",
        "pp.seats": "The table", "pp.on_turn": "to play",
        "pp.resume": "Resume pass and play",
        "pp.dropped": "The saved pass-and-play {game} game could not be restored and was discarded.",
    },
}
for _lang, _texts in PASSPLAY_TEXTS.items():
    TEXTS[_lang].update(_texts)
