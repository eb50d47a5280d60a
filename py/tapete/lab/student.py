"""A student's bot: Python source that defines ``choose(view, legal)`` (or ``elegir(vista, legales)``).

``load_bot(code, game_id)`` compiles the source under the file name ``FILENAME`` (``"<my bot>"``), so
every line number Python reports is the line in the student's editor, and runs it once to find the
function; it returns a ``StudentBot`` or raises ``BotError``. A ``StudentBot`` plays like any bot
(``choose(view, legal, must_act, rng)``, tapete/bots/__init__.py): each game gets a fresh copy of the
student's module (``fresh``), the function gets a copy of the seat's view (it may scribble on it) and
of the legal list, and what it returns is checked:

- a text in ``legal``: played;
- ``None``: allowed only when the seat may let the moment go (``must_act`` false: a denounce, a
  breaker, a call asked out of turn); on the seat's turn it is an error (``none``);
- anything else: an error, ``malformed`` (not a text, or not an action text at all) or ``illegal`` (an
  action text not legal now), naming the legal actions and the line of the ``return`` that gave it.

An exception raised by the student's code (at load or in the function) is an error ``raised`` with its
frames in the student's code (line, function, the line's text), innermost last; a ``SyntaxError`` is
``syntax``. A move that runs longer than ``move_limit`` seconds is stopped (``time``) by a trace
function that checks the clock on each line of Python run during the student's call (``sys.settrace``),
named with the line it was on. Code that never reaches a new line (one long C call such as
``sum(range(10**12))``) or catches the stop with a bare ``except:`` cannot be stopped from inside
Python: the page's lab worker is then ended from outside (static/js/lab.mjs, its time limit).

What the student's code prints is kept (``output``: at most ``OUTPUT_LINES`` lines), not shown on the
console. Every error is a dict (``BotError.error``: ``kind`` and the fields of that kind) that
``texts.error_text(lang, error)`` puts in words; nothing the student writes can crash the caller.
"""

from __future__ import annotations

import copy
import sys
import time

from ..core.actions import parse
from ..core.errors import MalformedAction

FILENAME = "<my bot>"
FUNCTION_NAMES = ("choose", "elegir")   # English and Spanish templates
MOVE_LIMIT = 1.0                         # seconds one decision may take
OUTPUT_LINES = 200                       # lines of the student's prints kept
FRAMES_KEPT = 8                          # innermost frames of a traceback kept (a deep recursion has 1,000)
LEGAL_SHOWN = 12                         # legal actions quoted in an error (then "and N more")


class BotError(Exception):
    """The student's bot failed; ``error`` is the dict that says how (``kind``, ``line``...)."""

    def __init__(self, error: dict):
        super().__init__(error.get("kind", "error"))
        self.error = error


class TimeUp(BaseException):
    """Raised inside the student's code when its move ran past the limit (a BaseException, so that an
    ``except Exception`` in the student's code does not swallow it)."""


