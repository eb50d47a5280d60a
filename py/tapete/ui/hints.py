"""Hints at a table against bots (issue 33): "Hint" asks the game's hard bot what it would play in this
seat and shows why, in plain words (:mod:`tapete.bots.explain`, :mod:`tapete.bots.hint_texts`).

The button sits in the table's bar (:mod:`tapete.ui.bar`), enabled when this page plays a local game
against bots, it is its seat's moment to act and the game is not over. The hint is worked out between
frames (``explain_steps`` yields between the bot's slices and between ideas) with a generator of its
own (``hint_rng``: the same view gives the same hint; the table's bots' generator is never touched) and
is shown for that moment only (``ui["hint"]``, keyed by the view's version): the move, and one line per
idea the hard bot really used (an idea is named only when, left out, the bot would play otherwise).
``ui["hints"]`` counts the hints asked in this game; the result dialog says it (:mod:`tapete.ui.sheet`).
Only the seat's own view goes in: a hint knows nothing the player cannot see.
"""

from __future__ import annotations

import asyncio
import random

from ..bots.hint_texts import hint_text
from .html import button, escape, tag
from .i18n import t

HINT = "hint"          # ui key: the hint on show {version, game, action, ideas} (or {"version", "thinking"})
HINTS = "hints"        # ui key: how many hints this game used (present only at a table against bots)

TEXTS = {
    "es": {"hint": "Pista", "hint.long": "Pista: ¿qué jugaría el bot difícil?", "hint.thinking": "Pensando…",
           "hint.play": "El bot difícil jugaría: {action}", "hint.why": "Por qué:", "hint.none": "El bot difícil no haría nada ahora.",
           "hint.used": "Pistas usadas: {n}", "hint.close": "Cerrar la pista",
           "verb.play": "jugar", "verb.match": "emparejar", "verb.place": "colocar", "verb.flip": "destapar",
           "verb.take": "coger", "verb.swap": "cambiar", "verb.discard": "descartar"},
    "en": {"hint": "Hint", "hint.long": "Hint: what would the hard bot play?", "hint.thinking": "Thinking…",
           "hint.play": "The hard bot would play: {action}", "hint.why": "Why:", "hint.none": "The hard bot would do nothing now.",
           "hint.used": "Hints used: {n}", "hint.close": "Close the hint",
           "verb.play": "play", "verb.match": "match", "verb.place": "place", "verb.flip": "flip",
           "verb.take": "take", "verb.swap": "swap", "verb.discard": "discard"},
}


def ht(lang: str, key: str, **values) -> str:
    return TEXTS.get(lang, TEXTS["en"])[key].format(**values)


def hint_rng(game_id: str, version: int, seat: int) -> random.Random:
    """The hint's own generator: a function of the moment only (the same view gives the same hint)."""
    return random.Random(f"tapete/hint/{game_id}/{version}/{seat}")


def can_hint(update: dict | None, against_bots: bool) -> bool:
    return bool(against_bots and update and update.get("seat") is not None and update.get("legal")
                and not update["view"].get("over"))


def hint_button(lang: str, enabled: bool) -> str:
    return button(tag("span", escape(ht(lang, "hint")), class_="hint-label"), "hint", "btn-hint",
                  "btn hint", disabled=not enabled, title=ht(lang, "hint.long"), aria_keyshortcuts="h")


def action_words(lang: str, action: str) -> str:
    """The move as the bar's buttons name it where they do (``draw``: Robar), else as it is written."""
    verb, _, rest = action.partition(" ")
    if verb in ("draw", "pass", "ultima", "denounce", "challenge"):
        word = t(lang, verb)
    else:
        word = TEXTS.get(lang, TEXTS["en"]).get("verb." + verb, verb)
    return f"{word} {rest}".strip()


def cards_named(lang: str, action: str, card_name) -> str:
    """The cards a play, match or place puts down, read aloud by the table's ``card_name`` (``rojo 7``)."""
    verb, _, rest = action.partition(" ")
    if verb not in ("play", "match", "place") or card_name is None or not rest:
        return ""
    try:
        cards = rest.split(" ")[0]
        return ", ".join(card_name(lang, card) for card in (cards.split("+") if verb == "match" else [cards]))
    except (KeyError, IndexError, ValueError):
        return ""


def hint_panel(lang: str, ui: dict, update: dict | None, card_name=None) -> str:
    """The hint for the moment on show (nothing once the table moved on); ``card_name`` is the table's
    (its cards read aloud)."""
    hint = ui.get(HINT)
    if not hint or not update or hint.get("version") != update["view"]["version"]:
        return ""
    close = button("×", "hint-close", "btn-hint-close", "btn hint-close", aria_label=ht(lang, "hint.close"))
    if hint.get("thinking"):
        body = tag("p", escape(ht(lang, "hint.thinking")))
        return tag("aside", body + close, class_="hint-panel", data_testid="hint", data_state="thinking",
                   role="status")
    action = hint.get("action")
    if action is None:
        body = tag("p", escape(ht(lang, "hint.none")))
    else:
        named = cards_named(lang, action, card_name)
        body = tag("p", escape(ht(lang, "hint.play", action="")) + tag("strong", escape(action_words(lang, action)),
                                                                       data_testid="hint-action")
                   + (escape(f" ({named})") if named else ""))
        lines = "".join(tag("li", escape(hint_text(lang, hint["game"], key)), data_idea=key) for key in hint["ideas"])
        body += tag("p", escape(ht(lang, "hint.why"))) + tag("ul", lines, data_testid="hint-ideas")
    return tag("aside", body + close, class_="hint-panel", data_testid="hint", data_state="ready",
               data_action=None, data_hint_action=action or "", role="status")


def used_line(lang: str, ui: dict) -> str:
    """The result dialog's line: how many hints this game used (only at a table against bots)."""
    if HINTS not in ui:
        return ""
    return tag("p", escape(ht(lang, "hint.used", n=ui[HINTS])), data_testid="hints-used", data_hints=ui[HINTS])


async def ask(app) -> None:
    """Work out the hint for the app's current update, between frames, and show it (counted once per moment)."""
    from ..bots.explain import explain_steps
    update = app.update
    if not can_hint(update, app.against_bots()):
        return
    view, legal, seat = update["view"], list(update["legal"]), update["seat"]
    version = view["version"]
    shown = app.ui.get(HINT)
    if shown and shown.get("version") == version:
        return                                   # already on show (or being worked out) for this moment
    host = app.host                              # the seat that must act is the first the engine lists
    must = host is not None and host.game.to_move(host.state)[:1] == [seat]
    app.ui[HINT] = {"version": version, "thinking": True}
    app.render()
    steps = explain_steps(app.game_id, view, legal, hint_rng(app.game_id, version, seat), must_act=must)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            hint = done.value
            break
        await asyncio.sleep(0)
        if app.update is not update:
            app.ui[HINT] = None                  # the table moved on: that hint is stale
            return
    if app.update is not update:
        return
    app.ui[HINT] = {"version": version, "game": app.game_id, "action": hint.action, "ideas": list(hint.ideas)}
    app.ui[HINTS] = app.ui.get(HINTS, 0) + 1
    app.render()


__all__ = ["HINT", "HINTS", "TEXTS", "action_words", "ask", "can_hint", "hint_button", "hint_panel", "hint_rng",
           "ht", "used_line"]
