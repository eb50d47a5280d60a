"""Projector mode's way out (issue 32; docs/classroom.md): "Leave projector mode (Esc)".

Projector mode (``html.projector``, static/css/projector.css) draws no controls, so that the wall shows
the table or the lobby and nothing else; Escape leaves it. A teacher with a touch screen or a mouse has
no Escape key: this object keeps ONE small button, fixed in the page's top corner, on every screen
(picker, setup, lobby, table, watcher, pass-and-play) while projector mode is on, and none otherwise.
Pressing it is the action ``ui:projector`` (the page's click listener), the same as Escape.

It is its own object (state, ``render``, ``close``), outside the screens: a screen that redraws its
``#app`` does not touch it. Its words are room_texts' ``projector_leave`` (room_ui.render_projector_leave);
a change of language redraws it (it listens to the shell's ``tapete:lang`` itself).
"""

from __future__ import annotations

from .room_ui import render_projector_leave

TESTID = "btn-projector-leave"


class ProjectorLeave:
    """``render(on, lang)``: the button present (in ``lang``) while ``on``, gone otherwise; ``button()``
    the button's node (or None); ``close()`` removes it and stops listening. ``document`` is the page's;
    ``shell`` (``window.tapeteShell``) gives the language on ``tapete:lang``; ``proxy`` wraps a Python
    callable for addEventListener (pyodide's ``create_proxy``; None: do not listen, as in unit tests)."""

    def __init__(self, document, shell=None, proxy=None) -> None:
        self.document, self.shell = document, shell
        self.node = None                       # the <div> at the end of <body> holding the button
        self.lang = "es"
        self.listener = None
        if proxy is not None:
            self.listener = proxy(self.on_lang)
            document.addEventListener("tapete:lang", self.listener)

    def render(self, on: bool, lang: str) -> None:
        self.lang = lang
        if not on:
            self.remove()
            return
        if self.node is None:
            self.node = self.document.createElement("div")
            self.node.className = "projector-leave-slot"
            self.node.setAttribute("data-testid", "projector-leave")
            self.document.body.appendChild(self.node)
        self.node.innerHTML = render_projector_leave(lang)

    def switched(self, on: bool, lang: str, changed: bool, root, window) -> None:
        """After projector mode was switched on or off: the button comes or goes; switched by a click or a
        key, focus goes to the way back (this button, or the screen's "Projector mode" button, ``root``'s);
        the wall shows the screen from its top."""
        self.render(on, lang)
        active = self.document.activeElement
        lost = not active or active.isSameNode(self.document.body)   # the focused button was redrawn
        if changed and on:
            window.scrollTo(0, 0)
        if changed and lost:
            back = self.button() if on else root.querySelector('[data-testid="btn-projector"]')
            if back:
                back.focus()

    def button(self):
        return self.node.querySelector(f'[data-testid="{TESTID}"]') if self.node is not None else None

    def on_lang(self, event=None) -> None:
        if self.node is not None and self.shell is not None:
            self.render(True, str(self.shell.lang))

    def remove(self) -> None:
        if self.node is not None:
            self.node.remove()
            self.node = None

    def close(self) -> None:
        self.remove()
        if self.listener is not None:
            self.document.removeEventListener("tapete:lang", self.listener)
            self.listener.destroy()
            self.listener = None


__all__ = ["ProjectorLeave", "TESTID"]
