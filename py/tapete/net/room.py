"""Rooms played with friends: the host page's :class:`RoomHost` (a guest page's seat is
:class:`~tapete.net.guest.GuestSession`; the room's code and link are :mod:`tapete.net.links`).

Both sit on a :class:`~tapete.net.transport.Transport`. The host maps transport peer ids to player
ids through each guest's signed ``hello`` (a seat is bound to the guest's key: the player id is
:func:`~tapete.net.keys.key_id` of it, never the peer id, which changes on every reload, nor anything
the guest merely states; :mod:`tapete.net.keys`), keeps the lobby, and once started hands every
guest message to the authoritative :class:`~tapete.net.host.Host`. A guest only ever receives its own
view. See docs/multiplayer.md.
"""

from __future__ import annotations

import hashlib
import json
import time
from typing import Callable

from ..core import TapeteError, get
from ..core.errors import BadState
from ..core.rng import is_seed, new_seed
from .deal import DEAL_TIMEOUT, HostDeal, guest_seats
from .host import Host, LocalSession, SeatSpec
from .joincode import CODE_TRIES, normalize_join_code
from .keys import Signer, check_seat, new_nonce
from .links import normalize_code, parse_fragment, room_fragment
from .protocol import SCHEMA_VERSION, ProtocolError, Verify, b64, clean_name, decode, loads, proof_message
from .transport import Transport
from .watch import WatchersMixin

GRACE_SECONDS = 20.0                  # a gone guest's seat waits this long before a bot plays it
# Guest messages per peer (a token bucket): a burst of RATE_BURST, refilled at RATE_PER_SECOND. Over it,
# messages are dropped and answered `rate_limited` once per RATE_WINDOW; a peer over the limit in
# FLOOD_WINDOWS windows in a row is ignored from then on (until it comes back with a new peer id).
# New peers: at most NEW_PEERS_PER_MINUTE hellos from players without a seat in any 60 s; beyond it a
# new peer is answered `busy` once and ignored (players who already have a seat are always heard).
NEW_PEERS_PER_MINUTE = 10
# Asking to join: in the lobby, a newcomer whose signed hello checks out while the room is locked or
# NEW_PEERS_PER_MINUTE is spent is not turned away but waits in a list the host's lobby shows (name and
# ask number), until the host admits or refuses it; at most MAX_ASKING wait (a new one pushes the
# oldest out, told `busy`). See docs/multiplayer.md ("Asking to join").
MAX_ASKING = 8
RATE_BURST = 20
RATE_PER_SECOND = 10.0
RATE_WINDOW = 1.0
RENAME_GAP = 2.0            # a seat may change its name once per this many seconds (issue 31)
FLOOD_WINDOWS = 5
# A guest that has heard nothing from its host JOIN_WAIT seconds after opening its transport opens a
# fresh one (new signalling, new offers); after JOIN_TRIES transports it stops and tells the player.
JOIN_WAIT = 8.0
JOIN_TRIES = 3
Send = Callable[[dict], None]


class JoinWatch:
    """The guest's join watchdog, without timers: :meth:`verdict` says what to do at ``now``.

    ``try_started(now)`` when a transport opens; ``verdict(now, answered)`` -> ``"ok"`` (the host
    answered), ``"wait"``, ``"retry"`` (open a fresh transport) or ``"give_up"`` (tell the player)."""

    def __init__(self, wait: float = JOIN_WAIT, tries: int = JOIN_TRIES):
        self.wait, self.tries = wait, max(1, tries)
        self.attempt = 0
        self.since: float | None = None

    def try_started(self, now: float) -> None:
        self.attempt += 1
        self.since = now

    def verdict(self, now: float, answered: bool) -> str:
        if answered:
            return "ok"
        if self.since is None or now - self.since < self.wait:
            return "wait"
        return "retry" if self.attempt < self.tries else "give_up"

    def next_check(self, now: float) -> float:
        """Seconds until the verdict can change."""
        return max(0.0, (self.since or now) + self.wait - now)


