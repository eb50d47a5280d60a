"""The bar above every table (``table-bar``): Menu, the game's name, Mute, How to play, the settings.

A pure function of its inputs (tested under CPython in tests/unit/test_table_controls.py); the app
(:mod:`tapete.ui.nav`) renders it with every table. At 390 px the row had no room for all five
(docs/screenshots): on a phone (≤ 480 px, static/css/tapete.css) Mute shows only its speaker (its name
stays, visually hidden) and the settings (the animation speed) fold behind a ⚙ toggle
(``btn-bar-more``, ``aria-expanded``) that opens them in a panel under the bar (``bar-more``); Escape,
a click elsewhere or the toggle close it. Wider screens show everything in the row and no toggle.
"""

from __future__ import annotations

from .html import button, escape, tag
from .i18n import t
from .sound import mute_button

BAR_OPEN = "bar_more"        # ui key: the folded settings are open (phones)


def table_bar(lang: str, title: str, game_id: str, muted: bool, settings: str, open_: bool = False,
              hint: str = "") -> str:
    """The bar's HTML; ``settings`` is the speed control's HTML, ``open_`` whether the fold is open,
    ``hint`` the Hint button at a table against bots (tapete.ui.hints; empty elsewhere)."""
    title = escape(title)
    more = t(lang, "bar.more")
    toggle = button("⚙" + tag("span", " " + escape(more), class_="visually-hidden"), "ui:bar-more", "btn-bar-more",
                    "btn bar-more-toggle", aria_expanded="true" if open_ else "false", aria_controls="bar-more",
                    title=more)
    return tag("nav", button(t(lang, "menu"), "leave", "btn-leave")
               + tag("span", title, class_="table-title")
               + mute_button(lang, muted)
               + button("?" + tag("span", " " + t(lang, "rules.open") + ": " + title, class_="visually-hidden"),
                        None, "btn-rules", data_rules=game_id)
               + hint
               + toggle
               + tag("div", settings, id="bar-more", class_="bar-more", data_testid="bar-more",
                     data_open="1" if open_ else "0", role="group", aria_label=more),
               class_="table-bar", data_testid="table-bar", aria_label=t(lang, "table.bar"))


__all__ = ["BAR_OPEN", "table_bar"]
