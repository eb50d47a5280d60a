"""The Super Taki table (``taki``), rendered from one seat's update.

Same contract and habits as ``chupate_table``: pure functions returning HTML that holds only what the
update holds. A turn may shed several cards (Plus, TAKI runs, King), so the table shows the open run and
offers ``close`` (cierro Taki) and ``end`` (end the turn). Every colour also has a shape; a change colour
(and a Super TAKI on a King) opens a local colour chooser (``ui:color <card>``).
"""

from __future__ import annotations

from .chupate_table import COLOR_SHAPES
from .html import button, escape, tag
from .i18n import Catalog, t
from .cards import depth, direction, draw_pile, face, pile_count
from .hand import action_bar, card_keys, display_order, hand_box, my_turn, rank_order, spoken_label
from .log import LOG_OPEN, GameLog, Line
from .sheet import cards_left_table, result_dialog
from .shedding_table import (action_button, chooser, message_line, player_name, render_log,
                             seat_list, status_line, table_section)

GAME_ID = "taki"
COLORS = ("R", "B", "G", "Y")
COLOR_KEY = "taki_color"            # ui key: the card (CC or ST) whose colour is being chosen
KEYS = {"d": "draw", "c": "close", "e": "end", "u": "call", "b": "break"}
GLYPHS = {"S": "⊘", "R": "⇄", "+": "+", "T": "TAKI", "+2": "+2",
          "CC": "◐", "ST": "S·TAKI", "K": "♚", "+3": "+3", "X3": "✂+3"}
COLOURLESS = ("CC", "ST", "K", "+3", "X3")

TEXTS: dict[str, dict[str, str]] = {
    "es": {
        "rank.S": "stop", "rank.R": "cambio de sentido", "rank.+": "más", "rank.T": "TAKI", "rank.+2": "+2",
        "card.CC": "cambio de color", "card.ST": "Super TAKI", "card.K": "Rey", "card.+3": "+3",
        "card.X3": "rompe +3",
        "color.any": "Color: cualquiera (Rey)", "draw_pending": "Robar {n}", "accept3": "Aceptar el +3",
        "close": "¡Cierro Taki!", "end": "Terminar turno", "call": "¡Me queda una!", "break": "¡Rompe +3!",
        "choose_color": "Elige el color", "plus3": "+3 de {name} en juego",
        "run.mine": "TAKI abierto {shape} {color}: juega cartas de color {color} y ciérralo, o termina y déjalo abierto",
        "run.open": "TAKI abierto {shape} {color} (de {names}): se puede seguir con cartas de color {color}",
        "by_you": "ti",
        "status.taki": "Tu TAKI está abierto: juega {color} o pulsa «¡Cierro Taki!»",
        "status.plus": "Has jugado un más: juega una carta más que case, o roba",
        "status.king": "Rey: juega cualquier carta o termina el turno",
        "status.pending": "Te toca: responde con +2, +3 o Rey, o roba {n}",
        "status.plus3": "{name} ha tirado un +3: Rey, rompe +3, o acepta (los demás roban 3)",
        "status.close": "Puedes cerrar tu TAKI abierto antes de jugar",
        "status.break": "¡Puedes romper el +3 de {name}!",
        "status.call": "Te queda una carta: pulsa «¡Me queda una!»",
        "finishing": "sin cartas, esperando", "called": "¡me queda una!", "taki_user": "TAKI",
        "cards_left": "Cartas", "points": "Valor", "result.caption": "Cartas en la mano",
    },
    "en": {
        "rank.S": "stop", "rank.R": "change direction", "rank.+": "plus", "rank.T": "TAKI", "rank.+2": "+2",
        "card.CC": "change colour", "card.ST": "Super TAKI", "card.K": "King", "card.+3": "+3",
        "card.X3": "+3 breaker",
        "color.any": "Colour: any (King)", "draw_pending": "Draw {n}", "accept3": "Accept the +3",
        "close": "Close TAKI!", "end": "End turn", "call": "One card left!", "break": "Break +3!",
        "choose_color": "Choose the colour", "plus3": "{name}'s +3 is active",
        "run.mine": "TAKI open {shape} {color}: play {color} cards and close it, or end and leave it open",
        "run.open": "TAKI open {shape} {color} (by {names}): it may go on with {color}",
        "by_you": "you",
        "status.taki": "Your TAKI is open: play {color} or press “Close TAKI!”",
        "status.plus": "You played a plus: play one more matching card, or draw",
        "status.king": "King: play any card or end your turn",
        "status.pending": "Your turn: answer with +2, +3 or King, or draw {n}",
        "status.plus3": "{name} played a +3: King, break it, or accept (everyone else draws 3)",
        "status.close": "You may close your open TAKI before playing",
        "status.break": "You can break {name}'s +3!",
        "status.call": "One card left: press “One card left!”",
        "finishing": "out, waiting", "called": "one card left!", "taki_user": "TAKI",
        "cards_left": "Cards", "points": "Value", "result.caption": "Cards in hand",
    },
}

