"""The lobby's name box (issue 31): a friend who opens the invitation link is asked a name, and every
seated player can change theirs.

A standalone screen object (state, :meth:`NameBox.render`, :meth:`NameBox.close`), shown by the app
above the lobby (py/tapete/ui/lobby_screen.py; the lobby itself, ``room_ui.render_lobby``, is unchanged).
``asking``: this browser keeps no name yet (``localStorage["tapete.name"]``), so the box asks first,
prefilled with the name the seat got ("Jugador L5N"), its field focused; afterwards it is one field
with the current name and "Change name". The name travels as the room protocol's ``rename`` message
(tapete.net.protocol.clean_name checks it on both ends: 1 to 24 printable characters, no markup).
"""

from __future__ import annotations

from ..core import TapeteError
from ..net.protocol import MAX_NAME, clean_name
from .html import button, escape, tag, void

TEXTS = {
    "es": {"ask": "¿Cómo te llamas?", "ask.note": "Así te verán los demás en la mesa.", "use": "Usar este nombre",
           "label": "Tu nombre", "change": "Cambiar nombre", "bad": "Ese nombre no vale: de 1 a 24 letras, sin < > & \" ' `.",
           "done": "Ahora te llamas {name}."},
    "en": {"ask": "What's your name?", "ask.note": "This is how the others will see you at the table.",
           "use": "Use this name", "label": "Your name", "change": "Change name",
           "bad": "That name will not do: 1 to 24 characters, without < > & \" ' `.", "done": "You are now {name}."},
}


def nt(lang: str, key: str) -> str:
    return TEXTS.get(lang, TEXTS["es"])[key]


class NameBox:
    """``name``: the seat's name now; ``asking``: no name kept in this browser yet."""

    def __init__(self, name: str, asking: bool):
        self.name = name
        self.asking = asking
        self.note = ""                 # the last outcome ("bad" / "done"), said in the page's language
        self.closed = False

    def submit(self, typed: str) -> str | None:
        """The player pressed the button with ``typed`` in the field: the clean name to send, or None
        (the box then says why)."""
        try:
            name = clean_name(typed)
        except TapeteError:
            self.note = "bad"
            return None
        self.name, self.asking, self.note = name, False, "done"
        return name

    def render(self, lang: str) -> str:
        field = tag("label", escape(nt(lang, "label")) + " " + void(
            "input", type="text", name="rename", maxlength=str(MAX_NAME), value=self.name, data_testid="rename-input",
            autocomplete="nickname", autofocus=True if self.asking else None), class_="choice")
        body = ""
        if self.asking:
            body += tag("h2", escape(nt(lang, "ask")), id="name-ask-title") + tag("p", escape(nt(lang, "ask.note")))
        body += field + button(escape(nt(lang, "use" if self.asking else "change")), "room-rename", "btn-rename",
                               "btn primary" if self.asking else "btn")
        if self.note:
            text = nt(lang, "bad") if self.note == "bad" else nt(lang, "done").format(name=self.name)
            body += tag("p", escape(text), class_="message room-note", role="status", data_testid="rename-note")
        return tag("section", body, class_="setup name-box" + (" asking" if self.asking else ""),
                   data_testid="name-box", data_asking="1" if self.asking else "0",
                   aria_labelledby="name-ask-title" if self.asking else None,
                   aria_label=None if self.asking else nt(lang, "label"))

    def close(self) -> None:
        self.closed = True             # no timers or proxies of its own


__all__ = ["NameBox", "TEXTS"]
