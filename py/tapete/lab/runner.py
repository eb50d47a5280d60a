"""The lab's runner: N seeded games of a student's bot (or a built-in level) against bots of one level.

The games are bench/bots.py's ``row`` games, seed for seed: the same options per game (``OPTIONS``,
Chúpate 2 quick), the seats of the bot under test rotated by seed (``seats_of``: ``1v3`` one seat
``seed % 4``; ``2v2`` seats 0 and 2 on even seeds, 1 and 3 on odd; ``1v1`` seat ``seed % 2``), one
``random.Random(seed ^ 0x5EED)`` shared by the bots, fresh bots every game, and a shared win counted for
its share. So the share of a built-in level (``bot="medium"``) is exactly what ``row`` gives on the same
seeds (tests/unit/test_lab.py). Before each game the ``random`` module is seeded with the game's seed,
so a student's bot that draws from it plays the same games every run.

``LabRun`` plays in slices: ``play_for(seconds)`` steps the games (one applied action at a time, so a
slice ends mid-game) until the time is spent or the run is over, then returns ``snapshot()``: played
games, the win share, its standard error (``standard_error``: bench/bots.py's ``se``) and the 95% interval
(± 1.96 of them, clipped to 0-1), the share after each game (``curve``, for a chart), the row the bench
prints for it (``row``, and the decision-time row, ``time_row``), the student's prints and the error
that ended the run, if any. The page's lab worker (static/js/lab_worker.mjs) posts a snapshot after
each slice. An error of the student's bot ends the run with what was played so far; nothing raised by
the student's code leaves ``play_for``.
"""

from __future__ import annotations

import json
import math
import random
import time

from ..bots import LEVELS, make_bot
from ..core import get, ids
from ..sim import MAX_ACTIONS, step
from .student import MOVE_LIMIT, BotError, Output, StudentBot, compile_bot
from .texts import t

OPTIONS = {"chupate": {"quick": True}, "skypo": {}, "francesa": {}, "dos": {}, "taki": {}}   # bench/bots.py
LAYOUTS = {"1v3": 0.25, "2v2": 0.5, "1v1": 0.5}      # layout -> the fair share of the bot under test
MAX_GAMES = 2000
SEED_SALT = 0x5EED      # the bots' generator: random.Random(seed ^ SEED_SALT), as bench/bots.py's ``play``
Z95 = 1.959964          # two-sided 95% of the normal


def seats_of(layout: str, seed: int) -> tuple[int, set[int]]:
    """(players, the seats of the bot under test) for ``seed``: bench/bots.py's ``row``."""
    if layout == "2v2":
        return 4, ({0, 2} if seed % 2 == 0 else {1, 3})
    if layout == "1v3":
        return 4, {seed % 4}
    return 2, {seed % 2}


def standard_error(p: float, n: int) -> float:
    """One standard error of a share ``p`` over ``n`` games: bench/bots.py's ``se``."""
    return math.sqrt(max(p * (1 - p), 1e-9) / n)


def interval(p: float, n: int) -> tuple[float, float]:
    """The 95% interval of the share: ``p`` ± 1.96 standard errors, within 0 and 1."""
    half = Z95 * standard_error(p, n)
    return max(0.0, p - half), min(1.0, p + half)


def share_of(state: dict, mine: set[int]) -> float:
    """The part of the game's win that went to ``mine`` (a shared win counts for its share)."""
    winners = state["result"]["winners"]
    return sum(1 for w in winners if w in mine) / len(winners)


def _pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else 0.0


class Timed:
    """A built-in bot whose decision times are recorded (bench/bots.py's ``Timed``)."""

    def __init__(self, bot, times: list) -> None:
        self.bot, self.times, self.needs_view = bot, times, bot.needs_view

    def choose(self, view, legal, must_act, rng):
        start = time.perf_counter()
        try:
            return self.bot.choose(view, legal, must_act, rng)
        finally:
            self.times.append(time.perf_counter() - start)


