"""Hints: the hard bot's move for a seat's view, and the named ideas that decided it.

``explain(game_id, view, legal, rng)`` asks the game's hard bot (``make_bot("hard", game_id)``, or the
``bot`` given) for its move, exactly as ``bot.choose(view, legal, must_act, rng)`` would answer (the same
generator use), and returns a ``Hint``: the action and the keys of the ideas behind it, which
``hint_texts.hint_text(lang, game_id, key)`` puts in plain words.

An idea is one of the things a bot module already names: a constant (``HOLD_PLUS2``, ``ATTACK``...), a
method (``keeps_drawn``, ``plan``) or a branch of its code (a call, a stacked +2). Two kinds:

- **weighed** ideas (``Idea``): the bot decides again without the idea (its constants set to neutral
  values in the module that reads them, or a method replaced on a copy of the bot), on a copy of the bot
  and of the generator as they were before the move (and, when the bot breaks ties at random, on
  ``TIE_SAMPLES`` more generator states). The idea is named when that changes the moves the bot may
  make: it decided this move (or broke a tie that would have left it to chance). An idea may carry
  several ways of being left out (``without``: e.g. never challenge and always challenge); it is named
  when any of them changes the moves. Nothing stays changed longer than one such decision: every patch
  is undone before ``_without`` returns (so never across a yield); the bot's own move is made first,
  unpatched, by the bot given;
- **branch** ideas (``branches`` per game): the code path that produced the move is plain from the move
  and the view (a call, a denounce, the only legal move, a +2 stacked on a +2...). A ``FORCED`` branch
  (a call, the only move...) is the whole hint; the others come first and the weighed ideas follow.

When neither names anything, the game's ``FALLBACK`` idea says the move scored best on all its rules
together (true by construction: the bot plays its highest score).

DOS hard (``DosLookahead``) searches: when it searched (its ``think`` yielded) and its move differs from
the first move of its heuristic order (``candidates(...)[0]``), the idea is ``lookahead``; when they agree,
``lookahead_checked`` and the heuristic's own weighed ideas, found on ``candidates(...)[0]`` (no search).

``explain_steps`` is the same as a generator that yields between the bot's own slices (DOS), after its
move and between the weighed ideas, so a page can run it between frames (``think_through`` runs it to
its end; docs/benchmarks.md, "The bot lab", has its cost).
"""

from __future__ import annotations

import copy
import random
from dataclasses import dataclass, field

from . import make_bot, think_through
from . import dos as dos_bot
from . import francesa as francesa_bot
from . import hard as chupate_bot
from . import taki as taki_bot
from .medium import CALL_VERBS, verb_of
from .skypo import hard as skypo_bot

BOT = "bot"        # a patch target: the bot's copy itself (a method or attribute), not a module


@dataclass(frozen=True)
class Idea:
    """A weighed idea: ``key`` and the ways of leaving it out, each a tuple of patches
    ``(module or BOT, name, value)``."""

    key: str
    without: tuple


@dataclass
class Hint:
    """The hard bot's move and the keys of the ideas that decided it (never empty when ``action`` is
    not None)."""

    game: str
    action: str | None
    ideas: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"game": self.game, "action": self.action, "ideas": list(self.ideas)}


def _never(*_args, **_kwargs):
    return False


def _zero(*_args, **_kwargs):
    return 0.0


def _greedy_plan(bot):
    """DosHard without its turn plan: the best-scored single match, as it played before the plan."""
    return lambda view, matches: [max(matches, key=lambda a: bot.match_score(view, a))]


def _full_deck(_view):
    from collections import Counter

    from ..games.skypo import DECK_COUNTS
    return +Counter(DECK_COUNTS)


