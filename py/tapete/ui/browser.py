"""The page's one door to URL parameters and browser storage (issue 29), and this browser's player id.

Public API: :func:`param` and :func:`int_param` read ``?name=value`` from the page's URL;
:func:`store_get`, :func:`store_set` and :func:`store_del` read and write ``localStorage`` (blocked
storage reads as empty, a failed write is dropped: a game never crashes on it); the ``STORE_*`` keys name
what is kept. JS null comes back from the browser as ``jsnull``, never ``None``: these functions turn it
into ``None``.
"""

from __future__ import annotations

import secrets

import js
from pyscript import window

STORE_PLAYER = "tapete.player"
STORE_RANKING = "tapete.ranking."
STORE_NAME = "tapete.name"
STORE_ROOM = "tapete.room"                       # the room this page hosts (resumed after a reload)
STORE_DEAL = "tapete.deal"                       # a guest's nonce and the commitment it answered (tapete.net.deal)


def param(name: str, default: str | None = None) -> str | None:
    params = js.URLSearchParams.new(window.location.search)
    return str(params.get(name)) if params.has(name) else default


def int_param(name: str, default: int | None) -> int | None:
    """An integer URL parameter; a missing or malformed one gives ``default``."""
    try:
        return int(param(name, ""))
    except ValueError:
        return default


def store_get(key: str) -> str | None:
    try:
        value = window.localStorage.getItem(key)
    except Exception:  # noqa: BLE001 - storage may be blocked
        return None
    return value if isinstance(value, str) else None     # JS null arrives as jsnull, not None


def store_set(key: str, value: str) -> None:
    try:
        window.localStorage.setItem(key, value)
    except Exception:  # noqa: BLE001
        pass


def store_del(key: str) -> None:
    try:
        window.localStorage.removeItem(key)
    except Exception:  # noqa: BLE001
        pass


def add_ranking(game_id: str, delta: int) -> int:
    """Add ``delta`` to this browser's ranking of ``game_id`` (docs/ranking.md); the new total (a
    malformed stored total counts as 0)."""
    key = STORE_RANKING + game_id
    try:
        total = int(store_get(key) or 0) + delta
    except ValueError:
        total = delta
    store_set(key, str(total))
    return total


def player_id() -> str:
    """This browser's player id (kept in localStorage): the host page's own seat and the owner of its
    saved room. Guests' seats are bound to their signing keys instead (tapete.net.keys), so knowing
    this id takes no seat anywhere."""
    pid = store_get(STORE_PLAYER)
    if not pid:
        pid = "p" + secrets.token_urlsafe(16)     # 128 bits from the platform's CSPRNG
        store_set(STORE_PLAYER, pid)
    return pid
