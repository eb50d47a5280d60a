"""The new-game form (pure HTML builder)."""

from __future__ import annotations

from .html import button, tag, void
from .i18n import t

TIMER_CHOICES = (0, 15, 30, 60)
LEVELS = ("easy",)


def radio(name: str, value, label: str, checked: bool, testid: str) -> str:
    box = void("input", type="radio", name=name, value=value, checked=checked, data_testid=testid)
    return tag("label", box + " " + label, class_="choice")


def render_setup(lang: str, game_title: str, settings: dict) -> str:
    opponents = "".join(radio("opponents", n, str(n), settings["opponents"] == n, f"opt-opponents-{n}")
                        for n in (1, 2, 3))
    levels = "".join(radio("level", lv, t(lang, "level." + lv), settings["level"] == lv, f"opt-level-{lv}")
                     for lv in LEVELS)
    modes = (radio("mode", "quick", t(lang, "mode.quick"), settings["quick"], "opt-mode-quick")
             + radio("mode", "points", t(lang, "mode.points"), not settings["quick"], "opt-mode-points"))
    target = tag("label", t(lang, "setup.target") + " " + void(
        "input", type="number", name="target", min="50", max="2000", step="50", value=settings["target"],
        data_testid="opt-target"), class_="choice")
    pairs_box = void("input", type="checkbox", name="pairs", checked=settings["pairs"], data_testid="opt-pairs")
    pairs = tag("label", pairs_box + " " + t(lang, "setup.pairs"), class_="choice")
    timers = "".join(radio("timer", s, t(lang, "timer.off") if not s else t(lang, "seconds", n=s),
                           settings["turn_timer"] == s, f"opt-timer-{s}") for s in TIMER_CHOICES)
    body = tag("h2", t(lang, "setup.title", game=game_title))
    for legend, inner in (("setup.opponents", opponents), ("setup.level", levels),
                          ("setup.mode", modes + target + pairs), ("setup.timer", timers)):
        body += tag("fieldset", tag("legend", t(lang, legend)) + inner)
    body += tag("div", button(t(lang, "start"), "setup-start", "btn-start", "btn primary")
                + button(t(lang, "menu"), "menu", "btn-menu"), class_="actions")
    return tag("form", body, class_="setup", data_testid="setup", onsubmit="return false")
