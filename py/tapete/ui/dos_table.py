"""The DOS table, rendered from one seat's update (view + legal actions + events).

Pure functions returning HTML (no browser imports). A match takes two steps: select one or two cards of
my hand (``ui:sel:<index>:<code>``, local UI state in ``ui["dos_sel"]``), then click a centre card, whose
``data-action`` is then the exact engine action (``match R#+WD on:0``). Placing a card in the row is the
same: select one card, then the empty slot at the end of the row (or the "place" button), which sends
``place R7``. The engine declares wild values itself (the one choice that earns a colour bonus; every
other choice changes nothing), so the table shows what a selection will count as instead of asking.
"""

from __future__ import annotations

from ..games.dos.cards import COLORS, WILD_DOS, WILD_NUMBER, card_points, resolve
from .chupate_table import COLOR_SHAPES
from .cards import face
from .hand import hand_box, hand_cards, player_name, spoken_label
from .log import GameLog, Line
from .html import button, escape, tag
from .i18n import Catalog
from .i18n import t as shared_t
from .shedding_table import controls_box, pile_of, seat_list, table_html
from .sheet import result_sheet, round_sheet, winner_points

GAME = "dos"
SEL_KEY = "dos_sel"        # ui key: {"key": <round and hand it was made on>, "idx": [hand indices]}
MAX_SELECTED = 2
KEYS = {"d": "draw", "e": "end", "2": "dos", "n": "next"}

CATALOG = Catalog.of(GAME)      # its part of text/<lang>.json
TEXTS, REFUSALS, SENTENCES = CATALOG.texts, CATALOG.refusals, CATALOG.sentences
refusal_text = CATALOG.refusal  # a refusal in this game's words, else the shared text, else the engine's
t = CATALOG.t                   # this game's text for a key, else the shared i18n.t text


# ----- cards ---------------------------------------------------------------------------------------
def card_name(lang: str, card: str) -> str:
    """A card read aloud: ``rojo 7``, ``comodín # azul``, ``DOS comodín``."""
    if card == WILD_DOS:
        return t(lang, "card.WD")
    color, rank = card[0], card[1:]
    if rank == WILD_NUMBER:
        return t(lang, "card.#", color=t(lang, color))
    return f"{t(lang, color)} {rank}"


def cards_name(lang: str, cards: list[str]) -> str:
    return " + ".join(card_name(lang, c) for c in cards)


def card_face(card: str) -> str:
    if card == WILD_DOS:
        return face(tag("span", "2", class_="rank") + tag("span", "DOS", class_="shape wild-mark", aria_hidden="true"),
                    "2")
    color, rank = card[0], card[1:]
    return face(tag("span", escape(rank), class_="rank") + tag("span", COLOR_SHAPES[color], class_="shape",
                                                               aria_hidden="true"), rank, COLOR_SHAPES[color])


def card_class(card: str) -> str:
    return "card c-W" if card == WILD_DOS else f"card c-{card[0]}" + (" wild-num" if card[1:] == WILD_NUMBER else "")


def value_name(lang: str, card: str, value: int, color: str) -> str:
    """What a card counts as in a match: ``rojo 2``."""
    return f"{t(lang, color)} {value}"


# ----- local selection -----------------------------------------------------------------------------
def selection_key(view: dict) -> str:
    """A selection is kept while the round and my hand stay as they were when it was made."""
    return f"{view['round']}:{'.'.join(view.get('hand') or [])}"


def selected(view: dict, ui: dict) -> list[int]:
    """Indices (in hand order) of my selected cards, if the selection still fits my hand."""
    sel = ui.get(SEL_KEY)
    if not sel or sel.get("key") != selection_key(view):
        return []
    return sorted(sel["idx"])


