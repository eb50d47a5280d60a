"""The Skypo table, rendered from one seat's update (view + legal actions + events).

Pure functions returning HTML (no browser imports). Every seat's 3×4 grid is shown: face-down cells
as card backs, removed columns as gaps. A turn takes two clicks: choose what to do with a card (draw,
take the discard, swap the drawn card, discard it and flip), then click a cell of my grid; the cell's
``data-action`` is then the exact engine action (``flip 0,2``, ``take 1,3``, ``swap 2,0``,
``discard flip:1,1``). The choice between the two clicks is local UI state, ``ui["skypo_mode"]``,
stored with the table version it was made at, so it lapses by itself once the table moves on.
"""

from __future__ import annotations

import re

from .cards import depth, draw_pile, face, pile_count
from .hand import action_bar, my_turn, others_around, player_name, status_line, turn_badge
from .log import LOG_OPEN, GameLog, Line, names_of, render_log
from .html import button, escape, tag
from .i18n import Catalog
from .shedding_table import table_section
from .sheet import record_round, result_dialog, round_dialog, score_sheet

GAME = "skypo"
GRID_ROWS, GRID_COLS = 3, 4
MODE_KEY = "skypo_mode"             # ui key: (mode, version) with mode "take" | "swap" | "discard"
KEYS = {"d": "draw", "n": "next"}

TEXTS: dict[str, dict[str, str]] = {
    "es": {
        "minus": "menos {n}", "face_down": "tapada", "place": "fila {row}, columna {col}",
        "gone": "columna retirada", "gone_count": "Columnas retiradas: {n}",
        "grid": "Cuadrícula de {name}", "my_grid": "Tu cuadrícula",
        "visible": "Suman las destapadas: {n}", "total": "Puntos de la partida: {n}", "to_flip": "Por destapar: {n}",
        "closer_badge": "Cierra", "drawn": "Carta robada", "drawn_by": "Carta robada por {name}",
        "take": "Coger el descarte", "swap": "Cambiar por una carta", "discard": "Descartar y destapar",
        "cancel": "Cancelar", "draw_hint": "Robar (D)",
        "act.flip": "destapar", "act.take": "poner aquí el {card} del descarte",
        "act.swap": "cambiar por el {card}", "act.discard": "destapar esta carta",
        "st.reveal": "Destapa {n} cartas de tu cuadrícula (pulsa una carta tapada)",
        "st.reveal_one": "Destapa 1 carta más de tu cuadrícula",
        "st.reveal_wait": "Esperando a que los demás destapen sus dos cartas",
        "st.turn": "Te toca: roba del mazo o coge el {card} del descarte",
        "st.take": "Elige la carta que cambias por el {card} del descarte",
        "st.swap": "Has robado un {card}: pulsa la carta por la que lo cambias, o descártalo",
        "st.discard": "Descartas el {card}: pulsa una carta tapada para destaparla",
        "st.round_over": "Fin de la ronda",
        "last_turn.you": "Has cerrado: los demás juegan su último turno",
        "last_turn.other": "{name} ha cerrado: último turno para todos los demás",
        "col.player": "Jugador", "col.points": "Cartas", "col.round": "Ronda", "col.total": "Total",
        "doubled_mark": "×2", "target": "La partida acaba cuando alguien llega a {n} puntos; gana quien menos tenga",
    },
    "en": {
        "minus": "minus {n}", "face_down": "face down", "place": "row {row}, column {col}",
        "gone": "column removed", "gone_count": "Columns removed: {n}",
        "grid": "{name}'s grid", "my_grid": "Your grid",
        "visible": "Face-up cards add up to {n}", "total": "Game points: {n}", "to_flip": "To turn up: {n}",
        "closer_badge": "Closer", "drawn": "Drawn card", "drawn_by": "Card drawn by {name}",
        "take": "Take the discard", "swap": "Swap it in", "discard": "Discard and flip",
        "cancel": "Cancel", "draw_hint": "Draw (D)",
        "act.flip": "turn up", "act.take": "put the discarded {card} here",
        "act.swap": "swap for the {card}", "act.discard": "turn this card up",
        "st.reveal": "Turn up {n} cards of your grid (click a face-down card)",
        "st.reveal_one": "Turn up 1 more card of your grid",
        "st.reveal_wait": "Waiting for the others to turn up their two cards",
        "st.turn": "Your turn: draw from the pile or take the discarded {card}",
        "st.take": "Choose the card to swap for the discarded {card}",
        "st.swap": "You drew a {card}: click the card to swap it for, or discard it",
        "st.discard": "You discard the {card}: click a face-down card to turn it up",
        "st.round_over": "End of the round",
        "last_turn.you": "You closed: everybody else plays one last turn",
        "last_turn.other": "{name} closed: one last turn for everybody else",
        "col.player": "Player", "col.points": "Cards", "col.round": "Round", "col.total": "Total",
        "doubled_mark": "×2", "target": "The game ends when someone reaches {n} points; the lowest total wins",
    },
}