class LabRun:
    """``games`` games of a bot against bots of ``level`` in ``game_id`` (module docstring).

    The bot under test is the student's ``code`` or, with ``bot``, a built-in level. Bad arguments raise
    ValueError; the student's errors never raise: they end the run (``snapshot()["error"]``)."""

    def __init__(self, game_id: str, level: str, code: str | None = None, *, bot: str | None = None,
                 games: int = 200, layout: str = "1v3", first_seed: int = 0, lang: str = "en",
                 move_limit: float = MOVE_LIMIT) -> None:
        if game_id not in ids():
            raise ValueError(f"unknown game {game_id!r}")
        if level not in LEVELS or (bot is not None and bot not in LEVELS):
            raise ValueError(f"unknown level {level!r} or bot {bot!r}")
        if (code is None) == (bot is None):
            raise ValueError("give the student's code or a built-in bot, not both")
        if layout not in LAYOUTS:
            raise ValueError(f"unknown layout {layout!r}")
        if not isinstance(games, int) or isinstance(games, bool) or not 1 <= games <= MAX_GAMES:
            raise ValueError(f"games must be 1 to {MAX_GAMES}")
        if not isinstance(first_seed, int) or first_seed < 0:
            raise ValueError("first_seed must be a non-negative integer")
        if not (isinstance(move_limit, (int, float)) and 0 < move_limit <= 60):
            raise ValueError("move_limit must be 0 to 60 seconds")
        self.game_id, self.level, self.bot, self.layout = game_id, level, bot, layout
        self.games, self.first_seed, self.lang = games, first_seed, lang
        self.game = get(game_id)
        self.played = 0
        self.total = 0.0
        self.curve: list[float] = []
        self.times: list[float] = []
        self.output = Output()
        self.error: dict | None = None
        self.seconds = 0.0
        self.actions = 0
        self._table = None            # the game being played: (state, seats, rng, mine, actions)
        self.student: StudentBot | None = None
        if code is not None:
            try:
                self.student = StudentBot(code, game_id, move_limit, self.output, compile_bot(code))
            except BotError as err:
                self.error = dict(err.error)

    @property
    def done(self) -> bool:
        return self.error is not None or self.played >= self.games

    # ----- playing -----------------------------------------------------------------------------------
    def _deal(self) -> None:
        seed = self.first_seed + self.played
        players, mine = seats_of(self.layout, seed)
        random.seed(seed)
        seats = []
        for s in range(players):
            if s not in mine:
                seats.append(make_bot(self.level, self.game_id))
            elif self.student is not None:
                bot = self.student.fresh()
                bot.times = self.times
                seats.append(bot)
            else:
                seats.append(Timed(make_bot(self.bot, self.game_id), self.times))
        state = self.game.new(players, seed, OPTIONS[self.game_id])
        self._table = [state, seats, random.Random(seed ^ SEED_SALT), mine, 0]

    def _fail(self, error: dict) -> None:
        seed = self.first_seed + self.played
        self.error = {**error, "number": self.played + 1, "games": self.games, "seed": seed}
        self._table = None

    def play_for(self, seconds: float) -> dict:
        """Play until ``seconds`` have passed or the run is over; the snapshot after it."""
        start = time.perf_counter()
        deadline = start + seconds
        try:
            while not self.done:
                if self._table is None:
                    self._deal()
                state, seats, rng, mine, actions = self._table
                if state["over"]:
                    self.total += share_of(state, mine)
                    self.played += 1
                    self.curve.append(round(self.total / self.played, 4))
                    self._table = None
                    continue
                if actions >= MAX_ACTIONS:
                    self._fail({"kind": "no_end", "actions": actions})
                    break
                step(self.game, state, seats, rng)
                self._table[4] = actions + 1
                self.actions += 1
                if time.perf_counter() >= deadline:
                    break
        except BotError as err:
            self._fail(err.error)
        except Exception as err:  # noqa: BLE001 - a bug of the lab or a bot: reported, never raised
            self._fail({"kind": "internal", "message": f"{type(err).__name__}: {err}"})
        self.seconds += time.perf_counter() - start
        return self.snapshot()

    def play_json(self, seconds: float) -> str:
        """``play_for`` as JSON text (what the page's worker posts)."""
        return json.dumps(self.play_for(seconds), allow_nan=False)

    def play_all(self) -> dict:
        """Every game at once (CPython, tests)."""
        while not self.done:
            self.play_for(3600.0)
        return self.snapshot()

    # ----- what the page shows -----------------------------------------------------------------------
    def share(self) -> float | None:
        return self.total / self.played if self.played else None

    def snapshot(self) -> dict:
        """The run so far as plain JSON-able data (the module docstring)."""
        lang = self.lang
        p = self.share()
        se = standard_error(p, self.played) if p is not None else None
        low, high = interval(p, self.played) if p is not None else (None, None)
        fair = LAYOUTS[self.layout]
        a = t(lang, "bot.student") if self.bot is None else t(lang, f"level.{self.bot}")
        title = self.game.title.get(lang, self.game.title.get("en", self.game_id))
        row = {"game": title, "layout": self.layout, "a": a, "b": t(lang, f"level.{self.level}"),
               "games": self.played, "share": None if p is None else t(lang, "share", share=f"{100 * p:.1f}%",
                                                                        se=f"{100 * se:.1f}"),
               "note": t(lang, "fair", fair=f"{100 * fair:.0f}%")}
        times = self.times
        time_row = {"game": title, "level": a, "decisions": len(times),
                    "p50_ms": round(1000 * _pct(times, 0.5), 3), "p95_ms": round(1000 * _pct(times, 0.95), 3),
                    "max_ms": round(1000 * max(times), 2) if times else 0.0}
        return {"game": self.game_id, "level": self.level, "bot": self.bot or "student", "layout": self.layout,
                "games": self.games, "first_seed": self.first_seed, "played": self.played, "wins": self.total,
                "share": p, "se": se, "low": low, "high": high, "fair": fair, "curve": list(self.curve),
                "row": row, "time_row": time_row, "done": self.done, "error": self.error,
                "output": self.output.snapshot(), "output_dropped": self.output.dropped,
                "actions": self.actions, "seconds": round(self.seconds, 3)}