# Refusal codes of this engine, in this game's words (the app falls back to i18n.REFUSALS, then the message).
REFUSALS: dict[str, dict[str, str]] = {
    "es": {
        "not_your_turn": "no es tu turno: fuera de turno solo puedes decir «¡me queda una!» o romper un +3",
        "no_match": "esa carta no coincide en color, número ni símbolo",
        "must_play": "solo puedes robar si no tienes ninguna carta que jugar",
        "king_turn": "tras el Rey juega cualquier carta o termina el turno",
        "in_taki": "dentro de tu TAKI solo valen cartas de su color: sigue, ciérralo o termina",
        "pending_draw": "hay un +2 pendiente: responde con +2, +3 o Rey, o roba",
        "plus3_active": "hay un +3 en juego: Rey, rompe +3 o acéptalo robando",
        "use_break": "para romper el +3 pulsa «¡Rompe +3!»", "choose_color": "elige un color",
        "bad_color": "solo el cambio de color (o un Super TAKI sobre un Rey) elige color",
        "no_taki": "no hay ningún TAKI abierto", "not_a_taki_user": "solo puede cerrar el TAKI quien jugó en él",
        "cannot_end": "no hay nada que terminar: juega o roba",
        "cannot_call": "«¡me queda una!» se dice al acabar tu turno con una sola carta",
        "no_breaker": "no tienes ningún rompe +3", "nothing_to_break": "no hay ningún +3 que romper",
    },
    "en": {
        "not_your_turn": "it is not your turn: out of turn you may only call “one card left” or break a +3",
        "no_match": "that card matches neither the colour, the number nor the symbol",
        "must_play": "you may draw only when no card in your hand can be played",
        "king_turn": "after a King play any card or end your turn",
        "in_taki": "inside your TAKI only its colour may follow: go on, close it or end",
        "pending_draw": "a +2 is pending: answer with +2, +3 or King, or draw",
        "plus3_active": "a +3 is active: King, break it, or accept it by drawing",
        "use_break": "to break the +3 press “Break +3!”", "choose_color": "choose a colour",
        "bad_color": "only a change colour (or a Super TAKI on a King) chooses a colour",
        "no_taki": "there is no open TAKI", "not_a_taki_user": "only a player who played on the TAKI may close it",
        "cannot_end": "there is nothing to end: play or draw",
        "cannot_call": "“one card left” is called at the end of your turn holding one card",
        "no_breaker": "you hold no +3 breaker", "nothing_to_break": "there is no +3 to break",
    },
}


CATALOG = Catalog(TEXTS, REFUSALS)
refusal_text = CATALOG.refusal  # a refusal in this game's words, else the shared text, else the engine's
tx = CATALOG.t                  # this game's text for a key, else the shared i18n.t text


def coloured(card: str) -> bool:
    return card not in COLOURLESS


def card_name(lang: str, card: str) -> str:
    """A card read aloud: ``rojo 7``, ``azul TAKI``, ``cambio de color``, ``red +3 breaker``."""
    if not coloured(card):
        return tx(lang, "card." + card)
    rank = card[1:]
    return f"{t(lang, card[0])} {rank if rank.isdigit() else tx(lang, 'rank.' + rank)}"


def color_text(lang: str, color: str) -> str:
    return f"{COLOR_SHAPES[color]} {t(lang, color)}"


