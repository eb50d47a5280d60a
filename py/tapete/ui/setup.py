"""The new-game form (pure HTML builder), generic over each game's options.

Chúpate 2 shows its mode as quick game / points; other integer options become number fields and
boolean options checkboxes; ``turn_timer`` becomes a row of choices.
"""

from __future__ import annotations

from ..core import POINTS_OPTION
from ..core.errors import BadOptions
from ..net.passplay import MAX_NAME
from .bot_names import next_bot_name
from .html import button, escape, tag, void
from .i18n import t

TIMER_CHOICES = (0, 15, 30, 60)
LEVELS = ("easy", "medium", "hard")
MAX_OPPONENTS_SHOWN = 7
OPTION_LABELS = {
    "es": {"target": "Puntos por partida", "limit": "Límite de puntos negativos", "pairs": "Por parejas (4 jugadores)",
           "quick": "Partida rápida"},
    "en": {"target": "Points to end the game", "limit": "Penalty points limit", "pairs": "Pairs (4 players)",
           "quick": "Quick game"},
}


def radio(name: str, value, label: str, checked: bool, testid: str) -> str:
    box = void("input", type="radio", name=name, value=value, checked=checked, data_testid=testid)
    return tag("label", box + " " + label, class_="choice")


# A first game is a short one: the quick game where there is one, else a lower target than the sheet's
# (the sheet's value stays one edit away in the form).
SHORT_FORM = {"quick": True, "target": {"skypo": 50, "dos": 100}, "limit": {"francesa": 60}}


def default_settings(game) -> dict:
    """Form defaults for ``game``: its option defaults in their short form (:data:`SHORT_FORM`), the most
    opponents up to three, easy bots."""
    settings = {name: default for name, (default, _) in game.options_spec.items()}
    for name, short in SHORT_FORM.items():
        if name in settings:
            settings[name] = short.get(game.id, settings[name]) if isinstance(short, dict) else short
    settings.update(opponents=min(3, game.max_players - 1), level="easy")
    return settings


def render_setup(lang: str, game, settings: dict, passplay: dict | None = None) -> str:
    most = min(game.max_players - 1, MAX_OPPONENTS_SHOWN)
    opponents = "".join(radio("opponents", n, str(n), settings["opponents"] == n, f"opt-opponents-{n}")
                        for n in range(max(1, game.min_players - 1), most + 1))
    levels = "".join(radio("level", lv, t(lang, "level." + lv), settings["level"] == lv, f"opt-level-{lv}")
                     for lv in LEVELS)
    fields = [("setup.opponents", opponents), ("setup.level", levels)]
    labels = OPTION_LABELS.get(lang, OPTION_LABELS["es"])
    mode = ""
    spec = game.options_spec
    if "quick" in spec:
        mode += (radio("mode", "quick", t(lang, "mode.quick"), settings["quick"], "opt-mode-quick")
                 + radio("mode", "points", t(lang, "mode.points"), not settings["quick"], "opt-mode-points"))
    for name, (default, kind) in spec.items():
        if name in ("quick", "turn_timer"):
            continue
        label = labels.get(name, name)
        if kind == POINTS_OPTION:
            field = void("input", type="number", name=name, min="1", max="5000", value=settings[name],
                         data_testid=f"opt-{name}")
            # (static/css/table.css hides the points while "quick game" is chosen: a quick game has none)
            mode += tag("label", label + " " + field, class_="choice opt-points" if "quick" in spec else "choice")
        elif kind is bool:
            field = void("input", type="checkbox", name=name, checked=settings[name], data_testid=f"opt-{name}")
            # (pairs: shown only while 3 opponents are chosen, static/css/table.css)
            mode += tag("label", field + " " + label, class_=f"choice opt-{name}")
    if mode:
        fields.append(("setup.mode", mode))
    if "turn_timer" in spec:
        timers = "".join(radio("timer", s, t(lang, "timer.off") if not s else t(lang, "seconds", n=s),
                               settings["turn_timer"] == s, f"opt-timer-{s}") for s in TIMER_CHOICES)
        fields.append(("setup.timer", timers))
    title = game.title.get(lang, game.id)
    body = tag("h2", t(lang, "setup.title", game=title))
    for legend, inner in fields:
        body += tag("fieldset", tag("legend", t(lang, legend)) + inner)
    body += tag("div", button(t(lang, "start"), "setup-start", "btn-start", "btn primary")
                + button(t(lang, "rules.open"), None, "btn-setup-rules", data_rules=game.id)
                + button(t(lang, "menu"), "menu", "btn-menu"), class_="actions")
    body += passplay_fields(lang, game, **(passplay or {}))
    return tag("form", body, class_="setup", data_testid="setup", data_setup=game.id)


