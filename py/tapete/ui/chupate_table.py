"""The Chúpate 2 table, rendered from one seat's update (view + legal actions + events).

Pure functions returning HTML: the DOM only ever holds what the update holds, and the update holds
only what the seat may see. Each card is a button whose ``data-action`` is the action it sends.
"""

from __future__ import annotations

from .html import button, escape, tag
from .i18n import t
from .log import GameLog, Line, render_log

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
    return (tag("span", escape(glyph), class_="rank") + tag("span", shape, class_="shape", aria_hidden="true"))


def card_button(lang: str, card: str, action: str, playable: bool, index: int) -> str:
    cls = f"card c-{card[0]}" + (" playable" if playable else "")
    label = card_name(lang, card) + (f" ({t(lang, 'playable')})" if playable else "")
    return button(card_face(card), action, f"card-{card}", cls, aria_label=label, data_index=index)


def player_name(lang: str, update: dict, seat: int) -> str:
    if seat == update["seat"]:
        return t(lang, "you")
    names = update.get("names") or []
    return names[seat] if seat < len(names) and names[seat] else t(lang, "bot", n=seat)


def render_table(update: dict, lang: str, ui: dict) -> str:
    """The whole table for ``update``; ``ui`` holds local choices (picking a wild's colour, a message...)."""
    view, legal = update["view"], set(update["legal"])
    me = update["seat"]
    parts = [render_opponents(update, lang), render_centre(update, lang, ui), render_controls(update, lang, ui)]
    if me is not None:
        parts.append(render_hand(view, legal, lang))
    parts.append(render_log(ui.get("log", []), lang, update, event_text))
    if view["phase"] == "round_over" and view.get("last_round"):
        parts.append(render_round(update, lang, ui))
    if view["over"] and view.get("result"):
        parts.append(render_result(update, lang, ui))
    return tag("section", "".join(parts), class_="table chupate", data_testid="table",
               data_phase=view["phase"], data_turn=view["turn"], data_version=view["version"])


def render_opponents(update: dict, lang: str) -> str:
    view = update["view"]
    items = []
    for seat, count in enumerate(view["counts"]):
        if seat == update["seat"]:
            continue
        name = player_name(lang, update, seat)
        cls = "seat" + (" on-turn" if seat == view["turn"] else "")
        count_text = t(lang, "card1") if count == 1 else t(lang, "cards", n=count)
        backs = tag("span", "🂠" * min(count, 12), class_="backs", aria_hidden="true")
        items.append(tag("li", tag("span", escape(name), class_="name") + backs
                         + tag("span", count_text, class_="count", data_testid=f"count-{seat}"),
                         class_=cls, data_testid=f"seat-{seat}"))
    return tag("ul", "".join(items), class_="opponents", data_testid="opponents")


def render_centre(update: dict, lang: str, ui: dict) -> str:
    view = update["view"]
    legal = update["legal"]
    top = view["top"]
    draw_label = t(lang, "pile.draw", n=view["draw_count"])
    draw_action = "draw" if "draw" in legal else None
    pile = button(tag("span", str(view["draw_count"]), class_="pile-count"), draw_action or "draw",
                  "draw-pile", "pile draw-pile" + (" playable" if draw_action else ""), aria_label=draw_label)
    discard = tag("div", card_face(top, view["color"]), class_=f"card big c-{top[0]} wild-{view['color']}",
                  data_testid="discard-top", data_card=top, role="img",
                  aria_label=f"{t(lang, 'pile.discard')}: {card_name(lang, top)}")
    direction = t(lang, "direction.cw" if view["direction"] == 1 else "direction.ccw")
    info = [tag("span", f"{t(lang, 'color')}: {COLOR_SHAPES[view['color']]} {t(lang, view['color'])}",
                class_=f"color-chip c-{view['color']}", data_testid="current-color", data_color=view["color"]),
            tag("span", direction, data_testid="direction", data_direction=view["direction"])]
    if view["pending"]:
        info.append(tag("span", t(lang, "pending", n=view["pending"]), class_="pending", data_testid="pending"))
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
        buttons.append(button(f"{t(lang, key)} ({hotkey})", action, f"btn-{action}",
                              "btn " + action, disabled=action not in legal))
    status = tag("p", escape(status_text(update, lang)), class_="status", data_testid="status",
                 aria_live="polite")
    notes = []
    if view["exposed"] is not None and view["exposed"] != update["seat"] and "denounce" in legal:
        notes.append(tag("p", escape(t(lang, "exposed", name=player_name(lang, update, view["exposed"]))),
                         class_="note"))
    message = tag("p", escape(ui.get("message") or ""), class_="message", data_testid="message", role="alert")
    chooser = render_color_chooser(ui.get("wild"), legal, lang) if ui.get("wild") else ""
    return tag("div", status + "".join(notes) + message + chooser + tag("div", "".join(buttons), class_="actions"),
               class_="controls")