# Refusal codes of the Skypo engine, in this game's words (then i18n.REFUSALS, then the engine's message).
REFUSALS: dict[str, dict[str, str]] = {
    "es": {
        "no_such_place": "esa posición no está en tu cuadrícula", "column_removed": "esa columna ya se retiró",
        "opening_flips": "primero cada jugador destapa dos cartas de su cuadrícula",
        "choose_place": "elige una carta de tu cuadrícula", "already_face_up": "esa carta ya está destapada: elige una tapada",
        "draw_first": "primero roba del mazo, o coge el descarte y cámbialo por una carta",
        "draw_or_take": "roba del mazo o coge la carta del descarte",
        "take_must_swap": "si coges el descarte tienes que cambiarlo por una de tus cartas",
        "already_drew": "ya has robado: cambia la carta por una tuya, o descártala y destapa una",
        "must_flip": "al descartar la carta robada tienes que destapar una de tus cartas tapadas",
        "swap_or_discard": "cambia la carta robada por una tuya, o descártala y destapa una",
        "nothing_to_draw": "no quedan cartas para robar", "round_over": "la ronda ha terminado: quien cerró reparte la siguiente",
        "not_your_turn": "no es tu turno",
    },
    "en": {
        "no_such_place": "that place is not in your grid", "column_removed": "that column was removed",
        "opening_flips": "first every player turns up two cards of their grid",
        "choose_place": "choose a card of your grid", "already_face_up": "that card is already face up: choose a face-down one",
        "draw_first": "draw from the pile first, or take the discard and swap it for one of your cards",
        "draw_or_take": "draw from the pile or take the discarded card",
        "take_must_swap": "a discard you take must replace one of your cards",
        "already_drew": "you already drew: swap the card for one of yours, or discard it and turn one up",
        "must_flip": "discarding the drawn card, you must turn up one of your face-down cards",
        "swap_or_discard": "swap the drawn card for one of yours, or discard it and turn one up",
        "nothing_to_draw": "there are no cards left to draw", "round_over": "the round is over: the closer deals the next one",
        "not_your_turn": "it is not your turn",
    },
}


CATALOG = Catalog(TEXTS, REFUSALS)
refusal_text = CATALOG.refusal  # a refusal in this game's words, else the shared text, else the engine's
t = CATALOG.t                   # this game's text for a key, else the shared i18n.t text


# ----- cards and places --------------------------------------------------------------------------
def card_glyph(card: str) -> str:
    """The value as printed on the card, with a real minus sign."""
    return "−" + card[1:] if card.startswith("-") else card


def card_name(lang: str, card: str) -> str:
    """A card read aloud: ``7``, ``menos 2`` / ``minus 2``."""
    return t(lang, "minus", n=card[1:]) if card.startswith("-") else card


def band(card: str) -> str:
    """A value band for the card's colour (the printed number is the cue; colour only helps)."""
    value = int(card)
    if value < 0:
        return "neg"
    if value == 0:
        return "zero"
    return "low" if value <= 4 else ("mid" if value <= 8 else "high")


