"""Which game has a table screen, and its renderer module (imported lazily, so boot stays light).

A table module provides ``render_table(update, lang, ui)``, ``event_text(event, update, lang)``,
optionally ``KEYS`` (key -> action) and ``local_action(ui, action)`` for ``ui:`` actions.
"""

from __future__ import annotations

import importlib
from importlib.util import find_spec

TABLE_MODULES = {
    "chupate": "tapete.ui.chupate_table",
    "skypo": "tapete.ui.skypo_table",
    "francesa": "tapete.ui.francesa_table",
    "taki": "tapete.ui.taki_table",
    "dos": "tapete.ui.dos_table",
}


def available() -> tuple[str, ...]:
    """Game ids whose table module is present."""
    return tuple(g for g, name in TABLE_MODULES.items() if find_spec(name) is not None)


def table_for(game_id: str):
    return importlib.import_module(TABLE_MODULES[game_id])


KEYS = {"d": "draw", "p": "pass", "u": "ultima", "m": "mentira", "n": "denounce"}   # Chúpate 2's, the default


def keys_of(module) -> dict:
    """A table's key map (key -> action): its module's ``KEYS``, or the default one (Chúpate 2's). Every
    screen that plays a table (bots, rooms, pass-and-play) reads it here, so a key shown on a button works
    on each of them (pass-and-play's own copy had no ``m``, issue 43)."""
    return getattr(module, "KEYS", KEYS)
