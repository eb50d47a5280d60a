"""What moved in an update, as a plan for ``static/js/motion.js`` (docs/shell.md, "Keyed updates and motion").

The table is rendered from the update as before; this module reads the update's events (the catalogue
is in :mod:`tapete.ui.log`) and says which elements should travel, from where, in which order:

- ``groups``: a list of groups run one after another; the moves of a group start together (staggered).
  A move is ``{"kind", "from", "to", ...}`` with CSS selectors (``from`` may be a list: the first that
  exists before the patch). Kinds: ``fly`` (FLIP: the element ``to`` itself comes from ``from``'s place),
  ``ghost`` (a copy travels from ``from`` to ``to`` and goes: a card back, a public card face, a
  penalty count, or a clone of what ``from`` showed before the patch), ``turn`` (a card turned over in
  place), ``enter`` (children of ``to`` that were not there before, or all of them for a deal, come
  from ``from``).
- ``last``: the last card played and its player (``card``, ``seat`` selectors), marked until the next play.
- ``instant``: no animation at all (``?bot_delay=0`` without ``?speed=``: the tests' fast games).

Only what the seat may see goes in: an opponent's drawn cards travel as backs, never as faces.
Pure functions (tested under CPython in tests/unit/test_motion.py).
"""

from __future__ import annotations

from .html import escape, tag
from .i18n import t

SPEEDS = ("slow", "normal", "fast", "instant")
PILE = '[data-testid="draw-pile"]'
DISCARD = '[data-testid="discard-top"]'
DRAWN = '[data-testid="drawn-card"]'
MINE = ('[data-testid="hand"]', '[data-testid="my-grid"]')
BACK = tag("span", "", class_="back-card")
MAX_BACKS = 4                      # an opponent drawing 8 shows 4 backs travelling (and "+8")
PLAYS = ("played", "matched", "placed", "swapped", "discarded")


def tid(testid: str) -> str:
    return f'[data-testid="{testid}"]'


def seat_box(update: dict, seat: int | None) -> list[str]:
    """Where a seat sits on this page: my hand (or grid), or the opponent's box."""
    if seat is None:
        return [PILE]
    if seat == update.get("seat"):
        return list(MINE)
    return [tid(f"seat-{seat}")]


def card_html(table, card: str) -> str:
    """A public card's face for a ghost (a card of a run that the discard no longer shows)."""
    try:
        face = table.card_face(card)
        cls = table.card_class(card) if hasattr(table, "card_class") else "card"
    except Exception:  # noqa: BLE001 - a face is decoration: a back will do
        return BACK
    return tag("div", face, class_=f"{cls} big")


def hand_key(update: dict, card: str) -> str:
    return f'[data-testid="hand"] [data-key="{escape(card, quote=True)}"]'


def _draw(update: dict, seat: int, count: int, reason: str | None, mine_done: list) -> list[dict]:
    """Cards from the pile to a seat: mine land in my hand (the new keys), others' as backs; a penalty
    (two or more at once, or a draw with a reason: a catch, a challenge) shows its count travelling."""
    moves: list[dict] = []
    if seat == update.get("seat"):
        if not mine_done:
            moves.append({"kind": "enter", "from": PILE, "to": MINE[0]})
            mine_done.append(True)
    else:
        for _ in range(max(1, min(count, MAX_BACKS))):
            moves.append({"kind": "ghost", "from": PILE, "to": seat_box(update, seat), "html": BACK})
    if count >= 2 or (reason and reason not in ("no_match", "turn")):
        moves.append({"kind": "ghost", "from": PILE, "to": seat_box(update, seat), "text": f"+{count}",
                      "cls": "motion-badge", "penalty": True})
    return moves


def _deal(update: dict) -> list[dict]:
    view = update["view"]
    me = update.get("seat")
    moves: list[dict] = []
    if view.get("grids") is not None:                     # Skypo: every grid from the pile
        if me is not None:
            moves.append({"kind": "enter", "from": PILE, "to": tid("my-grid"), "all": True, "children": ".cell.card"})
        for seat in range(view["players"]):
            if seat != me:
                moves.append({"kind": "enter", "from": PILE, "to": tid(f"grid-{seat}"), "all": True,
                              "children": ".cell.card"})
        return moves
    if me is not None:
        moves.append({"kind": "enter", "from": PILE, "to": MINE[0], "all": True, "children": "[data-key]"})
    for seat in range(view["players"]):
        if seat != me:
            moves.append({"kind": "ghost", "from": PILE, "to": seat_box(update, seat), "html": BACK})
    return moves


