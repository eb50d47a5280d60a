"""A guest page's seat in a friend's room: :class:`GuestSession`.

It finds the host among the room's peers by a proof of the link's host key, says a signed hello to
it alone, checks every host message against the schema (:mod:`tapete.net.schema`) and, at the end,
the fair deal (:mod:`tapete.net.deal`). Before a peer has proved the host key, the only text parsed
from it is a short ``host`` answer; every text's nesting is bounded before it is parsed
(:func:`~tapete.net.protocol.loads`). The host side is :mod:`tapete.net.room`. See docs/multiplayer.md.
"""

from __future__ import annotations

import json
import secrets
from typing import Callable

from .deal import REASONS, GuestDeal
from .keys import Signer, key_id, seat_message
from .links import host_public
from ..core import TapeteError
from .protocol import CHALLENGE, SCHEMA_VERSION, ProtocolError, Verify, b64, check_proof, clean_name, encode, loads
from .schema import check_host_message
from .transport import Transport

MAX_HOST_MESSAGE = 1 << 20            # guests drop larger texts from the host
MAX_HOST_ANSWER = 512                 # and larger texts from a peer that has not proved the host key
HOST_TYPES = ("host", "lobby", "update", "rejected", "reveal", "deal_offer", "deal_commits")
Send = Callable[[dict], None]


