"""The "How to play" pages, one per game and language, as static HTML fragments made at BUILD time.

``scripts/build.py`` imports this module under CPython and writes ``dist/rules/<game>.<lang>.html``
(:func:`write_all`); the page shows them in a dialog (static/js/ui.js) without Python, so they can be
read while Python loads. The texts live in :mod:`tapete.ui.rules_text` (from the sheets in
shared/seeds and RULINGS.md); the cards are drawn with the tables' own card HTML (each table module's
``card_face`` and its classes), so a card looks here as it looks at the table.
"""

from __future__ import annotations

import importlib
from pathlib import Path

from .html import escape, tag
from .i18n import LANGS
from .rules_text import RULES
from .tables import TABLE_MODULES

GAMES = tuple(TABLE_MODULES)


def _card_class(game_id: str, module, card: str) -> str:
    """The CSS classes the game's table gives ``card`` (a plain face, neither playable nor big)."""
    html_of = getattr(module, "card_html", None)
    if html_of is not None:
        return ""
    if hasattr(module, "card_class"):
        return module.card_class(card)
    if game_id == "francesa":
        return f"card fcard s-{card[-1]}"
    if game_id == "skypo":
        return f"card v-{module.band(card)}"
    return f"card c-{card[0]}"


def card_html(game_id: str, card: str, lang: str) -> str:
    """One card as the table draws it, as an image with its spoken name (no action)."""
    module = importlib.import_module(TABLE_MODULES[game_id])
    html_of = getattr(module, "card_html", None)
    if html_of is not None:                       # a table may offer its own non-interactive card
        return html_of(card, lang)
    face = module.card_face(card)
    return tag("span", face, class_=_card_class(game_id, module, card), role="img",
               aria_label=module.card_name(lang, card))


def _block(game_id: str, lang: str, block) -> str:
    if isinstance(block, str):
        return tag("p", block)
    kind, items = block
    if kind == "list":
        return tag("ul", "".join(tag("li", item) for item in items))
    if kind == "cards":
        cells = "".join(tag("li", card_html(game_id, card, lang) + tag("span", caption)) for card, caption in items)
        return tag("ul", cells, class_="rules-cards")
    if kind == "table":
        head, *rows = items
        body = tag("tr", "".join(tag("th", cell, scope="col") for cell in head))
        body += "".join(tag("tr", "".join(tag("td", cell) for cell in row)) for row in rows)
        return tag("table", body)
    raise ValueError(f"unknown rules block {kind!r}")


def render(game_id: str, lang: str) -> str:
    """The rules page of ``game_id`` in ``lang`` (an HTML fragment: a heading and its sections)."""
    page = RULES[game_id][lang]
    out = tag("h2", escape(page["title"]))
    for heading, blocks in page["sections"]:
        out += tag("section", tag("h3", escape(heading)) + "".join(_block(game_id, lang, b) for b in blocks))
    return tag("article", out, class_="rules-page", data_game=game_id, lang=lang)


def write_all(folder: Path) -> list[Path]:
    """Write every game's page in every language into ``folder``; returns the files (unchanged ones too)."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for game_id in GAMES:
        for lang in LANGS:
            path = folder / f"{game_id}.{lang}.html"
            text = render(game_id, lang) + "\n"
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                path.write_text(text, encoding="utf-8")
            written.append(path)
    return written
