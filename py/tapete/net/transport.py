"""Transports: how JSON text moves between the pages of a room.

A transport is one page's end of a room. It knows its own peer id, sends text to one peer or to all,
and calls back on messages and on peers joining or leaving. The browser one (over ``tapeteP2P``,
WebRTC data channels) lives in ``tapete.ui.p2p``; :class:`MemoryHub` here connects in-process
transports for unit tests and benchmarks. Nothing here imports the browser.
"""

from __future__ import annotations

from collections import deque
from typing import Callable

OnMessage = Callable[[str, str], None]      # (peer id, text)
OnPeer = Callable[[str], None]              # peer id


class Transport:
    """Interface. Subclasses implement :meth:`send` and :meth:`close`; callers set the callbacks."""

    self_id: str = ""

    def __init__(self) -> None:
        self.on_message: OnMessage = lambda peer, text: None
        self.on_join: OnPeer = lambda peer: None
        self.on_leave: OnPeer = lambda peer: None

    def start(self) -> None:
        """Begin delivering callbacks (called once the callbacks are set)."""

    def send(self, peer: str | None, text: str) -> None:
        """Send ``text`` to ``peer`` (None: every connected peer). Never raises for a gone peer."""
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError


class MemoryHub:
    """A room in memory. Delivery is queued and runs on :meth:`flush` (or at once if ``auto``), so a
    handler that sends does not re-enter another handler. ``log`` keeps every delivered message as
    ``(sender, receiver, text)``."""

    def __init__(self, auto: bool = True) -> None:
        self.peers: dict[str, MemoryTransport] = {}
        self.queue: deque = deque()
        self.log: list[tuple[str, str, str]] = []
        self.auto = auto
        self.flushing = False

    def join(self, peer_id: str) -> "MemoryTransport":
        """A transport for ``peer_id``; it enters the room on ``start()``."""
        return MemoryTransport(self, peer_id)

    def _enter(self, transport: "MemoryTransport") -> None:
        peer_id = transport.self_id
        others = list(self.peers.values())
        self.peers[peer_id] = transport
        for other in others:
            self._post(lambda o=other: o.on_join(peer_id))
            self._post(lambda o=other: transport.on_join(o.self_id))

    def leave(self, peer_id: str) -> None:
        if self.peers.pop(peer_id, None) is None:
            return
        for other in list(self.peers.values()):
            self._post(lambda o=other: o.on_leave(peer_id))

    def deliver(self, sender: str, receiver: str, text: str) -> None:
        def run():
            target = self.peers.get(receiver)
            if target is not None and sender in self.peers:
                self.log.append((sender, receiver, text))
                target.on_message(sender, text)
        self._post(run)

    def _post(self, job) -> None:
        self.queue.append(job)
        if self.auto:
            self.flush()

    def flush(self) -> None:
        if self.flushing:
            return
        self.flushing = True
        try:
            while self.queue:
                self.queue.popleft()()
        finally:
            self.flushing = False


class MemoryTransport(Transport):
    def __init__(self, hub: MemoryHub, peer_id: str) -> None:
        super().__init__()
        self.hub, self.self_id = hub, peer_id

    def start(self) -> None:
        self.hub._enter(self)

    def send(self, peer: str | None, text: str) -> None:
        if not isinstance(text, str):
            raise TypeError("transports carry JSON text only")
        targets = [p for p in self.hub.peers if p != self.self_id] if peer is None else [peer]
        for target in targets:
            self.hub.deliver(self.self_id, target, text)

    def close(self) -> None:
        self.hub.leave(self.self_id)
