"""The Chúpate 2 table, rendered from one seat's update (view + legal actions + events).

Pure functions returning HTML: the DOM only ever holds what the update holds, and the update holds
only what the seat may see. Each card is a button whose ``data-action`` is the action it sends.
"""

from __future__ import annotations

from .cards import depth, direction, draw_pile, face, pile_count, seat_backs
from .html import button, escape, tag
from .i18n import Catalog, t
from .hand import (action_bar, card_keys, display_order, hand_box, my_turn, others_around, player_name, rank_order,
                   spoken_label, status_line)
from .log import LOG_OPEN, GameLog, Line, render_log
from .shedding_table import chooser
from .sheet import cards_left_table, record_round, result_dialog, round_dialog, score_sheet

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
    label = spoken_label(RANK_GLYPHS.get(rank, rank), card_name(lang, card)) + (f" ({t(lang, 'playable')})" if playable else "")
    return button(card_face(card), action, f"card-{card}", cls, aria_label=label, data_index=index,
                  data_key=key or card)


def render_table(update: dict, lang: str, ui: dict) -> str:
    """The whole table for ``update``; ``ui`` holds local choices (picking a wild's colour, a message...)."""
    view, legal = update["view"], set(update["legal"])
    me = update["seat"]
    parts = [render_opponents(update, lang), render_centre(update, lang, ui), render_controls(update, lang, ui)]
    if me is not None:
        parts.append(render_hand(update, lang, ui))
    parts.append(render_log(ui.get("log", []), lang, update, event_text, ui.get(LOG_OPEN)))
    if view["phase"] == "round_over" and view.get("last_round"):
        parts.append(render_round(update, lang, ui))
    if view["over"] and view.get("result"):
        parts.append(render_result(update, lang, ui))
    return tag("section", "".join(parts), class_="table chupate", data_testid="table",
               data_phase=view["phase"], data_turn=view["turn"], data_version=view["version"])


def render_opponents(update: dict, lang: str) -> str:
    view = update["view"]
    items = []
    for seat in others_around(len(view["counts"]), update["seat"]):     # from my left, so the arrows are right
        count = view["counts"][seat]
        name = player_name(lang, update, seat)
        cls = "seat" + (" on-turn" if seat == view["turn"] else "")
        count_text = t(lang, "card1") if count == 1 else t(lang, "cards", n=count)
        backs = seat_backs(count)
        items.append(tag("li", tag("span", escape(name), class_="name") + backs
                         + tag("span", escape(count_text), class_="count", data_testid=f"count-{seat}"),
                         class_=cls, data_testid=f"seat-{seat}", data_key=f"seat-{seat}"))
    return tag("ul", "".join(items), class_="opponents", data_testid="opponents", data_direction=view["direction"])


def render_centre(update: dict, lang: str, ui: dict) -> str:
    view = update["view"]
    legal = update["legal"]
    top = view["top"]
    draw_label = t(lang, "pile.draw", n=view["draw_count"])
    draw_action = "draw" if "draw" in legal else None
    pile = draw_pile(view["draw_count"], bool(draw_action), draw_label)
    discard = tag("div", card_face(top, view["color"]) + pile_count(view.get("discard_count")),
                  class_=f"card big c-{top[0]} wild-{view['color']}", data_depth=depth(view.get("discard_count", 1)),
                  data_testid="discard-top", data_card=top, role="img",
                  aria_label=f"{t(lang, 'pile.discard')}: "
                  + spoken_label(RANK_GLYPHS.get(top if top[0] == "W" else top[1:], top[1:]), card_name(lang, top)))
    info = [tag("span", escape(f"{t(lang, 'color')}: {COLOR_SHAPES[view['color']]} {t(lang, view['color'])}"),
                class_=f"color-chip c-{view['color']}", data_testid="current-color", data_color=view["color"]),
            direction(lang, view["direction"])]
    if view["pending"]:
        info.append(tag("span", escape(t(lang, "pending", n=view["pending"])), class_="pending", data_testid="pending"))
    if ui.get("timer") is not None:
        info.append(tag("span", t(lang, "timer", n=ui["timer"]), class_="timer", data_testid="turn-timer"))
    return tag("div", pile + discard + tag("div", "".join(info), class_="table-info"), class_="centre")


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
    status = status_line(status_text(update, lang), my_turn(update))
    notes = []
    if view["exposed"] is not None and view["exposed"] != update["seat"] and "denounce" in legal:
        notes.append(tag("p", escape(t(lang, "exposed", name=player_name(lang, update, view["exposed"]))),
                         class_="note"))
    message = tag("p", escape(ui.get("message") or ""), class_="message", data_testid="message", role="alert")
    chooser = render_color_chooser(ui.get("wild"), legal, lang) if ui.get("wild") else ""
    return tag("div", status + "".join(notes) + message + chooser + action_bar(buttons, lang), class_="controls")


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
    hand = update["view"]["hand"]
    keys = card_keys(hand)
    cards = []
    for i in display_order(hand, ui.get("sort"), color_key, number_key):
        card = hand[i]
        if card[0] == "W":
            playable = any(a.startswith(f"play {card} color:") for a in legal)
            action = f"wild {card}"
        else:
            action = f"play {card}"
            playable = action in legal
        cards.append(card_button(lang, card, action, playable, i, keys[i]))
    return hand_box(lang, cards, ui.get("sort"), mine=my_turn(update))


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


def round_points(view: dict) -> list[int]:
    """Points each seat scored in the view's last round: the winner scores the others' cards."""
    last = view["last_round"]
    return [last["points"] if s == last["winner"] else 0 for s in range(view["players"])]


def goal_text(view: dict, lang: str) -> str:
    return t(lang, "sheet.target", n=view["options"]["target"])


def render_round(update: dict, lang: str, ui: dict) -> str:
    view = update["view"]
    last = view["last_round"]
    body = tag("p", escape(LOG.say(Line("round_over", {"points": last["points"]}, last["winner"]), update, lang)),
               data_testid="round-winner")
    rounds = record_round(ui.get("rounds") or [], view, round_points)
    body += score_sheet(update, lang, rounds, view["scores"], range(view["players"]), goal_text(view, lang))
    return round_dialog(update, lang, body)


def render_result(update: dict, lang: str, ui: dict) -> str:
    """Quick game: the winner and everybody's cards left; points game: the round-by-round sheet."""
    view = update["view"]
    result = view["result"]
    winners = result["winners"]
    last = view.get("last_round") or {}
    if view["options"].get("quick"):
        body = cards_left_table(update, lang, view["counts"], last.get("hand_points"), winners)
    else:
        rounds = record_round(ui.get("rounds") or [], view, round_points)
        body = score_sheet(update, lang, rounds, result["scores"], range(view["players"]), goal_text(view, lang),
                           winners)
    return result_dialog(update, lang, ui, winners, body)