def card_face(card: str) -> str:
    rank = card if not coloured(card) else card[1:]
    glyph = GLYPHS.get(rank, rank)
    shape = COLOR_SHAPES.get(card[0], "") if coloured(card) else ""
    cls = "rank" + (" word" if len(glyph) > 3 else "")
    return face(tag("span", escape(glyph), class_=cls) + tag("span", shape, class_="shape", aria_hidden="true"),
                glyph if len(glyph) <= 3 else glyph[0], shape)


def card_class(card: str) -> str:
    return f"card c-{card[0]}" if coloured(card) else f"card c-W k-{card.replace('+', 'p')}"


# ----- the table -------------------------------------------------------------------------------------
def render_table(update: dict, lang: str, ui: dict) -> str:
    """The whole table for ``update``; ``ui`` holds local state (the colour being chosen, message, log)."""
    view = update["view"]
    parts = [render_seats(update, lang), render_centre(update, lang, ui), render_controls(update, lang, ui)]
    if update["seat"] is not None:
        parts.append(render_hand(update, lang, ui))
    parts.append(render_log(ui.get("log", []), lang, update, event_text, ui.get(LOG_OPEN)))
    if view["over"] and view.get("result"):
        parts.append(render_result(update, lang, ui))
    return table_section(parts, GAME_ID, view)


def render_seats(update: dict, lang: str) -> str:
    view = update["view"]
    taki_users = view["taki"]["users"] if view.get("taki") else []

    def extra(seat: int) -> tuple[str, str]:
        badges = []
        if seat in view.get("finishing", []):
            badges.append(tx(lang, "finishing"))
        if view["called"] == seat:
            badges.append(tx(lang, "called"))
        if seat in taki_users:
            badges.append(tx(lang, "taki_user"))
        html = "".join(tag("span", escape(b), class_="badge") for b in badges)
        return html, "exposed" if view["exposed"] == seat else ""

    return seat_list(update, lang, extra)


def render_centre(update: dict, lang: str, ui: dict) -> str:
    view, legal = update["view"], update["legal"]
    top = view["top"]
    pile = draw_pile(view["draw_count"], "draw" in legal, t(lang, "pile.draw", n=view["draw_count"]))
    color = view["color"]
    discard = tag("div", card_face(top) + pile_count(view.get("discard_count")), class_=card_class(top) + f" big wild-{color}",
                  data_depth=depth(view.get("discard_count", 1)), data_testid="discard-top",
                  data_card=top, role="img", aria_label=f"{t(lang, 'pile.discard')}: {card_name(lang, top)}")
    if color:
        chip = tag("span", f"{t(lang, 'color')}: {color_text(lang, color)}", class_=f"color-chip c-{color}",
                   data_testid="current-color", data_color=color)
    else:
        chip = tag("span", tx(lang, "color.any"), class_="color-chip any", data_testid="current-color", data_color="")
    info = [chip, direction(lang, view["direction"])]
    if view["pending"]:
        info.append(tag("span", escape(t(lang, "pending", n=view["pending"])), class_="pending", data_testid="pending"))
    if view["plus3_by"] is not None:
        info.append(tag("span", escape(tx(lang, "plus3", name=player_name(lang, update, view["plus3_by"]))),
                        class_="pending", data_testid="plus3", data_seat=view["plus3_by"]))
    if ui.get("timer") is not None:
        info.append(tag("span", t(lang, "timer", n=ui["timer"]), class_="timer", data_testid="turn-timer"))
    return tag("div", pile + discard + tag("div", "".join(info), class_="table-info"), class_="centre")


def render_run(update: dict, lang: str) -> str:
    """The open TAKI (``taki-run``): its colour, who played on it, what may follow."""
    view = update["view"]
    run = view.get("taki")
    if not run:
        return ""
    color = run["color"]
    mine = view["phase"] == "taki" and view["turn"] == update["seat"]
    key = "run.mine" if mine else "run.open"
    text = tx(lang, key, shape=COLOR_SHAPES[color], color=t(lang, color),
              names=", ".join(tx(lang, "by_you") if s == update["seat"] else player_name(lang, update, s)
                              for s in run["users"]))
    return tag("p", escape(text), class_=f"taki-run c-{color}", data_testid="taki-run", data_color=color,
               data_mine="1" if mine else "0", aria_live="polite")