PARAMS = {"game": "game_id", "level": "level", "code": "code", "bot": "bot", "games": "games", "layout": "layout",
          "first_seed": "first_seed", "lang": "lang", "move_limit": "move_limit"}


def from_params(params: dict | str) -> LabRun:
    """A ``LabRun`` from the page's run request (a dict or its JSON text): ``game``, ``level``, and
    ``code`` or ``bot``; optional ``games``, ``layout``, ``first_seed``, ``lang``, ``move_limit`` (seconds).
    Unknown keys and bad values raise ValueError."""
    if isinstance(params, str):
        params = json.loads(params)
    if not isinstance(params, dict):
        raise ValueError("the lab's parameters must be an object")
    unknown = sorted(set(params) - set(PARAMS))
    if unknown:
        raise ValueError(f"unknown lab parameters: {unknown}")
    kwargs = {PARAMS[k]: v for k, v in params.items() if v is not None}
    return LabRun(kwargs.pop("game_id", None), kwargs.pop("level", None), kwargs.pop("code", None), **kwargs)


def run(game_id: str, level: str, code: str | None = None, progress=None, **kwargs) -> dict:
    """A whole ``LabRun`` (keyword arguments as its), calling ``progress(snapshot)`` after each slice
    of ``slice_seconds`` (0.1 s by default); returns the last snapshot."""
    slice_seconds = kwargs.pop("slice_seconds", 0.1)
    lab = LabRun(game_id, level, code, **kwargs)
    snap = lab.snapshot()
    while not lab.done:
        snap = lab.play_for(slice_seconds)
        if progress is not None:
            progress(snap)
    return snap


__all__ = ["LAYOUTS", "MAX_GAMES", "OPTIONS", "LabRun", "from_params", "interval", "run", "seats_of",
           "share_of", "standard_error"]
