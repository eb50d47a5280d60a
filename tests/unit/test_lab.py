"""The bot lab (tapete.lab, issue 33): a student's bot against the built-in levels.

The runner plays bench/bots.py's own games (a built-in level's share equals ``row``'s on the same seeds);
the templates play whole games in both languages; every error is the student's, with its line, and
never crashes the runner; a slow move is stopped by the time limit."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import pytest

from tapete.core import get, ids
from tapete.lab import (FILENAME, LAYOUTS, OPTIONS, TEMPLATES, TEXTS, BotError, LabRun, error_text, from_params,
                        interval, load_bot, run, standard_error, template)

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))
import bots as bench  # noqa: E402  (bench/bots.py)


def lab(code, game="chupate", level="easy", **kwargs):
    return run(game, level, code, **kwargs)


# ----- the same games as bench/bots.py -------------------------------------------------------------------
@pytest.mark.parametrize(("game_id", "layout", "games"), [("chupate", "2v2", 120), ("chupate", "1v3", 120),
                                                          ("taki", "2v2", 60), ("skypo", "1v1", 12)])
def test_the_share_of_builtin_medium_against_easy_is_the_bench_row_on_the_same_seeds(game_id, layout, games):
    ours = run(game_id, "easy", bot="medium", layout=layout, games=games)
    theirs = bench.row(game_id, "medium", "easy", layout, games, {})
    assert ours["played"] == games and ours["error"] is None
    assert ours["share"] == theirs                                  # the same games, seed for seed
    assert ours["se"] == bench.se(theirs, games)                    # and the bench's standard error
    assert ours["low"] <= theirs <= ours["high"]
    assert ours["curve"][-1] == round(theirs, 4) and len(ours["curve"]) == games
    assert ours["row"]["share"] == f"{100 * theirs:.1f}% ± {100 * bench.se(theirs, games):.1f}"


def test_the_options_layouts_and_interval_are_the_bench_ones():
    assert OPTIONS == {game_id: options for game_id, (_title, options) in bench.GAMES.items()}
    assert set(OPTIONS) == set(ids())
    assert LAYOUTS == {"1v3": 0.25, "2v2": 0.5, "1v1": 0.5}
    for p, n in ((0.5, 200), (0.25, 40), (0.0, 10), (1.0, 7)):
        assert standard_error(p, n) == bench.se(p, n)
        low, high = interval(p, n)
        assert low == pytest.approx(max(0.0, p - 1.96 * bench.se(p, n)), abs=1e-4)
        assert high == pytest.approx(min(1.0, p + 1.96 * bench.se(p, n)), abs=1e-4)


# ----- the templates ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("game_id", sorted(TEMPLATES))
def test_every_template_plays_20_games_against_easy_without_an_error(game_id, lang):
    code = template(game_id, lang)
    assert ("def choose(view, legal):" if lang == "en" else "def elegir(vista, legales):") in code
    snap = lab(code, game_id, games=20)
    assert snap["error"] is None, error_text("en", snap["error"])
    assert snap["played"] == 20 and len(snap["curve"]) == 20 and snap["time_row"]["decisions"] > 20
    assert 0 <= snap["share"] <= 1 and snap["output"] == []


# ----- the student's errors ----------------------------------------------------------------------------------
RAISES = """\
def helper(hand):
    return hand[99]          # line 2


def choose(view, legal):
    return helper(view["hand"])
"""


def test_a_raising_bot_is_reported_with_the_line_in_its_own_code():
    snap = lab(RAISES, games=5)
    error = snap["error"]
    assert snap["done"] and snap["played"] == 0
    assert error["kind"] == "raised" and error["type"] == "IndexError" and error["line"] == 2
    assert error["code"] == "return hand[99]          # line 2"
    assert [(f["function"], f["line"]) for f in error["frames"]] == [("choose", 6), ("helper", 2)]
    assert (error["number"], error["seed"], error["games"]) == (1, 0, 5)
    assert error["view"]["seat"] == 0 and error["view"]["hand"]     # seed 0: the bot sits at seat 0 (1v3)
    assert "line 2" in error_text("en", error) and "línea 2" in error_text("es", error)
    assert "IndexError" in error_text("en", error) and "seed 0" in error_text("en", error)


def test_an_error_while_loading_and_a_syntax_error_point_at_their_lines():
    error = lab("import math\n\nx = math.sqrt(-1)\n")["error"]
    assert (error["kind"], error["type"], error["line"]) == ("raised", "ValueError", 3)
    error = lab("def choose(view, legal):\n    return legal[0\n")["error"]
    assert error["kind"] == "syntax" and error["line"] in (2, 3) and error_text("en", error).startswith("Syntax")
    assert lab("x = 1\n")["error"]["kind"] == "no_function"
    error = lab("def choose(view):\n    return 'draw'\n")["error"]
    assert (error["kind"], error["line"]) == ("signature", 1)


SHOWS_LEGAL = """\
import json


def choose(view, legal):
    print(json.dumps(legal))
    return "play Z9"           # line 6