def groups_for(update: dict, previous: dict | None, table=None) -> list[list[dict]]:
    """The update's events as groups of moves, in the order they happened."""
    view = update["view"]
    events = update.get("events") or []
    me = update.get("seat")
    groups: list[list[dict]] = []
    mine_done: list = []
    plays = [e for e in events if e.get("type") == "played"]
    took = False
    if previous is None or any(e.get("type") == "round_started" for e in events):
        groups.append(_deal(update))
        events = [e for e in events if e.get("type") != "played"] if previous is None else events
    for event in events:
        kind = event.get("type")
        seat = event.get("seat")
        if kind == "played":
            if event is plays[-1]:
                source = seat_box(update, seat)
                if seat == me:                            # from the card's own place in my hand
                    source = [hand_key(update, event["card"])] + source
                groups.append([{"kind": "fly", "from": source, "to": DISCARD, "play": True, "seat": seat}])
            else:                                         # a run: the cards the discard covers fly first
                source = [hand_key(update, event["card"])] if seat == me else []
                groups.append([{"kind": "ghost", "from": source + seat_box(update, seat), "to": DISCARD,
                                "html": card_html(table, event["card"]) if table else BACK, "play": True,
                                "seat": seat}])
        elif kind == "drew" and "count" in event:
            groups.append(_draw(update, seat, int(event["count"]), event.get("reason"), mine_done))
        elif kind == "drew":                              # Skypo: the drawn card is shown to all
            groups.append([{"kind": "fly", "from": PILE, "to": DRAWN}])
        elif kind == "took":
            took = True
        elif kind == "swapped":
            cell = tid(f"cell-{seat}-{event['row']}-{event['col']}")
            came = [DISCARD] if took else [DRAWN, PILE]
            groups.append([{"kind": "fly", "from": came, "to": cell, "seat": seat},       # the two cross
                           {"kind": "fly", "from": cell, "to": DISCARD, "play": True, "seat": seat}])
        elif kind == "discarded":
            groups.append([{"kind": "fly", "from": [DRAWN] + seat_box(update, seat), "to": DISCARD, "play": True,
                            "seat": seat}])
        elif kind == "flipped":
            groups.append([{"kind": "turn", "to": tid(f"cell-{seat}-{event['row']}-{event['col']}")}])
        elif kind == "revealed":
            groups.append([{"kind": "turn", "to": tid(f"cell-{seat}-{r}-{c}")} for r, c, _card in event["cells"]])
        elif kind == "column_removed":
            groups.append([{"kind": "ghost", "from": tid(f"cell-{seat}-{r}-{event['col']}"), "to": DISCARD,
                            "ghost": "before"} for r in range(3)])
        elif kind == "matched":
            groups.append([{"kind": "fly", "from": seat_box(update, seat),
                            "to": f'{tid("center-" + str(event["on"]))} .covers', "play": True, "seat": seat}])
        elif kind == "placed":
            index = _last_index(view.get("center") or [], event["card"])
            if index is not None:
                groups.append([{"kind": "fly", "from": seat_box(update, seat), "to": tid(f"center-{index}"),
                                "play": True, "seat": seat}])
        elif kind == "row_refilled":
            leave = [{"kind": "ghost", "from": tid(f"center-{i}"), "to": None, "ghost": "before", "fade": True}
                     for i in range(len((previous or {}).get("view", {}).get("center") or []))
                     if ((previous or {}).get("view", {}).get("covers") or [None] * 99)[i]]
            start = len(event["center"]) - len(event["added"])
            come = [{"kind": "fly", "from": PILE, "to": tid(f"center-{i}")} for i in range(start, len(event["center"]))]
            if leave or come:
                groups.append(leave + come)
    return [g for g in groups if g]


def _last_index(row: list, card: str) -> int | None:
    for i in range(len(row) - 1, -1, -1):
        if row[i] == card:
            return i
    return None


def last_move(update: dict, previous: dict | None) -> dict | None:
    """The last play of the update (card and player), else the previous mark; a new round clears it."""
    events = update.get("events") or []
    mark = previous
    if any(e.get("type") == "round_started" for e in events):
        mark = None
    for event in events:
        kind = event.get("type")
        if kind not in PLAYS:
            continue
        seat = event.get("seat")
        if kind == "matched":
            card = f'{tid("center-" + str(event["on"]))}'
        elif kind == "placed":
            index = _last_index(update["view"].get("center") or [], event["card"])
            card = tid(f"center-{index}") if index is not None else None
        else:
            card = DISCARD
        mark = {"card": card, "seat": seat_box(update, seat), "by": seat}
    return mark


def plan(update: dict, previous: dict | None, table=None, instant: bool = False,
         last: dict | None = None) -> dict:
    """Everything motion.js needs for one update."""
    return {"groups": [] if instant else groups_for(update, previous, table), "last": last, "instant": instant}


def speed_control(lang: str, current: str) -> str:
    """The speed setting in the table bar (``speed``): slow, normal, fast, instant; kept per browser."""
    options = "".join(tag("option", escape(t(lang, "speed." + s)), value=s, selected=s == current) for s in SPEEDS)
    select = tag("select", options, data_testid="speed", class_="speed-select", name="speed")
    return tag("label", tag("span", escape(t(lang, "speed")), class_="speed-label") + " " + select,
               class_="speed-setting")
