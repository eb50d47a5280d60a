"""One name per game (issue 43): the engine's title (setup, the lab) is the picker's and the bar's name
(static/js/shell.js's catalogue), in every language. The French-deck game was named two ways."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import tapete.games  # noqa: F401  (registers the engines)
from tapete.core.registry import get

SHELL = (Path(__file__).resolve().parents[2] / "static" / "js" / "shell.js").read_text()
GAMES = ("chupate", "skypo", "francesa", "taki", "dos")


def shell_names() -> dict[str, dict[str, str]]:
    """``{lang: {game_id: name}}`` from shell.js's catalogue (its es block first, then en)."""
    names: dict[str, dict[str, str]] = {}
    for lang, block in re.findall(r"\n    (es|en): \{(.*?)\n    \}", SHELL, re.S):
        names[lang] = {g: json.loads(v) for g, v in re.findall(r'"game\.(\w+)": ("(?:[^"\\]|\\.)*")', block)}
    return names


def test_the_catalogue_names_every_game_in_both_languages():
    names = shell_names()
    assert set(names) == {"es", "en"}
    for lang in names:
        assert set(GAMES) <= set(names[lang]), lang


@pytest.mark.parametrize("game_id", GAMES)
def test_a_game_has_one_name_in_each_language(game_id):
    names = shell_names()
    for lang in ("es", "en"):
        assert get(game_id).title.get(lang, get(game_id).id) == names[lang][game_id], (game_id, lang)


def test_every_screen_reads_a_tables_keys_from_one_map():
    """Issue 43: the Chúpate 2 table shows "(M)" for «¡Mentira!», but pass-and-play's own copy of the key
    map had no `m`. Now tapete.ui.tables.keys_of is the one map; no screen keeps a copy."""
    import types
    from tapete.ui import tables
    chupate = tables.table_for("chupate")
    assert tables.keys_of(chupate)["m"] == "mentira"
    assert tables.keys_of(types.SimpleNamespace()) == tables.KEYS and tables.KEYS["m"] == "mentira"
    assert tables.keys_of(tables.table_for("dos")) == tables.table_for("dos").KEYS
    ui = Path(__file__).resolve().parents[2] / "py" / "tapete" / "ui"
    copies = [f.name for f in ui.glob("*.py")
              if f.name != "tables.py" and not f.name.endswith("_table.py") and '"d": "draw"' in f.read_text()]
    assert copies == []