def local_action(ui: dict, action: str) -> None:
    """``ui:sel:<index>:<hand key>`` toggles a hand card; ``ui:clear`` drops the selection."""
    if action == "ui:clear":
        ui[SEL_KEY] = None
        ui["message"] = ""
        return
    parts = action.split(":", 3)
    if len(parts) != 4 or parts[:2] != ["ui", "sel"] or not parts[2].isdigit():
        return
    index, key = int(parts[2]), parts[3]
    sel = ui.get(SEL_KEY)
    idx = list(sel["idx"]) if sel and sel.get("key") == key else []
    if index in idx:
        idx.remove(index)
    else:
        idx.append(index)
        idx = idx[-MAX_SELECTED:]
    ui[SEL_KEY] = {"key": key, "idx": idx}             # in the order picked: the oldest drops out first
    ui["message"] = ""


def selected_cards(view: dict, ui: dict) -> list[str]:
    hand = view.get("hand") or []
    return [hand[i] for i in selected(view, ui) if i < len(hand)]


def my_turn(update: dict) -> bool:
    view = update["view"]
    return update["seat"] is not None and view["turn"] == update["seat"] and view["phase"] in ("play", "bonus")


def place_target(update: dict, ui: dict) -> str | None:
    """``place X`` for a single selected card while placing is possible (bonus, or drawn without match)."""
    view = update["view"]
    cards = selected_cards(view, ui)
    if len(cards) != 1 or not my_turn(update):
        return None
    if view["phase"] == "bonus" or (view["drawn"] and not any(view["covers"])):
        return "place " + cards[0]
    return None


# ----- the table -----------------------------------------------------------------------------------
def render_table(update: dict, lang: str, ui: dict) -> str:
    """The whole table for ``update``; ``ui`` holds the selection, the message and the log."""
    return table_html(update, lang, ui, GAME, (render_opponents, render_centre, render_controls, render_hand),
                      event_text, render_round, render_result)


def render_opponents(update: dict, lang: str) -> str:
    view, legal = update["view"], update["legal"]

    def extra(seat: int) -> tuple[str, str]:
        body = tag("span", escape(t(lang, "points", n=view["scores"][seat])), class_="score", data_testid=f"score-{seat}")
        badges = []
        if seat == view["dealer"]:
            badges.append(tag("span", t(lang, "dealer"), class_="badge dealer"))
        if view["called"][seat] and view["counts"][seat] == 2:
            badges.append(tag("span", t(lang, "called_badge"), class_="badge called", data_testid=f"called-{seat}"))
        if badges:
            body += tag("span", "".join(badges), class_="badges")
        if f"catch {seat}" in legal:
            body += button(t(lang, "catch", name=escape(player_name(lang, update, seat))), f"catch {seat}",
                           f"btn-catch-{seat}", "btn catch")
        return body, ""
    return seat_list(update, lang, extra, on_turn=lambda seat: seat == view["turn"] and view["phase"] in ("play", "bonus"))


