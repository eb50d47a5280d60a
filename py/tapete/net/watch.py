"""Watchers: the public table of a room on a screen that plays no seat (a class's projector).

A **watcher** opens the room's link with ``watch=1`` in its fragment (:func:`watch_link`). It finds and
verifies the host exactly as a guest does (a bare ``who``, the host's ``host`` answer proving the link's
host key for its challenge, :func:`~tapete.net.protocol.check_proof`), then says
``{"v":1,"type":"watch"}`` to that peer alone. It never signs anything and holds no seat key: it proves
nothing about a seat and takes none.

The host (:class:`WatchersMixin`, part of :class:`~tapete.net.room.RoomHost`) answers with the lobby
(``you: null``) and, once the game runs, the public table at once and after every move: ``update``
messages built from the engine's view for no seat (``game.view(state, None)``), the public part of the
events, no legal actions, the seats' names and bots (:meth:`~tapete.net.host.Host.attach_watcher`). A
watcher is in no seat and in no count of players; it comes and goes freely (no grace period, no bot),
and a reload (or a reloaded host) gets the current table at once. Every intent, deal message or hello
on a watcher's connection is refused (``watcher`` / ``watching``), the state unchanged: a watcher that
wants a seat opens the link without ``watch=1`` (a new connection), like anyone holding the link.
At most :data:`MAX_WATCHERS` watch at once (``watchers_full`` beyond); their messages pass the same
rate limit as a guest's. ``RoomHost.set_watching(False)`` closes watching: every watcher is told
(``not_watching``) and dropped, new ones are refused until it opens again; the choice is in the host's
save. See docs/multiplayer.md ("Watchers") and docs/classroom.md.

:class:`WatcherSession` is the watcher page's end: the surface of
:class:`~tapete.net.guest.GuestSession` (``last``, ``lobby``, ``seat`` (always None), ``on_update``,
``received``, ``refused``, ``close``) without ``send``. Every host message passes
:func:`~tapete.net.schema.check_host_message` with ``watcher=True`` (no seat, no hand, no legal actions).
"""

from __future__ import annotations

import json
import secrets
from typing import Callable

from .links import host_public
from .protocol import CHALLENGE, SCHEMA_VERSION, ProtocolError, Verify, check_proof, encode, loads
from .schema import check_host_message
from .transport import Transport

MAX_WATCHERS = 16                  # watchers at once in one room (a class's projector and a few more)
WATCH_PARAM = "watch=1"            # in the link's fragment: this page watches
MAX_HOST_MESSAGE = 1 << 20         # as a guest: larger texts from the host are dropped
MAX_HOST_ANSWER = 512              # and larger texts from a peer that has not proved the host key
WATCHER_TYPES = ("host", "lobby", "update", "rejected")
Send = Callable[[dict], None]


# ----- links --------------------------------------------------------------------------------------
def watch_link(link: str) -> str:
    """The watcher link of a share link: the same link with ``watch=1`` in its fragment (never in the
    query: the fragment never reaches a server)."""
    base, sep, fragment = link.partition("#")
    if not sep:
        raise ValueError("a share link has a fragment")
    parts = [p for p in fragment.split("&") if p and p != WATCH_PARAM]
    return base + "#" + "&".join(parts + [WATCH_PARAM])


def wants_watch(fragment: str) -> bool:
    """Does this fragment (``#room=…&k=…&watch=1``) ask to watch rather than to play?"""
    return WATCH_PARAM in fragment.lstrip("#").split("&")


# ----- the host side ------------------------------------------------------------------------------
class WatchersMixin:
    """Watchers of a :class:`~tapete.net.room.RoomHost` (which calls :meth:`_init_watchers` first)."""

    def _init_watchers(self) -> None:
        self.watching = True                      # the host may close watching (kept in its save)
        self.watchers: dict[str, float] = {}      # peer id -> when it began to watch (clock time)
        self._watch_text: tuple[object, str] = (None, "")   # the last public update and its text

    @property
    def watcher_count(self) -> int:
        """How many watch now (the host page shows it)."""
        return len(self.watchers)

    def set_watching(self, watching: bool) -> None:
        """Open or close watching. Closing tells every watcher (``not_watching``) and drops it; while
        closed, every ``watch`` is refused. Players are not affected."""
        self.watching = bool(watching)
        if not self.watching:
            for peer in list(self.watchers):
                self._drop_watcher(peer)
                self._refuse(peer, None, ProtocolError("the host has closed watching", "not_watching"))
        self.on_change(self)

    def _watch(self, peer: str) -> None:
        """A peer asks to watch: the lobby, then (once the game runs) the public table, now and after every move."""
        if peer in self.peers:
            raise ProtocolError("this connection plays a seat; watch from another page", "seated")
        if not self.watching:
            raise ProtocolError("the host has closed watching", "not_watching")
        if peer not in self.watchers and len(self.watchers) >= MAX_WATCHERS:
            raise ProtocolError(f"already {MAX_WATCHERS} watchers; try again later", "watchers_full")
        self.asking = {p: e for p, e in self.asking.items() if e["peer"] != peer}   # (it no longer asks)
        self.watchers[peer] = self.clock()
        self._send(peer, self.lobby_message(None))
        if self.host is not None:
            self.host.attach_watcher(peer, self._watch_sender(peer))
        self.on_change(self)

    def _drop_watcher(self, peer: str) -> bool:
        if self.watchers.pop(peer, None) is None:
            return False
        if self.host is not None:
            self.host.detach_watcher(peer)
        return True

    def _watch_sender(self, peer: str) -> Send:
        """Sends the public update to one watcher; the text of one update is made once for all of them."""
        def send(message: dict) -> None:
            cached, text = self._watch_text
            if cached is not message:
                text = json.dumps(message, separators=(",", ":"))
                self._watch_text = (message, text)      # (holding the message keeps its identity unique)
            self.transport.send(peer, text)
        return send

    def _lobby_to_watchers(self) -> None:
        if self.watchers:
            text = json.dumps(self.lobby_message(None), separators=(",", ":"))
            for peer in list(self.watchers):
                self.transport.send(peer, text)

    def _watchers_to_game(self) -> None:
        """The game has begun (or a started room resumed): every watcher gets the lobby and the table."""
        self._lobby_to_watchers()
        for peer in list(self.watchers):
            self.host.attach_watcher(peer, self._watch_sender(peer))


