"""Tiny HTML builders (pure Python, testable under CPython)."""

from __future__ import annotations

from html import escape


def attrs(**values) -> str:
    """``attrs(data_testid="x", disabled=True)`` -> ``' data-testid="x" disabled'``; None/False are skipped."""
    out = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        out.append(f" {name}" if value is True else f' {name}="{escape(str(value), quote=True)}"')
    return "".join(out)


def tag(element: str, body: str = "", /, **values) -> str:
    return f"<{element}{attrs(**values)}>{body}</{element}>"


def void(element: str, /, **values) -> str:
    """An element without content or end tag, such as ``input``."""
    return f"<{element}{attrs(**values)}>"


def button(label: str, action: str | None = None, testid: str | None = None, cls: str = "btn",
           disabled: bool = False, **values) -> str:
    return tag("button", label, type="button", class_=cls, data_action=action, data_testid=testid,
               disabled=disabled, **values)


__all__ = ["escape", "attrs", "tag", "void", "button"]