def render_centre(update: dict, lang: str, ui: dict) -> str:
    view, legal = update["view"], set(update["legal"])
    cards = selected_cards(view, ui)
    mine = my_turn(update) and view["phase"] == "play"
    slots = []
    for i, (card, cover) in enumerate(zip(view["center"], view["covers"])):
        label = t(lang, "center_card", n=i + 1, card=card_name(lang, card))
        inner = tag("span", card_face(card), class_=card_class(card) + " big")
        badge = ""
        if cover:
            label += " — " + t(lang, "covered_by", cards=cards_name(lang, cover))
            inner += tag("span", "".join(tag("span", card_face(c), class_=card_class(c) + " cover") for c in cover),
                         class_="covers", aria_hidden="true")
            bonus = resolve(cover, card)["bonus"]
            if bonus:
                badge = tag("span", t(lang, "bonus." + bonus), class_=f"bonus-badge {bonus}",
                            data_testid=f"bonus-{i}")
        if mine and cards and not cover:
            action = f"match {'+'.join(cards)} on:{i}"
            playable = action in legal
            slots.append(button(inner + badge, action, f"center-{i}", "slot" + (" playable" if playable else ""),
                                aria_label=f"{label} — {t(lang, 'match_on', cards=cards_name(lang, cards), card=card_name(lang, card))}",
                                data_card=card))
        else:
            slots.append(tag("div", inner + badge, class_="slot" + (" covered" if cover else ""),
                             data_testid=f"center-{i}", data_card=card, role="img", aria_label=label))
    place = place_target(update, ui)
    if place:
        card = place.split(" ", 1)[1]
        slots.append(button(tag("span", "+", class_="rank"), place, "center-new",
                            "slot new-slot" + (" playable" if place in legal else ""),
                            aria_label=t(lang, "place_here", card=card_name(lang, card))))
    row = tag("div", "".join(slots), class_="center-row", data_testid="center", role="group",
              aria_label=t(lang, "center"))
    pile = pile_of(update, lang)
    info = [tag("span", escape(t(lang, "target", n=view["options"].get("target", 200))), class_="target")]
    if view["bonus"] and view["phase"] in ("play", "bonus"):
        info.append(tag("span", escape(t(lang, "bonus_chip", n=view["bonus"])), class_="bonus-chip", data_testid="bonus"))
    return tag("div", pile + row + tag("div", "".join(info), class_="table-info"), class_="centre")


def preview(update: dict, lang: str, ui: dict) -> str:
    """What the selected cards would do on each free centre card they fit (wilds as the engine declares)."""
    view, legal = update["view"], set(update["legal"])
    cards = selected_cards(view, ui)
    if not cards or not my_turn(update) or view["phase"] != "play":
        return ""
    lines = []
    for i, (card, cover) in enumerate(zip(view["center"], view["covers"])):
        if cover or f"match {'+'.join(cards)} on:{i}" not in legal:
            continue
        declared = resolve(cards, card)
        values = [" + ".join(str(v) for v in declared["values"]) + f" = {declared['target_value']}"]
        for c, v, col in zip(cards, declared["values"], declared["colors"]):
            if c == WILD_DOS or c[1:] == WILD_NUMBER:
                values.append(t(lang, "counts_as", card=card_name(lang, c), value=value_name(lang, c, v, col)))
        if card == WILD_DOS or card[1:] == WILD_NUMBER:
            values.append(t(lang, "counts_as", card=card_name(lang, card),
                            value=value_name(lang, card, declared["target_value"], declared["target_color"])))
        if declared["bonus"]:
            values.append(t(lang, "preview.bonus." + declared["bonus"]))
        lines.append(tag("li", escape(t(lang, "preview", cards=cards_name(lang, cards), card=card_name(lang, card),
                                         values=", ".join(values)))))
    if not lines:
        return tag("p", escape(t(lang, "no_fit", cards=cards_name(lang, cards))), class_="note preview",
                   data_testid="preview")
    return tag("ul", "".join(lines), class_="preview", data_testid="preview")


def status_text(update: dict, lang: str, ui: dict) -> str:
    view = update["view"]
    if view["over"]:
        return shared_t(lang, "result.title")
    if view["phase"] == "round_over":
        return t(lang, "st.round_over")
    if not my_turn(update):
        return shared_t(lang, "turn.other", name=player_name(lang, update, view["turn"]))
    if view["phase"] == "bonus":
        return t(lang, "st.bonus1" if view["bonus"] == 1 else "st.bonus", n=view["bonus"])
    cards = selected_cards(view, ui)
    if cards:
        return t(lang, "st.selected", cards=cards_name(lang, cards))
    if any(view["covers"]):
        return t(lang, "st.more")
    return t(lang, "st.drawn") if view["drawn"] else t(lang, "st.play")


