"""The bot lab's screen and the hints, their pure parts under CPython (py/tapete/ui/lab_view.py,
py/tapete/ui/lab_screen.py, py/tapete/ui/hints.py): the chart, the rows, the share in words, the error
with its line, the frame's controls, the hint panel and button, the hints count in the result dialog.
The screen itself, in the page: tests/browser/test_lab_screen.py and tests/browser/test_hints_ui.py."""

from __future__ import annotations

import re

import pytest

from tapete.bots.explain import explain
from tapete.bots.hint_texts import hint_text
from tapete.core import get
from tapete.lab import run, template
from tapete.ui import hints
from tapete.ui import lab_screen as ls
from tapete.ui import lab_view as lv


def test_every_lab_screen_and_hint_text_is_in_both_languages():
    assert set(lv.TEXTS["es"]) == set(lv.TEXTS["en"])
    assert set(hints.TEXTS["es"]) == set(hints.TEXTS["en"])
    for lang in ("es", "en"):
        for key in lv.TEXTS[lang]:
            assert lv.TEXTS["es"][key] != lv.TEXTS["en"][key] or key in ("row.a", "row.b", "time.p50", "time.p95")


def test_the_chart_has_one_point_per_game_and_the_fair_share_dashed():
    svg = lv.chart_svg([1.0, 0.5, 2 / 3, 0.5], 200, 0.25, "en")
    assert 'data-points="4"' in svg and 'role="img"' in svg and "50.0%" in svg
    (points,) = re.findall(r'(?<![-\w])points="([^"]+)"', svg)
    xy = [tuple(map(float, p.split(","))) for p in points.split()]
    assert [x for x, _ in xy] == pytest.approx([1.6, 3.2, 4.8, 6.4])              # game i of 200 at x = i·w/200
    assert [y for _, y in xy] == pytest.approx([0, 60, 40, 60])                 # share 1 at the top, 0 below
    assert 'class="lab-fair"' in svg and 'y1="90.0"' in svg                     # 25% of 120 px from the bottom
    assert "polyline" not in lv.chart_svg([], 200, None, "es")


def test_a_snapshot_in_words_rows_and_bar():
    snap = run("chupate", "easy", template("chupate", "en"), games=6, lang="es")
    html = lv.live_html(snap, "es")
    assert 'data-played="6"' in html and f'data-share="{snap["share"]!r}"' in html
    assert "6 de 6 partidas" in html and 'max="6"' in html and 'value="6"' in html
    assert "Reparto justo: 25,0 %" in html
    assert 'data-testid="lab-row"' in html and "1v3" in html and "tu bot" in html and "fácil" in html
    assert 'data-testid="lab-time-row"' in html
    assert lv.share_text({"share": None}, "en") == "No game played yet."
    words = lv.share_text({"share": 0.5, "se": 0.035, "low": 0.43, "high": 0.57, "fair": 0.25}, "en")
    assert words == "Your bot won 50.0% of the games (± 3.5; 95% interval: 43.0% – 57.0%). Fair share: 25.0%."
    assert "<script>" not in lv.live_html({"output": ["<script>x</script>"], "played": 1, "games": 2}, "en")


def test_an_error_is_said_with_its_line_and_a_button_to_it():
    code = "def choose(view, legal):\n    return 'play Z9'\n"
    snap = run("taki", "easy", code, games=2, lang="en")
    html = lv.error_html(snap["error"], "en")
    assert "play Z9" in html and "line 2" in html and 'data-line="2"' in html and 'data-lab="goto"' in html
    assert "Go to line 2" in html and "2 | return &#x27;play Z9&#x27;" in html
    code = "def helper(view):\n    return view['hand'][99]\n\n\ndef choose(view, legal):\n    return helper(view)\n"
    error = run("chupate", "easy", code, games=1, lang="es")["error"]
    html = lv.error_html(error, "es")
    assert html.index("choose, línea 6") < html.index("helper, línea 2") and "Ir a la línea 2" in html


def test_the_lab_frame_has_its_controls_in_both_languages():
    for lang in ("es", "en"):
        html = lv.render_lab(lang, "dos", "hard", "2v2", lambda g: f"<{g}>")
        for testid in ("lab", "lab-back", "lab-game", "lab-level", "lab-layout", "lab-editor", "lab-download",
                       "lab-file", "lab-reset", "lab-run", "lab-stop", "lab-play", "lab-error", "lab-live"):
            assert f'data-testid="{testid}"' in html, testid
        assert '<option value="dos" selected>&lt;dos&gt;</option>' in html          # names escaped
        assert '<option value="hard" selected>' in html and '<option value="2v2" selected>' in html
        assert re.search(r'<button[^>]*data-testid="lab-stop"[^>]*disabled', html)
        assert lv.lt(lang, "run", n=200) in html


