"""A verifiable fair deal: commit, mix, reveal, replay (docs/multiplayer.md, "A deal nobody can rig").

The construction is the textbook commit-reveal coin toss (Blum's coin flipping by telephone, with SHA-256
as the commitment, as in most commit-reveal randomness schemes), extended to many parties:

1. the host draws a 32-byte ``secret`` and publishes ``commit = SHA-256(lp(COMMIT_TAG) || lp(secret))``
   in its lobby, before any guest's nonce can reach it;
2. each guest, once it has seen the commitment, sends a 32-byte random ``nonce``;
3. at the start the host fixes ``seed = SHA-256(lp(SEED_TAG) || lp(secret) || lp(n_0) || ... ||
   lp(n_{k-1}))`` over every seat in order (``n_i`` is seat i's nonce, empty for the host and bots) and
   tells everyone the nonces; ``lp(x)`` is ``x``'s length as 4 big-endian bytes, then ``x`` (no two
   different lists of fields give the same bytes);
4. at the game's end the host reveals ``secret`` and the game's history (every ``[seat, action]`` it
   applied); each guest checks the commitment, that its own nonce is in the seed, replays the whole game
   from the seed and compares every view it was sent with the replay's view at that version.

Neither side can steer the seed: the host is bound to its secret before the nonces exist, and a guest
does not know the secret when it picks its nonce. A host that changes its secret, leaves out or changes a
nonce, alters a card or the deal, or reveals a wrong secret or history is caught (``tests/unit/test_deal.py``).
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets

from ..core import TapeteError, get

COMMIT_TAG = b"tapete/deal/commit/v1"
SEED_TAG = b"tapete/deal/seed/v1"
HEX64 = re.compile(r"^[0-9a-f]{64}$")
MAX_HISTORY = 20_000


def lp(data: bytes) -> bytes:
    return len(data).to_bytes(4, "big") + data


def new_secret() -> str:
    """32 random bytes from the platform's CSPRNG, as 64 hex characters."""
    return secrets.token_hex(32)


new_nonce = new_secret


def commitment(secret: str) -> str:
    return hashlib.sha256(lp(COMMIT_TAG) + lp(bytes.fromhex(secret))).hexdigest()


def mix(secret: str, nonces: list[str | None]) -> str:
    """The game's seed (64 hex characters) from the host's secret and every seat's nonce (None: none)."""
    data = lp(SEED_TAG) + lp(bytes.fromhex(secret))
    for nonce in nonces:
        data += lp(bytes.fromhex(nonce) if nonce else b"")
    return hashlib.sha256(data).hexdigest()


def view_digest(view: dict) -> str:
    """A view as compared by the replay (canonical JSON)."""
    return hashlib.sha256(json.dumps(view, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


class HostDeal:
    """The host's side: its secret, its commitment and the nonces it was sent (by player id; the room
    puts them in seat order at the start)."""

    def __init__(self, secret: str | None = None, nonces: dict[str, str] | None = None):
        self.secret = secret or new_secret()
        self.commit = commitment(self.secret)
        self.nonces: dict[str, str] = dict(nonces or {})

    def add_nonce(self, player: str, nonce: object) -> bool:
        if not isinstance(nonce, str) or not HEX64.match(nonce):
            return False
        self.nonces[player] = nonce
        return True

    def snapshot(self) -> dict:
        return {"secret": self.secret, "nonces": dict(self.nonces)}

    @classmethod
    def load(cls, saved: object) -> "HostDeal":
        if not isinstance(saved, dict) or not isinstance(saved.get("secret"), str) or not HEX64.match(saved["secret"]) \
                or not isinstance(saved.get("nonces"), dict):
            raise ValueError("bad saved deal")
        nonces = {}
        for player, nonce in saved["nonces"].items():
            if not isinstance(nonce, str) or not HEX64.match(nonce):
                raise ValueError("bad saved nonce")
            nonces[player] = nonce
        return cls(saved["secret"], nonces)


class GuestDeal:
    """A guest's side: the first commitment it saw, its nonce, a digest of every view it was sent."""

    def __init__(self, nonce: str | None = None):
        self.nonce = nonce or new_nonce()
        self.commit: str | None = None             # the first commitment seen (before our nonce was sent)
        self.nonces: list | None = None            # the nonces the host announced at the start
        self.seen: dict[int, str] = {}             # version -> digest of the view we were sent
        self.conflict = False                      # two different views for one version
        self.result: tuple[bool, str] | None = None
        self.restored = False                      # nonce and commitment read back after a page reload

    def saw_view(self, view: dict) -> None:
        digest = view_digest(view)
        if self.seen.setdefault(view["version"], digest) != digest:
            self.conflict = True

    def check(self, game_id: str, seat: int, reveal: dict) -> tuple[bool, str]:
        self.result = verify(game_id, seat, self, reveal)
        return self.result


# Why a deal is not verified (the UI words them in Spanish and English: tapete.ui.room_ui).
REASONS = {
    "no_commit": "the host never committed to its secret before the game",
    "no_reveal": "the host did not reveal its secret at the end",
    "bad_secret": "the revealed secret does not match the host's commitment",
    "no_nonce": "your nonce is not in the seed",
    "conflict": "the host sent two different tables (or commitments) for one moment of the game",
    "no_history": "no history to replay",
    "mismatch": "a table you were shown is not the one the seed and the history give",
    "no_replay": "the history does not replay",
    "incomplete": "the history does not reach every table you were shown",
}


def verify(game_id: str, seat: int, deal: GuestDeal, reveal: dict) -> tuple[bool, str]:
    """(True, "") if the revealed secret and history account for everything this guest saw; else (False,
    the code in REASONS of the first thing that does not add up)."""
    secret, history = reveal.get("secret"), reveal.get("history")
    if deal.commit is None or deal.nonces is None:
        return False, "no_commit"
    if not isinstance(secret, str) or not HEX64.match(secret) or commitment(secret) != deal.commit:
        return False, "bad_secret"
    if not 0 <= seat < len(deal.nonces) or deal.nonces[seat] != deal.nonce:
        return False, "no_nonce"
    if deal.conflict:
        return False, "conflict"
    if not isinstance(history, list) or len(history) > MAX_HISTORY or not deal.seen:
        return False, "no_history"
    game = get(game_id)
    seed = mix(secret, deal.nonces)
    options = reveal.get("options")
    try:
        state = game.new(len(deal.nonces), seed, options if isinstance(options, dict) else {})
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
    except _Mismatch as err:
        return False, "mismatch"
    except (TapeteError, KeyError, TypeError, ValueError, IndexError) as err:
        return False, "no_replay"
    if checked != len(deal.seen):
        return False, "incomplete"
    if not state["over"]:
        return False, "incomplete"
    return True, ""


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