def render_color_chooser(card: str, legal: list[str], lang: str) -> str:
    options = []
    for c in COLORS:
        action = f"play {card} color:{c}"
        options.append(button(f"{COLOR_SHAPES[c]} {t(lang, c)}", action, f"color-{c}", f"btn color-btn c-{c}"))
    return tag("div", tag("p", t(lang, "choose_color")) + "".join(options), class_="color-chooser",
               data_testid="color-chooser", role="group", aria_label=t(lang, "choose_color"))


def render_hand(view: dict, legal: set, lang: str) -> str:
    cards = []
    for i, card in enumerate(view["hand"]):
        if card[0] == "W":
            playable = any(a.startswith(f"play {card} color:") for a in legal)
            action = f"wild {card}"
        else:
            action = f"play {card}"
            playable = action in legal
        cards.append(card_button(lang, card, action, playable, i))
    return tag("div", tag("h2", t(lang, "hand"), class_="sr-only") + "".join(cards), class_="hand",
               data_testid="hand", role="group", aria_label=t(lang, "hand"))


SENTENCES = {
    "es": {"challenged.bluff": {"you": "Pillas la mentira de {other}: roba 4", "they": "{name} pilla la mentira de {other}",
                                "they_you": "{name} pilla tu mentira: robas 4"},
           "challenged.honest": {"you": "Acusas a {other} sin razón", "they": "{name} acusa a {other} sin razón",
                                 "they_you": "{name} te acusa sin razón"}},
    "en": {"challenged.bluff": {"you": "You catch {other} bluffing: they draw 4", "they": "{name} catches {other} bluffing",
                                "they_you": "{name} catches you bluffing: you draw 4"},
           "challenged.honest": {"you": "You wrongly accuse {other}", "they": "{name} wrongly accuses {other}",
                                 "they_you": "{name} wrongly accuses you"}},
}


def _challenged(event: dict, update: dict, lang: str) -> Line:
    return Line("challenged.bluff" if event["bluff"] else "challenged.honest", {}, event["seat"], event["target"])


LOG = GameLog(card_name, SENTENCES, call={"es": "¡última!", "en": "last card!"},
              special={"challenged": _challenged})


def event_text(event: dict, update: dict, lang: str) -> str | None:
    """The log's sentence for one event, in ``lang`` and this seat's person (None: says nothing)."""
    return LOG.text(event, update, lang)


def scores_table(update: dict, lang: str, values: list[int]) -> str:
    rows = "".join(tag("tr", tag("td", escape(player_name(lang, update, s))) + tag("td", str(v)))
                   for s, v in enumerate(values))
    return tag("table", tag("caption", t(lang, "scores")) + rows, class_="scores", data_testid="scores")


def render_round(update: dict, lang: str, ui: dict) -> str:
    view = update["view"]
    last = view["last_round"]
    body = tag("h2", t(lang, "round.title", n=view["round"]))
    body += tag("p", escape(t(lang, "round.winner", name=player_name(lang, update, last["winner"]),
                                points=last["points"])))
    body += scores_table(update, lang, view["scores"])
    action = "next" if "next" in update["legal"] else "continue"
    body += button(t(lang, "next_round"), action, "btn-next", "btn primary")
    return tag("div", body, class_="overlay round-result", data_testid="round-result", role="dialog")


def render_result(update: dict, lang: str, ui: dict) -> str:
    view = update["view"]
    result = view["result"]
    winners = result["winners"]
    if update["seat"] in winners:
        headline = t(lang, "result.you_win")
    else:
        headline = t(lang, "result.winner", names=", ".join(player_name(lang, update, s) for s in winners))
    body = tag("h2", t(lang, "result.title")) + tag("p", escape(headline), data_testid="result-winner")
    body += scores_table(update, lang, result["scores"])
    if ui.get("ranking"):
        delta, total = ui["ranking"]
        body += tag("p", t(lang, "ranking", delta=f"{delta:+d}", total=total), data_testid="ranking")
    body += button(t(lang, "again"), "again", "btn-again", "btn primary") + button(t(lang, "menu"), "menu", "btn-menu")
    return tag("div", body, class_="overlay result", data_testid="result", role="dialog")
