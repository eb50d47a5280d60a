"""A cheating host, for tests only: the ``?debug_room=1`` page hook (``tapeteDebugRigDeal``) and
tests/unit/test_deal.py. Every guest must catch each of these at the end of the game
(docs/multiplayer.md, "A deal no seat can choose").

``rig(room, how)`` makes a :class:`~tapete.net.room.RoomHost` cheat once every guest has revealed its
nonce, just before its game begins:

- ``"secret"``: it deals from a secret other than the one it committed to (grinding the secret);
- ``"grind_host"`` / ``"grind_bot"``: it tries ``tries`` values in its own slot (or the first bot's),
  which an honest host leaves empty, and deals the seed that gives its own hand the most points
  (the attack of issue 28: with every nonce known, a free slot chooses the deal).
"""

from __future__ import annotations

import secrets

from ..core import get
from .deal import deal_seed, new_secret

HOWS = ("secret", "grind_host", "grind_bot")


def hand_points(game_id: str, players: int, seed: str, options: dict) -> int:
    """What the grinding host maximises: the points of seat 0's dealt hand (specials score high)."""
    game = get(game_id)
    state = game.new(players, seed, options)
    points = getattr(game, "card_points", None)
    hand = state.get("hands", [[]])[0] if isinstance(state.get("hands"), list) else []
    return sum(points(card) for card in hand) if points else 0


def rig(room, how: str = "secret", tries: int = 500) -> None:
    if how not in HOWS:
        raise ValueError(f"unknown cheat {how!r}")
    begin = room._begin_game

    def rigged(seed) -> None:
        deal = room.deal
        if deal is not None and deal.all_revealed():
            if how == "secret":
                deal.secret = new_secret()               # the published commitment stays the old one
            else:
                kind = "host" if how == "grind_host" else "bot"
                slot = next(i for i, s in enumerate(deal.seats) if s["kind"] == kind)

                def score(nonce: str) -> int:
                    nonces = list(deal.nonces)
                    nonces[slot] = nonce
                    return hand_points(deal.game, len(deal.seats),
                                       deal_seed(deal.game, deal.options, deal.seats, deal.secret, nonces),
                                       deal.options)
                deal.nonces[slot] = max((secrets.token_hex(32) for _ in range(tries)), key=score)
            seed = deal.seed()
        begin(seed)
    room._begin_game = rigged