"""


def test_an_illegal_action_is_named_with_the_legal_ones_and_its_line():
    snap = lab(SHOWS_LEGAL)
    error = snap["error"]
    assert (error["kind"], error["action"], error["line"]) == ("illegal", "play Z9", 6)
    seen = json.loads(snap["output"][-1])              # what the bot was offered, as it printed it
    assert error["legal"] == seen and error["legal_more"] == 0
    for lang in ("en", "es"):
        text = error_text(lang, error)
        assert "play Z9" in text and all(action in text for action in seen)


@pytest.mark.parametrize(("returns", "kind", "value"), [("42", "malformed", "42"),
                                                       ("['draw']", "malformed", "['draw']"),
                                                       ("'play  R7'", "malformed", "'play  R7'"),
                                                       ("None", "none", None)])
def test_a_malformed_answer_or_none_on_its_turn_is_named_with_the_legal_ones(returns, kind, value):
    code = f"def choose(view, legal):\n    if legal:\n        return {returns}\n"
    error = lab(code)["error"]
    assert error["kind"] == kind and error["line"] == 3 and error["legal"]
    assert value is None or error["value"] == value
    assert all(action in error_text("en", error) for action in error["legal"])


def test_the_legal_list_of_a_long_error_is_cut_and_counted():
    code = "def choose(view, legal):\n    if len(legal) > 12:\n        return 'nope'\n    return legal[0]\n"
    error = lab(code, "dos", games=20)["error"]
    assert error["kind"] == "illegal" and len(error["legal"]) == 12 and error["legal_more"] > 0
    assert f"and {error['legal_more']} more" in error_text("en", error)


def test_none_out_of_turn_lets_the_moment_go():
    """A bot that returns None whenever it is not its turn (a denounce it may skip) plays on."""
    code = ("def choose(view, legal):\n"
            "    if view['turn'] != view['seat']:\n"
            "        print('let go', legal)\n"
            "        return None\n"
            "    return [a for a in legal if a != 'ultima'][-1]\n")
    snap = lab(code, games=40)
    assert snap["error"] is None and snap["played"] == 40
    assert any(line.startswith("let go") for line in snap["output"])


@pytest.mark.parametrize(("body", "line"), [("    while True:\n        pass\n", 3),
                                            ("    import time\n    time.sleep(0.4)\n    return legal[0]\n", 4)])
def test_a_slow_move_is_stopped_by_the_time_limit_at_its_line(body, line):
    start = time.perf_counter()
    snap = lab("def choose(view, legal):\n" + body, move_limit=0.2)
    assert time.perf_counter() - start < 5
    error = snap["error"]
    assert (error["kind"], error["limit"]) == ("time", 0.2)
    assert error["line"] in (line - 1, line) and snap["played"] == 0
    assert "0.2 s" in error_text("en", error) and f"{error['line']}" in error_text("es", error)


def test_the_time_limit_does_not_leak_a_trace_or_the_prints():
    before_trace, before_out = sys.gettrace(), sys.stdout
    lab("def choose(view, legal):\n    print('x')\n    while True:\n        pass\n", move_limit=0.05)
    lab(RAISES)
    assert sys.gettrace() is before_trace and sys.stdout is before_out


def test_nothing_the_student_raises_escapes_the_runner():
    for code in ("import sys\ndef choose(view, legal):\n    sys.exit(3)\n",
                 "def choose(view, legal):\n    return choose(view, legal)\n",
                 "class Odd(Exception):\n    def __str__(self):\n        raise ValueError\n"
                 "def choose(view, legal):\n    raise Odd()\n",
                 "def choose(view, legal):\n    raise MemoryError('big')\n"):
        snap = lab(code)
        assert snap["error"]["kind"] == "raised" and snap["error"]["line"] is not None
        json.dumps(snap, allow_nan=False)
    snap = lab("def choose(view, legal):\n    return choose(view, legal)\n")
    assert snap["error"]["type"] == "RecursionError" and snap["error"]["line"] == 2
    assert len(snap["error"]["frames"]) <= 8


@pytest.mark.long   # over ~4 s: in `make test`, not in `make check`'s loop
def test_the_bot_gets_its_own_copy_of_the_view_and_of_legal():
    plain = "def choose(view, legal):\n    return legal[-1]\n"
    scribbles = ("def choose(view, legal):\n    answer = legal[-1]\n    view.clear()\n    legal.clear()\n"
                 "    return answer\n")
    assert lab(scribbles, games=30)["curve"] == lab(plain, games=30)["curve"]


def test_a_bot_that_draws_from_random_plays_the_same_games_every_run():
    code = "import random\n\ndef choose(view, legal):\n    return random.choice(legal)\n"
    first, second = lab(code, games=30), lab(code, games=30)
    assert first["curve"] == second["curve"] and first["error"] is None


def test_each_game_gets_a_fresh_module_and_prints_are_kept():
    code = ("games = []\n\ndef choose(view, legal):\n    if not games:\n        games.append(1)\n"
            "        print('new game')\n    return legal[0]\n")
    snap = lab(code, games=6)
    assert snap["output"].count("new game") == 6


# ----- slices, snapshots, parameters -------------------------------------------------------------------------
def test_a_run_plays_in_slices_and_every_snapshot_is_json():
    lab_run = LabRun("chupate", "easy", template("chupate", "es"), games=4, lang="es")
    snaps = []
    while not lab_run.done:
        snaps.append(json.loads(lab_run.play_json(0)))            # one action a slice
    assert len(snaps) > 20 and snaps[-1]["done"] and snaps[-1]["played"] == 4
    assert [s["played"] for s in snaps] == sorted(s["played"] for s in snaps)
    assert all(len(s["curve"]) == s["played"] for s in snaps)
    assert snaps[-1]["row"]["a"] == "tu bot" and snaps[-1]["row"]["b"] == "fácil"
    assert snaps[0]["share"] is None and snaps[0]["low"] is None


def test_the_page_parameters_are_checked():
    good = {"game": "taki", "level": "hard", "code": "def choose(view, legal):\n    return legal[0]\n", "games": 2}
    assert from_params(json.dumps(good)).games == 2
    for bad in ({**good, "game": "poker"}, {**good, "level": "expert"}, {**good, "games": 0},
                {**good, "games": 10 ** 6}, {**good, "layout": "3v1"}, {**good, "bot": "medium"},
                {**good, "extra": 1}, {"game": "taki", "level": "easy"}, {**good, "move_limit": -1}):
        with pytest.raises(ValueError):
            from_params(bad)


def test_load_bot_plays_at_a_table_and_raises_typed_errors():
    game = get("chupate")
    state = game.new(2, 3, {"quick": True})
    bot = load_bot(template("chupate", "en"), "chupate")
    seat = game.to_move(state)[0]
    action = bot.choose(game.view(state, seat), game.legal_actions(state, seat), True, None)
    assert action in game.legal_actions(state, seat)
    with pytest.raises(BotError) as raised:
        load_bot("def choose(view, legal):\n    return 'x y z'\n", "chupate").choose(
            game.view(state, seat), game.legal_actions(state, seat), True, None)
    assert raised.value.error["kind"] == "illegal" and raised.value.error["view"]["seat"] == seat
    assert FILENAME == "<my bot>"


def test_every_lab_text_is_in_both_languages():
    assert set(TEXTS["es"]) == set(TEXTS["en"])
    for kind in ("syntax", "no_function", "signature", "raised", "illegal", "malformed", "none", "time", "timeout",
                 "crashed", "no_end", "internal"):
        for lang in ("es", "en"):
            assert error_text(lang, {"kind": kind, "seconds": 4, "limit": 1, "actions": 9, "line": 2})
    assert error_text("es", {"kind": "timeout", "seconds": 4}).startswith("Tu bot no respondió en 4 s")


# ----- the docs' worked examples -------------------------------------------------------------------------------
def doc_examples() -> dict[str, str]:
    import re
    text = (ROOT / "docs" / "bots-lab.md").read_text()
    return dict(re.findall(r"<!-- lab-example:(\w+) -->\n```python\n(.*?)```", text, re.S))


def test_the_docs_have_one_worked_example_per_game():
    assert sorted(doc_examples()) == sorted(ids())


@pytest.mark.parametrize("game_id", sorted(OPTIONS))
def test_the_worked_examples_of_the_docs_play_20_games_against_easy(game_id):
    code = doc_examples()[game_id]
    snap = lab(code, game_id, games=20)
    assert snap["error"] is None, error_text("en", snap["error"])
    assert snap["played"] == 20


@pytest.mark.skipif(not (ROOT / "dist" / "sw.js").exists(), reason="dist/ not built (make dist)")
def test_the_lab_is_precached_for_offline_use_but_not_loaded_at_boot():
    sys.path.insert(0, str(ROOT / "scripts"))
    import build

    dist = ROOT / "dist"
    precache = build.precache_list(build.dist_files(dist))
    assert {"static/js/lab.mjs", "static/js/lab_worker.mjs"} <= set(precache)
    for booted in ("index.html", "static/js/boot.mjs", "static/js/shell.js", "static/js/ui.js"):
        assert "lab.mjs" not in (dist / booted).read_text() and "lab_worker" not in (dist / booted).read_text()


def test_decide_plays_one_move_at_a_table_and_keeps_the_bot_for_its_table():
    from tapete.lab import decide, decide_json
    game = get("chupate")
    state = game.new(2, 3, {"quick": True})
    seat = game.to_move(state)[0]
    ask = {"game": "chupate", "seat": seat, "view": game.view(state, seat), "legal": game.legal_actions(state, seat)}
    counts = "calls = []\n\ndef choose(view, legal):\n    calls.append(1)\n    print(len(calls))\n    return legal[0]\n"
    assert [decide({**ask, "code": counts, "table": "a"})["output"][-1] for _ in range(3)] == ["1", "2", "3"]
    assert decide({**ask, "code": counts, "table": "b"})["output"] == ["1"]          # a new table: a new game
    got = json.loads(decide_json(json.dumps({**ask, "code": RAISES, "table": "a"})))
    assert got["action"] is None and (got["error"]["kind"], got["error"]["line"]) == ("raised", 2)
    assert decide({**ask, "code": "def choose(view, legal)\n", "table": "c"})["error"]["kind"] == "syntax"
