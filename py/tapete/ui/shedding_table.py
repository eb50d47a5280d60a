"""The pieces every table is built from (Chúpate 2, the French-deck Chúpate 2, Super Taki, DOS, Skypo).

A table is the same frame in every game (:func:`table_html`): the other seats, the centre, the
controls, my hand (not for a watcher), the move log, then the round's and the game's dialogs when they
are due, in a ``<section data-testid="table">``. A game's module passes its own renderers for those
parts and builds them from the pieces here and in :mod:`tapete.ui.cards` (faces, piles),
:mod:`tapete.ui.hand` (the hand, the status line, the action bar), :mod:`tapete.ui.log` and
:mod:`tapete.ui.sheet` (the round and result dialogs): the seat list, the controls box, the centre's
info chips, choosers, a score table with columns. Pure functions returning HTML (docs/ui-tables.md).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .cards import draw_pile, seat_backs
from .hand import action_bar, others_around, player_name, status_line
from .log import LOG_OPEN, render_log
from .html import button, escape, tag
from .i18n import t

NOT_PLAYING = ("round_over", "game_over")
CANCEL = {"es": "Cancelar", "en": "Cancel"}
SeatExtra = Callable[[int], tuple[str, str]]     # seat -> (extra HTML inside the seat, extra CSS classes)
Part = Callable[[dict, str, dict], str]          # (update, lang, ui) -> a part of the table


def table_html(update: dict, lang: str, ui: dict, game_id: str, parts: tuple, event_text: Callable,
               round_: Part | None = None, result: Part | None = None, **more) -> str:
    """The whole table: ``parts`` are the game's ``(seats(update, lang), centre, controls, hand)``
    renderers (the hand only for a seat, not a watcher), then the log of ``event_text``'s sentences,
    ``round_``'s dialog at the end of a scored round and ``result``'s when the game is over; ``more``
    are attributes of the table's section."""
    view = update["view"]
    seats, centre, controls, hand = parts
    html = [seats(update, lang), centre(update, lang, ui), controls(update, lang, ui)]
    if update["seat"] is not None:
        html.append(hand(update, lang, ui))
    html.append(render_log(ui.get("log", []), lang, update, event_text, ui.get(LOG_OPEN)))
    if round_ is not None and view["phase"] == "round_over" and view.get("last_round"):
        html.append(round_(update, lang, ui))
    if view["over"] and view.get("result"):
        html.append(result(update, lang, ui))
    return table_section(html, game_id, view, **more)


def controls_box(lang: str, ui: dict, status: str, mine: bool, buttons: Sequence[str], above: str = "",
                 below: str = "") -> str:
    """The controls (``controls``): the status line, ``above`` (notes), the message line, ``below`` (a
    chooser) and the action bar of ``buttons``."""
    return tag("div", status_line(status, mine) + above + message_line(ui) + below + action_bar(buttons, lang),
               class_="controls")


def centre_box(lang: str, update: dict, ui: dict, middle: str, info: list[str], more: Sequence[str] = ()) -> str:
    """The centre (``centre``): the draw pile, ``middle`` (the discard pile), then the info chips:
    ``info``, what is pending to draw, ``more`` and the turn timer."""
    view = update["view"]
    info = list(info)
    if view["pending"]:
        info.append(tag("span", escape(t(lang, "pending", n=view["pending"])), class_="pending", data_testid="pending"))
    info += more
    if ui.get("timer") is not None:
        info.append(tag("span", t(lang, "timer", n=ui["timer"]), class_="timer", data_testid="turn-timer"))
    return tag("div", pile_of(update, lang) + middle + tag("div", "".join(info), class_="table-info"), class_="centre")


def pile_of(update: dict, lang: str) -> str:
    """The draw pile of the update's view, playable when drawing is legal."""
    count = update["view"]["draw_count"]
    return draw_pile(count, "draw" in update["legal"], t(lang, "pile.draw", n=count))


def chooser_action(verb: str, key: str) -> Callable[[dict, str], None]:
    """A table's ``local_action`` for a chooser: ``ui:<verb> <card>`` opens it for that card (``ui[key]``),
    ``ui:cancel`` closes it."""
    def local_action(ui: dict, action: str) -> None:
        if action.startswith(f"ui:{verb} "):
            ui[key] = action.split(" ", 1)[1]
            ui["message"] = ""
        elif action == "ui:cancel":
            ui[key] = None
    return local_action


def seat_list(update: dict, lang: str, extra: SeatExtra | None = None, skip: Sequence[bool] | None = None,
              on_turn: Callable[[int], bool] | None = None) -> str:
    """The other seats around the table from my left (``others_around``): name, card backs and count
    (``seat-<n>``, ``count-<n>``); never a card.

    ``extra(seat)`` adds HTML and classes to a seat (points, badges); ``skip[seat]`` leaves a seat out;
    ``on_turn(seat)`` says whether to mark the seat on turn (by default: its turn while the round is on).
    """
    view = update["view"]
    if on_turn is None:
        on_turn = lambda seat: seat == view["turn"] and view["phase"] not in NOT_PLAYING  # noqa: E731
    items = []
    for seat in others_around(len(view["counts"]), update["seat"]):
        count = view["counts"][seat]
        if skip is not None and skip[seat]:
            continue
        more, more_cls = extra(seat) if extra else ("", "")
        name = player_name(lang, update, seat)
        cls = "seat" + (" on-turn" if on_turn(seat) else "") + (" " + more_cls if more_cls else "")
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
           "score_table", "table_section", "table_html", "controls_box", "centre_box", "pile_of", "chooser_action"]