def place_name(lang: str, row: int, col: int) -> str:
    return t(lang, "place", row=row + 1, col=col + 1)


def place(row: int, col: int) -> str:
    return f"{row},{col}"


def card_face(card: str) -> str:
    glyph = card_glyph(card)
    return face(tag("span", escape(glyph), class_="rank"), glyph)


# ----- local choices -------------------------------------------------------------------------------
def current_mode(view: dict, ui: dict) -> str | None:
    """The choice made on this very table version, if any."""
    chosen = ui.get(MODE_KEY)
    if not chosen or chosen[1] != view["version"]:
        return None
    return chosen[0]


def local_action(ui: dict, action: str) -> None:
    """``ui:take:<version>``, ``ui:swap:<version>``, ``ui:discard:<version>``, ``ui:cancel``."""
    parts = action.split(":")
    if len(parts) == 3 and parts[0] == "ui" and parts[1] in ("take", "swap", "discard") and parts[2].isdigit():
        ui[MODE_KEY] = (parts[1], int(parts[2]))
        ui["message"] = ""
    elif action == "ui:cancel":
        ui[MODE_KEY] = None
        ui["message"] = ""


def my_mode(update: dict, ui: dict) -> str | None:
    """What a click on my grid does now: flip, take, swap, discard, or nothing (None)."""
    view = update["view"]
    me = update["seat"]
    if me is None or view["over"]:
        return None
    if view["phase"] == "reveal":
        return "flip" if view["to_flip"][me] else None
    if view["turn"] != me:
        return None
    mode = current_mode(view, ui)
    if view["phase"] == "turn":
        return "take" if mode == "take" else None
    if view["phase"] == "drawn":
        return "discard" if mode == "discard" else "swap"
    return None


def cell_action(mode: str, row: int, col: int) -> str:
    if mode == "discard":
        return "discard flip:" + place(row, col)
    return f"{mode} {place(row, col)}"


# ----- the table -----------------------------------------------------------------------------------
def render_table(update: dict, lang: str, ui: dict) -> str:
    """The whole table for ``update``; ``ui`` holds local choices, the message and the log."""
    view = update["view"]
    me = update["seat"]
    parts = [render_opponents(update, lang), render_centre(update, lang, ui), render_controls(update, lang, ui)]
    if me is not None:
        parts.append(render_my_grid(update, lang, ui))
    parts.append(render_log(ui.get("log", []), lang, update, event_text, ui.get(LOG_OPEN)))
    if view["phase"] == "round_over" and view.get("last_round"):
        parts.append(render_round(update, lang, ui))
    if view["over"] and view.get("result"):
        parts.append(render_result(update, lang, ui))
    return table_section(parts, GAME, view, data_mode=my_mode(update, ui))


def visible_sum(grid: list) -> int:
    return sum(int(card) for column in grid if column is not None for card in column if card is not None)


def render_grid(update: dict, lang: str, seat: int, mode: str | None, small: bool) -> str:
    """One seat's grid, row by row; buttons only on my grid when a click there means something."""
    view = update["view"]
    grid = view["grids"][seat]
    drawn = view["drawn"]
    top = view["top"]
    cells = []
    for row in range(GRID_ROWS):
        for col in range(GRID_COLS):
            column = grid[col]
            testid = f"cell-{seat}-{row}-{col}"
            if column is None:
                cells.append(tag("span", "", class_="cell gone", data_testid=testid, aria_hidden="true"))
                continue
            card = column[row]
            where = place_name(lang, row, col)
            shown = card_name(lang, card) if card is not None else t(lang, "face_down")
            cls = "cell card " + (f"face-up v-{band(card)}" if card is not None else "face-down")
            body = card_face(card) if card is not None else tag("span", "", class_="back", aria_hidden="true")
            action = cell_action(mode, row, col) if mode else None
            if mode in ("flip", "discard") and card is not None:
                action = None if mode == "flip" else action      # a flip needs a face-down card
            if action is not None:
                legal = action in update["legal"]
                if mode == "take":
                    hint = t(lang, "act.take", card=card_name(lang, top))
                elif mode == "swap":
                    hint = t(lang, "act.swap", card=card_name(lang, drawn))
                else:
                    hint = t(lang, "act." + mode)
                cells.append(button(body, action, testid, cls + (" playable" if legal else ""),
                                    aria_label=f"{where}: {shown} — {hint}", data_card=card))
            else:
                cells.append(tag("span", body, class_=cls, data_testid=testid, role="img",
                                 aria_label=f"{where}: {shown}", data_card=card))
    gone = sum(1 for column in grid if column is None)
    note = tag("span", escape(t(lang, "gone_count", n=gone)), class_="sr-only") if gone else ""
    name = t(lang, "my_grid") if seat == update["seat"] else t(lang, "grid", name=player_name(lang, update, seat))
    return tag("div", "".join(cells) + note, class_="grid" + (" small" if small else ""),
               data_testid=f"grid-{seat}", role="group", aria_label=name)