def status_text(update: dict, lang: str) -> str:
    view, me, legal = update["view"], update["seat"], update["legal"]
    if view["over"]:
        return t(lang, "result.title")
    if view["turn"] != me:
        if "break" in legal:
            return tx(lang, "status.break", name=player_name(lang, update, view["plus3_by"]))
        if "call" in legal:
            return tx(lang, "status.call")
        return t(lang, "turn.other", name=player_name(lang, update, view["turn"]))
    phase = view["phase"]
    if phase == "taki":
        return tx(lang, "status.taki", color=color_text(lang, view["taki"]["color"]))
    if phase == "plus":
        return tx(lang, "status.plus")
    if phase == "king":
        return tx(lang, "status.king")
    if view["pending"]:
        return tx(lang, "status.pending", n=view["pending"])
    if view["plus3_by"] is not None:
        return tx(lang, "status.plus3", name=player_name(lang, update, view["plus3_by"]))
    if "close" in legal:
        return tx(lang, "status.close")
    return t(lang, "turn.you")


def render_controls(update: dict, lang: str, ui: dict) -> str:
    view, legal = update["view"], update["legal"]
    me = update["seat"]
    if view["pending"]:
        draw_label = tx(lang, "draw_pending", n=view["pending"])
    elif view["plus3_by"] is not None and view["turn"] == me:
        draw_label = tx(lang, "accept3")
    else:
        draw_label = t(lang, "draw")
    buttons = [action_button(draw_label, "draw", legal, "D"),
               action_button(tx(lang, "close"), "close", legal, "C"),
               action_button(tx(lang, "end"), "end", legal, "E"),
               action_button(tx(lang, "call"), "call", legal, "U")]
    if "break" in legal:              # offered only to a seat holding a breaker while a +3 is active
        buttons.insert(0, action_button(tx(lang, "break"), "break", legal, "B", cls="primary"))
    choosing = ui.get(COLOR_KEY)
    color_box = render_color_chooser(choosing, lang) if choosing and choosing in (view.get("hand") or []) else ""
    return tag("div", status_line(status_text(update, lang), my_turn(update)) + render_run(update, lang) + message_line(ui)
               + color_box + action_bar(buttons, lang), class_="controls")


def render_color_chooser(card: str, lang: str) -> str:
    options = [(f"{COLOR_SHAPES[c]} {escape(t(lang, c))}", f"play {card} color:{c}", f"color-{c}", f"color-btn c-{c}")
               for c in COLORS]
    return chooser(tx(lang, "choose_color") + f" ({card_name(lang, card)})", options, "color-chooser",
                   "ui:cancel", lang)


def hand_action(card: str, legal: set[str]) -> tuple[str, bool]:
    """The action a card's button sends and whether it is a legal move now."""
    if card in ("CC", "ST") and any(a.startswith(f"play {card} color:") for a in legal):
        return f"ui:color {card}", True
    if card == "X3" and "break" in legal:
        return "break", True
    action = f"play {card}"
    return action, action in legal


def render_hand(update: dict, lang: str, ui: dict) -> str:
    legal = set(update["legal"])
    hand = update["view"]["hand"]
    keys = card_keys(hand)
    cards = []
    for i in display_order(hand, ui.get("sort"), color_key, number_key):
        card = hand[i]
        action, playable = hand_action(card, legal)
        cls = card_class(card) + (" playable" if playable else "") + (" chosen" if ui.get(COLOR_KEY) == card else "")
        glyph = GLYPHS.get(card[1:] if coloured(card) else card, card[1:])
        label = spoken_label(glyph, card_name(lang, card)) + (f" ({t(lang, 'playable')})" if playable else "")
        cards.append(button(card_face(card), action, f"card-{card}", cls, aria_label=label, data_index=i,
                            data_key=keys[i]))
    return hand_box(lang, cards, ui.get("sort"), mine=my_turn(update))


RANK_PLACE = rank_order(("S", "R", "+", "T", "+2", "CC", "ST", "K", "+3", "X3"))


def color_key(card: str) -> tuple:
    return (COLORS.index(card[0]) if coloured(card) else len(COLORS),)


