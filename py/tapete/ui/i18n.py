"""Spanish and English texts of the game screens (the shell's own strings live in static/js/shell.js).

One catalogue per language, ``text/<lang>.json`` (shipped in tapete.zip beside the modules): the
sections every screen shares (``screens``, ``shell``, ``table``, ``motion``, ``passplay``), the
engines' shared refusal codes (``refusals``), the move log's shared sentences (``log``, read by
:mod:`tapete.ui.log`) and, under ``games``, each table's own texts, refusals, log sentences and call
(``Catalog.of``). A translator edits one file per language; tests/unit check both have the same keys.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

LANGS = ("es", "en")


def read_text(name: str) -> str:
    """``text/<name>`` through the package's loader: a file on disk (sources, the lab's unpacked copy) or
    an entry of tapete.zip, which the page imports in place (zipimport; docs/shell.md, "Boot sequence")."""
    return __loader__.get_data(str(TEXT_DIR / name)).decode("utf-8")


def _load(name: str) -> dict:
    return json.loads(read_text(name))


def section(name: str, within: str | None = None) -> dict[str, dict]:
    """One section of the catalogues by language, ``{"es": {...}, "en": {...}}`` (``within``: of a game)."""
    return {lang: (CATALOGUES[lang]["games"][within] if within else CATALOGUES[lang]).get(name, {}) for lang in LANGS}


TEXT_DIR = Path(__file__).with_name("text")
CATALOGUES: dict[str, dict] = {lang: _load(f"{lang}.json") for lang in LANGS}   # text/<lang>.json

# The shared sections: the screens, then the shell (leaving and resuming, rules, the table bar), the
# tables (hand order, action bar, score sheets, result dialogs, ranking), the animation speed and
# pass-and-play, all looked up by ``t``; the refusal codes of the engines and the room protocol.
SHELL_TEXTS = section("shell")
TABLE_TEXTS = section("table")
MOTION_TEXTS = section("motion")
PASSPLAY_TEXTS = section("passplay")
TEXTS: dict[str, dict[str, str]] = {lang: {**CATALOGUES[lang]["screens"], **SHELL_TEXTS[lang], **TABLE_TEXTS[lang],
                                          **MOTION_TEXTS[lang], **PASSPLAY_TEXTS[lang]} for lang in LANGS}
REFUSALS: dict[str, dict[str, str]] = section("refusals")


def t(lang: str, key: str, **values) -> str:
    """The text for ``key`` in ``lang`` (falling back to Spanish, then to the key), formatted."""
    text = TEXTS.get(lang, TEXTS["es"]).get(key) or TEXTS["es"].get(key) or key
    return text.format(**values) if values else text


def refusal(lang: str, code: str, fallback: str) -> str:
    return REFUSALS.get(lang, REFUSALS["es"]).get(code, fallback)


class Said(str):
    """A message on screen that keeps how to say it: ``Said.of(lang, make)`` is the text ``make(lang)``,
    and ``again(lang)`` says the same thing in another language. The page keeps its messages (a refused
    move, a room's notice) as ``Said`` so a switch of language re-says them (``resay``); a plain ``str``
    (an engine's or a peer's words) stays as it is. It compares as its text."""

    make: Callable[[str], str]

    @classmethod
    def of(cls, lang: str, make: Callable[[str], str]) -> "Said":
        said = cls(make(lang))
        said.make = make
        return said

    def again(self, lang: str) -> "Said":
        return Said.of(lang, self.make)

    def same(self, other) -> bool:
        """Is ``other`` this message, in whatever language it was said?"""
        return isinstance(other, Said) and other.make is self.make


def resay(text, lang: str):
    """``text`` in ``lang`` if it knows how to say itself (``Said``), else as it is (``""``, ``None``, a str)."""
    return text.again(lang) if isinstance(text, Said) else text


class Catalog:
    """A game's own texts and refusals (``{lang: {key: text}}``), layered over the shared ones above."""

    def __init__(self, texts: dict[str, dict[str, str]], refusals: dict[str, dict[str, str]],
                 sentences: dict | None = None, call: dict[str, str] | None = None):
        self.texts = texts
        self.refusals = refusals
        self.sentences = sentences or {lang: {} for lang in LANGS}   # the move log's own sentences
        self.call = call or {}                                          # the word said calling the last card(s)

    def t(self, lang: str, key: str, **values) -> str:
        """The game's text for ``key`` (Spanish fallback), else the shared ``t`` text, formatted."""
        text = self.texts.get(lang, self.texts["es"]).get(key) or self.texts["es"].get(key)
        if text is None:
            return t(lang, key, **values)
        return text.format(**values) if values else text

    def refusal(self, lang: str, code: str, fallback: str) -> str:
        """A refusal in the game's words, else the shared text, else ``fallback`` (the engine's message)."""
        return self.refusals.get(lang, self.refusals["es"]).get(code) or refusal(lang, code, fallback)

    @classmethod
    def of(cls, game_id: str) -> "Catalog":
        """The catalogue of ``game_id``'s table: its section under ``games`` in every language."""
        call = {lang: CATALOGUES[lang]["games"][game_id].get("call") for lang in LANGS}
        return cls(section("texts", game_id), section("refusals", game_id), section("sentences", game_id),
                   {lang: word for lang, word in call.items() if word})
