"""My hand and my controls: the order the hand is shown in (as the view gives it, by colour or suit,
or by number) and the fixed-height action bar.

Only the display order changes: each card keeps its index in the view's hand (``data-index``, what
selections and actions refer to), so sorting never assumes the deal order and never changes a move.
The choice is remembered per browser (``localStorage["tapete.sort"]``, read and written by the app).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from .html import button, escape, tag
from .i18n import t

STORE_SORT = "tapete.sort"
SORTS = ("", "color", "number")
Key = Callable[[str], tuple]


def player_name(lang: str, update: dict, seat: int) -> str:
    """A seat as the log and the seats name it: "you" for our own seat, else its name or "Bot n"."""
    if seat == update["seat"]:
        return t(lang, "you")
    names = update.get("names") or []
    return names[seat] if seat < len(names) and names[seat] else t(lang, "bot", n=seat)


def display_order(hand: Sequence[str], mode: str | None, by_color: Key, by_number: Key) -> list[int]:
    """Indices of ``hand`` in the order to show them (stable: equal cards keep the view's order)."""
    indices = list(range(len(hand)))
    if mode == "color":
        return sorted(indices, key=lambda i: (by_color(hand[i]), by_number(hand[i])))
    if mode == "number":
        return sorted(indices, key=lambda i: (by_number(hand[i]), by_color(hand[i])))
    return indices


def others_around(players: int, me: int | None) -> list[int]:
    """The other seats as they sit around the table from my left: the seat after mine in turn order
    first (``me + 1``, ``me + 2``, … wrapping), so arrows between the boxes, drawn from the engine's
    ``direction`` (+1: →, -1: ←), are right for every seat, not only seat 0. A spectator (``me`` None)
    sees 0, 1, …"""
    start = 0 if me is None else me + 1
    return [(start + i) % players for i in range(players) if (start + i) % players != me]


def card_keys(hand: Sequence[str]) -> list[str]:
    """A stable key per card of the hand: its code and which copy of it this is (``R7``, ``R7~2``)."""
    seen: dict[str, int] = {}
    keys = []
    for card in hand:
        seen[card] = seen.get(card, 0) + 1
        keys.append(card if seen[card] == 1 else f"{card}~{seen[card]}")
    return keys


def sort_control(lang: str, mode: str | None, color_key: str = "sort.color") -> str:
    """Three toggle buttons (``sort-none``, ``sort-color``, ``sort-number``), the current one pressed."""
    mode = mode if mode in SORTS else ""
    labels = {"": t(lang, "sort.none"), "color": t(lang, color_key), "number": t(lang, "sort.number")}
    buttons = "".join(button(labels[m], f"ui:sort:{m or 'none'}", f"sort-{m or 'none'}", "btn sort-btn",
                             aria_pressed="true" if m == mode else "false") for m in SORTS)
    return tag("div", tag("span", t(lang, "sort"), class_="sort-label", aria_hidden="true") + buttons,
               class_="sort", data_testid="sort", role="group", aria_label=t(lang, "sort"))


def parse_sort(action: str) -> str | None:
    """``ui:sort:color`` -> ``color``; ``ui:sort:none`` -> ``""``; anything else -> None."""
    if not action.startswith("ui:sort:"):
        return None
    mode = action.split(":", 2)[2]
    mode = "" if mode == "none" else mode
    return mode if mode in SORTS else None


def my_turn(update: dict) -> bool:
    """This seat has to act now: its turn in a round being played (in Skypo's opening, while it still
    has cards to turn up). Never for a spectator, a finished round or game."""
    view, me = update["view"], update.get("seat")
    if me is None or view.get("over") or view.get("phase") in ("round_over", "game_over"):
        return False
    if view.get("phase") == "reveal":
        to_flip = view.get("to_flip") or []
        return bool(me < len(to_flip) and to_flip[me])
    return view.get("turn") == me


def turn_badge(lang: str, mine: bool) -> str:
    """"Tu turno" / "Your turn" on my hand while I have to act (``turn-badge``), else nothing."""
    return tag("span", escape(t(lang, "turn.badge")), class_="turn-badge", data_testid="turn-badge") if mine else ""


def status_line(text: str, mine: bool = False) -> str:
    """The status line (``status``); ``mine``: it is my turn (drawn stronger, ``data-mine="1"``)."""
    return tag("p", escape(text), class_="status" + (" mine" if mine else ""), data_testid="status",
               aria_live="polite", data_mine="1" if mine else None)


def hand_box(lang: str, cards_html: Sequence[str], mode: str | None, color_key: str = "sort.color",
             extra: str = "", mine: bool = False) -> str:
    """My hand (``hand``, a group of card buttons already in display order) under its sort control;
    ``mine``: it is my turn, the area lights up (``my-turn``) and carries the turn badge."""
    head = tag("h2", t(lang, "hand"), class_="sr-only")
    rows, per = hand_rows(len(cards_html))
    laid = []
    for i, card in enumerate(cards_html):
        if i and i % per == 0:                       # where a phone starts the next row (hidden elsewhere)
            laid.append(tag("i", "", class_="hand-break", aria_hidden="true", data_key=f"hand-break-{i // per}"))
        laid.append(card)
    cards = tag("div", "".join(laid) + extra, class_="hand", data_testid="hand", role="group",
                aria_label=t(lang, "hand"), data_rows=rows, style=f"--per:{per};--gaps:{max(1, per - 1)}")
    return tag("div", head + tag("div", turn_badge(lang, mine) + sort_control(lang, mode, color_key), class_="hand-head")
               + cards, class_="hand-area" + (" my-turn" if mine else ""), data_testid="hand-area")


def hand_cards(update: dict, ui: dict, by_color: Key, by_number: Key,
               card: Callable[[int, str, str], str]) -> list[str]:
    """My hand's card buttons in display order (``ui["sort"]``): ``card(index, code, key)`` draws one,
    ``index`` its place in the hand as dealt, ``key`` its stable identity (``card_keys``)."""
    hand = update["view"]["hand"]
    keys = card_keys(hand)
    return [card(i, hand[i], keys[i]) for i in display_order(hand, ui.get("sort"), by_color, by_number)]


def playable_label(lang: str, visible: str, name: str, playable: bool) -> str:
    """A hand card's accessible name (``spoken_label``), with "playable" when it may be played now."""
    return spoken_label(visible, name) + (f" ({t(lang, 'playable')})" if playable else "")


def hand_rows(count: int) -> tuple[int, int]:
    """How a phone lays out a hand of ``count`` cards (static/css/table.css, "Phones"): ``(rows, cards
    per row)``. One row up to 8 cards, two up to 30, then three; the cards of a row overlap as much as
    the width needs (the row never wraps and never scrolls), so the whole hand is always in view."""
    rows = 1 if count <= 8 else 2 if count <= 30 else 3
    return rows, max(1, -(-count // rows))


def rank_order(ranks: Sequence[str]) -> Callable[[str], int]:
    """A rank's place: numbers by value first, then ``ranks`` in the given order."""
    def place(rank: str) -> int:
        if rank.lstrip("-").isdigit():
            return int(rank)
        return 100 + (ranks.index(rank) if rank in ranks else len(ranks))
    return place


def action_bar(buttons: Sequence[str], lang: str) -> str:
    """The actions that make sense now (``actions``), in a bar of fixed height: one row that scrolls
    sideways if it must, so the table below never jumps when buttons come and go."""
    return tag("div", "".join(b for b in buttons if b), class_="actions", data_testid="actions", role="group",
               aria_label=t(lang, "actions"))


def spoken_label(visible: str, name: str) -> str:
    """A card button's accessible name that contains its visible text (WCAG 2.5.3, axe
    label-content-name-mismatch): ``K, rey de corazones`` when the face shows letters the name lacks."""
    core = "".join(ch for ch in visible if ch.isalnum())     # what axe compares: "+2" reads as "2"
    if core and not re.search(rf"(?<!\w){re.escape(core)}(?!\w)", name, re.I):
        return f"{visible}, {name}"        # a whole word: "K" is not found inside "king", "2" not in "draw two"
    return name
