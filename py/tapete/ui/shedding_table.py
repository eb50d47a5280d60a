"""Pieces shared by the shedding-game tables (Chúpate 2, the French-deck Chúpate 2, Super Taki), and by DOS and Skypo.

Parameterised versions of what ``chupate_table`` renders for its own game: the seat list, the status and
message lines, a score table with columns, the round and result overlays. Pure functions returning HTML.
``player_name`` comes from ``chupate_table``, ``render_log`` from ``log``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .chupate_table import player_name
from .log import render_log
from .html import button, escape, tag
from .i18n import t

NOT_PLAYING = ("round_over", "game_over")
CANCEL = {"es": "Cancelar", "en": "Cancel"}
SeatExtra = Callable[[int], tuple[str, str]]     # seat -> (extra HTML inside the seat, extra CSS classes)


def seat_list(update: dict, lang: str, extra: SeatExtra | None = None, skip: Sequence[bool] | None = None) -> str:
    """The other seats: name, card backs and count (``seat-<n>``, ``count-<n>``); never a card.

    ``extra(seat)`` adds HTML and classes to a seat (points, badges); ``skip[seat]`` leaves a seat out.
    """
    view = update["view"]
    items = []
    for seat, count in enumerate(view["counts"]):
        if seat == update["seat"] or (skip is not None and skip[seat]):
            continue
        more, more_cls = extra(seat) if extra else ("", "")
        name = player_name(lang, update, seat)
        cls = "seat" + (" on-turn" if seat == view["turn"] and view["phase"] not in NOT_PLAYING else "") + (" " + more_cls if more_cls else "")
        count_text = t(lang, "card1") if count == 1 else t(lang, "cards", n=count)
        backs = tag("span", "🂠" * min(count, 12), class_="backs", aria_hidden="true")
        items.append(tag("li", tag("span", escape(name), class_="name") + backs
                         + tag("span", count_text, class_="count", data_testid=f"count-{seat}") + more,
                         class_=cls, data_testid=f"seat-{seat}"))
    return tag("ul", "".join(items), class_="opponents", data_testid="opponents")


def status_line(text: str) -> str:
    return tag("p", escape(text), class_="status", data_testid="status", aria_live="polite")


def message_line(ui: dict) -> str:
    return tag("p", escape(ui.get("message") or ""), class_="message", data_testid="message", role="alert")


def action_button(label: str, action: str, legal: Sequence[str], hotkey: str | None = None,
                  testid: str | None = None, cls: str = "") -> str:
    """A control for ``action`` (``btn-<verb>``), disabled when the action is not legal now."""
    verb = action.split(" ", 1)[0]
    text = f"{label} ({hotkey})" if hotkey else label
    return button(escape(text), action, testid or f"btn-{verb}", ("btn " + verb + " " + cls).strip(),
                  disabled=action not in legal, aria_keyshortcuts=hotkey.lower() if hotkey else None)


def chooser(title: str, options: list[tuple[str, str, str, str]], testid: str, cancel: str | None, lang: str) -> str:
    """A group of choice buttons: options are ``(label html, action, testid, classes)``; ``cancel`` is
    the local action that closes it (``ui:...``)."""
    body = tag("p", escape(title)) + "".join(button(label, action, tid, "btn " + cls)
                                            for label, action, tid, cls in options)
    if cancel:
        body += button(CANCEL.get(lang, CANCEL["es"]), cancel, f"{testid}-cancel", "btn cancel")
    return tag("div", body, class_="color-chooser", data_testid=testid, role="group", aria_label=title)


def score_table(update: dict, lang: str, seats: Sequence[int], columns: Sequence[tuple],
                caption: str | None = None) -> str:
    """``scores``: one row per seat in ``seats`` order, one column per ``(header, values by seat)``;
    a third item ``True`` marks values that are already HTML."""
    head = tag("tr", tag("th", "", scope="col") + "".join(tag("th", escape(c[0]), scope="col") for c in columns))
    rows = "".join(tag("tr", tag("th", escape(player_name(lang, update, s)), scope="row")
                       + "".join(tag("td", c[1][s] if len(c) > 2 and c[2] else escape(str(c[1][s])))
                                 for c in columns),
                       data_seat=s, class_="me" if s == update["seat"] else None)
                   for s in seats)
    return tag("table", tag("caption", escape(caption or t(lang, "scores"))) + head + rows,
               class_="scores", data_testid="scores")


def next_button(update: dict, lang: str) -> str:
    """``btn-next``: deals the next round if this seat may, else just closes the overlay locally."""
    action = "next" if "next" in update["legal"] else "continue"
    return button(t(lang, "next_round"), action, "btn-next", "btn primary")


def round_overlay(body: str) -> str:
    return tag("div", body, class_="overlay round-result", data_testid="round-result", role="dialog",
               aria_modal="false")


def totals_table(update: dict, lang: str, scores: Sequence[int], winners: Sequence[int]) -> str:
    """``scores``: one row per seat (name, final score), the winners' rows marked."""
    rows = "".join(tag("tr", tag("td", escape(player_name(lang, update, s))) + tag("td", str(v)),
                       class_="winner" if s in winners else None) for s, v in enumerate(scores))
    return tag("table", tag("caption", t(lang, "scores")) + rows, class_="scores", data_testid="scores")


def result_overlay(update: dict, lang: str, ui: dict, winners: Sequence[int], table_html: str,
                   aria_label: str | None = None) -> str:
    """``result``: the winner line (``result-winner``), a score table, the ranking, again and menu."""
    if update["seat"] in winners:
        headline = t(lang, "result.you_win")
    else:
        headline = t(lang, "result.winner", names=", ".join(player_name(lang, update, s) for s in winners))
    body = tag("h2", t(lang, "result.title")) + tag("p", escape(headline), data_testid="result-winner")
    body += table_html
    if ui.get("ranking"):
        delta, total = ui["ranking"]
        body += tag("p", t(lang, "ranking", delta=f"{delta:+d}", total=total), data_testid="ranking")
    body += button(t(lang, "again"), "again", "btn-again", "btn primary") + button(t(lang, "menu"), "menu", "btn-menu")
    return tag("div", body, class_="overlay result", data_testid="result", role="dialog", aria_label=aria_label)


def table_section(parts: Sequence[str], game_id: str, view: dict, **more) -> str:
    """The root ``<section data-testid="table">`` with phase, turn and version (then ``more`` attributes)."""
    return tag("section", "".join(parts), class_=f"table {game_id}", data_testid="table",
               data_phase=view["phase"], data_turn=view["turn"], data_version=view["version"], **more)


__all__ = ["player_name", "render_log", "seat_list", "status_line", "message_line", "action_button", "chooser",
           "score_table", "totals_table", "next_button", "round_overlay", "result_overlay", "table_section"]
