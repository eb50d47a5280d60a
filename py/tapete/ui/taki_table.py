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
from .cards import direction, discard_top, face
from .hand import hand_box, hand_cards, my_turn, playable_label, rank_order
from .log import GameLog, Line
from .sheet import cards_left_table, result_dialog
from .shedding_table import (action_button, centre_box, chooser, chooser_action, controls_box, player_name,
                             seat_list, table_html)

GAME_ID = "taki"
COLORS = ("R", "B", "G", "Y")
COLOR_KEY = "taki_color"            # ui key: the card (CC or ST) whose colour is being chosen
KEYS = {"d": "draw", "c": "close", "e": "end", "u": "call", "b": "break"}
GLYPHS = {"S": "⊘", "R": "⇄", "+": "+", "T": "TAKI", "+2": "+2",
          "CC": "◐", "ST": "S·TAKI", "K": "♚", "+3": "+3", "X3": "✂+3"}
COLOURLESS = ("CC", "ST", "K", "+3", "X3")

CATALOG = Catalog.of(GAME_ID)      # its part of text/<lang>.json
TEXTS, REFUSALS, SENTENCES = CATALOG.texts, CATALOG.refusals, CATALOG.sentences
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
    return table_html(update, lang, ui, GAME_ID, (render_seats, render_centre, render_controls, render_hand),
                      event_text, result=render_result)


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
    view = update["view"]
    top = view["top"]
    color = view["color"]
    discard = discard_top(lang, view, card_face(top), card_class(top) + f" big wild-{color}", card_name(lang, top))
    if color:
        chip = tag("span", f"{t(lang, 'color')}: {color_text(lang, color)}", class_=f"color-chip c-{color}",
                   data_testid="current-color", data_color=color)
    else:
        chip = tag("span", tx(lang, "color.any"), class_="color-chip any", data_testid="current-color", data_color="")
    plus3 = []
    if view["plus3_by"] is not None:
        plus3.append(tag("span", escape(tx(lang, "plus3", name=player_name(lang, update, view["plus3_by"]))),
                         class_="pending", data_testid="plus3", data_seat=view["plus3_by"]))
    return centre_box(lang, update, ui, discard, [chip, direction(lang, view["direction"])], plus3)


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
    return controls_box(lang, ui, status_text(update, lang), my_turn(update), buttons, render_run(update, lang), color_box)


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

    def card(i: int, card: str, key: str) -> str:
        action, playable = hand_action(card, legal)
        cls = card_class(card) + (" playable" if playable else "") + (" chosen" if ui.get(COLOR_KEY) == card else "")
        glyph = GLYPHS.get(card[1:] if coloured(card) else card, card[1:])
        label = playable_label(lang, glyph, card_name(lang, card), playable)
        return button(card_face(card), action, f"card-{card}", cls, aria_label=label, data_index=i, data_key=key)
    return hand_box(lang, hand_cards(update, ui, color_key, number_key, card), ui.get("sort"), mine=my_turn(update))


RANK_PLACE = rank_order(("S", "R", "+", "T", "+2", "CC", "ST", "K", "+3", "X3"))


def color_key(card: str) -> tuple:
    return (COLORS.index(card[0]) if coloured(card) else len(COLORS),)


def number_key(card: str) -> tuple:
    return (RANK_PLACE(card[1:] if coloured(card) else card),)


local_action = chooser_action("color", COLOR_KEY)  # ``ui:color <card>``: the colour of a change colour / Super TAKI


def render_result(update: dict, lang: str, ui: dict) -> str:
    """A quick game: the winner and everybody's cards left (and what they are worth)."""
    result = update["view"]["result"]
    body = cards_left_table(update, lang, result["cards_left"], result["hand_points"], result["winners"])
    return result_dialog(update, lang, ui, result["winners"], body)


# ----- the log ---------------------------------------------------------------------------------------


def _played(event: dict, update: dict, lang: str) -> Line:
    card = card_name(lang, event["card"])
    if event.get("color"):
        return Line("played_color", {"card": card, "color": color_text(lang, event["color"])}, event["seat"])
    return Line("played", {"card": card}, event["seat"])


def _coloured(event: dict, update: dict, lang: str) -> Line:
    return Line(event["type"], {"color": color_text(lang, event["color"])}, event["seat"])


def _closed(event: dict, update: dict, lang: str) -> Line:
    return Line("taki_closed" if event.get("fired") else "taki_closed.unfired", {}, event["seat"])


LOG = GameLog(card_name, SENTENCES, call=CATALOG.call,
              special={"played": _played, "taki_opened": _coloured, "taki_left_open": _coloured,
                       "taki_closed": _closed, "penalty": lambda e, u, lang: Line("penalty", {}, e["seat"]),
                       "broke": lambda e, u, lang: Line("broke", {}, e["seat"], e.get("target"))})


def event_text(event: dict, update: dict, lang: str) -> str | None:
    """The log's sentence for one event, in ``lang`` and this seat's person (None: says nothing)."""
    return LOG.text(event, update, lang)
