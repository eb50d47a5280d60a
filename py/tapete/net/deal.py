"""A deal no seat can choose: commit, commit, reveal, replay (docs/multiplayer.md, "A deal no seat can choose").

Multi-party commit-then-reveal coin flipping (Blum's coin flipping by telephone, with SHA-256
commitments, extended to many parties as in RANDAO's commit-reveal beacon): every contribution to the
seed is fixed before anyone can compute the seed. One **round**:

1. At Start the host fixes the game, its options and the final seat list (``kind`` host/player/bot, each
   person's player id = key id), draws a fresh 32-byte ``secret`` and offers the round to every seated
   guest (``deal_offer``): ``round = commit = SHA-256(lp(COMMIT_TAG) || lp(secret))``, game, options, seats.
2. Each guest checks the offer and answers (``deal_commit``) with a commitment to a fresh 32-byte nonce
   for this round alone: ``c_i = SHA-256(lp(NONCE_TAG) || lp(commit) || lp(i as 4 bytes) || lp(nonce))``.
3. Once every guest seat has committed, the host sends everyone the same list of commitments
   (``deal_commits``; null for its own seat and the bots': those slots never hold a nonce, so no seat's
   share is free). A guest checks the list (its own ``c_i`` at its seat, a commitment at every guest seat,
   null elsewhere) and only then reveals its nonce (``deal_open``).
4. The host checks every nonce against its commitment; with all of them
   ``seed = SHA-256(lp(SEED_TAG) || lp(game) || lp(options JSON) || lp(seats JSON) || lp(secret) || lp(n_0)
   || ... || lp(n_{k-1}))`` (canonical JSON; ``lp(b"")`` for the host's and bots' slots) and the game
   starts; the lobby that announces it carries ``commit`` and the list of nonces.
5. At the end the host reveals ``secret``, options, seats and the history. Each guest checks the secret
   against the offer it answered, options and seats against the offer, EVERY slot (host/bot slots empty,
   every guest's nonce against the commitment it was shown before it revealed, its own nonce at its seat),
   the seed, and replays the game against every view it was sent.

``lp(x)`` is ``x``'s length as 4 big-endian bytes, then ``x`` (no two lists of fields give the same bytes).
What remains is the last revealer's choice (RANDAO's limit): the host sees every nonce before the game
starts and may abort and start a NEW round (a fresh secret). Guests count every round abandoned after they
revealed (a counter kept with the share, not the last rounds remembered) and say so (``restarted``). A guest
that was seated before the start, or answered any offer of this room, and gets a game dealt from a round it
had no share in says the deal is NOT verified (``excluded``): the host could have chosen it. Tested in
``tests/unit/test_deal.py``.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets

from ..core import TapeteError, get

COMMIT_TAG = b"tapete/deal/commit/v2"
NONCE_TAG = b"tapete/deal/nonce/v2"
SEED_TAG = b"tapete/deal/seed/v2"
HEX64 = re.compile(r"\A[0-9a-f]{64}\Z")
KEY_ID = re.compile(r"\Ak[A-Za-z0-9_-]{22}\Z")        # tapete.net.keys.key_id
SEAT_KINDS = ("host", "player", "bot")
MAX_HISTORY = 20_000
DEAL_TIMEOUT = 15.0          # seconds a round waits for every guest's commitment, then every nonce
MAX_ROUNDS_KEPT = 64         # round commitments a guest remembers (a reused one is refused)


def lp(data: bytes) -> bytes:
    return len(data).to_bytes(4, "big") + data


def new_secret() -> str:
    """32 random bytes from the platform's CSPRNG, as 64 hex characters."""
    return secrets.token_hex(32)


new_nonce = new_secret


def canonical(value) -> bytes:
    """JSON with sorted keys, no spaces, ASCII only: the same bytes in CPython and Pyodide."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode("ascii")


def commitment(secret: str) -> str:
    """The host's commitment to its round secret (it names the round)."""
    return hashlib.sha256(lp(COMMIT_TAG) + lp(bytes.fromhex(secret))).hexdigest()


def nonce_commitment(round_commit: str, seat: int, nonce: str) -> str:
    """A guest's commitment to its nonce, bound to the round and its seat (no replay into another)."""
    return hashlib.sha256(lp(NONCE_TAG) + lp(bytes.fromhex(round_commit)) + lp(seat.to_bytes(4, "big"))
                          + lp(bytes.fromhex(nonce))).hexdigest()


