"""Pieces shared by the shedding-game tables (Chúpate 2, the French-deck Chúpate 2, Super Taki), and by DOS and Skypo.

Parameterised versions of what ``chupate_table`` renders for its own game: the seat list, the status and
message lines, a score table with columns, the round and result overlays. Pure functions returning HTML.
``player_name`` comes from ``chupate_table``, ``render_log`` from ``log``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .cards import seat_backs
from .hand import others_around, player_name, status_line
from .log import render_log
from .html import button, escape, tag
from .i18n import t

NOT_PLAYING = ("round_over", "game_over")
CANCEL = {"es": "Cancelar", "en": "Cancel"}
SeatExtra = Callable[[int], tuple[str, str]]     # seat -> (extra HTML inside the seat, extra CSS classes)


def seat_list(update: dict, lang: str, extra: SeatExtra | None = None, skip: Sequence[bool] | None = None) -> str:
    """The other seats around the table from my left (``others_around``): name, card backs and count
    (``seat-<n>``, ``count-<n>``); never a card.

    ``extra(seat)`` adds HTML and classes to a seat (points, badges); ``skip[seat]`` leaves a seat out.
    """
    view = update["view"]
    items = []
    for seat in others_around(len(view["counts"]), update["seat"]):
        count = view["counts"][seat]
        if skip is not None and skip[seat]:
            continue
        more, more_cls = extra(seat) if extra else ("", "")
        name = player_name(lang, update, seat)
        cls = "seat" + (" on-turn" if seat == view["turn"] and view["phase"] not in NOT_PLAYING else "") + (" " + more_cls if more_cls else "")
        count_text = t(lang, "card1") if count == 1 else t(lang, "cards", n=count)
        backs = seat_backs(count)
        items.append(tag("li", tag("span", escape(name), class_="name") + backs
                         + tag("span", count_text, class_="count", data_testid=f"count-{seat}") + more,
                         class_=cls, data_testid=f"seat-{seat}", data_key=f"seat-{seat}"))
    return tag("ul", "".join(items), class_="opponents", data_testid="opponents", data_direction=view.get("direction"))


def message_line(ui: dict) -> str:
    return tag("p", escape(ui.get("message") or ""), class_="message", data_testid="message", role="alert")


def action_button(label: str, action: str, legal: Sequence[str], hotkey: str | None = None,
                  testid: str | None = None, cls: str = "") -> str:
    """A control for ``action`` (``btn-<verb>``), or nothing when the action is not legal now."""
    if action not in legal:
        return ""
    verb = action.split(" ", 1)[0]
    text = f"{label} ({hotkey})" if hotkey else label
    return button(escape(text), action, testid or f"btn-{verb}", ("btn " + verb + " " + cls).strip(),
                  aria_keyshortcuts=hotkey.lower() if hotkey else None)


def chooser(title: str, options: list[tuple[str, str, str, str]], testid: str, cancel: str | None, lang: str) -> str:
    """A group of choice buttons: options are ``(label html, action, testid, classes)``; ``cancel`` is
    the local action that closes it (``ui:...``)."""
    body = tag("p", escape(title)) + "".join(button(label, action, tid, "btn " + cls)
                                            for label, action, tid, cls in options)
    if cancel:
        body += button(CANCEL.get(lang, CANCEL["es"]), cancel, f"{testid}-cancel", "btn cancel")
    return tag("div", body, class_="color-chooser", data_testid=testid, role="group", aria_label=title)


def score_table(update: dict, lang: str, seats: Sequence[int], columns: Sequence[tuple],
                caption: str | None = None, testid: str = "scores") -> str:
    """``scores``: one row per seat in ``seats`` order, one column per ``(header, values by seat)``;
    a third item ``True`` marks values that are already HTML."""
    head = tag("tr", tag("th", escape(t(lang, "sheet.player")), scope="col") + "".join(tag("th", escape(c[0]), scope="col") for c in columns))
    rows = "".join(tag("tr", tag("th", escape(player_name(lang, update, s)), scope="row")
                       + "".join(tag("td", c[1][s] if len(c) > 2 and c[2] else escape(str(c[1][s])))
                                 for c in columns),
                       data_seat=s, class_="me" if s == update["seat"] else None)
                   for s in seats)
    return tag("table", tag("caption", escape(caption or t(lang, "scores"))) + head + rows,
               class_="scores", data_testid=testid)


def table_section(parts: Sequence[str], game_id: str, view: dict, **more) -> str:
    """The root ``<section data-testid="table">`` with phase, turn and version (then ``more`` attributes)."""
    return tag("section", "".join(parts), class_=f"table {game_id}", data_testid="table",
               data_phase=view["phase"], data_turn=view["turn"], data_version=view["version"], **more)


__all__ = ["player_name", "render_log", "seat_list", "status_line", "message_line", "action_button", "chooser",
           "score_table", "table_section"]
