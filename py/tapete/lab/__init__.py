"""The bot lab: a student's Python bot against the built-in levels (docs/bots-lab.md).

- ``templates.template(game_id, lang)``: the starting bot of each game, Spanish or English;
- ``student.load_bot(code, game_id)``: the student's bot as a bot (``choose(view, legal, must_act,
  rng)``) or a ``BotError`` whose ``error`` dict says what went wrong and on which line;
  ``student.decide(params)``: one move of it at a table, as the page's worker asks for it;
- ``runner.LabRun``: N seeded games against easy, medium or hard, in slices (``play_for``), with the
  win share, its interval, the curve for a chart and the bench's rows (``snapshot``);
- ``texts.error_text(lang, error)``: an error in words, Spanish or English.

The page runs ``LabRun`` in a Web Worker (static/js/lab.mjs, static/js/lab_worker.mjs): a student's
endless loop never freezes the page.
"""

from .runner import LAYOUTS, MAX_GAMES, OPTIONS, LabRun, from_params, interval, run, seats_of, standard_error
from .student import FILENAME, FUNCTION_NAMES, MOVE_LIMIT, BotError, StudentBot, decide, decide_json, load_bot
from .templates import TEMPLATES, template
from .texts import TEXTS, error_text, t

__all__ = ["FILENAME", "FUNCTION_NAMES", "LAYOUTS", "MAX_GAMES", "MOVE_LIMIT", "OPTIONS", "TEMPLATES", "TEXTS",
           "BotError", "LabRun", "StudentBot", "decide", "decide_json", "error_text", "from_params", "interval",
           "load_bot", "run", "seats_of", "standard_error", "t", "template"]