def deal_seed(game: str, options: dict, seats: list[dict], secret: str, nonces: list[str | None]) -> str:
    """The game's seed (64 hex characters): game, options, seat list, the host's secret, every slot."""
    data = lp(SEED_TAG) + lp(game.encode("utf-8")) + lp(canonical(options)) + lp(canonical(seats)) \
        + lp(bytes.fromhex(secret))
    for nonce in nonces:
        data += lp(bytes.fromhex(nonce) if nonce else b"")
    return hashlib.sha256(data).hexdigest()


def mix(secret: str, nonces: list[str | None]) -> str:
    """A seed for a game with nobody to agree with (against bots): the local secret (and any nonces)
    hashed as the first version of this protocol did (``tapete/deal/seed/v1``)."""
    data = lp(b"tapete/deal/seed/v1") + lp(bytes.fromhex(secret))
    for nonce in nonces:
        data += lp(bytes.fromhex(nonce) if nonce else b"")
    return hashlib.sha256(data).hexdigest()


def view_digest(view: dict) -> str:
    """A view as compared by the replay (canonical JSON)."""
    return hashlib.sha256(json.dumps(view, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def check_seats(seats: object, max_players: int = 10) -> str | None:
    """Why ``seats`` is not a deal's seat list (None if it is): the host at 0 only, bots and the host
    without a player id, every guest seat with a key id, no key id twice."""
    if not isinstance(seats, list) or not 2 <= len(seats) <= max_players:
        return "bad seat list"
    players = []
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict) or set(seat) != {"kind", "player"} or seat["kind"] not in SEAT_KINDS:
            return "bad seat"
        if (seat["kind"] == "host") != (i == 0):
            return "the host sits at seat 0, alone"
        if seat["kind"] == "player":
            if not isinstance(seat["player"], str) or not KEY_ID.match(seat["player"]):
                return "a guest seat without a key id"
            players.append(seat["player"])
        elif seat["player"] is not None:
            return "a host or bot seat names a player"
    if len(set(players)) != len(players):
        return "a player holds two seats"
    return None


def guest_seats(seats: list[dict]) -> list[int]:
    return [i for i, seat in enumerate(seats) if seat["kind"] == "player"]


# ----- the host's side ------------------------------------------------------------------------------
class HostDeal:
    """One round on the host: its secret, the offer, the guests' commitments, then their nonces."""

    def __init__(self, game: str, options: dict, seats: list[dict], secret: str | None = None):
        self.game, self.options, self.seats = game, dict(options), [dict(s) for s in seats]
        self.secret = secret or new_secret()
        self.commit = commitment(self.secret)
        self.commits: list[str | None] = [None] * len(seats)
        self.nonces: list[str | None] = [None] * len(seats)
        self.sent = False                       # the list of commitments went out: no commitment changes now

    def offer(self) -> dict:
        return {"v": 1, "type": "deal_offer", "round": self.commit, "game": self.game, "options": self.options,
                "seats": self.seats}

    def commits_message(self) -> dict:
        return {"v": 1, "type": "deal_commits", "round": self.commit, "commits": list(self.commits)}

    def is_guest(self, seat: int | None) -> bool:
        return seat is not None and 0 <= seat < len(self.seats) and self.seats[seat]["kind"] == "player"

    def take_commit(self, seat: int, value: str) -> bool:
        """A guest's commitment (it may replace its own until the list goes out)."""
        if self.sent or not self.is_guest(seat) or not HEX64.match(value):
            return False
        self.commits[seat] = value
        return True

    def all_committed(self) -> bool:
        return all(self.commits[i] is not None for i in guest_seats(self.seats))

    def take_nonce(self, seat: int, nonce: str) -> bool:
        """A guest's nonce, once the list went out, if it opens the commitment that list holds."""
        if not self.sent or not self.is_guest(seat) or not HEX64.match(nonce) \
                or nonce_commitment(self.commit, seat, nonce) != self.commits[seat]:
            return False
        self.nonces[seat] = nonce
        return True

    def all_revealed(self) -> bool:
        return all(self.nonces[i] is not None for i in guest_seats(self.seats))

    def waiting(self) -> list[int]:
        """Guest seats the round is still waiting for (a commitment, then a nonce)."""
        have = self.nonces if self.sent else self.commits
        return [i for i in guest_seats(self.seats) if have[i] is None]

    def seed(self) -> str:
        return deal_seed(self.game, self.options, self.seats, self.secret, self.nonces)

    def snapshot(self) -> dict:
        return {"secret": self.secret, "options": self.options, "seats": self.seats, "commits": self.commits,
                "nonces": self.nonces, "sent": self.sent}

    @classmethod
    def load(cls, saved: object, game: str, options: dict) -> "HostDeal":
        """A round from :meth:`snapshot`, checked field by field (ValueError says what is off)."""
        if not isinstance(saved, dict) or set(saved) != {"secret", "options", "seats", "commits", "nonces", "sent"}:
            raise ValueError("bad saved deal")
        if not isinstance(saved["secret"], str) or not HEX64.match(saved["secret"]):
            raise ValueError("bad secret")
        why = check_seats(saved["seats"])
        if why:
            raise ValueError(why)
        try:
            options = get(game).check_options(options, len(saved["seats"]))
        except TapeteError as err:
            raise ValueError(str(err)) from None
        if saved["options"] != options:
            raise ValueError("the deal's options are not the room's")
        deal = cls(game, options, saved["seats"], saved["secret"])
        if not isinstance(saved["sent"], bool):
            raise ValueError("bad phase")
        deal.sent = saved["sent"]
        for name in ("commits", "nonces"):
            values = saved[name]
            if not isinstance(values, list) or len(values) != len(deal.seats) \
                    or not all(v is None or isinstance(v, str) and HEX64.match(v) for v in values):
                raise ValueError(f"bad {name}")
            if any(v is not None for i, v in enumerate(values) if not deal.is_guest(i)):
                raise ValueError(f"{name} in a host or bot seat")
        deal.commits = list(saved["commits"])
        for seat, nonce in enumerate(saved["nonces"]):
            if nonce is not None and not deal.take_nonce(seat, nonce):
                raise ValueError("a saved nonce does not open its commitment")
        return deal


# ----- a guest's side -------------------------------------------------------------------------------
class GuestDeal:
    """A guest's side: the round it answered, its nonce, the commitments it saw before revealing, what
    the host announced at the start, a digest of every view it was sent, and the rounds it revealed in
    that the host then abandoned. ``on_change`` is called whenever something worth keeping changed (the
    page saves :meth:`to_json` in localStorage: a reload keeps the share)."""

    def __init__(self):
        self.round: dict | None = None          # the offer answered: round, game, options, seats, seat
        self.nonce: str | None = None           # our nonce for that round (fresh each round)
        self.commits: list | None = None        # the commitments we saw before revealing
        self.revealed = False
        self.problem: str | None = None         # why we would not answer (or stopped trusting) that round
        self.rounds: list[str] = []             # every round commitment offered to us
        self.revealed_in: list[str] = []        # rounds we revealed our nonce in (the last MAX_ROUNDS_KEPT)
        self.abandoned = 0                      # rounds we revealed in that a new offer replaced (exact)
        self.seated = False                     # we held a seat in the room's lobby before the game started
        self.game_commit: str | None = None     # the round the game was dealt from (the start lobby)
        self.nonces: list | None = None         # the nonces announced with it
        self.seen: dict[int, str] = {}          # version -> digest of the view we were sent
        self.conflict: str | None = None        # two different tables or announcements: the reason code
        self.result: tuple[bool, str] | None = None
        self.on_change = lambda: None

    # --- the protocol steps (each returns the message to send, or None) ---
    def answer_offer(self, offer: dict, me: str, lobby: dict | None) -> dict | None:
        """Check the host's offer and commit to a fresh nonce for it (schema already checked)."""
        commit = offer["round"]
        if self.round is not None and commit == self.round["round"]:
            same = all(offer[k] == self.round[k] for k in ("game", "options", "seats"))
            if not same:
                self.problem = self.problem or "offer_changed"
                return None
            return None if self.problem else self._commit_message()       # the same offer again: same answer
        if commit in self.rounds:
            return None                              # an old round offered again: never answered twice
        if self.revealed:
            self.abandoned += 1                      # the round we revealed in is replaced: a restart
        self.rounds = (self.rounds + [commit])[-MAX_ROUNDS_KEPT:]
        mine = [i for i, s in enumerate(offer["seats"]) if s["player"] == me]
        lobby_kinds = [s["kind"] for s in (lobby or {}).get("seats", []) if s["kind"] != "open"]
        self.round = {"round": commit, "game": offer["game"], "options": offer["options"], "seats": offer["seats"],
                      "seat": mine[0] if mine else None}
        self.nonce, self.commits, self.revealed, self.problem = new_nonce(), None, False, None
        if lobby is None or lobby.get("started") or offer["game"] != lobby["game"] or len(mine) != 1 \
                or lobby_kinds != [s["kind"] for s in offer["seats"]]:
            self.problem = "bad_offer"
        self.on_change()
        return None if self.problem else self._commit_message()

    def _commit_message(self) -> dict:
        return {"v": 1, "type": "deal_commit", "round": self.round["round"], "commitment": self.my_commitment()}

    def my_commitment(self) -> str:
        return nonce_commitment(self.round["round"], self.round["seat"], self.nonce)

    def answer_commits(self, message: dict) -> dict | None:
        """Check the list of commitments and reveal our nonce for it (schema already checked)."""
        if self.round is None or message["round"] != self.round["round"]:
            return None
        commits = message["commits"]
        if self.commits is not None and commits != self.commits:
            self.problem = self.problem or "recommit"        # two lists for one round: no longer trusted
            self.on_change()
            return None
        if self.problem:
            return None
        seats = self.round["seats"]
        if len(commits) != len(seats) or commits[self.round["seat"]] != self.my_commitment() or any(
                (commits[i] is None) == (seat["kind"] == "player") for i, seat in enumerate(seats)):
            self.problem = "bad_commits"
            self.on_change()
            return None
        self.commits = list(commits)
        if not self.revealed:
            self.revealed = True
            self.revealed_in = (self.revealed_in + [self.round["round"]])[-MAX_ROUNDS_KEPT:]
        self.on_change()
        return {"v": 1, "type": "deal_open", "round": self.round["round"], "nonce": self.nonce}

    def game_started(self, commit: str | None, nonces: list | None) -> None:
        """The lobby that announces the game: the round it was dealt from and every slot's nonce."""
        if commit is None:
            return
        if self.game_commit is not None and (commit, nonces) != (self.game_commit, self.nonces):
            self.conflict = self.conflict or "conflict"      # two different deals announced for one game
            return
        if self.game_commit is None:
            self.game_commit, self.nonces = commit, nonces
            self.on_change()

    def saw_lobby(self, lobby: dict) -> None:
        """A lobby before the start tells whether we hold a seat (a guest seated at Start, or one that
        answered an offer, had a right to a share in the deal)."""
        if not lobby["started"] and self.seated != (lobby["you"] is not None):
            self.seated = lobby["you"] is not None
            self.on_change()

    @property
    def entitled(self) -> bool:
        """Were we owed a share in the game's deal (seated before the start, or offered a round)?"""
        return self.seated or self.round is not None or bool(self.rounds)

    @property
    def share(self) -> bool:
        """Did we answer the round the game was dealt from?"""
        return self.round is not None and self.game_commit == self.round["round"]

    @property
    def restarts(self) -> int:
        """Rounds we revealed our nonce in that the host then abandoned (it may have seen their deals): every
        one a new offer replaced, and the last one if the game was not dealt from it."""
        last = self.revealed and self.round is not None and self.game_commit != self.round["round"]
        return self.abandoned + (1 if last else 0)

    def saw_update(self, update: dict) -> None:
        view = update["view"]
        digest = view_digest(view)
        if self.seen.setdefault(view["version"], digest) != digest:
            self.conflict = self.conflict or "conflict"
        if self.share:
            if view.get("options") != self.round["options"]:
                self.conflict = self.conflict or "options_changed"
            elif view.get("players", 0) < len(self.round["seats"]) or update["seat"] != self.round["seat"]:
                self.conflict = self.conflict or "seats_changed"

    def check(self, game_id: str, seat: int, reveal: dict) -> tuple[bool, str]:
        self.result = verify(game_id, seat, self, reveal)
        return self.result

    # --- kept across a reload of the guest's page ---
    def to_json(self, code: str) -> str:
        return json.dumps({"code": code, "round": self.round, "nonce": self.nonce, "commits": self.commits,
                           "revealed": self.revealed, "problem": self.problem, "rounds": self.rounds,
                           "revealed_in": self.revealed_in, "game_commit": self.game_commit, "nonces": self.nonces,
                           "abandoned": self.abandoned, "seated": self.seated},
                          separators=(",", ":"))

    @classmethod
    def restore(cls, text: object, code: str) -> "GuestDeal":
        """What :meth:`to_json` kept for room ``code``; a fresh deal if it is another room's or broken."""
        deal = cls()
        try:
            saved = json.loads(text) if isinstance(text, str) else None
            if not isinstance(saved, dict) or saved.get("code") != code:
                return deal
            hexes = lambda v: isinstance(v, list) and len(v) <= MAX_ROUNDS_KEPT and all(  # noqa: E731
                isinstance(x, str) and HEX64.match(x) for x in v)
            slots = lambda v: v is None or isinstance(v, list) and len(v) <= 10 and all(  # noqa: E731
                x is None or isinstance(x, str) and HEX64.match(x) for x in v)
            round_ = saved.get("round")
            if round_ is not None:
                if not isinstance(round_, dict) or set(round_) != {"round", "game", "options", "seats", "seat"} \
                        or not isinstance(round_["round"], str) or not HEX64.match(round_["round"]) \
                        or check_seats(round_["seats"]) or not isinstance(round_["options"], dict) \
                        or not (round_["seat"] is None or type(round_["seat"]) is int
                                and 0 <= round_["seat"] < len(round_["seats"])) \
                        or not isinstance(saved.get("nonce"), str) or not HEX64.match(saved["nonce"]):
                    return deal
            if not hexes(saved.get("rounds")) or not hexes(saved.get("revealed_in")) or not slots(saved.get("commits")) \
                    or not slots(saved.get("nonces")) or not isinstance(saved.get("revealed"), bool) \
                    or not (saved.get("problem") is None or saved.get("problem") in REASONS) \
                    or not (saved.get("game_commit") is None or isinstance(saved["game_commit"], str)
                            and HEX64.match(saved["game_commit"])) \
                    or not (type(saved.get("abandoned", 0)) is int and 0 <= saved.get("abandoned", 0) <= 1 << 31) \
                    or not isinstance(saved.get("seated", False), bool):
                return deal
        except (ValueError, TypeError, KeyError, RecursionError):
            return deal
        deal.round, deal.nonce, deal.commits = round_, saved.get("nonce"), saved["commits"]
        deal.revealed, deal.problem, deal.rounds = saved["revealed"], saved["problem"], saved["rounds"]
        deal.revealed_in, deal.game_commit, deal.nonces = saved["revealed_in"], saved["game_commit"], saved["nonces"]
        deal.seated = saved.get("seated", False)
        deal.abandoned = saved["abandoned"] if "abandoned" in saved else sum(   # a save from before the counter
            1 for r in deal.revealed_in if round_ is None or r != round_["round"])
        return deal


# Why a deal is not verified (the UI words them in Spanish and English: tapete.ui.room_texts).
REASONS = {
    "no_commit": "the host did not deal this game by the fair-deal protocol",
    "no_reveal": "the host did not reveal its secret at the end",
    "bad_secret": "the revealed secret does not match the host's commitment",
    "no_nonce": "your random number is not at your seat in the seed",
    "filled_slot": "the host's seat or a bot's holds a number of its own (the host could choose it)",
    "bad_nonce": "another player's number does not match the commitment you saw before revealing yours",
    "bad_commits": "the host's list of commitments lacked yours or a player's, or filled a host or bot seat",
    "recommit": "the host sent two different lists of commitments for one deal",
    "bad_offer": "the host's deal offer did not match the room (game, seats or your seat)",
    "offer_changed": "the host changed the seats or options of a deal after offering it",
    "options_changed": "the game was played with other options than the host offered",
    "seats_changed": "the game was played with other seats than the host offered",
    "conflict": "the host sent two different tables (or deals) for one moment of the game",
    "no_history": "no history to replay",
    "mismatch": "a table you were shown is not the one the seed and the history give",
    "no_replay": "the history does not replay",
    "incomplete": "the history does not reach every table you were shown",
    "old_round": "the host dealt the game from a round it had abandoned",
    "excluded": "the host dealt without your share although you were seated or answered its offer "
                "(it could have chosen this deal)",
}
# What a consistent replay still could not vouch for (verified, qualified).
QUALIFIED = {
    "restarted": "consistent, but the host restarted the deal after seeing your number",
    "no_share": "consistent, but you joined after the deal (between rounds): you had no share in it",
}


def verify(game_id: str, seat: int, deal: GuestDeal, reveal: dict) -> tuple[bool, str]:
    """``(True, "")`` if every slot, the secret and the replay account for everything this guest saw and
    it had a share; ``(True, "restarted")`` the same after the host abandoned rounds this guest had
    revealed in (``deal.restarts``); ``(True, "no_share")`` consistent but this guest joined after the
    deal (never seated before the start, never offered a round); ``(False, "excluded")`` if it was, and
    the game was dealt from a round it had no share in; else ``(False, the code in REASONS of the first
    thing that does not add up)``."""
    secret, history = reveal.get("secret"), reveal.get("history")
    options, seats = reveal.get("options"), reveal.get("seats")
    if deal.game_commit is None or deal.nonces is None:
        return False, "no_commit"
    share = deal.share
    if not share and deal.game_commit in deal.rounds:
        return False, "old_round"                          # dealt from a round it abandoned (or we refused)
    if not share and deal.entitled:
        return False, "excluded"                           # seated, or answered an offer: owed a share
    if share and deal.problem:
        return False, deal.problem
    if deal.conflict:
        return False, deal.conflict
    if not isinstance(secret, str) or not HEX64.match(secret) or commitment(secret) != deal.game_commit:
        return False, "bad_secret"
    if share:
        if options != deal.round["options"]:
            return False, "options_changed"
        if seats != deal.round["seats"]:
            return False, "seats_changed"
    game = get(game_id)
    if not isinstance(options, dict) or check_seats(seats, game.max_players) or len(deal.nonces) != len(seats):
        return False, "seats_changed"
    if share and (not deal.revealed or seat != deal.round["seat"] or deal.nonces[seat] != deal.nonce):
        return False, "no_nonce"
    for i, slot in enumerate(seats):                       # every slot, not only ours
        nonce = deal.nonces[i]
        if slot["kind"] != "player":
            if nonce is not None:
                return False, "filled_slot"
        elif nonce is None:
            return False, "bad_nonce"
        elif share and nonce_commitment(deal.game_commit, i, nonce) != deal.commits[i]:
            return False, "bad_nonce"
    if not isinstance(history, list) or len(history) > MAX_HISTORY or not deal.seen:
        return False, "no_history"
    seed = deal_seed(game_id, options, seats, secret, deal.nonces)
    try:
        state = game.new(len(seats), seed, options)
        checked = _compare(game, state, seat, deal.seen)
        for step in history:
            if not isinstance(step, list) or len(step) != 2 or not isinstance(step[1], str):
                return False, "no_history"
            who, action = step
            if who is None:
                _host_action(game, state, action)
            else:
                game.apply(state, who, action)
            checked += _compare(game, state, seat, deal.seen)
    except _Mismatch:
        return False, "mismatch"
    except (TapeteError, KeyError, TypeError, ValueError, IndexError):
        return False, "no_replay"
    if checked != len(deal.seen) or not state["over"]:
        return False, "incomplete"
    if not share:
        return True, "no_share"
    return (True, "restarted") if deal.restarts else (True, "")


class _Mismatch(Exception):
    pass


def _compare(game, state: dict, seat: int, seen: dict[int, str]) -> int:
    digest = seen.get(state["version"])
    if digest is None or seat >= state["players"]:
        return 0
    if view_digest(json.loads(json.dumps(game.view(state, seat)))) != digest:
        raise _Mismatch(state["version"])
    return 1


def _host_action(game, state: dict, action: str) -> None:
    """The host's own steps in a history (the French-deck game's join and leave between rounds)."""
    if action == "join" and hasattr(game, "join"):
        game.join(state)
    elif action.startswith("leave ") and action[6:].isdigit() and hasattr(game, "leave"):
        game.leave(state, int(action[6:]))
    else:
        raise ValueError(f"unknown host step {action!r}")
