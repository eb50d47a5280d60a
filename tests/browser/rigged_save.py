"""A game against bots with a hand of any size, through the real resume path (issue 31's phone tests).

The page resumes games from ``localStorage["tapete.save.<game>"]`` (py/tapete/ui/saves.py); this module
builds such a save under CPython with the real engine and the real ``saves.snapshot``: a fresh deal of
``players`` seats, then cards moved from the draw pile into my hand until it holds ``cards`` (the deck
stays whole, so the engine's own checks accept it), my turn, and a card that can be played in it.
``install(page, save)`` puts it (and the player id it belongs to) into the page's storage before the app
boots; ``resume(page, game)`` clicks "Resume" in the picker.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from tapete.core import get  # noqa: E402
from tapete.net import Host, SeatSpec  # noqa: E402
from tapete.ui import saves  # noqa: E402

PLAYER = "pPhoneTestPlayer0000000"


def rigged_save(game_id: str = "chupate", cards: int = 7, players: int = 4, seed: int = 5,
                log: list | None = None) -> str:
    game = get(game_id)
    seats = [SeatSpec("", player=PLAYER)] + [SeatSpec("", bot="easy") for _ in range(players - 1)]
    options = dict(game.default_options()) if hasattr(game, "default_options") else {}
    host = Host(game_id, seats, seed, options)
    state = host.state
    hand, draw = state["hands"][0], state["draw"]
    top = state["discard"][-1]
    # a playable plain card first (same colour as the discard), then whatever the pile gives
    while len(hand) < cards and draw:
        hand.append(draw.pop())
    del hand[cards:]
    if not any(c[0] == top[0] and c[0] != "W" for c in hand):
        for i, c in enumerate(draw):
            if c[0] == top[0]:
                hand[-1], draw[i] = draw[i], hand[-1]
                break
    state["turn"] = 0
    state["phase"] = "play"
    text = saves.snapshot(host, "easy")
    if log is not None:
        saved = json.loads(text)
        saved["log"] = log
        text = json.dumps(saved)
    return text


def install(page, game_id: str, text: str) -> None:
    page.add_init_script(
        f"try {{ localStorage.setItem('tapete.player', {json.dumps(PLAYER)});"
        f" if (!sessionStorage.getItem('rigged.{game_id}')) {{ sessionStorage.setItem('rigged.{game_id}', '1');"
        f" localStorage.setItem('tapete.save.{game_id}', {json.dumps(text)}); }} }} catch (e) {{}}")


def resume(page, game_id: str) -> None:
    page.click(f'[data-testid="resume-{game_id}"]')
    page.wait_for_selector('[data-testid="table"] [data-testid="hand"] .card')