def read_settings(game, form: dict, settings: dict) -> dict:
    """Validate the submitted form (``name -> str``) into settings; bad fields keep their value."""
    out = dict(settings)
    try:
        opponents = int(form.get("opponents", out["opponents"]))
        if game.min_players - 1 <= opponents <= game.max_players - 1:
            out["opponents"] = opponents
    except ValueError:
        pass
    if form.get("level") in LEVELS:
        out["level"] = form["level"]
    for name, (default, kind) in game.options_spec.items():
        if name == "quick":
            out["quick"] = form.get("mode", "quick" if out["quick"] else "points") == "quick"
        elif name == "turn_timer":
            try:
                value = int(form.get("timer", out["turn_timer"]))
                out["turn_timer"] = value if value in TIMER_CHOICES else out["turn_timer"]
            except ValueError:
                pass
        elif kind is bool:
            out[name] = bool(form.get(name))
        elif kind == POINTS_OPTION:
            try:
                out[name] = max(1, min(5000, int(form.get(name, out[name]))))
            except ValueError:
                pass
    if "pairs" in out and out["opponents"] + 1 != 4:
        out["pairs"] = False
    return out


def options_of(game, settings: dict) -> dict:
    return {name: settings[name] for name in game.options_spec}


# ----- pass-and-play (issue 32): several people on this device, bots fill the rest -------------------
def passplay_fields(lang: str, game, names: list[str] | None = None, bots: int = 0, open_: bool = False) -> str:
    """The setup form's folded pass-and-play part: a name per person (2..game limit, ``names`` in them)
    and how many bots (``bots``); ``open_``: unfolded (a re-render keeps what was typed and opened)."""
    names = names or []
    most = game.max_players
    rows = []
    for i in range(most):
        value = names[i] if i < len(names) else (t(lang, "pp.default_name", n=i + 1) if i < 2 else "")
        field = void("input", type="text", name=f"pp_name_{i}", value=value, maxlength=MAX_NAME,
                     autocomplete="off", data_testid=f"pp-name-{i}")
        rows.append(tag("label", escape(t(lang, "pp.name", n=i + 1)) + " " + field, class_="choice pp-name"))
    # a number field, not a select: the page's setup before Python (static/js/shell.js) keeps inputs' values
    count = void("input", type="number", name="pp_bots", min="0", max=most - 2, value=bots, data_testid="pp-bots")
    body = tag("p", escape(t(lang, "pp.setup_hint", n=most)), class_="note")
    body += tag("div", "".join(rows), class_="pp-names")
    body += tag("label", escape(t(lang, "pp.bots")) + " " + count, class_="choice")
    body += tag("div", button(escape(t(lang, "pp.start")), "pp:start", "btn-passplay-start", "btn primary"),
                class_="actions")
    return tag("details", tag("summary", escape(t(lang, "pp.setup")), data_testid="passplay-open") + body,
               class_="passplay-setup", data_testid="passplay-setup", open=open_)


def passplay_seats(lang: str, game, form: dict, level: str) -> list[dict]:
    """Seats from the setup's fields: the named people in order, then the bots; BadOptions if unfit."""
    names, seen = [], set()
    for i in range(game.max_players):
        name = str(form.get(f"pp_name_{i}", "")).strip()[:MAX_NAME]
        if name and name.casefold() not in seen:
            seen.add(name.casefold())
            names.append(name)
    try:
        bots = max(0, int(form.get("pp_bots", 0)))
    except ValueError:
        bots = 0
    if len(names) < 2:
        raise BadOptions(t(lang, "pp.need_two"))
    if len(names) + bots > game.max_players:
        raise BadOptions(t(lang, "pp.too_many", n=game.max_players))
    bots = max(bots, game.min_players - len(names))
    seats = [{"name": n, "bot": None} for n in names]
    seed = "pass-and-play/" + "/".join(n.casefold() for n in names)     # the same people, the same bots
    for _ in range(bots):                 # named as a local game's bots (bot_names.py), never a person's name
        seats.append({"name": next_bot_name(lang, [s["name"] for s in seats], seed), "bot": level})
    return seats
