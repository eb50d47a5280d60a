"""The Chúpate 2 table, rendered from one seat's update (view + legal actions + events).

Pure functions returning HTML: the DOM only ever holds what the update holds, and the update holds
only what the seat may see. Each card is a button whose ``data-action`` is the action it sends.
"""

from __future__ import annotations

from .cards import direction, discard_top, face
from .html import button, escape, tag
from .i18n import Catalog, t
from .hand import hand_box, hand_cards, my_turn, player_name, playable_label, rank_order, spoken_label
from .log import GameLog, Line
from .shedding_table import centre_box, chooser, controls_box, seat_list, table_html
from .sheet import cards_left_table, result_dialog, result_sheet, round_sheet, winner_points

COLOR_SHAPES = {"R": "●", "B": "■", "G": "▲", "Y": "★"}   # a shape per colour: colour-blind safe
RANK_GLYPHS = {"S": "⊘", "R": "⇄", "+2": "+2", "W": "★", "W+4": "+4"}
COLORS = ("R", "B", "G", "Y")


def card_name(lang: str, card: str) -> str:
    """A card read aloud: ``rojo 7``, ``azul chúpate 2``, ``comodín +4``."""
    if card[0] == "W":
        return t(lang, "card." + card)
    rank = card[1:]
    rank_text = rank if rank.isdigit() else t(lang, "card." + rank)
    return f"{t(lang, card[0])} {rank_text}"


def card_face(card: str, color: str | None = None) -> str:
    rank = card if card[0] == "W" else card[1:]
    shown = color if card[0] == "W" else card[0]
    glyph = RANK_GLYPHS.get(rank, rank)
    shape = COLOR_SHAPES.get(shown, "")
    return face(tag("span", escape(glyph), class_="rank") + tag("span", shape, class_="shape", aria_hidden="true"),
                glyph, shape)


def card_button(lang: str, card: str, action: str, playable: bool, index: int, key: str | None = None) -> str:
    cls = f"card c-{card[0]}" + (" playable" if playable else "")
    rank = card if card[0] == "W" else card[1:]
    label = playable_label(lang, RANK_GLYPHS.get(rank, rank), card_name(lang, card), playable)
    return button(card_face(card), action, f"card-{card}", cls, aria_label=label, data_index=index,
                  data_key=key or card)


def render_table(update: dict, lang: str, ui: dict) -> str:
    """The whole table for ``update``; ``ui`` holds local choices (picking a wild's colour, a message...)."""
    return table_html(update, lang, ui, "chupate", (render_opponents, render_centre, render_controls, render_hand),
                      event_text, render_round, render_result)


def render_opponents(update: dict, lang: str) -> str:
    """The other seats (marked on turn even at the end of a round: the turn stays with the winner)."""
    return seat_list(update, lang, on_turn=lambda seat: seat == update["view"]["turn"])


def render_centre(update: dict, lang: str, ui: dict) -> str:
    view = update["view"]
    top = view["top"]
    discard = discard_top(lang, view, card_face(top, view["color"]), f"card big c-{top[0]} wild-{view['color']}",
                          spoken_label(RANK_GLYPHS.get(top if top[0] == "W" else top[1:], top[1:]), card_name(lang, top)))
    info = [tag("span", escape(f"{t(lang, 'color')}: {COLOR_SHAPES[view['color']]} {t(lang, view['color'])}"),
                class_=f"color-chip c-{view['color']}", data_testid="current-color", data_color=view["color"]),
            direction(lang, view["direction"])]
    return centre_box(lang, update, ui, discard, info)


def status_text(update: dict, lang: str) -> str:
    view = update["view"]
    if view["over"]:
        return t(lang, "result.title")
    if view["phase"] == "wild4" and view["turn"] == update["seat"]:
        by = (view["turn"] - view["direction"]) % view["players"]
        return t(lang, "wild4.pending", name=player_name(lang, update, by))
    if view["turn"] == update["seat"]:
        return t(lang, "turn.you")
    return t(lang, "turn.other", name=player_name(lang, update, view["turn"]))


