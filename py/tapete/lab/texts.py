"""The bot lab's words in Spanish and English: its errors, its rows and the names of its layouts.

``error_text(lang, error)`` says an error dict of the lab in words (``student.BotError.error``, a run's
``snapshot()["error"]``, or the page's own ``{"kind": "timeout"}`` / ``{"kind": "crashed"}`` from
static/js/lab.mjs when the worker had to be ended); ``t(lang, key, **values)`` any other text.
"""

from __future__ import annotations

LANGS = ("es", "en")

TEXTS: dict[str, dict[str, str]] = {
    "es": {
        "error.syntax": "Error de sintaxis en la línea {line}: {message}",
        "error.syntax_noline": "Error de sintaxis: {message}",
        "error.no_function": "Define una función choose(view, legal) (o elegir(vista, legales)) que "
                             "devuelva una de las acciones legales.",
        "error.signature": "La función {name} de la línea {line} tiene que recibir dos argumentos: la vista "
                           "y las acciones legales.",
        "error.raised": "Tu bot lanzó {type} en la línea {line}: {message}",
        "error.raised_noline": "Tu bot lanzó {type}: {message}",
        "error.illegal": "Tu bot devolvió «{action}» (línea {line}), que ahora no es legal. Acciones "
                         "legales: {legal}.",
        "error.malformed": "Tu bot devolvió {value} (línea {line}), que no es una acción. Tiene que devolver "
                           "uno de estos textos: {legal}.",
        "error.none": "Tu bot no devolvió nada (None, línea {line}) en su turno. Tiene que devolver una de "
                      "estas acciones: {legal}.",
        "error.time": "Tu bot tardó más de {limit} s en una jugada: se paró en la línea {line}.",
        "error.timeout": "Tu bot no respondió en {seconds} s: se ha parado la prueba.",
        "error.crashed": "El bot hizo caer el Python de la prueba: {message}",
        "error.no_end": "La partida no terminó tras {actions} acciones.",
        "error.internal": "Error interno del laboratorio: {message}",
        "error.where": "Partida {number} de {games} (semilla {seed}).",
        "line.unknown": "?",
        "legal.more": "{legal} y {n} más",
        "layout.1v3": "tu bot contra tres",
        "layout.2v2": "dos de tu bot contra dos",
        "layout.1v1": "tu bot contra uno",
        "bot.student": "tu bot",
        "share": "{share} ± {se}",
        "fair": "reparto justo {fair}",
        "level.easy": "fácil", "level.medium": "medio", "level.hard": "difícil",
    },
    "en": {
        "error.syntax": "Syntax error on line {line}: {message}",
        "error.syntax_noline": "Syntax error: {message}",
        "error.no_function": "Define a function choose(view, legal) (or elegir(vista, legales)) that "
                             "returns one of the legal actions.",
        "error.signature": "The function {name} on line {line} must take two arguments: the view and the "
                           "legal actions.",
        "error.raised": "Your bot raised {type} on line {line}: {message}",
        "error.raised_noline": "Your bot raised {type}: {message}",
        "error.illegal": "Your bot returned “{action}” (line {line}), which is not legal now. Legal "
                         "actions: {legal}.",
        "error.malformed": "Your bot returned {value} (line {line}), which is not an action. It must return "
                           "one of these texts: {legal}.",
        "error.none": "Your bot returned nothing (None, line {line}) on its turn. It must return one of "
                      "these actions: {legal}.",
        "error.time": "Your bot took more than {limit} s over one move: it was stopped on line {line}.",
        "error.timeout": "Your bot did not answer within {seconds} s: the run was stopped.",
        "error.crashed": "The bot brought the lab's Python down: {message}",
        "error.no_end": "The game did not end after {actions} actions.",
        "error.internal": "Internal error of the lab: {message}",
        "error.where": "Game {number} of {games} (seed {seed}).",
        "line.unknown": "?",
        "legal.more": "{legal} and {n} more",
        "layout.1v3": "your bot against three",
        "layout.2v2": "two of your bot against two",
        "layout.1v1": "your bot against one",
        "bot.student": "my bot",
        "share": "{share} ± {se}",
        "fair": "fair share {fair}",
        "level.easy": "easy", "level.medium": "medium", "level.hard": "hard",
    },
}


def t(lang: str, key: str, **values) -> str:
    """The text ``key`` in ``lang`` with ``values`` filled in (English when the language is unknown)."""
    texts = TEXTS.get(lang, TEXTS["en"])
    return texts[key].format(**values)


def _legal(lang: str, error: dict) -> str:
    shown = ", ".join(error.get("legal") or [])
    more = error.get("legal_more") or 0
    return t(lang, "legal.more", legal=shown, n=more) if more else shown


def error_text(lang: str, error: dict) -> str:
    """An error dict of the lab in words, with where it happened when known (game, seed)."""
    kind = error.get("kind", "internal")
    line = error.get("line")
    values = {k: v for k, v in error.items() if isinstance(v, (str, int, float))}
    values["line"] = line if line is not None else t(lang, "line.unknown")
    values.setdefault("message", "")
    values.setdefault("type", "Exception")
    values["legal"] = _legal(lang, error)
    if kind in ("syntax", "raised") and line is None:
        key = f"error.{kind}_noline"
    elif f"error.{kind}" in TEXTS["en"]:
        key = f"error.{kind}"
    else:
        key, values["message"] = "error.internal", values.get("message") or kind
    try:
        text = t(lang, key, **values)
    except (KeyError, IndexError, ValueError):
        text = t(lang, "error.internal", message=kind)
    if error.get("number") is not None and error.get("seed") is not None:
        text += " " + t(lang, "error.where", number=error["number"], games=error.get("games", "?"),
                        seed=error["seed"])
    return text


__all__ = ["LANGS", "TEXTS", "error_text", "t"]