def seat_info(update: dict, lang: str, seat: int) -> str:
    view = update["view"]
    bits = [tag("span", escape(t(lang, "total", n=view["scores"][seat])), class_="score", data_testid=f"score-{seat}"),
            tag("span", escape(t(lang, "visible", n=visible_sum(view["grids"][seat]))), class_="visible")]
    if view["phase"] == "reveal" and view["to_flip"][seat]:
        bits.append(tag("span", escape(t(lang, "to_flip", n=view["to_flip"][seat])), class_="to-flip"))
    if view["closer"] == seat:
        bits.append(tag("span", t(lang, "closer_badge"), class_="badge closer", data_testid=f"closer-{seat}"))
    return tag("span", "".join(bits), class_="seat-info")


def render_opponents(update: dict, lang: str) -> str:
    view = update["view"]
    items = []
    for seat in others_around(view["players"], update["seat"]):        # in turn order from my left
        cls = "seat" + (" on-turn" if seat == view["turn"] else "") + (" closer" if seat == view["closer"] else "")
        items.append(tag("li", tag("span", escape(player_name(lang, update, seat)), class_="name")
                         + render_grid(update, lang, seat, None, True) + seat_info(update, lang, seat),
                         class_=cls, data_testid=f"seat-{seat}", data_key=f"seat-{seat}"))
    return tag("ul", "".join(items), class_="opponents", data_testid="opponents")


def render_centre(update: dict, lang: str, ui: dict) -> str:
    view, legal = update["view"], update["legal"]
    me = update["seat"]
    mine = me is not None and view["turn"] == me
    mode = current_mode(view, ui)
    can_draw = "draw" in legal
    pile = draw_pile(view["draw_count"], can_draw, t(lang, "pile.draw", n=view["draw_count"]))
    top = view["top"]
    label = f"{t(lang, 'pile.discard')}: {card_name(lang, top)}" if top is not None else t(lang, "pile.discard")
    shown = (card_face(top) if top is not None else "") + pile_count(view.get("discard_count"))
    cls = "card big discard-pile" + (f" v-{band(top)}" if top is not None else "")
    version = view["version"]
    deep = depth(view.get("discard_count", 1))
    if mine and view["phase"] == "turn":
        discard = button(shown, f"ui:take:{version}", "discard-top", cls + (" playable selected" if mode == "take" else " playable"),
                         aria_label=f"{label} — {t(lang, 'take')}", data_card=top, data_depth=deep)
    elif mine and view["phase"] == "drawn":
        discard = button(shown, f"ui:discard:{version}", "discard-top", cls + (" selected" if mode == "discard" else ""),
                         aria_label=f"{label} — {t(lang, 'discard')}", data_card=top, data_depth=deep)
    else:
        discard = tag("div", shown, class_=cls, data_testid="discard-top", data_card=top, role="img", aria_label=label,
                      data_depth=deep)
    parts = [pile, discard]
    drawn = view["drawn"]
    if drawn is not None and view["turn"] is not None:
        whose = t(lang, "drawn") if view["turn"] == me else t(lang, "drawn_by", name=player_name(lang, update, view["turn"]))
        parts.append(tag("div", tag("span", escape(whose), class_="drawn-label")
                         + tag("div", card_face(drawn), class_=f"card big v-{band(drawn)}", role="img",
                               aria_label=f"{whose}: {card_name(lang, drawn)}"),
                         class_="drawn", data_testid="drawn-card", data_card=drawn))
    info = tag("span", escape(t(lang, "target", n=view["options"].get("target", 100))), class_="target")
    return tag("div", "".join(parts) + tag("div", info, class_="table-info"), class_="centre")