# ----- the weighed ideas of each hard bot, in the order a hint lists them --------------------------------
C, F, T, D, S = chupate_bot, francesa_bot, taki_bot, dos_bot, skypo_bot
IDEAS: dict[str, list[Idea]] = {
    "chupate": [
        Idea("attack", (((C, "ATTACK", {}), (C, "WILD4_ATTACK", 0), (C, "DRAWN_W4_ATTACK", -1)),)),
        Idea("hold_plus2", (((C, "HOLD_PLUS2", 0),),)),
        Idea("hold_reverse", (((C, "HOLD_REVERSE", 0),),)),
        Idea("keep_wilds", (((C, "WILD", 0), (BOT, "keeps_drawn", _never)),)),
        Idea("honest_wild4", (((C, "HONEST_WILD4", 0),),)),
        Idea("challenge", (((C, "CHALLENGE_MIN_CARDS", 10 ** 9),), ((C, "CHALLENGE_MIN_CARDS", 0),))),
        Idea("lacks", (((C, "LACK_BONUS", 0),),)),
        Idea("colour", (((C, "COLOUR_WEIGHT", 0), (C, "WILD_COLOUR_WEIGHT", 0)),)),
        Idea("rank", (((C, "RANK_WEIGHT", 0),),)),
    ],
    "francesa": [
        Idea("attack", (((F, "ATTACK", {}),),)),
        Idea("hold_seven", (((F, "HOLD_SEVEN", 0),),)),
        Idea("ace", (((F, "ACE_PAIR", 0), (F, "ACE_ALONE", 0)),)),
        Idea("keep_jacks", (((F, "JACK", 0),),)),
        Idea("danger_points", (((F, "DANGER_POINTS", F.POINT_WEIGHT),),)),
        Idea("points", (((F, "POINT_WEIGHT", 0),),)),
        Idea("suit", (((F, "COLOUR_WEIGHT", 0), (F, "JACK_SUIT_WEIGHT", 0)),)),
        Idea("rank", (((F, "RANK_WEIGHT", 0),),)),
    ],
    "taki": [
        Idea("attack", (((T, "ATTACK", {}),),)),
        Idea("hold_king", (((T, "HOLD_KING", 0),),)),
        Idea("hold_plus3", (((T, "HOLD_PLUS3", 0), (T, "PLUS3_END", 0)),)),
        Idea("hold_plus2", (((T, "HOLD_PLUS2", 0),),)),
        Idea("taki_run", (((T, "TAKI_RUN", 0), (T, "TAKI_ALONE", 0)),)),
        Idea("run_order", (((T, "RUN_ORDER", {}),),)),
        Idea("plus_follow", (((T, "PLUS_FOLLOW", 0), (T, "PLUS_ALONE", 0)),)),
        Idea("tempo", (((T, "TEMPO", {}),),)),
        Idea("change_colour", (((T, "CHANGE_COLOUR", 0),),)),
        Idea("colour", (((T, "COLOUR_WEIGHT", 0), (T, "COLOUR_CHOICE", 0)),)),
        Idea("rank", (((T, "RANK_WEIGHT", 0),),)),
    ],
    "dos": [
        Idea("double_bonus", (((D, "DOUBLE_BONUS", 0),),)),
        Idea("bonus", (((D, "BONUS", 0),),)),
        Idea("keep_wilds", (((D, "WILD_SPENT", 0), (D, "PLACE_WILD", 0)),)),
        Idea("plan", (((BOT, "plan", _greedy_plan),),)),
        Idea("starve", (((D, "STARVE", 0),),)),
        Idea("points", (((D, "POINT_WEIGHT", 0), (D, "PLACE_POINTS", 0)),)),
        Idea("shed_most", (((D, "SHED", 0),),)),
    ],
    "skypo": [
        Idea("closing", (((BOT, "_closing", _zero),),)),
        Idea("pair", (((S, "PAIR_WEIGHT", 0),),)),
        Idea("gift", (((S, "GIFT_WEIGHT", 0),),)),
        Idea("lookahead", (((BOT, "lookahead", False),),)),
        Idea("counting", (((BOT, "unseen", _full_deck),),)),
    ],
}
# What a hint says when no weighed idea and no branch decided: the move scored best on all of them.
FALLBACK = {"chupate": "best_score", "francesa": "best_score", "taki": "best_score", "dos": "best_score",
            "skypo": "lowest"}
# The keys ``branches`` may return: every game's, then each game's own.
BRANCHES = {"common": ("call", "denounce", "breaker", "next", "only_move", "nothing_fits", "last_card"),
            "chupate": ("stack_plus2",), "francesa": ("stack_seven",),
            "taki": ("keep_breaker", "in_run", "answer_chain", "close_taki", "end_king"), "dos": (),
            "skypo": ("reveal_column",)}
# Branches that leave nothing to weigh: the move is what the rules or the bot's fixed habit make it.
FORCED = {"call", "denounce", "next", "only_move", "nothing_fits", "last_card", "breaker"}
# Idea keys that replace a bot method by a function of the bot's copy (bound when patched).
_BOUND = {_greedy_plan}


def branches(game_id: str, view: dict, legal: list[str], action: str, must_act: bool = True) -> list[str]:
    """The ideas plain from the code path that produced ``action`` (see the module docstring); every key
    is in ``BRANCHES`` (``common`` or the game's)."""
    verb = verb_of(action)
    if verb in CALL_VERBS:
        return ["call"]
    if verb in ("denounce", "catch"):
        return ["denounce"]
    if verb == "break":
        return ["breaker"]
    if action == "next":
        return ["next"]
    if len(legal) == 1 and must_act:
        return ["only_move"]
    hand = view.get("hand") or []
    if game_id == "chupate":
        if view.get("pending") and verb == "play":
            return ["stack_plus2"]
        if verb in ("draw", "pass") and not any(verb_of(a) in ("play", "challenge") for a in legal):
            return ["nothing_fits"]
    elif game_id == "francesa":
        if view.get("pending") and verb == "play":
            return ["stack_seven"]
        if verb == "play" and len(hand) == 1:
            return ["last_card"]
        if verb == "draw" and not any(verb_of(a) == "play" for a in legal):
            return ["nothing_fits"]
    elif game_id == "taki":
        kept = ["keep_breaker"] if "play X3" in legal and action != "play X3" else []
        if view.get("phase") == "taki":
            return ["in_run"]
        if view.get("pending") or view.get("plus3_by") is not None:
            return ["answer_chain"] + kept
        if verb == "close":
            return ["close_taki"]
        if verb == "play" and len(hand) == 1:
            return ["last_card"]
        if verb == "end" and view.get("phase") == "king":
            return ["end_king"]
        if verb in ("draw", "end") and not any(verb_of(a) == "play" and a != "play X3" for a in legal):
            return ["nothing_fits"] + kept
        return kept
    elif game_id == "dos":
        if verb in ("draw", "end") and not any(verb_of(a) in ("match", "place") for a in legal):
            return ["nothing_fits"]
    elif game_id == "skypo":
        if view.get("phase") == "reveal":
            return ["reveal_column"]
    return []