def render_controls(update: dict, lang: str, ui: dict) -> str:
    view, legal = update["view"], set(update["legal"])
    me = update["seat"]
    buttons = []
    if my_turn(update):
        if "draw" in legal:                       # never after drawing: one draw per turn
            buttons.append(button(t(lang, "draw"), "draw", "btn-draw", "btn draw", aria_keyshortcuts="d"))
        place = place_target(update, ui)
        if place is not None and place in legal:  # a card is selected and may go to the row
            buttons.append(button(t(lang, "place"), place, "btn-place", "btn place"))
        if any(view["covers"]) or view["phase"] == "bonus":
            buttons.append(button(t(lang, "end_bonus" if view["phase"] == "bonus" else "end"), "end", "btn-end",
                                  "btn end"))
        if selected(view, ui):
            buttons.append(button(t(lang, "clear"), "ui:clear", "btn-clear", "btn clear"))
    if me is not None and view["phase"] in ("play", "bonus"):
        if "dos" in legal:
            buttons.append(button(t(lang, "dos"), "dos", "btn-dos", "btn dos-call", aria_keyshortcuts="2"))
    notes = []
    if me is not None and me in view["exposed"] and "dos" in legal:
        notes.append(tag("p", escape(t(lang, "you_exposed")), class_="note", data_testid="exposed-you"))
    for seat in view["exposed"]:
        if seat != me and f"catch {seat}" in legal:
            notes.append(tag("p", escape(t(lang, "other_exposed", name=player_name(lang, update, seat))),
                             class_="note", data_testid=f"exposed-{seat}"))
    if my_turn(update) and view["penalty"]:
        notes.append(tag("p", escape(t(lang, "penalty", n=view["penalty"])), class_="note", data_testid="penalty"))
    return controls_box(lang, ui, status_text(update, lang, ui), my_turn(update), buttons,
                        "".join(notes) + preview(update, lang, ui))


def render_hand(update: dict, lang: str, ui: dict) -> str:
    view, legal = update["view"], update["legal"]
    chosen, key = selected(view, ui), selection_key(view)
    playable_cards = set()
    for action in legal:
        verb, _, rest = action.partition(" ")
        if verb == "match":
            playable_cards.update(rest.split(" on:")[0].split("+"))
        elif verb == "place":
            playable_cards.add(rest)

    def card_button(i: int, card: str, stable: str) -> str:
        is_sel = i in chosen
        cls = card_class(card) + (" playable" if card in playable_cards else "") + (" selected" if is_sel else "")
        label = spoken_label("2" if card == WILD_DOS else card[1:], card_name(lang, card)) \
            + (f" ({t(lang, 'selected')})" if is_sel else "")
        return button(card_face(card), f"ui:sel:{i}:{key}", f"card-{card}", cls, aria_label=label,
                      aria_pressed="true" if is_sel else "false", data_index=i, data_card=card, data_key=stable)
    me = update["seat"]
    score = tag("span", t(lang, "points", n=view["scores"][me]), class_="score", data_testid=f"score-{me}")
    return hand_box(lang, hand_cards(update, ui, color_key, number_key, card_button), ui.get("sort"), extra=score,
                    mine=my_turn(update))


def color_key(card: str) -> tuple:
    return (COLORS.index(card[0]) if card != WILD_DOS else len(COLORS),)


def number_key(card: str) -> tuple:
    rank = "WD" if card == WILD_DOS else card[1:]
    return (int(rank) if rank.isdigit() else {WILD_NUMBER: 100}.get(rank, 101),)


# ----- the log ------------------------------------------------------------------------------------


def is_wild(card: str) -> bool:
    return card == WILD_DOS or card[1:] == WILD_NUMBER


def _matched(event: dict, update: dict, lang: str) -> Line:
    extra = []
    for c, v, col in zip(event["played"], event["values"], event["colors"]):
        if is_wild(c):
            extra.append(("declared", {"card": card_name(lang, c), "value": value_name(lang, c, v, col)}))
    target = event["target"]
    if is_wild(target):
        extra.append(("declared", {"card": card_name(lang, target),
                                   "value": value_name(lang, target, event["target_value"], event["target_color"])}))
    if event.get("bonus"):
        extra.append(("bonus." + event["bonus"], {}))
    return Line("matched", {"cards": cards_name(lang, event["played"]), "card": card_name(lang, target)},
                event["seat"], extra=tuple(extra))