def status_text(update: dict, lang: str, ui: dict) -> str:
    view = update["view"]
    me = update["seat"]
    phase = view["phase"]
    if view["over"]:
        return t(lang, "result.title")
    if phase == "round_over":
        return t(lang, "st.round_over")
    if phase == "reveal":
        if me is not None and view["to_flip"][me]:
            left = view["to_flip"][me]
            return t(lang, "st.reveal", n=left) if left > 1 else t(lang, "st.reveal_one")
        return t(lang, "st.reveal_wait")
    if view["turn"] != me:
        return t(lang, "turn.other", name=player_name(lang, update, view["turn"]))
    mode = my_mode(update, ui)
    if phase == "turn":
        key = "st.take" if mode == "take" else "st.turn"
        return an(lang, t(lang, key, card=card_name(lang, view["top"])))
    return an(lang, t(lang, "st." + mode, card=card_name(lang, view["drawn"])))


def render_controls(update: dict, lang: str, ui: dict) -> str:
    view, legal = update["view"], update["legal"]
    me = update["seat"]
    version = view["version"]
    mode = my_mode(update, ui)
    buttons = []
    if me is not None and view["turn"] == me and view["phase"] == "turn":
        if "draw" in legal:
            buttons.append(button(t(lang, "draw_hint"), "draw", "btn-draw", "btn draw", aria_keyshortcuts="d"))
        buttons.append(button(t(lang, "take"), f"ui:take:{version}", "btn-take",
                              "btn take" + (" selected" if mode == "take" else ""), aria_pressed=str(mode == "take").lower()))
    elif me is not None and view["turn"] == me and view["phase"] == "drawn":
        buttons.append(button(t(lang, "swap"), f"ui:swap:{version}", "btn-swap",
                              "btn swap" + (" selected" if mode == "swap" else ""), aria_pressed=str(mode == "swap").lower()))
        buttons.append(button(t(lang, "discard"), f"ui:discard:{version}", "btn-discard",
                              "btn discard" + (" selected" if mode == "discard" else ""),
                              aria_pressed=str(mode == "discard").lower()))
    if current_mode(view, ui) in ("take", "discard"):
        buttons.append(button(t(lang, "cancel"), "ui:cancel", "btn-cancel", "btn cancel"))
    status = status_line(status_text(update, lang, ui), my_turn(update))
    notes = []
    if view["closer"] is not None and view["phase"] in ("turn", "drawn"):
        text = t(lang, "last_turn.you") if view["closer"] == me else \
            t(lang, "last_turn.other", name=player_name(lang, update, view["closer"]))
        notes.append(tag("p", escape(text), class_="note last-turn", data_testid="last-turn"))
    message = tag("p", escape(ui.get("message") or ""), class_="message", data_testid="message", role="alert")
    return tag("div", status + "".join(notes) + message + action_bar(buttons, lang), class_="controls")


def render_my_grid(update: dict, lang: str, ui: dict) -> str:
    view = update["view"]
    me = update["seat"]
    mine = my_turn(update)
    cls = "my-grid seat" + (" on-turn" if view["turn"] == me else "") + (" closer" if view["closer"] == me else "")
    return tag("div", tag("h2", t(lang, "my_grid"), class_="sr-only") + turn_badge(lang, mine)
               + render_grid(update, lang, me, my_mode(update, ui), False) + seat_info(update, lang, me),
               class_=cls + (" my-turn" if mine else ""), data_testid="my-grid")


