"""Which sound an update makes: the one place that decides it (static/js/sound.js only synthesizes).

:func:`effects` reads an update's events (the kinds of :mod:`tapete.ui.log`'s catalogue and the
tables' own) and whose turn it is, and returns effect names, at most one of each, in the order they
play:

- ``penalty``: someone has to draw for a fault or a stack (+2/+4 stacks drawn, ``denounced``,
  ``challenged``, DOS ``caught``, Taki ``penalty`` and ``broke``), or draws two or more at once;
- ``call``: a "¡última!" / "¡DOS!" / "last card" call (``called``), or a TAKI opened (the card's
  name is its call);
- ``play``: a card goes to the table (``played``, DOS ``matched``/``placed``, Skypo ``flipped``,
  ``swapped``, ``discarded``, ``took``, Taki ``taki_closed``);
- ``draw``: one card drawn (``drew`` of one card);
- ``win``: this seat won the round or the game (``round_over``/``game_over`` naming it; in Skypo the
  lowest round score wins the round);
- ``turn``: the update hands the turn to this seat (it was someone else's, or nobody's).

Nothing here reveals a card: the names say what kind of thing happened, which the log says too.
:func:`play` hands the names to the page (``window.tapeteSound.play``); it does nothing outside a
browser or when the page has no sound module.
"""

from __future__ import annotations

from .hand import my_turn
from .html import button, tag
from .i18n import t

STORE_MUTED = "tapete.muted"          # localStorage key, "1" = muted (static/js/sound.js flips it)
EFFECTS = ("penalty", "call", "play", "draw", "win", "turn")
PLAYS = ("played", "matched", "placed", "flipped", "swapped", "discarded", "took", "taki_closed")
CALLS = ("called", "taki_opened")
PENALTIES = ("denounced", "challenged", "caught", "penalty", "broke")


def _winners(event: dict) -> list:
    if event.get("type") == "round_over":
        winner = event.get("winner")
        scores = event.get("round_scores")
        if winner is None and isinstance(scores, list) and scores:     # Skypo: the lowest round score
            return [seat for seat, score in enumerate(scores) if score == min(scores)]
        return [] if winner is None else [winner]
    return list(event.get("winners") or [])


def effects(update: dict, previous: dict | None = None) -> list[str]:
    """The effects of ``update`` for its seat; ``previous`` is the update this seat had before (None
    for the first one): the turn sound plays only when the turn comes to this seat."""
    if not isinstance(update, dict) or update.get("type", "update") != "update":
        return []
    me = update.get("seat")
    found: set[str] = set()
    for event in update.get("events") or []:
        if not isinstance(event, dict):
            continue
        kind = event.get("type")
        if kind in PENALTIES:
            found.add("penalty")
        elif kind in CALLS:
            found.add("call")
        elif kind in PLAYS:
            found.add("play")
        elif kind == "drew":
            count = event.get("count", 1)
            found.add("penalty" if (isinstance(count, int) and count >= 2) or event.get("reason") == "caught"
                      else "draw")
        elif kind in ("round_over", "game_over") and me is not None and me in _winners(event):
            found.add("win")
    try:
        mine_now = my_turn(update)
        mine_before = previous is not None and previous.get("type", "update") == "update" and my_turn(previous)
    except (KeyError, TypeError, IndexError, AttributeError):
        mine_now = mine_before = False
    if mine_now and not mine_before:
        found.add("turn")
    return [name for name in EFFECTS if name in found]


def play(names: list[str]) -> None:
    """Ask the page to play ``names`` (static/js/sound.js decides whether it may: gesture, mute)."""
    if not names:
        return
    try:
        import js
        from pyodide.ffi import to_js
    except ImportError:                    # CPython (tests, the build): no page
        return
    player = getattr(js.window, "tapeteSound", None)
    if player:
        player.play(to_js(list(names)))


def on_update(update: dict, previous: dict | None) -> None:
    """The app's one-line hook: play what ``update`` calls for."""
    play(effects(update, previous))


SPEAKER = ('<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">'
           '<path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor"/>{waves}</svg>')
WAVES_ON = '<path d="M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" stroke-width="2"/>'
WAVES_OFF = '<path d="M16 9l6 6M22 9l-6 6" fill="none" stroke="currentColor" stroke-width="2"/>'


def mute_button(lang: str, muted: bool) -> str:
    """The mute toggle (``btn-mute``, ``aria-pressed`` true while muted); sound.js handles its click."""
    icons = (tag("span", SPEAKER.format(waves=WAVES_ON), class_="snd-on")
             + tag("span", SPEAKER.format(waves=WAVES_OFF), class_="snd-off"))
    return button(icons + tag("span", t(lang, "sound.mute"), class_="snd-label"), None, "btn-mute",
                  "btn sound-toggle", aria_pressed="true" if muted else "false", data_sound_toggle="1",
                  title=t(lang, "sound.label"))


__all__ = ["EFFECTS", "STORE_MUTED", "effects", "mute_button", "play", "on_update"]