class Output:
    """A file-like sink for the student's prints: the first ``OUTPUT_LINES`` lines."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.partial = ""
        self.dropped = 0

    def write(self, text: str) -> int:
        text = str(text)
        parts = (self.partial + text).split("\n")
        self.partial = parts.pop()[:1000]
        for line in parts:
            if len(self.lines) < OUTPUT_LINES:
                self.lines.append(line[:1000])
            else:
                self.dropped += 1
        return len(text)

    def flush(self) -> None:
        pass

    def snapshot(self) -> list[str]:
        return self.lines + ([self.partial] if self.partial and len(self.lines) < OUTPUT_LINES else [])


def _source_line(lines: list[str], number: int | None) -> str | None:
    if number is None or not 1 <= number <= len(lines):
        return None
    return lines[number - 1].strip()


def _frames(err: BaseException, lines: list[str]) -> list[dict]:
    """The traceback's frames in the student's code, outermost first (the innermost ``FRAMES_KEPT``)."""
    out = []
    tb = err.__traceback__
    while tb is not None:
        code = tb.tb_frame.f_code
        if code.co_filename == FILENAME:
            out.append({"line": tb.tb_lineno, "function": code.co_name, "first": code.co_firstlineno})
        tb = tb.tb_next
    out = out[-FRAMES_KEPT:]
    for frame in out:
        frame["code"] = _source_line(lines, frame["line"])
    return out


def _error_line(frames: list[dict]) -> int | None:
    """The line to show: the innermost frame's, or its caller's when the error came as the frame was
    entered (a RecursionError is raised on the ``def`` line of the call that went too deep)."""
    if not frames:
        return None
    last = frames[-1]
    if last["line"] == last["first"] and len(frames) > 1:
        return frames[-2]["line"]
    return last["line"]


def _legal_shown(legal: list[str]) -> dict:
    return {"legal": list(legal[:LEGAL_SHOWN]), "legal_more": max(0, len(legal) - LEGAL_SHOWN)}


class Guard:
    """Runs the student's code: the clock (``move_limit``), the prints (``output``), the frames."""

    def __init__(self, lines: list[str], move_limit: float, output: Output) -> None:
        self.lines, self.move_limit, self.output = lines, move_limit, output
        self.line: int | None = None          # last line of the student's code seen running
        self.returned: int | None = None      # line of the last return of ``watch`` (the function's frame)
        self.watch = None

    def run(self, call):
        deadline = time.perf_counter() + self.move_limit
        clock = time.perf_counter
        self.returned = None

        def tracer(frame, event, arg):
            if clock() > deadline:
                raise TimeUp
            if frame.f_code.co_filename == FILENAME:
                self.line = frame.f_lineno
                if event == "return" and frame.f_code is self.watch:
                    self.returned = frame.f_lineno
            return tracer

        old_trace, old_out = sys.gettrace(), sys.stdout
        sys.stdout = self.output
        sys.settrace(tracer)
        try:
            return call()
        except TimeUp as err:
            frames = _frames(err, self.lines)
            line = _error_line(frames) or self.line
            raise BotError({"kind": "time", "limit": self.move_limit, "line": line,
                            "code": _source_line(self.lines, line), "frames": frames}) from None
        except KeyboardInterrupt:
            raise
        except BaseException as err:      # noqa: BLE001 - the student's error, whatever it is
            frames = _frames(err, self.lines)
            line = _error_line(frames)
            raise BotError({"kind": "raised", "type": type(err).__name__, "message": _message(err),
                            "line": line, "code": _source_line(self.lines, line), "frames": frames}) from None
        finally:
            sys.settrace(old_trace)
            sys.stdout = old_out


def _message(err: BaseException) -> str:
    try:
        return str(err)[:2000]
    except Exception:  # noqa: BLE001 - a student's exception whose __str__ raises
        return ""


def compile_bot(code: str):
    """The student's source compiled (``FILENAME``), or ``BotError`` of kind ``syntax``."""
    if not isinstance(code, str):
        raise BotError({"kind": "syntax", "line": None, "column": None, "message": "not text", "code": None})
    try:
        return compile(code, FILENAME, "exec")
    except (SyntaxError, ValueError) as err:        # ValueError: a NUL byte in the source
        line = getattr(err, "lineno", None)
        raise BotError({"kind": "syntax", "line": line, "column": getattr(err, "offset", None),
                        "message": getattr(err, "msg", None) or str(err),
                        "code": _source_line(code.splitlines(), line)}) from None