# ----- the log ------------------------------------------------------------------------------------
SENTENCES = {
    "es": {"flipped": {"you": "Destapas un {card}", "they": "{name} destapa un {card}"},
           "drew_card": {"you": "Robas un {card}", "they": "{name} roba un {card}"},
           "discarded": {"you": "Descartas el {card}", "they": "{name} descarta el {card}"},
           "took": {"you": "Coges el {card} del descarte", "they": "{name} coge el {card} del descarte"},
           "swapped": {"you": "Colocas el {card} y tiras el {replaced}",
                       "they": "{name} coloca el {card} y tira el {replaced}"},
           "column_removed": {"you": "¡Completas una columna de {card} y la retiras!",
                              "they": "¡{name} completa una columna de {card} y la retira!"},
           "first_turn": {"you": "Empiezas tú", "they": "Empieza {name}"},
           "closed": {"you": "Has cerrado la ronda: todas tus cartas están destapadas",
                      "they": "{name} ha cerrado la ronda: todas sus cartas están destapadas"},
           "revealed": {"you": "Se destapan tus cartas: {cards}", "they": "Se destapan las cartas de {name}: {cards}"},
           "round_over.scores": "Fin de la ronda: {scores}",
           "round.closer": {"you": "Has cerrado la ronda", "they": "{name} ha cerrado la ronda"},
           "round.doubled": {"you": "No tenías la puntuación más baja en solitario: tus {points} puntos cuentan doble ({double})",
                             "they": "{name} no tenía la puntuación más baja en solitario: sus {points} puntos cuentan doble ({double})"},
           "round.kept": {"you": "Cerraste con la puntuación más baja: no se dobla",
                          "they": "{name} cerró con la puntuación más baja: no se dobla"},
           "round.not_positive": {"you": "Cerraste con {points}: cero o menos nunca se dobla",
                                  "they": "{name} cerró con {points}: cero o menos nunca se dobla"}},
    "en": {"flipped": {"you": "You turn up a {card}", "they": "{name} turns up a {card}"},
           "drew_card": {"you": "You draw a {card}", "they": "{name} draws a {card}"},
           "discarded": {"you": "You discard the {card}", "they": "{name} discards the {card}"},
           "took": {"you": "You take the discarded {card}", "they": "{name} takes the discarded {card}"},
           "swapped": {"you": "You place the {card} and throw away the {replaced}",
                       "they": "{name} places the {card} and throws away the {replaced}"},
           "column_removed": {"you": "You complete a column of {card} and remove it!",
                              "they": "{name} completes a column of {card} and removes it!"},
           "first_turn": {"you": "You start", "they": "{name} starts"},
           "closed": {"you": "You closed the round: all your cards are face up",
                      "they": "{name} closed the round: all their cards are face up"},
           "revealed": {"you": "Your cards are turned up: {cards}", "they": "{name}'s cards are turned up: {cards}"},
           "round_over.scores": "End of the round: {scores}",
           "round.closer": {"you": "You closed the round", "they": "{name} closed the round"},
           "round.doubled": {"you": "You were not strictly the lowest: your {points} points count double ({double})",
                             "they": "{name} was not strictly the lowest: their {points} points count double ({double})"},
           "round.kept": {"you": "You closed with the lowest score: not doubled",
                          "they": "{name} closed with the lowest score: not doubled"},
           "round.not_positive": {"you": "You closed with {points}: zero or less is never doubled",
                                  "they": "{name} closed with {points}: zero or less is never doubled"}},
}


def _card_line(key: str):
    return lambda e, u, lang: Line(key, {"card": card_name(lang, e["card"])}, e["seat"])


def _swapped(event: dict, update: dict, lang: str) -> Line:
    return Line("swapped", {"card": card_name(lang, event["card"]), "replaced": card_name(lang, event["replaced"])},
                event["seat"])


def _revealed(event: dict, update: dict, lang: str) -> Line:
    return Line("revealed", {"cards": ", ".join(card_name(lang, c[2]) for c in event["cells"])}, event["seat"])


