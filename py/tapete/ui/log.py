"""The move log: engine events turned into sentences, in the player's language and person.

The app keeps the log as *events* (``ui["log"]``: one entry per move, ``{"n": move number, "events":
[...]}``, reset when a round starts). The events stored are the ones this seat received (its private
parts only), so the log never holds a card the seat could not see.

Each move is said once per language: before rendering, the app calls :func:`say_new`, which keeps a
move's sentences in its entry (``"said": {lang: [...]}``, with the names as they were when it was said);
the render only reads them (and says a move itself when they are missing), so switching ES⇄EN mid-game
says every move again in the new language, once. The table shows the newest ``LOG_SHOWN`` moves; the
whole round is one click away in a dialog (``log-round``), oldest first. Why: a Super Taki game is one
long round, and rendering and patching every move of it on every update grew with the game (the
morphdom patch of a newest-first list moves every item; docs/benchmarks.md, "Log patch").

One catalogue per language (``SENTENCES``) serves all five tables; a table module adds the sentences
of its own events and a ``GameLog`` that knows its card names. A sentence is a string (impersonal) or
a dict of forms chosen by who acts and who undergoes it:

- ``you`` / ``they``: the acting seat is / is not this seat ("Juegas 7" / "Ana juega 7");
- ``they_you``: someone else acts on this seat ("Ana te denuncia");
- ``you_self`` / ``they_self``: a seat acts on itself;
- a form ending in ``1`` is used when the number ``n`` is 1 ("Robas 1 carta").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .html import button, escape, tag
from .i18n import section, t

SILENT = ("turn",)          # events that only say whose turn it is: the table shows that already
MAX_MOVES = 400             # bounds memory: a very long Super Taki round keeps its newest 400 moves
# Moves the table's log shows (newest first); the rest of the round is in the log-round dialog. A
# newest-first list is patched by moving every item (morphdom re-appends them after the new first one):
# bench/log_patch.py, one Super Taki round, patch + layout p50 at 250 moves: 48 ms for the whole round,
# 1.7 ms for the newest 20 (docs/benchmarks.md, "Log patch").
LOG_SHOWN = 20
LOG_OPEN = "log_round"      # ui key: the whole-round dialog is open

Forms = dict[str, str]
Catalogue = dict[str, dict[str, "str | Forms"]]

SENTENCES: Catalogue = section("log")      # the sentences every table shares (text/<lang>.json, "log")


@dataclass
class Line:
    """One sentence to say: a catalogue key, its fields, who acts (``seat``) and who undergoes it
    (``other``); ``extra`` are impersonal ``(key, fields)`` phrases said after it in brackets."""
    key: str
    fields: dict = field(default_factory=dict)
    seat: int | None = None
    other: int | None = None
    extra: tuple = ()


def names_of(update: dict, lang: str) -> Callable[[int], str]:
    """Seat -> name as the log says it (the player's own seat is "tú"/"you" only inside forms)."""
    names = update.get("names") or []

    def name(seat: int) -> str:
        if seat == update.get("seat"):
            return t(lang, "you")
        return names[seat] if 0 <= seat < len(names) and names[seat] else t(lang, "bot", n=seat)
    return name


def form_of(entry, me, seat, other, n) -> str:
    """Pick the form of a catalogue entry for this person and number."""
    if isinstance(entry, str):
        return entry
    person = "you" if seat is not None and seat == me else "they"
    if other is not None and other == seat and f"{person}_self" in entry:
        person += "_self"
    elif person == "they" and other is not None and other == me and "they_you" in entry:
        person = "they_you"
    if n == 1 and f"{person}1" in entry:
        person += "1"
    return entry.get(person) or entry["they"]


class GameLog:
    """A table's sentences: the shared catalogue plus ``sentences`` (its own), its ``card_name``, the
    word said when calling the last card(s) (``call``) and ``special``: kind -> ``(event, update, lang)
    -> Line | None`` for its own events (None: the event says nothing)."""

    def __init__(self, card_name: Callable[[str, str], str], sentences: Catalogue | None = None,
                 call: dict[str, str] | None = None, special: dict | None = None):
        self.card_name = card_name
        self.sentences = sentences or {"es": {}, "en": {}}
        self.call = call or {}
        self.special = special or {}

    def entry(self, lang: str, key: str):
        for catalogue in (self.sentences, SENTENCES):
            for code in (lang, "es"):
                found = catalogue.get(code, {}).get(key)
                if found is not None:
                    return found
        raise KeyError(key)

    def kinds(self) -> set[str]:
        """Event kinds this table has a sentence (or a decision to be silent) for."""
        return set(self.special) | {k.split(".")[0] for k in SENTENCES["es"]} | set(SILENT) | \
            {k.split(".")[0] for k in self.sentences["es"]}

    def line(self, event: dict, update: dict, lang: str) -> Line | None:
        """The default reading of the events every game shares; ``special`` first."""
        kind = event["type"]
        if kind in self.special:
            return self.special[kind](event, update, lang)
        seat = event.get("seat")
        cards = lambda codes: ", ".join(self.card_name(lang, c) for c in codes)  # noqa: E731
        if kind in SILENT:
            return None
        if kind == "played":
            return Line("played", {"card": self.card_name(lang, event["card"])}, seat)
        if kind == "drew":
            if event.get("cards"):
                return Line("drew_cards", {"cards": cards(event["cards"]), "n": event["count"]}, seat)
            return Line("drew", {"n": event["count"]}, seat)
        if kind in ("passed", "skipped", "out", "left", "turn_ended", "closed", "first_turn"):
            return Line(kind, {}, seat)
        if kind in ("reversed", "reshuffled"):
            return Line(kind)
        if kind == "called":
            return Line("called", {"call": self.call.get(lang) or self.call.get("es", "")}, seat)
        if kind == "denounced":
            return Line("denounced", {}, seat, event["offender"])
        if kind == "round_started":
            return Line("round_started", {"round": event["round"]})
        if kind == "round_over":
            if "points" in event:
                return Line("round_over", {"points": event["points"]}, event["winner"])
            return Line("round_over.plain")
        if kind == "game_over":
            return game_over_line(event, update)
        if kind == "timed_out":
            return Line("timed_out" if event.get("played") else "timed_out.move", {}, seat)
        raise KeyError(f"no sentence for the event {kind!r}")

    def say(self, line: Line, update: dict, lang: str) -> str:
        name = names_of(update, lang)
        fields = dict(line.fields)
        if line.seat is not None:
            fields.setdefault("name", name(line.seat))
        if line.other is not None:
            fields.setdefault("other", name(line.other))
        if "names_of" in fields:
            fields["names"] = ", ".join(name(s) for s in fields.pop("names_of"))
        form = form_of(self.entry(lang, line.key), update.get("seat"), line.seat, line.other, fields.get("n"))
        text = form.format(**fields)
        if line.extra:
            text += " (" + "; ".join(self.entry(lang, k).format(**f) for k, f in line.extra) + ")"
        return text

    def paragraph(self, line: Line, update: dict, lang: str, testid: str) -> str:
        """``line`` said as a paragraph of a dialog (``data-testid=testid``)."""
        return tag("p", escape(self.say(line, update, lang)), data_testid=testid)

    def text(self, event: dict, update: dict, lang: str) -> str | None:
        """The sentence for one event as this seat says it, or None for a silent event. Events come
        over the network: one that is malformed (or of a kind without a sentence, which
        tests/unit/test_log.py forbids) says nothing rather than breaking the table."""
        try:
            line = self.line(event, update, lang)
            return None if line is None else self.say(line, update, lang)
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            return None


def game_over_line(event: dict, update: dict) -> Line:
    """"You won" for a winner (with partners in a pairs game), else who won."""
    winners = list(event.get("winners") or [])
    me = update.get("seat")
    if me in winners and len(winners) > 1:
        return Line("game_over.shared", {"names_of": [s for s in winners if s != me]})
    return Line("game_over", {"names_of": winners}, me if me in winners else (winners[0] if winners else None))


# ----- the log kept by the app -------------------------------------------------------------------
def record(log: list[dict], events: list[dict]) -> list[dict]:
    """The log after a move's ``events`` (a new round starts a new log; silent-only moves are kept but
    not numbered differently: every update with events is one move)."""
    events = [e for e in events if e.get("type") not in SILENT]
    if not events:
        return log
    if any(e.get("type") == "round_started" for e in events):
        log = []
    number = (log[-1]["n"] + 1) if log else 1
    return (log + [{"n": number, "events": events}])[-MAX_MOVES:]


def move_texts(text: Callable, entry: dict, update: dict, lang: str) -> list[str]:
    """A move's sentences in ``lang``: the ones kept by :func:`say_new`, else said now."""
    said = entry.get("said")
    if said and lang in said:
        return said[lang]
    out = []
    for event in entry["events"]:
        sentence = text(event, update, lang)
        if sentence:
            out.append(sentence)
    return out


def say_new(log: list, update: dict, lang: str, text: Callable) -> None:
    """Say every move of ``log`` not yet said in ``lang`` and keep its sentences in the entry (the app
    calls this before each render: normally only the newest move is said)."""
    for entry in log:
        if isinstance(entry, dict) and lang not in entry.setdefault("said", {}):
            entry["said"][lang] = move_texts(text, entry, update, lang)


def _items(log: list, lang: str, update: dict | None, text: Callable | None, prefix: str) -> list[str]:
    """One ``<li>`` per move that says something, in ``log`` order (``<prefix>-<n>`` ids and keys)."""
    items = []
    for entry in log:
        if isinstance(entry, str):
            items.append(tag("li", escape(entry)))
            continue
        sentences = move_texts(text, entry, update, lang) if text and update else []
        if sentences:
            items.append(tag("li", escape(". ".join(sentences)), value=entry["n"],
                             data_testid=f"{prefix}-{entry['n']}", data_key=f"{prefix}-{entry['n']}"))
    return items


def render_log(log: list, lang: str, update: dict | None = None, text: Callable | None = None,
               whole: bool = False) -> str:
    """The newest ``LOG_SHOWN`` moves, newest first, each numbered by its move (``log-move-<n>``; the
    list scrolls and takes focus); when the round has more, a button opens the whole round
    (``btn-log-round``), and ``whole`` renders that dialog (``log-round``). ``log`` entries are moves
    (events, said in ``lang``) or plain strings."""
    shown = log[-LOG_SHOWN:]
    items = _items(list(reversed(shown)), lang, update, text, "log-move")
    html = tag("ol", "".join(items), class_="log", data_testid="log", reversed=True, aria_label=t(lang, "log"),
               tabindex="0")
    moves = next((e["n"] for e in reversed(log) if isinstance(e, dict)), len(log))    # the round's, not kept
    if len(log) > len(shown) or whole:
        html += button(escape(t(lang, "log.round", n=moves)), "ui:log-open", "btn-log-round",
                       "btn log-round-open", aria_haspopup="dialog")
    if log:          # phones show the newest two moves only: the whole round is always one tap away
        html += button(escape(t(lang, "log.all", n=moves)), "ui:log-open", "btn-log-all",
                       "btn log-all-open", aria_haspopup="dialog")
    if whole:
        html += render_round(log, lang, update, text)
    return tag("div", html, class_="log-box")


def render_round(log: list, lang: str, update: dict | None, text: Callable | None) -> str:
    """``log-round``: every move of the round, oldest first (``round-move-<n>``), in a modal dialog that
    Escape or its button closes (``ui:log-close``); the list takes focus and scrolls."""
    from .sheet import dialog            # sheet imports this module
    items = _items(log, lang, update, text, "round-move")
    body = tag("ol", "".join(items), class_="log round-log", data_testid="round-log", aria_label=t(lang, "log"),
               tabindex="0", autofocus=True)
    body += tag("div", button(t(lang, "log.close"), "ui:log-close", "btn-log-close", "btn primary"),
                class_="dialog-actions")
    return dialog(body, "log-round", t(lang, "log.round_title"), "ui:log-close", "log-round")


def announcement(update: dict, lang: str, text: Callable | None = None) -> str:
    """The short sentence(s) for the moves of OTHER players in this update (for a live region):
    the sentences of its events whose acting seat is not this seat; "" when there are none.
    ``text`` is the table's ``event_text`` (by default the one of the update's game)."""
    if text is None:
        from .tables import table_for
        text = table_for(update["view"]["game"]).event_text
    me = update.get("seat")
    said = []
    for event in update.get("events") or []:
        if event.get("type") in SILENT or event.get("seat") == me:
            continue
        sentence = text(event, update, lang)
        if sentence:
            said.append(sentence)
    return ". ".join(said)