class GuestSession:
    """A guest page's seat: the same surface as :class:`LocalSession` (``send``, ``last``, ``seat``).

    ``room`` is the room's id (its six-letter code) and ``secret`` the link's (the host's public key,
    :func:`host_public`); ``signer`` holds this browser's seat key and ``verify`` checks signatures
    (:data:`~tapete.net.protocol.Verify`). The guest asks every peer it meets ``who`` (a fresh
    challenge, nothing else: no id, no key, no name), takes as host the first peer whose ``host`` answer
    proves the host key for this challenge in this room on this connection
    (:func:`~tapete.net.protocol.check_proof`), and only then says hello to it alone, signing the room,
    the host key and the nonce that answer carried (:func:`~tapete.net.keys.seat_message`).
    ``on_update`` gets ``lobby``, ``update`` and ``rejected`` messages (dicts).
    """

    def __init__(self, transport: Transport, name: str, on_update: Send, *, room: str, secret: str,
                 signer: Signer, verify: Verify, log: Callable[[str], None] = lambda text: None,
                 deal: GuestDeal | None = None):
        self.log = log                             # where refused host messages are reported (the console)
        self.refused: list[str] = []               # why each refused host message was refused
        self.host_key = host_public(secret)
        if self.host_key is None:
            raise ValueError("the link's secret is no host key")
        self.transport, self.name, self.signer, self.verify, self.room = transport, name, signer, verify, room
        self.player = key_id(signer.public)
        self.challenge = secrets.token_urlsafe(16)
        self.on_update = on_update
        self.host_peer: str | None = None
        self.last: dict | None = None
        self.lobby: dict | None = None
        self.counter = 0
        self.nonce = secrets.token_hex(4)          # intent ids stay unique across reconnections
        self.received: list[str] = []              # every accepted host text (for leak tests)
        self.deal = deal or GuestDeal()            # our nonce; what we saw, to check the deal at the end
        transport.on_message = self._on_message
        transport.on_join = self._on_join
        transport.on_leave = self._on_leave
        transport.start()

    @property
    def seat(self) -> int | None:
        if self.last is not None:
            return self.last["seat"]
        return self.lobby["you"] if self.lobby else None

    def who_text(self) -> str:
        return encode({"type": "who", "challenge": self.challenge})

    def _on_join(self, peer: str) -> None:
        if self.host_peer is None:
            self.transport.send(peer, self.who_text())

    def _on_leave(self, peer: str) -> None:
        if peer == self.host_peer:
            self.host_peer = None                  # wait for the host to come back (it says nothing first)
            self.challenge = secrets.token_urlsafe(16)
            self.on_update({"v": SCHEMA_VERSION, "type": "host_gone"})
            self.transport.send(None, self.who_text())     # a reloaded host may have joined already

    def _on_message(self, peer: str, text: str) -> None:
        if self.host_peer is not None and peer != self.host_peer:
            return                                 # only the host speaks to guests
        if not isinstance(text, str) or len(text) > (MAX_HOST_MESSAGE if self.host_peer else MAX_HOST_ANSWER):
            return                                 # before the proof, nothing longer than a `host` answer
        try:
            message = loads(text)                  # nesting bounded before the parse
        except ValueError:
            return
        if not isinstance(message, dict) or message.get("v") != SCHEMA_VERSION or message.get("type") not in HOST_TYPES:
            return
        if message["type"] == "host":
            nonce = message.get("nonce")
            if self.host_peer is None and isinstance(nonce, str) and CHALLENGE.match(nonce) \
                    and check_proof(self.verify, self.host_key, message.get("proof"), room=self.room,
                                    challenge=self.challenge, guest_peer=self.transport.self_id, host_peer=peer):
                self.host_peer = peer              # the holder of the link's host key, on this connection
                self._hello(peer, nonce)
            return
        if self.host_peer is None:
            return                                 # nobody speaks before proving it is the host
        try:
            check_host_message(message, self.lobby["game"] if self.lobby else None)
            if message["type"] == "update" and message["seat"] != self.lobby["you"]:
                raise ProtocolError(f"refused an update for seat {message['seat']}: "
                                    f"this guest holds seat {self.lobby['you']}")
        except ProtocolError as err:               # nothing changes; the page says why in its console
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
        if message["type"] == "reveal":
            self._check_deal(message)
            return
        if message["type"] in ("deal_offer", "deal_commits"):
            self._deal_step(message)
            return
        if message["type"] == "lobby":
            self.lobby = message
            self.deal.saw_lobby(message)
            if message["started"]:
                self.deal.game_started(message.get("commit"), message.get("nonces"))
        elif message["type"] == "update":
            self.last = message
            self.deal.saw_update(message)
        self.on_update(message)
        if message["type"] == "update" and message["view"]["over"] and self.deal.game_commit is None \
                and self.deal.result is None:
            self._deal_result(False, "no_commit")

    def _deal_step(self, message: dict) -> None:
        """A deal round's offer (answered with a commitment to a fresh nonce) or its list of commitments
        (answered with the nonce, only if the list holds ours and one for every guest seat)."""
        if message["type"] == "deal_offer":
            answer = self.deal.answer_offer(message, self.player, self.lobby)
        else:
            answer = self.deal.answer_commits(message)
        if answer is not None:
            self.transport.send(self.host_peer, json.dumps(answer, separators=(",", ":")))
        elif self.deal.problem:
            self.log(f"tapete: deal round refused: {REASONS.get(self.deal.problem)}")

    def deal_overdue(self) -> None:
        """The game is over and no reveal came (called by the page after a while): not verified."""
        if self.deal.result is None and self.last is not None and self.last["view"]["over"]:
            self._deal_result(False, "no_reveal")

    def _check_deal(self, reveal: dict) -> None:
        if self.deal.result is not None or self.last is None or not self.last["view"]["over"]:
            return
        ok, why = self.deal.check(self.lobby["game"], self.last["seat"], reveal)
        self._deal_result(ok, why)

    def _deal_result(self, ok: bool, why: str) -> None:
        if self.deal.result is not None and self.deal.result[0] is False and ok:
            return
        self.deal.result = (ok, why)
        if not ok:
            self.log(f"tapete: deal NOT verified: {REASONS.get(why, why)}")
        self.on_update({"v": SCHEMA_VERSION, "type": "deal", "verified": ok, "reason": why,
                        "restarts": self.deal.restarts})

    def _refuse_host(self, why: str) -> None:
        self.refused.append(why)
        del self.refused[:-50]
        self.log(f"tapete: {why}")

    def _hello(self, peer: str, nonce: str) -> None:
        """Sign the host's nonce with this browser's seat key and say hello to that host only."""
        challenge, public = self.challenge, self.signer.public

        def send(signature: bytes) -> None:
            if self.host_peer == peer and self.challenge == challenge:
                self.transport.send(peer, encode({"type": "hello", "name": self.name, "key": b64(public),
                                                  "sig": b64(signature)}))
        self.signer.sign(seat_message(self.room, self.host_key, nonce, self.transport.self_id, peer, public), send)

    def send(self, action: str) -> dict | None:
        """Send an intent for our seat at the version we last saw; the answer arrives via on_update."""
        if self.host_peer is None or self.last is None:
            return None
        self.counter += 1
        intent = {"type": "intent", "id": f"{self.nonce}-{self.counter}", "seat": self.seat,
                  "state_version": self.last["view"]["version"], "action": action}
        self.transport.send(self.host_peer, encode(intent))
        return None

    def rename(self, name: str) -> bool:
        """Ask the host to call this seat ``name`` (checked here first: tapete.net.protocol.clean_name;
        the host checks again). The new name is also the one the next hello gives. False if refused."""
        try:
            name = clean_name(name)
        except TapeteError:
            return False
        self.name = name
        if self.host_peer is not None:
            self.transport.send(self.host_peer, encode({"type": "rename", "name": name}))
        return True

    def close(self) -> None:
        self.transport.close()