def _drew(event: dict, update: dict, lang: str) -> Line:
    if event.get("cards"):
        line = Line("drew_cards", {"cards": ", ".join(card_name(lang, c) for c in event["cards"]), "n": event["count"]},
                    event["seat"])
    else:
        line = Line("drew", {"n": event["count"]}, event["seat"])
    if event.get("reason") in ("double_color", "caught"):
        line.extra = (("reason." + event["reason"], {}),)
    return line


def _placed(event: dict, update: dict, lang: str) -> Line:
    key = "placed.bonus" if event.get("reason") == "bonus" else "placed"
    return Line(key, {"card": card_name(lang, event["card"])}, event["seat"])


def _refilled(event: dict, update: dict, lang: str) -> Line | None:
    if not event["added"]:
        return None
    return Line("row_refilled", {"cards": ", ".join(card_name(lang, c) for c in event["added"])})


def _caught(event: dict, update: dict, lang: str) -> Line:
    return Line("caught.later" if event.get("deferred") else "caught", {}, event["seat"], event["target"])


LOG = GameLog(card_name, SENTENCES, call=CATALOG.call, special={
    "matched": _matched, "drew": _drew, "placed": _placed, "row_refilled": _refilled, "caught": _caught})


def event_text(event: dict, update: dict, lang: str) -> str | None:
    """The log's sentence for one event, in ``lang`` and this seat's person (None: says nothing)."""
    return LOG.text(event, update, lang)


# ----- rounds and the result ----------------------------------------------------------------------
round_points = winner_points     # the winner of a round scores the others' cards


def hands_table(update: dict, lang: str, last: dict) -> str:
    """``round-hands``: the cards each seat was left with in the round, and what they are worth."""
    head = "".join(tag("th", t(lang, k), scope="col") for k in ("col.player", "col.hand", "col.points"))
    rows = [tag("tr", head)]
    for seat, hand in enumerate(last["hands"]):
        cards = "".join(tag("span", card_face(c), class_=card_class(c) + " mini", role="img",
                            aria_label=f"{card_name(lang, c)} ({card_points(c)})") for c in hand)
        if not hand:                    # the winner's empty hand: a word, so the row keeps its height
            cards = tag("span", escape(t(lang, "col.none")), class_="none")
        # the cards wrap in a flex box INSIDE the cell: a flex <td> is no table cell (the rows went askew)
        rows.append(tag("tr", tag("th", escape(player_name(lang, update, seat)), scope="row")
                        + tag("td", tag("span", cards, class_="mini-hand"), class_="hand-cell")
                        + tag("td", str(last["hand_points"][seat]), class_="num"),
                        class_="winner" if seat == last["winner"] else None))
    return tag("table", tag("caption", t(lang, "hands.caption")) + "".join(rows), class_="scores round-hands",
               data_testid="round-hands")


def goal_text(view: dict, lang: str) -> str:
    return shared_t(lang, "sheet.target", n=view["options"].get("target", 200))


def render_round(update: dict, lang: str, ui: dict) -> str:
    last = update["view"]["last_round"]
    body = LOG.paragraph(Line("round_over", {"points": last["points"]}, last["winner"]), update, lang, "round-winner")
    return round_sheet(update, lang, ui, body + hands_table(update, lang, last), round_points,
                       goal_text(update["view"], lang))


def render_result(update: dict, lang: str, ui: dict) -> str:
    """The last round's hands, then the round-by-round sheet with the target."""
    view = update["view"]
    body = hands_table(update, lang, view["last_round"]) if view.get("last_round") else ""
    return result_sheet(update, lang, ui, body, round_points, goal_text(view, lang))


__all__ = ["KEYS", "TEXTS", "REFUSALS", "COLORS", "card_name", "event_text", "local_action", "refusal_text",
           "render_table"]