def render_controls(update: dict, lang: str, ui: dict) -> str:
    view, legal = update["view"], update["legal"]
    buttons = []
    if view["pending"] and "draw" in legal:
        buttons.append(button(t(lang, "draw_pending", n=view["pending"]), "draw", "btn-draw"))
    elif view["phase"] == "wild4" and "draw" in legal:
        buttons.append(button(t(lang, "accept4"), "draw", "btn-draw"))
    elif "draw" in legal:
        buttons.append(button(t(lang, "draw") + " (D)", "draw", "btn-draw"))
    for action, key, hotkey in (("pass", "pass", "P"), ("ultima", "ultima", "U"),
                                ("challenge", "challenge", "M"), ("denounce", "denounce", "N")):
        if action in legal:                 # only what makes sense now: the bar keeps its height
            buttons.append(button(f"{t(lang, key)} ({hotkey})", action, f"btn-{action}", "btn " + action,
                                  aria_keyshortcuts=hotkey.lower()))
    notes = []
    if view["exposed"] is not None and view["exposed"] != update["seat"] and "denounce" in legal:
        notes.append(tag("p", escape(t(lang, "exposed", name=player_name(lang, update, view["exposed"]))),
                         class_="note"))
    chooser = render_color_chooser(ui.get("wild"), legal, lang) if ui.get("wild") else ""
    return controls_box(lang, ui, status_text(update, lang), my_turn(update), buttons, "".join(notes), chooser)


def render_color_chooser(card: str, legal: list[str], lang: str) -> str:
    """The wild's colour choice (``color-chooser``): a button per colour and ``color-chooser-cancel``."""
    options = [(f"{COLOR_SHAPES[c]} {escape(t(lang, c))}", f"play {card} color:{c}", f"color-{c}", f"color-btn c-{c}")
               for c in COLORS if f"play {card} color:{c}" in legal]
    return chooser(f"{t(lang, 'choose_color')} ({card_name(lang, card)})", options, "color-chooser", "ui:cancel", lang)


def local_action(ui: dict, action: str) -> None:
    """``wild <card>`` opens the colour chooser (tapete.ui.app); ``ui:cancel`` closes it."""
    if action == "ui:cancel":
        ui["wild"] = None


RANK_PLACE = rank_order(("S", "R", "+2", "W", "W+4"))


def color_key(card: str) -> tuple:
    return ("RBGYW".index(card[0]),)


def number_key(card: str) -> tuple:
    return (RANK_PLACE(card if card[0] == "W" else card[1:]),)


def render_hand(update: dict, lang: str, ui: dict) -> str:
    legal = set(update["legal"])

    def card(i: int, card: str, key: str) -> str:
        if card[0] == "W":
            return card_button(lang, card, f"wild {card}", any(a.startswith(f"play {card} color:") for a in legal), i, key)
        return card_button(lang, card, f"play {card}", f"play {card}" in legal, i, key)
    return hand_box(lang, hand_cards(update, ui, color_key, number_key, card), ui.get("sort"), mine=my_turn(update))


def _challenged(event: dict, update: dict, lang: str) -> Line:
    return Line("challenged.bluff" if event["bluff"] else "challenged.honest", {}, event["seat"], event["target"])


def _round_over(event: dict, update: dict, lang: str) -> Line | None:
    """A points game says who won the round and what it scored; a quick game has no points (the
    "game over" line that follows says who won)."""
    if update["view"]["options"].get("quick"):
        return None
    return Line("round_over", {"points": event["points"]}, event["winner"])


CATALOG = Catalog.of("chupate")      # its part of text/<lang>.json: the log's sentences and the call
SENTENCES = CATALOG.sentences
LOG = GameLog(card_name, SENTENCES, call=CATALOG.call,
              special={"challenged": _challenged, "round_over": _round_over})


def event_text(event: dict, update: dict, lang: str) -> str | None:
    """The log's sentence for one event, in ``lang`` and this seat's person (None: says nothing)."""
    return LOG.text(event, update, lang)


round_points = winner_points     # the winner of a round scores the others' cards


def goal_text(view: dict, lang: str) -> str:
    return t(lang, "sheet.target", n=view["options"]["target"])


def render_round(update: dict, lang: str, ui: dict) -> str:
    last = update["view"]["last_round"]
    body = LOG.paragraph(Line("round_over", {"points": last["points"]}, last["winner"]), update, lang, "round-winner")
    return round_sheet(update, lang, ui, body, round_points, goal_text(update["view"], lang))


def render_result(update: dict, lang: str, ui: dict) -> str:
    """Quick game: the winner and everybody's cards left; points game: the round-by-round sheet."""
    view = update["view"]
    if not view["options"].get("quick"):
        return result_sheet(update, lang, ui, "", round_points, goal_text(view, lang))
    winners = view["result"]["winners"]
    body = cards_left_table(update, lang, view["counts"], (view.get("last_round") or {}).get("hand_points"), winners)
    return result_dialog(update, lang, ui, winners, body)
