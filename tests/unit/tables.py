"""Helpers shared by the table tests (test_<game>_table.py): the update a seat gets, and what its
table lets it send."""

from __future__ import annotations

import html
import re

NAMES = ["Ana", "Bea", "Carlos", "Dani", "Eva", "Fede", "Gema", "Hugo"]
ACTION = re.compile(r'data-action="([^"]*)"')


def update_for(game, state: dict, seat, events=()) -> dict:
    """The ``update`` message the host sends ``seat`` (as net.Host builds it)."""
    return {"type": "update", "seat": seat, "view": game.view(state, seat), "events": list(events),
            "legal": game.legal_actions(state, seat), "names": NAMES[:state["players"]], "bots": []}


def actions_in(page: str) -> set[str]:
    return {html.unescape(a) for a in ACTION.findall(page) if a}


def reachable_one_step(render_table, local_action, update: dict, lang: str) -> set[str]:
    """Every engine action a player can send: the buttons, plus those behind one local ``ui:`` step
    (a suit or colour chooser)."""
    ui = {"log": []}
    found = set()
    for action in actions_in(render_table(update, lang, ui)):
        if action.startswith("ui:"):
            sub = dict(ui)
            local_action(sub, action)
            found |= {a for a in actions_in(render_table(update, lang, sub)) if not a.startswith("ui:")}
        else:
            found.add(action)
    return found
