"""The texts of the "How to play" pages (rendered by :mod:`tapete.ui.rules`), written from the rule sheets
(shared/seeds/00N_*.txt) as settled by RULINGS.md. The texts are data, one file per
language: ``text/rules.<lang>.json``, ``{game: {"title", "sections": [[heading, [block, ...]], ...]}}``.
Blocks: a paragraph (str, trusted HTML), or ``["list", [items]]``, ``["cards", [[card code, caption], ...]]``,
``["table", [header, *rows]]``."""

from __future__ import annotations

import json

from .i18n import LANGS, read_text

RULES = {game: {lang: json.loads(read_text(f"rules.{lang}.json"))[game] for lang in LANGS}
         for game in ("chupate", "skypo", "francesa", "taki", "dos")}