class StudentBot:
    """A student's bot in a seat (module docstring). ``times``: seconds of each decision."""

    level = "student"
    needs_view = True

    def __init__(self, code: str, game_id: str, move_limit: float = MOVE_LIMIT, output: Output | None = None,
                 compiled=None) -> None:
        self.source, self.game_id, self.move_limit = code, game_id, move_limit
        self.lines = code.splitlines()
        self.compiled = compiled if compiled is not None else compile_bot(code)
        self.output = output if output is not None else Output()
        self.guard = Guard(self.lines, move_limit, self.output)
        self.times: list[float] = []
        self.function = self._load()

    def _load(self):
        namespace = {"__name__": "my_bot"}
        self.guard.run(lambda: exec(self.compiled, namespace))     # noqa: S102 - the student's own code
        for name in FUNCTION_NAMES:
            function = namespace.get(name)
            if callable(function):
                code = getattr(function, "__code__", None)
                self.guard.watch = code
                if code is not None and code.co_argcount + code.co_kwonlyargcount < 2 and not code.co_flags & 0x04:
                    raise BotError({"kind": "signature", "name": name, "line": code.co_firstlineno,
                                    "code": _source_line(self.lines, code.co_firstlineno)})
                return function
        raise BotError({"kind": "no_function"})

    def fresh(self) -> "StudentBot":
        """The same bot with a new copy of its module (a new game: nothing remembered from the last)."""
        return StudentBot(self.source, self.game_id, self.move_limit, self.output, self.compiled)

    def choose(self, view, legal, must_act, rng):
        try:
            return self._choose(view, legal, must_act)
        except BotError as err:
            err.error.setdefault("view", copy.deepcopy(view))     # the seat's own view: nothing hidden
            raise

    def _choose(self, view, legal, must_act):
        legal = list(legal)
        mine = copy.deepcopy(view)
        start = time.perf_counter()
        try:
            action = self.guard.run(lambda: self.function(mine, list(legal)))
        finally:
            self.times.append(time.perf_counter() - start)
        line = self.guard.returned
        where = {"line": line, "code": _source_line(self.lines, line)}
        if action is None:
            if must_act:
                raise BotError({"kind": "none", **where, **_legal_shown(legal)})
            return None
        if not isinstance(action, str):
            raise BotError({"kind": "malformed", "value": _short_repr(action), "type": type(action).__name__,
                            **where, **_legal_shown(legal)})
        if action in legal:
            return action
        try:
            parse(action)
        except MalformedAction:
            raise BotError({"kind": "malformed", "value": _short_repr(action), "type": "str",
                            **where, **_legal_shown(legal)}) from None
        raise BotError({"kind": "illegal", "action": action, **where, **_legal_shown(legal)})


def _short_repr(value) -> str:
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001
        text = f"<{type(value).__name__}>"
    return text if len(text) <= 200 else text[:197] + "..."


SEATS_KEPT = 16      # student's bots kept between moves by ``decide`` (a table's seats; older ones dropped)
_seats: dict = {}


def decide(params: dict | str) -> dict:
    """One move of a student's bot at a table ("Play against my bot"; the page's lab worker runs it, so
    a bot that never answers cannot freeze the page). ``params`` (a dict or its JSON text): ``game``,
    ``code``, ``table`` and ``seat`` (the bot keeps its module, its memory, for as long as they and the
    code stay the same: a new table id is a new game), ``view``, ``legal``, optional ``must_act`` (true)
    and ``move_limit``. Returns ``{"action": text or None, "error": None or an error dict, "output":
    the bot's prints so far}``; never raises for the student's code."""
    import json
    if isinstance(params, str):
        params = json.loads(params)
    key = (params.get("table"), params.get("seat"), params.get("game"))
    bot = _seats.get(key)
    try:
        if bot is None or bot.source != params["code"]:
            if len(_seats) >= SEATS_KEPT:
                _seats.clear()
            bot = _seats[key] = StudentBot(params["code"], params["game"], params.get("move_limit", MOVE_LIMIT))
        action = bot.choose(params["view"], params["legal"], params.get("must_act", True), None)
        return {"action": action, "error": None, "output": bot.output.snapshot()}
    except BotError as err:
        _seats.pop(key, None)
        return {"action": None, "error": err.error, "output": bot.output.snapshot() if bot else []}


def decide_json(params: str) -> str:
    """``decide`` from and to JSON text (what the page's worker calls)."""
    import json
    return json.dumps(decide(params), allow_nan=False)


def load_bot(code: str, game_id: str, move_limit: float = MOVE_LIMIT) -> StudentBot:
    """The student's bot for ``game_id``, or ``BotError`` (syntax, an error while loading, no function)."""
    return StudentBot(code, game_id, move_limit)


__all__ = ["FILENAME", "FUNCTION_NAMES", "MOVE_LIMIT", "BotError", "Output", "StudentBot", "compile_bot", "decide",
           "decide_json", "load_bot"]