def test_prefs_keep_only_known_values():
    assert ls.LabScreen._prefs('{"game": "taki", "level": "hard", "layout": "1v1"}') == {
        "game": "taki", "level": "hard", "layout": "1v1"}
    assert ls.LabScreen._prefs('{"game": "poker", "level": "<x>", "code": "import os"}') == {}
    assert ls.LabScreen._prefs("not json") == {} and ls.LabScreen._prefs("[1]") == {}


def test_the_hint_panel_shows_the_moment_it_was_asked_for_only():
    game = get("chupate")
    state = game.new(2, 3, {"quick": True})
    seat = game.to_move(state)[0]
    view, legal = game.view(state, seat), game.legal_actions(state, seat)
    hint = explain("chupate", view, legal, hints.hint_rng("chupate", view["version"], seat))
    update = {"seat": seat, "view": view, "legal": legal}
    ui = {hints.HINT: {"version": view["version"], "game": "chupate", "action": hint.action, "ideas": hint.ideas}}
    for lang in ("es", "en"):
        html = hints.hint_panel(lang, ui, update)
        assert f'data-hint-action="{hint.action}"' in html and 'data-state="ready"' in html
        for key in hint.ideas:
            assert f'data-idea="{key}"' in html and hint_text(lang, "chupate", key).replace("'", "&#x27;") in html
    moved = {**update, "view": {**view, "version": view["version"] + 1}}
    assert hints.hint_panel("en", ui, moved) == ""                              # the table moved on
    thinking = {hints.HINT: {"version": view["version"], "thinking": True}}
    assert 'data-state="thinking"' in hints.hint_panel("es", thinking, update)
    assert hints.action_words("es", "draw") == "Robar" and hints.action_words("es", "play R7") == "jugar R7"


def test_the_hint_button_is_in_the_bar_and_the_count_in_the_result():
    from tapete.ui.bar import table_bar
    from tapete.ui.sheet import result_dialog
    bar = table_bar("es", "DOS", "dos", False, "", False, hints.hint_button("es", True))
    assert 'data-testid="btn-hint"' in bar and 'data-action="hint"' in bar and "Pista" in bar
    assert 'disabled' in hints.hint_button("en", False)
    assert "btn-hint" not in table_bar("es", "DOS", "dos", False, "")
    update = {"seat": 0, "legal": [], "names": ["Tú", "Bot 1"], "view": {"players": 2, "over": True}}
    with_count = result_dialog(update, "en", {hints.HINTS: 3}, [0], "")
    assert 'data-testid="hints-used"' in with_count and "Hints used: 3" in with_count
    assert "hints-used" not in result_dialog(update, "es", {}, [0], "")         # a room: no count
    assert hints.can_hint({"seat": 0, "legal": ["draw"], "view": {"over": False}}, True)
    assert not hints.can_hint({"seat": 0, "legal": ["draw"], "view": {"over": False}}, False)
    assert not hints.can_hint({"seat": 0, "legal": [], "view": {"over": False}}, True)
    assert not hints.can_hint({"seat": 0, "legal": ["next"], "view": {"over": True}}, True)


ROOT = __import__("pathlib").Path(__file__).resolve().parents[2]


@pytest.mark.skipif(not (ROOT / "dist" / "sw.js").exists(), reason="dist/ not built (make dist)")
def test_the_editor_chunks_are_mapped_for_the_lab_and_stay_out_of_the_boot():
    """editor.json names PyScript's vendored CodeMirror chunks; none is preloaded, precached or named by
    a file the page boots with; the lab's editor module and stylesheet are precached (offline: a text box)."""
    import json
    import sys
    sys.path.insert(0, str(ROOT / "scripts"))
    import build

    dist = ROOT / "dist"
    names = json.loads((dist / "static" / "vendor" / "pyscript" / "editor.json").read_text())
    assert set(names) == set(build.EDITOR_MODULES)
    boot = set(build.boot_chunks())
    precache = set(build.precache_list(build.dist_files(dist)))
    for chunk in names.values():
        path = f"static/vendor/pyscript/{chunk}"
        assert (dist / path).is_file() and path not in boot and path not in precache
    assert {"static/js/lab_editor.mjs", "static/css/lab.css"} <= precache
    for booted in ("index.html", "static/js/boot.mjs", "static/js/shell.js", "static/js/ui.js"):
        text = (dist / booted).read_text()
        assert "lab_editor" not in text and "lab.css" not in text and "editor.json" not in text
        assert not [chunk for chunk in names.values() if chunk in text]


def test_the_hint_reads_its_cards_aloud_with_the_tables_own_names():
    from tapete.ui import chupate_table, dos_table, skypo_table
    assert hints.cards_named("es", "play R7", chupate_table.card_name) == "rojo 7"
    assert hints.cards_named("en", "play W+4 color:G", chupate_table.card_name) == chupate_table.card_name("en", "W+4")
    assert hints.cards_named("en", "match B3+Y4 on:1", dos_table.card_name) == ", ".join(
        dos_table.card_name("en", c) for c in ("B3", "Y4"))
    assert hints.cards_named("en", "flip 0,2", skypo_table.card_name) == ""
    assert hints.cards_named("en", "draw", chupate_table.card_name) == ""