def number_key(card: str) -> tuple:
    return (RANK_PLACE(card[1:] if coloured(card) else card),)


def local_action(ui: dict, action: str) -> None:
    """``ui:color <card>`` opens the colour chooser for a change colour / Super TAKI; ``ui:cancel`` closes it."""
    if action.startswith("ui:color "):
        ui[COLOR_KEY] = action.split(" ", 1)[1]
        ui["message"] = ""
    elif action == "ui:cancel":
        ui[COLOR_KEY] = None


def render_result(update: dict, lang: str, ui: dict) -> str:
    """A quick game: the winner and everybody's cards left (and what they are worth)."""
    result = update["view"]["result"]
    body = cards_left_table(update, lang, result["cards_left"], result["hand_points"], result["winners"])
    return result_dialog(update, lang, ui, result["winners"], body)


# ----- the log ---------------------------------------------------------------------------------------
SENTENCES = {
    "es": {"taki_opened": {"you": "Abres un TAKI {color}", "they": "{name} abre un TAKI {color}"},
           "taki_closed": {"you": "Cierras el TAKI: «¡cierro Taki!»", "they": "{name} cierra el TAKI: «¡cierro Taki!»"},
           "taki_closed.unfired": {"you": "Cierras el TAKI sin efecto", "they": "{name} cierra el TAKI sin efecto"},
           "taki_left_open": {"you": "Dejas el TAKI {color} abierto", "they": "{name} deja el TAKI {color} abierto"},
           "turn_ended": {"you": "Terminas el turno", "they": "{name} termina el turno"},
           "broke": {"you": "Rompes el +3 de {other}", "they": "{name} rompe el +3 de {other}",
                     "they_you": "{name} rompe tu +3", "you_self": "Rompes tu propio +3",
                     "they_self": "{name} rompe su propio +3"},
           "penalty": {"you": "Castigo: robas 4 cartas por no decir «¡me queda una!»",
                       "they": "Castigo para {name}: 4 cartas por no decir «¡me queda una!»"}},
    "en": {"taki_opened": {"you": "You open a {color} TAKI", "they": "{name} opens a {color} TAKI"},
           "taki_closed": {"you": "You close the TAKI: “close TAKI!”", "they": "{name} closes the TAKI: “close TAKI!”"},
           "taki_closed.unfired": {"you": "You close the TAKI without effect",
                                   "they": "{name} closes the TAKI without effect"},
           "taki_left_open": {"you": "You leave the {color} TAKI open", "they": "{name} leaves the {color} TAKI open"},
           "turn_ended": {"you": "You end your turn", "they": "{name} ends the turn"},
           "broke": {"you": "You break {other}'s +3", "they": "{name} breaks {other}'s +3",
                     "they_you": "{name} breaks your +3", "you_self": "You break your own +3",
                     "they_self": "{name} breaks their own +3"},
           "penalty": {"you": "Penalty: you draw 4 cards for not calling “one card left”",
                       "they": "Penalty for {name}: 4 cards for not calling “one card left”"}},
}


def _played(event: dict, update: dict, lang: str) -> Line:
    card = card_name(lang, event["card"])
    if event.get("color"):
        return Line("played_color", {"card": card, "color": color_text(lang, event["color"])}, event["seat"])
    return Line("played", {"card": card}, event["seat"])


def _coloured(event: dict, update: dict, lang: str) -> Line:
    return Line(event["type"], {"color": color_text(lang, event["color"])}, event["seat"])


def _closed(event: dict, update: dict, lang: str) -> Line:
    return Line("taki_closed" if event.get("fired") else "taki_closed.unfired", {}, event["seat"])


LOG = GameLog(card_name, SENTENCES, call={"es": "¡me queda una!", "en": "one card left!"},
              special={"played": _played, "taki_opened": _coloured, "taki_left_open": _coloured,
                       "taki_closed": _closed, "penalty": lambda e, u, lang: Line("penalty", {}, e["seat"]),
                       "broke": lambda e, u, lang: Line("broke", {}, e["seat"], e.get("target"))})


def event_text(event: dict, update: dict, lang: str) -> str | None:
    """The log's sentence for one event, in ``lang`` and this seat's person (None: says nothing)."""
    return LOG.text(event, update, lang)
