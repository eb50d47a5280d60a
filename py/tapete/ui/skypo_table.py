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

from .cards import depth, face, pile_count
from .hand import my_turn, others_around, player_name, turn_badge
from .log import GameLog, Line, names_of
from .html import button, escape, tag
from .i18n import Catalog
from .shedding_table import controls_box, pile_of, table_html
from .sheet import result_sheet, round_sheet

GAME = "skypo"
GRID_ROWS, GRID_COLS = 3, 4
MODE_KEY = "skypo_mode"             # ui key: (mode, version) with mode "take" | "swap" | "discard"
KEYS = {"d": "draw", "n": "next"}

CATALOG = Catalog.of(GAME)      # its part of text/<lang>.json
TEXTS, REFUSALS, SENTENCES = CATALOG.texts, CATALOG.refusals, CATALOG.sentences
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
    return table_html(update, lang, ui, GAME, (render_opponents, render_centre, render_controls, render_my_grid),
                      event_text, render_round, render_result, data_mode=my_mode(update, ui))


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
    pile = pile_of(update, lang)
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
    notes = []
    if view["closer"] is not None and view["phase"] in ("turn", "drawn"):
        text = t(lang, "last_turn.you") if view["closer"] == me else \
            t(lang, "last_turn.other", name=player_name(lang, update, view["closer"]))
        notes.append(tag("p", escape(text), class_="note last-turn", data_testid="last-turn"))
    return controls_box(lang, ui, status_text(update, lang, ui), my_turn(update), buttons, "".join(notes))


def render_my_grid(update: dict, lang: str, ui: dict) -> str:
    view = update["view"]
    me = update["seat"]
    mine = my_turn(update)
    cls = "my-grid seat" + (" on-turn" if view["turn"] == me else "") + (" closer" if view["closer"] == me else "")
    return tag("div", tag("h2", t(lang, "my_grid"), class_="sr-only") + turn_badge(lang, mine)
               + render_grid(update, lang, me, my_mode(update, ui), False) + seat_info(update, lang, me),
               class_=cls + (" my-turn" if mine else ""), data_testid="my-grid")


# ----- the log ------------------------------------------------------------------------------------


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
    return LOG.paragraph(Line("round.closer", {}, closer), update, lang, "round-closer") + \
        LOG.paragraph(why, update, lang, "closer-note")


def goal_text(view: dict, lang: str) -> str:
    return t(lang, "sheet.lowest", n=view["options"].get("target", 100))


def render_round(update: dict, lang: str, ui: dict) -> str:
    last = update["view"]["last_round"]
    body = closer_note(update, lang, last) + round_table(update, lang, last, "round-scores")
    return round_sheet(update, lang, ui, body, round_points, goal_text(update["view"], lang))


def render_result(update: dict, lang: str, ui: dict) -> str:
    """The last round explained, then the round-by-round sheet (lowest total wins)."""
    view = update["view"]
    last = view.get("last_round")
    body = closer_note(update, lang, last) + round_table(update, lang, last, "round-scores") if last else ""
    return result_sheet(update, lang, ui, body, round_points, goal_text(view, lang))
