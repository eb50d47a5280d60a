"""How cards look, shared by the five tables: one face structure, one back, piles with depth.

A face is ``<span class="face" data-i="7" data-s="●">`` around the table's own centre markup (the big
symbol, ``.rank``, and the colour's shape, ``.shape``); CSS draws the corner indices from ``data-i``
/ ``data-s`` (``::before`` top left, ``::after`` bottom right, turned), so the visible text of the face
stays its centre (the accessible names, set on the card, are unchanged) and nothing is fetched: no
images, no fonts. Backs are pure CSS (``.card-back``, ``.mini-back``): never a glyph such as 🂠, which
some systems draw as boxes. Pure functions returning HTML.
"""

from __future__ import annotations

from .html import button, escape, tag
from .i18n import t

SEAT_BACKS = 8           # at most this many small backs fanned on a seat box (the count says the rest)


def face(inner: str, index: str, shape: str = "") -> str:
    """A face: ``inner`` in the centre, ``index`` (and the colour's ``shape``) in two corners."""
    return tag("span", inner, class_="face", data_i=index or None, data_s=shape or None)


def depth(count: int) -> int:
    """How thick a pile looks: 0 (empty) to 3 (many cards)."""
    if count <= 0:
        return 0
    return 1 if count <= 5 else (2 if count <= 25 else 3)


def seat_backs(count: int) -> str:
    """The small fanned backs on an opponent's seat box (decorative: the count is said in text)."""
    return tag("span", '<i class="mini-back"></i>' * min(max(count, 0), SEAT_BACKS), class_="backs",
               aria_hidden="true", data_n=count)


def draw_pile(count: int, playable: bool, label: str, action: str = "draw") -> str:
    """The draw pile (``draw-pile``): a card back with depth and its count on a badge."""
    word = label.split(":", 1)[0] if ":" in label else ""      # "Mazo: 40 cartas" -> "Mazo", shown under the count
    # the word comes first in the DOM (CSS places it under the count), a space apart, so that the
    # visible text reads as words of the accessible name: "Draw pile 40" in "Draw pile: 40 cards"
    # (axe's label-content-name-mismatch joins the children's texts as they are)
    return button((tag("span", escape(word), class_="pile-word", aria_hidden="true") + " " if word else "")
                  + tag("span", escape(str(count)), class_="pile-count"), action,
                  "draw-pile", "pile draw-pile card-back" + (" playable" if playable else ""), aria_label=label,
                  data_depth=depth(count), title=label)


def pile_count(count: int | None) -> str:
    """The discard pile's count badge (decorative: inside an element that has its own name)."""
    if count is None:
        return ""
    return tag("span", escape(str(count)), class_="pile-count discard-count", aria_hidden="true")


def discard_top(lang: str, view: dict, face_html: str, cls: str, name: str) -> str:
    """The discard pile's top card (``discard-top``) as an image named by the card, with depth and count."""
    return tag("div", face_html + pile_count(view.get("discard_count")), class_=cls,
               data_depth=depth(view.get("discard_count", 1)), data_testid="discard-top", data_card=view["top"],
               role="img", aria_label=f"{t(lang, 'pile.discard')}: {name}")


ARROW = ('<svg class="dir-arrow" viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">'
         '<path d="M18.9 16A8 8 0 1 1 12 4" fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round"/>'
         '<path d="M12 0.8 16.2 4 12 7.2z" fill="currentColor"/></svg>')


def direction(lang: str, value: int) -> str:
    """The direction of play (``direction``, ``data-direction`` 1 / -1): a round arrow that turns the
    way play goes (mirrored for counter-clockwise) and the sentence saying it."""
    key = "direction.cw" if value == 1 else "direction.ccw"
    return tag("span", ARROW + tag("span", escape(t(lang, key)), class_="dir-text"),
               class_="direction " + ("cw" if value == 1 else "ccw"), data_testid="direction", data_direction=value)


__all__ = ["direction", "discard_top", "face", "depth", "seat_backs", "draw_pile", "pile_count", "SEAT_BACKS"]