def _clone_bot(bot):
    """A deep copy of ``bot`` sharing its engines (stateless, and big)."""
    from ..core import Game

    memo = {id(value): value for value in vars(bot).values() if isinstance(value, Game)}
    return copy.deepcopy(bot, memo)


def _rng_at(state) -> random.Random:
    rng = random.Random()
    rng.setstate(state)
    return rng


def _probe(bot, view: dict, legal: list[str], must_act: bool, rng: random.Random, heuristic_first: bool):
    """The move ``bot`` makes; with ``heuristic_first``, DOS hard's first candidate (no search)."""
    if heuristic_first:
        return bot.candidates(view, legal)[0]
    if hasattr(bot, "think"):                       # DOS hard on a path with no search: its heuristic's answer
        return think_through(bot.think(view, legal, must_act, rng))
    return bot.choose(view, legal, must_act, rng)


def _without(idea_patches: tuple, bot, probe) -> str | None:
    """``probe()`` with the patches in place (modules and ``bot``), every patch undone before returning."""
    undo = []
    try:
        for target, name, value in idea_patches:
            if target is BOT:
                undo.append((bot, name, bot.__dict__.get(name, _MISSING)))
                setattr(bot, name, value(bot) if value in _BOUND else value)
            else:
                undo.append((target, name, getattr(target, name)))
                setattr(target, name, value)
        return probe()
    finally:
        for target, name, old in reversed(undo):
            if old is _MISSING:
                delattr(target, name)
            else:
                setattr(target, name, old)


_MISSING = object()
TIE_SAMPLES = 5     # more generator states a weighed idea is tried with when the bot breaks ties at random


def explain_steps(game_id: str, view: dict, legal: list[str], rng: random.Random, bot=None,
                  must_act: bool = True):
    """A generator: yields between the bot's slices and between weighed ideas; returns the ``Hint``.
    ``bot`` (default: a new hard bot of ``game_id``) answers exactly as its ``choose`` would, with
    ``rng`` used as ``choose`` uses it; the weighed ideas are tried on copies of both."""
    bot = bot if bot is not None else make_bot("hard", game_id)
    before_bot, before_rng = _clone_bot(bot), rng.getstate()
    searched = 0
    if hasattr(bot, "think"):
        thinking = bot.think(view, legal, must_act, rng)
        while True:
            try:
                next(thinking)
            except StopIteration as done:
                action = done.value
                break
            searched += 1
            yield
    else:
        action = bot.choose(view, legal, must_act, rng)
    if action is None:
        return Hint(game_id, None, [])
    ideas = branches(game_id, view, legal, action, must_act)
    if set(ideas) & FORCED:
        return Hint(game_id, action, ideas)
    heuristic_first = bool(searched)
    if heuristic_first:
        first = before_bot.candidates(view, legal)[0]
        if first != action:
            return Hint(game_id, action, ["lookahead"])
        ideas.append("lookahead_checked")

    # The generator states the weighed ideas are tried with: the one the move was made with, and when the
    # decision draws from it (ties go to ``rng.choice``), ``TIE_SAMPLES`` more, so that a tie an idea
    # broke (or made) shows as a change in the moves the bot may make.
    states = [before_rng]
    spent = _rng_at(before_rng)
    _probe(_clone_bot(before_bot), view, legal, must_act, spent, heuristic_first)
    if spent.getstate() != before_rng:
        states += [random.Random(f"tapete/hint/{i}").getstate() for i in range(TIE_SAMPLES)]

    def moves(idea_patches) -> set:
        out = set()
        for state in states:
            copy_ = _clone_bot(before_bot)
            out.add(_without(idea_patches, copy_, lambda: _probe(copy_, view, legal, must_act, _rng_at(state),
                                                                  heuristic_first)))
        return out

    baseline = moves(())
    yield
    for idea in IDEAS.get(game_id, []):
        if any(moves(way) != baseline for way in idea.without):
            ideas.append(idea.key)
        yield
    if not [i for i in ideas if i != "lookahead_checked"]:     # nothing else named: the sum of its rules
        ideas.append(FALLBACK.get(game_id, "best_score"))
    return Hint(game_id, action, ideas)


def explain(game_id: str, view: dict, legal: list[str], rng: random.Random, bot=None,
            must_act: bool = True) -> Hint:
    """The hard bot's move for ``view`` and the ideas that decided it (``explain_steps`` run through)."""
    return think_through(explain_steps(game_id, view, legal, rng, bot, must_act))


__all__ = ["BRANCHES", "FALLBACK", "FORCED", "IDEAS", "Hint", "Idea", "branches", "explain", "explain_steps"]