# ----- the watcher's page -------------------------------------------------------------------------
class WatcherSession:
    """A page that watches a room: same surface as a guest's session (``last``, ``lobby``, ``seat``,
    ``on_update``) but no ``send``: it cannot act. ``room`` is the room's id and ``secret`` the link's
    (the host's public key); ``verify`` checks the host's proof (:data:`~tapete.net.protocol.Verify`).
    ``on_update`` gets ``lobby``, ``update`` and ``rejected`` messages, and ``host_gone``."""

    seat = None

    def __init__(self, transport: Transport, on_update: Send, *, room: str, secret: str, verify: Verify,
                 log: Callable[[str], None] = lambda text: None):
        self.host_key = host_public(secret)
        if self.host_key is None:
            raise ValueError("the link's secret is no host key")
        self.transport, self.on_update, self.room, self.verify, self.log = transport, on_update, room, verify, log
        self.challenge = secrets.token_urlsafe(16)
        self.host_peer: str | None = None
        self.last: dict | None = None
        self.lobby: dict | None = None
        self.closed = False                        # the host closed watching (told `not_watching`)
        self.received: list[str] = []              # every accepted host text (for leak tests)
        self.refused: list[str] = []               # why each refused host message was refused
        transport.on_message = self._on_message
        transport.on_join = self._on_join
        transport.on_leave = self._on_leave
        transport.start()

    def who_text(self) -> str:
        return encode({"type": "who", "challenge": self.challenge})

    def watch_again(self) -> None:
        """Ask to watch again (after ``not_watching`` or ``watchers_full``)."""
        if self.host_peer is not None:
            self.closed = False
            self.transport.send(self.host_peer, encode({"type": "watch"}))

    def _on_join(self, peer: str) -> None:
        if self.host_peer is None:
            self.transport.send(peer, self.who_text())

    def _on_leave(self, peer: str) -> None:
        if peer == self.host_peer:
            self.host_peer = None
            self.challenge = secrets.token_urlsafe(16)
            self.on_update({"v": SCHEMA_VERSION, "type": "host_gone"})
            self.transport.send(None, self.who_text())     # a reloaded host may have joined already

    def _on_message(self, peer: str, text: str) -> None:
        if self.host_peer is not None and peer != self.host_peer:
            return                                 # only the host speaks to watchers
        if not isinstance(text, str) or len(text) > (MAX_HOST_MESSAGE if self.host_peer else MAX_HOST_ANSWER):
            return
        try:
            message = loads(text)                  # nesting bounded before the parse
        except ValueError:
            return
        if not isinstance(message, dict) or message.get("v") != SCHEMA_VERSION \
                or message.get("type") not in WATCHER_TYPES:
            return
        if message["type"] == "host":
            nonce = message.get("nonce")
            if self.host_peer is None and isinstance(nonce, str) and CHALLENGE.match(nonce) \
                    and check_proof(self.verify, self.host_key, message.get("proof"), room=self.room,
                                    challenge=self.challenge, guest_peer=self.transport.self_id, host_peer=peer):
                self.host_peer = peer              # the holder of the link's host key, on this connection
                self.transport.send(peer, encode({"type": "watch"}))
            return
        if self.host_peer is None:
            return
        try:
            check_host_message(message, self.lobby["game"] if self.lobby else None, watcher=True)
        except ProtocolError as err:
            self._refuse_host(str(err))
            return
        if message["type"] == "update" and self.last is not None \
                and message["view"]["version"] < self.last["view"]["version"]:
            self._refuse_host(f"ignored an update older than the table (v{message['view']['version']} < "
                              f"v{self.last['view']['version']})")
            return
        if message["type"] == "lobby" and self.lobby is not None and message["game"] != self.lobby["game"]:
            self._refuse_host("the room's game cannot change")
            return
        self.received.append(text)
        if message["type"] == "lobby":
            self.lobby = message
        elif message["type"] == "update":
            self.last = message
        elif message["code"] == "not_watching":
            self.closed = True
        self.on_update(message)

    def _refuse_host(self, why: str) -> None:
        self.refused.append(why)
        del self.refused[:-50]
        self.log(f"tapete: {why}")

    def close(self) -> None:
        self.transport.close()