def _round_over(event: dict, update: dict, lang: str) -> Line:
    name = names_of(update, lang)
    scores = ", ".join(f"{name(s).lower() if s == update['seat'] else name(s)} {v}"
                       for s, v in enumerate(event["round_scores"]))
    return Line("round_over.scores", {"scores": scores})


LOG = GameLog(card_name, SENTENCES, special={
    "flipped": _card_line("flipped"), "drew": _card_line("drew_card"), "discarded": _card_line("discarded"),
    "took": _card_line("took"), "column_removed": _card_line("column_removed"), "swapped": _swapped,
    "revealed": _revealed, "round_over": _round_over})


AN = re.compile(r"\ba (8|11|18)\b")


def an(lang: str, text: str | None) -> str | None:
    """English says "an 8", "an 11" (the cards are said as numbers)."""
    return AN.sub(r"an \1", text) if text and lang == "en" else text


def event_text(event: dict, update: dict, lang: str) -> str | None:
    """The log's sentence for one event, in ``lang`` and this seat's person (None: says nothing)."""
    return an(lang, LOG.text(event, update, lang))


# ----- rounds and the result ----------------------------------------------------------------------
def round_table(update: dict, lang: str, last: dict, testid: str) -> str:
    head = "".join(tag("th", t(lang, k), scope="col") for k in ("col.player", "col.points", "col.round", "col.total"))
    rows = [tag("tr", head)]
    for seat, points in enumerate(last["points"]):
        name = escape(player_name(lang, update, seat))
        if seat == last["closer"]:
            name += " " + tag("span", t(lang, "closer_badge"), class_="badge closer")
        scored = escape(str(last["round_scores"][seat]))
        if seat == last["closer"] and last["doubled"]:
            scored += " " + tag("span", t(lang, "doubled_mark"), class_="doubled", data_testid="doubled")
        rows.append(tag("tr", tag("td", name) + tag("td", str(points)) + tag("td", scored)
                        + tag("td", str(last["totals"][seat]))))
    caption = t(lang, "sheet.round_long", n=update["view"]["round"])
    return tag("table", tag("caption", caption) + "".join(rows), class_="scores", data_testid=testid)


def round_points(view: dict) -> list[int]:
    """Points each seat scored in the view's last round (the closer's doubled if it was)."""
    return list(view["last_round"]["round_scores"])


def closer_note(update: dict, lang: str, last: dict) -> str:
    closer = last["closer"]
    points = last["points"][closer]
    if last["doubled"]:
        why = Line("round.doubled", {"points": points, "double": last["round_scores"][closer]}, closer)
    elif points <= 0:
        why = Line("round.not_positive", {"points": points}, closer)
    else:
        why = Line("round.kept", {}, closer)
    return (tag("p", escape(LOG.say(Line("round.closer", {}, closer), update, lang)), data_testid="round-closer")
            + tag("p", escape(LOG.say(why, update, lang)), data_testid="closer-note"))


def goal_text(view: dict, lang: str) -> str:
    return t(lang, "sheet.lowest", n=view["options"].get("target", 100))


def render_round(update: dict, lang: str, ui: dict) -> str:
    view = update["view"]
    last = view["last_round"]
    body = closer_note(update, lang, last) + round_table(update, lang, last, "round-scores")
    rounds = record_round(ui.get("rounds") or [], view, round_points)
    body += score_sheet(update, lang, rounds, view["scores"], range(view["players"]), goal_text(view, lang))
    return round_dialog(update, lang, body)


def render_result(update: dict, lang: str, ui: dict) -> str:
    """The last round explained, then the round-by-round sheet (lowest total wins)."""
    view = update["view"]
    result = view["result"]
    body = ""
    if view.get("last_round"):
        body += closer_note(update, lang, view["last_round"]) + round_table(update, lang, view["last_round"],
                                                                            "round-scores")
    rounds = record_round(ui.get("rounds") or [], view, round_points)
    body += score_sheet(update, lang, rounds, result["scores"], range(view["players"]), goal_text(view, lang),
                        result["winners"])
    return result_dialog(update, lang, ui, result["winners"], body)