class RateLimit:
    """Per-peer token buckets. :meth:`check` judges one more message: ``ok``; ``refuse`` (over the
    limit, first time this window: answer ``rate_limited``); ``drop`` (over, already answered this
    window, or ignored); ``block`` (over in FLOOD_WINDOWS windows in a row: ignore the peer from now)."""

    def __init__(self, burst: int = RATE_BURST, per_second: float = RATE_PER_SECOND):
        self.burst, self.per_second = burst, per_second
        self.buckets: dict[str, tuple[float, float, int | None, int]] = {}  # tokens, when, window, streak
        self.blocked: set[str] = set()

    def check(self, peer: str, now: float) -> str:
        if peer in self.blocked:
            return "drop"
        tokens, last, window, streak = self.buckets.get(peer, (self.burst, now, None, 0))
        tokens = min(self.burst, tokens + max(0.0, now - last) * self.per_second)
        current, verdict = int(now // RATE_WINDOW), "ok"
        if tokens >= 1 - 1e-9:                     # (float sums of refills: 10 × 0.1 < 1)
            tokens -= 1
        elif current == window:
            verdict = "drop"
        else:
            streak = streak + 1 if window == current - 1 else 1
            window, verdict = current, "refuse"
            if streak >= FLOOD_WINDOWS:
                self.blocked.add(peer)
                verdict = "block"
        self.buckets[peer] = (tokens, now, window, streak)
        return verdict

    def forget(self, peer: str) -> None:
        self.buckets.pop(peer, None)               # a blocked peer stays blocked


class RoomHost(WatchersMixin):
    """The host page's room: lobby, then the authoritative game for every connected guest (and the
    public table for every watcher: :class:`~tapete.net.watch.WatchersMixin`).

    ``signer`` holds the room's host key: the host proves itself with it to guests, whose link's
    secret is its public key (:func:`link_secret_of`); ``verify`` checks the guests' hello signatures
    (:data:`~tapete.net.protocol.Verify`; without one, or without a signer, nobody is seated);
    proofs and hellos name ``code``, the room's id; ``join_code`` is the code people may type
    (kept in the save; the handshake itself runs in static/js/pake.js); ``rate`` is (burst, per
    second) of each peer's messages, or None for no limit."""

    def __init__(self, transport: Transport, game_id: str, player: str, name: str, *,
                 seats: int | None = None, options: dict | None = None, seed: int | None = None,
                 on_change: Callable[["RoomHost"], None] | None = None, bot_level: str = "easy",
                 grace: float = GRACE_SECONDS, clock: Callable[[], float] = time.monotonic,
                 code: str = "", secret: str = "", signer: Signer | None = None, verify: Verify | None = None,
                 join_code: str = "", saved: dict | None = None,
                 rate: tuple[int, float] | None = (RATE_BURST, RATE_PER_SECOND)):
        self.transport = transport
        self.game_id = game_id
        self.game = get(game_id)
        self.player = player
        self.options = options or {}
        # The fair deal (tapete.net.deal): start() opens a round (fixed seats and options, a fresh
        # committed secret); the game begins once every seated guest has committed to a nonce and then
        # revealed it. Until then the seed is a placeholder. An explicit ``seed`` (tests, the ?seed= hook)
        # has no deal: the game begins at once and guests show the deal as not verified.
        self.fair = seed is None
        self.deal: HostDeal | None = None       # the round being dealt, then the one the game was dealt from
        self.deal_since = 0.0                   # when the round's current step began (clock time)
        self.on_update: Send | None = None      # the host page's own updates (given to start())
        self.seed = seed if seed is not None else new_seed()     # 256 bits from the CSPRNG
        size = seats or self.game.max_players
        self.lobby: list[SeatSpec | None] = [SeatSpec(name, player=player)] + [None] * (size - 1)
        self.peers: dict[str, str] = {}            # peer id -> player id
        self.peer_of: dict[str, str] = {}          # player id -> current peer id
        self.names: dict[str, str] = {player: name}
        self.host: Host | None = None
        self.session: LocalSession | None = None
        self.on_change = on_change or (lambda room: None)
        self.refused: list[dict] = []              # every refusal sent (for tests and diagnostics)
        self.bot_level, self.grace, self.clock = bot_level, grace, clock
        self.away: dict[str, float] = {}           # player id -> when its peer left (started game)
        self.code, self.secret, self.signer, self.join_code = code, secret, signer, join_code
        self.verify = verify
        self.code_failures = 0                     # wrong join codes so far (kept in the save; counted in pake.js)
        self.nonces: dict[str, str] = {}           # peer id -> the nonce its hello must sign
        self.limit = RateLimit(*rate) if rate else None
        self.renamed: dict[str, float] = {}         # player -> when it last changed its name
        self.kicked: set[str] = set()              # player ids the host removed: never seated again here
        self.locked = False                        # a locked room seats nobody new
        self.newcomers: list[float] = []           # when each recent new peer was let in (last 60 s)
        self.turned_away: set[str] = set()         # peers over NEW_PEERS_PER_MINUTE (ignored)
        self.asking: dict[str, dict] = {}          # player id -> {peer, name, number}: waiting for the host (oldest first)
        self._init_watchers()                      # watchers: the public table, no seat (tapete.net.watch)
        if saved is not None:
            self._load(saved)
        transport.on_message = self._on_message
        transport.on_join = self._on_join
        transport.on_leave = self._on_leave
        transport.start()

    # ----- lobby ------------------------------------------------------------------------------
    @property
    def started(self) -> bool:
        return self.host is not None

    @property
    def dealing(self) -> bool:
        """A deal round is under way: Start was pressed, the guests have not all answered yet."""
        return self.deal is not None and self.host is None

    def seat_of(self, player: str) -> int | None:
        seats = self.host.seats if self.host else self.lobby
        return next((i for i, s in enumerate(seats) if s is not None and s.player == player), None)

    def lobby_message(self, player: str | None) -> dict:
        seats = self.host.seats if self.host else self.lobby
        out = []
        for spec in seats:
            if spec is None:
                out.append({"kind": "open", "name": ""})
            else:
                kind = "bot" if spec.bot else ("host" if spec.player == self.player else "player")
                connected = spec.bot is not None or spec.player == self.player or spec.player in self.peer_of
                out.append({"kind": kind, "name": spec.name, "connected": connected})
        deal = {}
        if self.dealing:
            deal = {"dealing": True}
        elif self.started and self.deal is not None:       # the round the game was dealt from
            deal = {"commit": self.deal.commit, "nonces": self.deal.nonces}
        return {"v": SCHEMA_VERSION, "type": "lobby", "game": self.game_id, "started": self.started,
                "seats": out, "you": None if player is None else self.seat_of(player), "locked": self.locked,
                "options": dict(self.options), **deal}

    def add_bot(self, level: str = "easy", name: str | None = None) -> int | None:
        if self.started:
            return None
        for i, spec in enumerate(self.lobby):
            if spec is None:
                self.lobby[i] = SeatSpec(name or f"Bot {i}", bot=level)
                self._cancel_round()
                self._lobby_changed()
                return i
        return None

    def remove(self, seat: int) -> None:
        """Empty a lobby seat (a bot, or a guest: who is then told there is no seat for them)."""
        if self.started or seat == 0 or not 0 < seat < len(self.lobby):
            return
        self.lobby[seat] = None
        self._cancel_round()
        self._lobby_changed()

    def kick(self, seat: int) -> None:
        """Remove the person in ``seat`` (not the host's): told ``kicked``, never seated here again. In the
        lobby the seat opens; in a started game a bot of the room's level plays it from now on."""
        seats = self.host.seats if self.host else self.lobby
        if not 0 < seat < len(seats) or seats[seat] is None or seats[seat].player is None \
                or seats[seat].player in self.kicked:
            return
        player = seats[seat].player
        self.kicked.add(player)
        self._cancel_round()
        peer = self.peer_of.pop(player, None)
        if peer is not None:
            self.peers.pop(peer, None)
            self._refuse(peer, None, ProtocolError("the host removed you from the room", "kicked"))
        if self.host is None:
            self.lobby[seat] = None
        else:
            self.host.detach(player)
            self.away.pop(player, None)
            self.host.away.discard(seat)
            self.host.take_over(seat, self.bot_level)
        self._lobby_changed()

    def lock(self, locked: bool = True) -> None:
        """Lock (or unlock) the room: while locked, only players who already have a seat get in (in the
        lobby, newcomers ask to join: :meth:`admit`)."""
        self.locked = bool(locked)
        self._lobby_changed()

    def deal_deadline(self) -> float | None:
        """When the round under way gives up on the guests that have not answered (clock time), or None."""
        return self.deal_since + DEAL_TIMEOUT if self.dealing else None

    # ----- asking to join (admission by the host) -----------------------------------------------------
    def asking_view(self) -> list[dict]:
        """Who is asking to join, oldest first: ``{"player", "name", "number"}`` (for the host's lobby)."""
        return [{"player": player, "name": entry["name"], "number": entry["number"]}
                for player, entry in self.asking.items()]

    def admit(self, player: str) -> bool:
        """Seat a newcomer that asked to join (its hello was checked when it asked), despite the lock and
        the newcomer cap. False (it keeps waiting) if no seat is open; False if it is not asking."""
        entry = self.asking.get(player)
        if entry is None or self.started or self.dealing:
            return False
        seat = next((i for i, s in enumerate(self.lobby) if s is None), None)
        if seat is None:
            return False
        del self.asking[player]
        self.lobby[seat] = SeatSpec(entry["name"], player=player)
        self._seat(entry["peer"], player, entry["name"], seat)
        return True

    def refuse(self, player: str) -> None:
        """Turn away a newcomer that asked to join: told ``not_admitted``; its key is never seated here."""
        entry = self.asking.pop(player, None)
        if entry is None:
            return
        self.kicked.add(player)
        self._refuse(entry["peer"], None, ProtocolError("the host did not let you in", "not_admitted"))
        self.on_change(self)

    def _ask(self, peer: str, player: str, name: str) -> None:
        """A newcomer the lobby cannot seat on its own (locked, or too many newcomers this minute): it
        waits for the host. Told ``asking``; the oldest asker goes (``busy``) beyond MAX_ASKING."""
        self.asking.pop(player, None)              # the same browser asking again: its newest connection
        while len(self.asking) >= MAX_ASKING:
            old, entry = next(iter(self.asking.items()))
            del self.asking[old]
            self._refuse(entry["peer"], None, ProtocolError("too many people are asking to join; try again later",
                                                            "busy"))
        self.asking[player] = {"peer": peer, "name": name, "number": ask_number(player)}
        self._refuse(peer, None, ProtocolError("the host has been asked to let you in", "asking"))
        self.on_change(self)

    def deadline(self) -> float | None:
        """When the next gone guest's seat goes to a bot (clock time), or None."""
        waiting = [since for player, since in self.away.items() if not self.host.seats[self.seat_of(player)].bot]
        return min(waiting) + self.grace if waiting else None

    def tick(self, now: float | None = None) -> list[int]:
        """Give to a bot every seat whose player has been gone for the grace period; returns those seats.
        The caller schedules it (no timers here)."""
        now = self.clock() if now is None else now
        taken = []
        if self.dealing and now >= self.deal_deadline():
            return self._deal_timed_out()
        for player, since in list(self.away.items()):
            seat = self.seat_of(player)
            if self.host is not None and seat is not None and now - since >= self.grace \
                    and self.host.seats[seat].bot is None:
                self.host.take_over(seat, self.bot_level)
                taken.append(seat)
        if taken:
            self.on_change(self)
        return taken

    def filled(self) -> int:
        return sum(1 for s in self.lobby if s is not None)

    def start(self, on_update: Send) -> LocalSession | None:
        """Start the game with the filled seats (open ones are dropped): open a deal round, and once every
        seated guest has committed and revealed, begin. Returns the host's session if the game began at
        once (no guests, no deal, or a transport that delivers at once), else None: ``on_change`` tells
        when it begins. The session's first update waits in ``session.last``; later ones go to
        ``on_update``."""
        if self.started:
            raise ProtocolError("the game has already started", "started")
        self.on_update = on_update
        if not self.dealing:
            if self.fair:
                self._new_round()
            else:
                self._begin_game(self.seed)
        return self.session if self.started else None

    # ----- the deal (tapete.net.deal; docs/multiplayer.md "A deal no seat can choose") ----------------
    def _round_seats(self, seats: list[SeatSpec]) -> list[dict]:
        return [{"kind": "host", "player": None} if spec.player == self.player else
                {"kind": "bot", "player": None} if spec.bot else {"kind": "player", "player": spec.player}
                for spec in seats]

    def _new_round(self) -> None:
        """A fresh secret for the seats as they are now, offered to every seated guest."""
        seats = [s for s in self.lobby if s is not None]
        options = self.game.check_options(self.options, len(seats))     # every option, as the views show them
        self.deal = HostDeal(self.game_id, options, self._round_seats(seats))
        self.deal_since = self.clock()
        if not guest_seats(self.deal.seats):
            self._begin_game(self.deal.seed())
            return
        self._lobby_changed()                     # everyone sees "dealing…" before the offer
        deal = self.deal
        for seat in guest_seats(deal.seats):
            if self.deal is not deal or not self.dealing:
                return                              # (a transport that answers at once finished the round)
            self._send_deal(deal.seats[seat]["player"])

    def _send_deal(self, player: str) -> None:
        """This guest's step of the round under way: the offer, and the list of commitments once it is out."""
        peer = self.peer_of.get(player)
        if peer is None or not self.dealing:
            return
        deal = self.deal
        for message in [deal.offer()] + ([deal.commits_message()] if deal.sent else []):
            self._send(peer, message)

    def _round_seat(self, player: str) -> int | None:
        return next((i for i, s in enumerate(self.deal.seats) if s["player"] == player), None)

    def _deal_message(self, peer: str, player: str, message: dict) -> None:
        """A guest's ``deal_commit`` or ``deal_open`` for the round under way (others are ignored)."""
        deal = self.deal
        if not self.dealing or message["round"] != deal.commit:
            return                                  # a late answer to an abandoned round, or after the start
        seat = self._round_seat(player)
        if seat is None:
            raise ProtocolError("you have no seat in this deal", "no_seat")
        if message["type"] == "deal_commit":
            if deal.sent:
                return                              # the list is out: commitments are fixed
            deal.take_commit(seat, message["commitment"])
            if deal.all_committed():
                deal.sent = True
                self.deal_since = self.clock()
                for i in guest_seats(deal.seats):
                    peer_i = self.peer_of.get(deal.seats[i]["player"])
                    if peer_i is not None:
                        self._send(peer_i, deal.commits_message())
            self.on_change(self)
            return
        if not deal.sent:
            raise ProtocolError("the list of commitments is not out yet", "not_started")
        if deal.nonces[seat] == message["nonce"]:
            return                                  # a resend
        if not deal.take_nonce(seat, message["nonce"]):
            raise ProtocolError("that nonce does not open your commitment", "bad_nonce")
        if deal.all_revealed():
            self._begin_game(deal.seed())
        else:
            self.on_change(self)

    def _cancel_round(self) -> None:
        """The seats changed while dealing: the round is dropped; Start opens a new one (a new secret)."""
        if self.dealing:
            self.deal = None

    def _deal_timed_out(self) -> list[int]:
        """A round waited DEAL_TIMEOUT for some guests: a bot plays their seats (each player gets its seat
        back when it returns, without a share in the deal) and a new round starts without them."""
        waiting = {self.deal.seats[i]["player"] for i in self.deal.waiting()}
        taken = [i for i, spec in enumerate(self.lobby) if spec is not None and spec.player in waiting]
        for i in taken:
            self.lobby[i].bot = self.bot_level
        self._new_round()
        return taken

    def _begin_game(self, seed) -> None:
        seats = [s for s in self.lobby if s is not None]
        for entry in self.asking.values():         # nobody is admitted into a started game
            self._refuse(entry["peer"], None, ProtocolError("the game has started", "not_admitted"))
        self.asking.clear()
        self.seed = seed
        self.host = Host(self.game_id, seats, seed, self.options)
        self.session = LocalSession(self.host, self.player, lambda message: None)   # first update: .last
        self.session.on_update = self.on_update or (lambda message: None)
        for player, peer in self.peer_of.items():
            self._send(peer, self.lobby_message(player))
            seat = self.seat_of(player)
            if seat is not None and seats[seat].bot is not None:
                self.host.hand_back(seat)            # back in time for the game, if not for its deal
            self.host.attach(player, self._sender(peer))
        self._watchers_to_game()
        self.on_change(self)

    # ----- persistence (the host page saves after every change; see docs/multiplayer.md) -----------
    def snapshot(self) -> dict:
        """Everything needed to resume this room after a reload of the host page (JSON-ready)."""
        seats = self.host.seats if self.host else self.lobby
        return {"v": SCHEMA_VERSION, "kind": "tapete.room", "code": self.code, "secret": self.secret,
                "join_code": self.join_code, "code_failures": self.code_failures,
                "game": self.game_id, "player": self.player, "options": self.options, "seed": self.seed,
                "bot_level": self.bot_level, "kicked": sorted(self.kicked), "locked": self.locked, "fair": self.fair,
                "watching": self.watching,
                "deal": None if self.deal is None else self.deal.snapshot(),
                "seats": [None if spec is None else {"name": spec.name, "player": spec.player, "bot": spec.bot}
                          for spec in seats],
                "state": self.host.game.to_json(self.host.state) if self.host else None}

    def _load(self, saved: dict) -> None:
        """Resume from :func:`parse_snapshot` output: seats, lobby or the game; guests count as gone."""
        if saved["game"] != self.game_id:
            raise BadState(f"the saved room plays {saved['game']!r}, not {self.game_id!r}")
        self.seed, self.options, self.bot_level = saved["seed"], saved["options"], saved["bot_level"]
        self.join_code = saved["join_code"] or self.join_code
        self.code_failures = saved["code_failures"]
        self.kicked, self.locked = set(saved.get("kicked", [])), saved.get("locked", False)
        self.watching = saved.get("watching", True)                   # absent in older saves: open
        self.fair = saved["fair"]
        self.deal, self.deal_since = saved.get("deal_state"), self.clock()
        seats = [None if s is None else SeatSpec(s["name"], player=s["player"], bot=s["bot"]) for s in saved["seats"]]
        self.names.update({s.player: s.name for s in seats if s is not None and s.player})
        if saved["state"] is None:
            self.lobby = seats
            return
        self.lobby = list(seats)
        self.host = Host(self.game_id, seats, self.seed, self.options)
        self.host.state = saved["state"]
        now = self.clock()
        for i, spec in enumerate(seats):
            if spec.player and spec.player != self.player:
                self.away[spec.player] = now
                if spec.bot is None:
                    self.host.away.add(i)

    # ----- transport callbacks -------------------------------------------------------------------
    def _on_join(self, peer: str) -> None:
        pass                                        # a guest introduces itself with hello

    def _on_leave(self, peer: str) -> None:
        if self._drop_watcher(peer):                # a watcher comes and goes freely
            self.on_change(self)
        if self.limit is not None:
            self.limit.forget(peer)
        self.turned_away.discard(peer)
        self.nonces.pop(peer, None)
        gone = [p for p, entry in self.asking.items() if entry["peer"] == peer]
        for asker in gone:                          # an asker that left is no longer asking
            del self.asking[asker]
        if gone:
            self.on_change(self)
        player = self.peers.pop(peer, None)
        if player is None or self.peer_of.get(player) != peer:
            return
        del self.peer_of[player]
        if self.host is not None:
            self.host.detach(player)
            self.away[player] = self.clock()
            self.host.set_away(self.seat_of(player), True)
        self._lobby_changed()

    def _on_message(self, peer: str, text: str) -> None:
        verdict = "ok" if self.limit is None else self.limit.check(peer, self.clock())
        if verdict != "ok":                         # dropped unread; answered once per window
            if verdict != "drop":
                more = " (ignored from now on)" if verdict == "block" else ""
                self._refuse(peer, None, ProtocolError("too many messages" + more, "rate_limited"))
            return
        player = self.peers.get(peer)
        if player is None:
            if peer in self.turned_away:
                return
            try:
                message = decode(text)
                if message["type"] == "watch":
                    self._watch(peer)
                    return
                if peer in self.watchers and message["type"] == "hello":     # (tapete.net.watch)
                    raise ProtocolError("a watcher takes no seat on this connection: open the link without "
                                        "watch=1 to play", "watching")
                if peer in self.watchers and message["type"] != "who":
                    raise ProtocolError("watchers cannot play", "watcher")
                if message["type"] not in ("who", "hello"):
                    raise ProtocolError("say hello first", "no_hello")
            except TapeteError as err:
                self._refuse(peer, text, err)
                return
            self._greet(peer, message)
            return
        if self.host is None:
            try:
                message = decode(text)
                if message["type"] in ("who", "hello"):
                    self._greet(peer, message)
                    return
                if message["type"] in ("deal_commit", "deal_open"):
                    self._deal_message(peer, player, message)
                    return
                if message["type"] == "rename":
                    self.rename(player, message["name"])
                    return
                if message["type"] == "watch":
                    raise ProtocolError("this connection plays a seat; watch from another page", "seated")
                raise ProtocolError("the game has not started yet", "not_started")
            except TapeteError as err:
                self._refuse(peer, text, err)
            return
        try:
            message = decode(text)
        except TapeteError as err:
            self._refuse(peer, text, err)
            return
        if message["type"] in ("who", "hello"):
            self._greet(peer, message)
            return
        if message["type"] in ("deal_commit", "deal_open"):
            return                                  # too late: the seed is fixed
        if message["type"] == "rename":
            try:
                self.rename(player, message["name"])
            except TapeteError as err:
                self._refuse(peer, text, err)
            return
        if message["type"] == "watch":
            self._refuse(peer, text, ProtocolError("this connection plays a seat; watch from another page", "seated"))
            return
        rejection = self.host.receive(player, text)
        if rejection is not None:
            self.refused.append(rejection)

    def rename(self, player: str, name: str) -> str:
        """``player`` (a seated guest, or the host itself) takes the name ``name``: checked again
        (:func:`~tapete.net.protocol.clean_name`), at most once per RENAME_GAP seconds, then shown in the
        lobby and the table at once. Returns the name kept; raises ProtocolError when refused."""
        name = clean_name(name)
        seat = self.seat_of(player)
        if seat is None:
            raise ProtocolError("only a seated player can rename itself", "no_seat")
        now = self.clock()
        if player != self.player and now - self.renamed.get(player, -RENAME_GAP) < RENAME_GAP:
            raise ProtocolError("one new name every few seconds", "rate_limited")
        self.renamed[player] = now
        self.names[player] = name
        if self.host is not None:
            self.host.rename(seat, name)
        elif self.lobby[seat] is not None:
            self.lobby[seat].name = name
        self._lobby_changed()
        return name

    def _greet(self, peer: str, message: dict) -> None:
        (self._who if message["type"] == "who" else self._hello)(peer, message)

    def _who(self, peer: str, message: dict) -> None:
        """``who``: prove this page holds the room's host key (for this room, this guest's challenge and
        both peer ids) and hand the connection a fresh nonce for its hello to sign. No key, no answer."""
        if self.signer is None:
            return
        nonce = self.nonces[peer] = new_nonce()
        data = proof_message(self.code, message["challenge"], peer, self.transport.self_id)
        self.signer.sign(data, lambda sig: self._send(
            peer, {"v": SCHEMA_VERSION, "type": "host", "proof": b64(sig), "nonce": nonce}))

    def _hello(self, peer: str, message: dict) -> None:
        nonce = self.nonces.pop(peer, None)        # one hello per nonce
        player = None if nonce is None or self.signer is None else check_seat(
            self.verify, message["key"], message["sig"], room=self.code, host_key=self.signer.public, nonce=nonce,
            guest_peer=peer, host_peer=self.transport.self_id)
        if player is None:
            self._refuse(peer, None, ProtocolError("sign this connection's nonce with your key (say who first)",
                                                   "bad_signature"))
            return
        name = message["name"].strip()
        bound = self.peers.get(peer)
        if bound is not None and bound != player:
            self._refuse(peer, None, ProtocolError("this connection already has a player", "forged_player"))
            return
        if player == self.player:
            self._refuse(peer, None, ProtocolError("that player id is the host's", "forged_player"))
            return
        if player in self.kicked:
            self._refuse(peer, None, ProtocolError("the host removed you from the room", "kicked"))
            return
        seat = self.seat_of(player)
        if seat is None and self.locked and self.started:
            self._refuse(peer, None, ProtocolError("the host has locked the room", "locked"))
            return
        if seat is None and self.dealing:
            self._refuse(peer, None, ProtocolError("the game is being dealt; try again in a moment", "dealing"))
            return
        if seat is None and (self.locked or player in self.asking or not self._let_in(peer)):
            if not self.started:
                self._ask(peer, player, name)       # the host decides (the lock and the cap shut out no friend)
                return
            self.turned_away.add(peer)
            self._refuse(peer, None, ProtocolError("too many new players this minute; try again later", "busy"))
            return
        if seat is None and not self.started:
            seat = next((i for i, s in enumerate(self.lobby) if s is None), None)
            if seat is not None:
                self.lobby[seat] = SeatSpec(name, player=player)
        if seat is None and self.started and hasattr(self.host.game, "join"):
            seat = self._join_between_rounds(peer, player, name)
            if seat is None:
                return
        if seat is None:
            self._refuse(peer, None, ProtocolError("the table is full", "full"))
            return
        self._seat(peer, player, name, seat)

    def _seat(self, peer: str, player: str, name: str, seat: int) -> None:
        """Bind ``peer`` to ``player`` in ``seat`` (its hello checked) and tell everyone."""
        old = self.peer_of.get(player)
        if old is not None and old != peer:
            self.peers.pop(old, None)               # the same player on a new connection wins
        self.peers[peer] = player
        self.peer_of[player] = peer
        self.names[player] = name
        if not self.started:
            self.lobby[seat].name = name
        self._send(peer, self.lobby_message(player))
        if self.host is not None:
            if self.away.pop(player, None) is not None or self.host.seats[seat].bot:
                self.host.hand_back(seat)
            self.host.attach(player, self._sender(peer))
        self._lobby_changed()
        if self.dealing:
            self._send_deal(player)                # back during the deal: its step again

    def _let_in(self, peer: str) -> bool:
        """May one more new peer (no seat yet) be seated now? At most NEW_PEERS_PER_MINUTE a minute."""
        now = self.clock()
        self.newcomers = [when for when in self.newcomers if now - when < 60.0]
        if len(self.newcomers) >= NEW_PEERS_PER_MINUTE:
            return False
        self.newcomers.append(now)
        return True

    def _join_between_rounds(self, peer: str, player: str, name: str) -> int | None:
        """A newcomer to a started game sits down between rounds where the game's rules allow it (the
        French-deck sheet: at the worst total so far); refused with the engine's reason otherwise."""
        try:
            events = self.host.game.join(self.host.state)
        except TapeteError as err:
            self._refuse(peer, None, err)
            return None
        seat = events[0]["seat"]
        self.host.seat_player(seat, SeatSpec(name, player=player), events)
        return seat

    # ----- sending ----------------------------------------------------------------------------
    def _sender(self, peer: str) -> Send:
        def send(message: dict) -> None:
            self._send(peer, message)
            if message.get("type") == "update" and message["view"]["over"]:
                reveal = self.reveal_message()
                if reveal is not None:
                    self._send(peer, reveal)
        return send

    def reveal_message(self) -> dict | None:
        """At the game's end: the host's secret and the whole history, for every guest to replay."""
        if self.deal is None or self.host is None or not self.host.state["over"]:
            return None
        state = self.host.state
        return {"v": SCHEMA_VERSION, "type": "reveal", "secret": self.deal.secret, "options": state["options"],
                "seats": self.deal.seats, "history": state["history"]}

    def _send(self, peer: str, message: dict) -> None:
        self.transport.send(peer, json.dumps(message, separators=(",", ":")))

    def _refuse(self, peer: str, text, err: TapeteError, extra: dict | None = None) -> None:
        rejection = {"v": SCHEMA_VERSION, "type": "rejected", "id": _message_id(text),
                     "code": err.code, "message": str(err), **(extra or {})}
        self.refused.append(rejection)
        self._send(peer, rejection)

    def _lobby_changed(self) -> None:
        for player, peer in self.peer_of.items():
            if self.host is None:
                self._send(peer, self.lobby_message(player))
        if self.host is None:
            self._lobby_to_watchers()
        self.on_change(self)


ASK_DIGITS = 12          # 10^12 numbers: what a Sybil must search for a key whose number is a friend's


def ask_number(player: str) -> str:
    """Twelve digits in three groups ("0427 1935 6208") both an asking guest and the host's lobby show for
    that seat key (its player id), so the host can tell a friend from others of the same name (the friend
    reads it out). A Sybil that wants a friend's number must make a key per try: four digits fell in
    0.06–0.41 s (issue 42); at bench/sybil.py's measured rate (~18,000 keys a second on one core) ten
    minutes of tries match twelve with a chance of about 1 in 100,000 (docs/benchmarks.md, "Asking to join")."""
    digest = hashlib.sha256(b"tapete-ask/v2|" + player.encode()).digest()
    digits = f"{int.from_bytes(digest[:8], 'big') % 10 ** ASK_DIGITS:0{ASK_DIGITS}d}"
    return " ".join(digits[i:i + 4] for i in range(0, ASK_DIGITS, 4))


def parse_snapshot(text: str | None, player: str) -> dict:
    """Validate a saved room (:meth:`RoomHost.snapshot` as JSON) for this browser's ``player``; the game
    state goes through ``from_json``. Raise :class:`BadState` with a precise message if anything is off."""
    try:
        saved = loads(text) if isinstance(text, str) else None
    except ValueError as err:
        raise BadState(f"saved room is not JSON: {err}") from None
    if not isinstance(saved, dict) or saved.get("kind") != "tapete.room" or saved.get("v") != SCHEMA_VERSION:
        raise BadState("not a saved room of this version")
    if saved.get("player") != player:
        raise BadState("the saved room belongs to another player id")
    code = normalize_code(saved.get("code") or "")
    secret = saved.get("secret")
    if code is None or not isinstance(secret, str) or parse_fragment("#" + room_fragment(code, secret)) != (code, secret):
        raise BadState("bad room code or secret")
    if "host_key" in saved:                           # saves before keys kept the host's private key here
        raise BadState("saved by an older version (its host key was in plain storage)")
    join_code = saved.get("join_code")
    if not isinstance(join_code, str) or join_code and normalize_join_code(join_code) != join_code:
        raise BadState("bad join code")
    code_failures = saved.get("code_failures", 0)              # absent in older saves
    if type(code_failures) is not int or not 0 <= code_failures <= CODE_TRIES:
        raise BadState("bad count of wrong join codes")
    try:
        game = get(saved.get("game"))
    except (KeyError, TypeError):
        raise BadState(f"unknown game {saved.get('game')!r}") from None
    if not isinstance(saved.get("options"), dict) or not is_seed(saved.get("seed")) \
            or not isinstance(saved.get("bot_level"), str):
        raise BadState("bad options, seed or bot level")
    fair = saved.get("fair", True)                 # absent in older saves
    if not isinstance(fair, bool):
        raise BadState("bad fair-deal flag")
    try:
        deal = saved.get("deal")
        deal_state = None if deal is None or not fair else HostDeal.load(deal, game.id, saved["options"])
    except ValueError as err:
        raise BadState(f"bad saved deal: {err}") from None
    if deal is not None and not fair:
        raise BadState("a deal in a room with a fixed seed")
    kicked, locked = saved.get("kicked", []), saved.get("locked", False)      # absent in older saves
    if not isinstance(kicked, list) or not all(isinstance(p, str) for p in kicked) or not isinstance(locked, bool):
        raise BadState("bad kicked players or lock")
    if not isinstance(saved.get("watching", True), bool):             # absent in older saves
        raise BadState("bad watching flag")
    seats = saved.get("seats")
    if not isinstance(seats, list) or not 2 <= len(seats) <= game.max_players:
        raise BadState("bad seats")
    for spec in seats:
        if spec is None:
            continue
        if not isinstance(spec, dict) or set(spec) != {"name", "player", "bot"} or not isinstance(spec["name"], str) \
                or not all(spec[k] is None or isinstance(spec[k], str) for k in ("player", "bot")) \
                or (spec["player"] is None and spec["bot"] is None):
            raise BadState("bad seat")
    if not isinstance(seats[0], dict) or seats[0]["player"] != player:
        raise BadState("seat 0 is not the host's")
    try:
        game.check_options(saved["options"], len(seats))
    except TapeteError as err:
        raise BadState(f"bad options: {err}") from None
    state = None
    if saved.get("state") is not None:
        if None in seats:
            raise BadState("a started game has an open seat")
        state = game.from_json(saved["state"])
        if state.get("players") != len(seats) or state.get("game") != game.id:
            raise BadState("the saved game does not match its seats")
    if deal_state is not None and state is None:  # (a started game's seats may have changed since: bots, joins)
        filled = [s for s in seats if s is not None]
        kinds = ["host" if s["player"] == player else "bot" if s["bot"] else "player" for s in filled]
        if [s["kind"] for s in deal_state.seats] != kinds or any(
                d["player"] not in (None, s["player"]) for d, s in zip(deal_state.seats, filled)):
            raise BadState("the saved deal's seats are not the room's")
    if deal_state is not None and state is not None and (
            not deal_state.all_revealed() or state.get("seed") != deal_state.seed()):
        raise BadState("the saved game was not dealt from its saved deal")
    if state is not None and fair and deal_state is None:
        raise BadState("a started game without its deal")
    return {**saved, "code": code, "secret": secret, "join_code": join_code, "code_failures": code_failures,
            "state": state, "deal_state": deal_state, "fair": fair}


def _message_id(text) -> str | None:
    from .host import _intent_id
    return _intent_id(text)
