"""Projector mode's way out (issue 32): tapete.ui.projector.ProjectorLeave and its button's HTML, under
CPython with a small fake of the DOM it touches. The browser side (a click, a tap, Enter; focus; axe) is
tests/browser/test_projector_browser.py."""

from __future__ import annotations

from tapete.ui.projector import TESTID, ProjectorLeave
from tapete.ui.room_texts import TEXT
from tapete.ui.room_ui import render_lobby, render_projector_leave


class Node:
    def __init__(self, tag="div"):
        self.tag, self.children, self.attrs, self.innerHTML, self.className, self.parent = tag, [], {}, "", "", None

    def appendChild(self, node):
        node.parent = self
        self.children.append(node)

    def remove(self):
        if self.parent is not None:
            self.parent.children.remove(self)
            self.parent = None

    def setAttribute(self, name, value):
        self.attrs[name] = value

    def querySelector(self, selector):
        return self if f'data-testid="{TESTID}"' in self.innerHTML and TESTID in selector else None


class Document:
    def __init__(self):
        self.body, self.listeners = Node("body"), {}

    def createElement(self, tag):
        return Node(tag)

    def addEventListener(self, name, listener):
        self.listeners[name] = listener

    def removeEventListener(self, name, listener):
        assert self.listeners.pop(name) is listener


class Proxy:
    def __init__(self, fn):
        self.fn, self.destroyed = fn, False

    def __call__(self, *args):
        return self.fn(*args)

    def destroy(self):
        self.destroyed = True


class Shell:
    lang = "es"


def test_the_button_says_leave_in_both_languages_and_does_what_escape_does():
    for lang, text in (("es", "Salir del modo proyector (Esc)"), ("en", "Leave projector mode (Esc)")):
        assert TEXT[lang]["projector_leave"] == text
        html = render_projector_leave(lang)
        assert html.startswith("<button") and f">{text}</button>" in html
        assert 'data-action="ui:projector"' in html and f'data-testid="{TESTID}"' in html    # as Escape
        assert 'aria-keyshortcuts="Escape"' in html and 'type="button"' in html


def test_the_button_is_there_only_in_projector_mode_and_follows_the_language():
    document, shell = Document(), Shell()
    leave = ProjectorLeave(document, shell, Proxy)
    leave.render(False, "es")
    assert document.body.children == [] and leave.button() is None
    leave.render(True, "en")
    leave.render(True, "en")                                   # drawn again: still one
    assert len(document.body.children) == 1 and "Leave projector mode" in document.body.children[0].innerHTML
    assert leave.button() is not None
    shell.lang = "es"
    document.listeners["tapete:lang"]()                         # the shell's language switch
    assert "Salir del modo proyector" in document.body.children[0].innerHTML
    leave.render(False, "es")
    assert document.body.children == [] and leave.button() is None
    document.listeners["tapete:lang"]()                         # off: a language switch draws nothing
    assert document.body.children == []
    listener = document.listeners["tapete:lang"]
    leave.render(True, "es")
    leave.close()
    assert document.body.children == [] and "tapete:lang" not in document.listeners and listener.destroyed


def test_the_lobby_and_the_watcher_on_the_wall_draw_no_control_of_their_own():
    lobby = {"seats": [{"kind": "host", "name": "Ana", "connected": True}, {"kind": "open", "name": ""}], "you": 0}
    for lang in ("es", "en"):
        wall = render_lobby(lang, lobby, code="TQXEZG", link="http://x/#room=TQXEZG&k=a", is_host=True,
                            join_code="497-STKB", game="Chúpate 2", projector=True)
        assert "<button" not in wall and "<input" not in wall and TEXT[lang]["projector_leave"] not in wall
