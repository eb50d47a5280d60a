"""The watcher's screen and the lobby for a wall (issue 32), as pure HTML under CPython.

The watcher screen (tapete.ui.watch_screen.WatchScreen) is fed the very messages a RoomHost sends a
watcher (a MemoryHub room, the host's seat and three bots playing whole games of every game): the HTML it
draws never names a card hidden from no seat (the engine's hidden places for no seat, minus the
discard), carries no hand, and no control that acts on the game. The lobby names the game and its
options, shows ONE code (the join code) and the QR code; a link guest sees neither the code nor the
host's note about codes and locks; projector mode has no controls.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from tapete.bots import EasyBot
from tapete.core import get
from tapete.net import MemoryHub, RoomHost
from tapete.ui.room_texts import TEXT
from tapete.ui.room_ui import options_text, render_lobby, watchers_text
from tapete.ui.watch_screen import OWN_ACTIONS, TEXT as WTEXT, WatchScreen, inert

GAMES = {"chupate": {"quick": True}, "skypo": {}, "francesa": {}, "taki": {}, "dos": {}}
CARD_TOKENS = re.compile(r'data-(?:testid="card-|card=")([^"]+)"')


class Root:
    """The bit of a DOM element the screen writes to."""
    innerHTML = ""

    def querySelectorAll(self, selector):
        return []


def watched_game(game: str, options: dict, seed: int):
    """(screen, list of (html, hidden cards) after each update) for one whole game watched."""
    hub = MemoryHub()
    room = RoomHost(hub.join("host"), game, "host-player", "Ana", seats=4, options=options, seed=seed, rate=None)
    for _ in range(3):
        room.add_bot("easy")
    screen = WatchScreen(Root(), "en", "ABCDEF", "k")
    seen = []

    def on_message(peer, text):
        message = json.loads(text)
        screen.on_update(message)
        if message["type"] == "update":
            state, engine = room.host.state, room.host.game
            secret = engine.hidden_places(state, None)
            public = {c for place in engine.card_places(state) if not any(place is h for h in secret) for c in place}
            hidden = {c for place in secret for c in place} - public       # (a twin of a public card is public)
            seen.append((screen.root.innerHTML, hidden, message))

    watcher = hub.join("w0")
    watcher.on_message = on_message
    watcher.start()
    room._on_message("w0", json.dumps({"v": 1, "type": "watch"}))
    session = room.start(lambda message: None)
    host, rng = room.host, random.Random(seed)
    for _ in range(3000):
        if host.state["over"]:
            break
        if host.bot_pending():
            host.bot_step()
        else:
            update = session.last
            session.send(EasyBot().choose(update["view"], update["legal"], True, rng) or update["legal"][0])
    return screen, seen


@pytest.mark.parametrize("game", list(GAMES))
def test_the_watcher_screen_draws_a_whole_game_with_no_hidden_card_and_no_control(game):
    screen, seen = watched_game(game, GAMES[game], seed=3)
    assert len(seen) > 10 and screen.update["view"]["over"]
    for html, hidden, message in seen:
        assert message["seat"] is None and message["legal"] == []
        if game != "skypo":        # Skypo's cards are bare values ("2"): a face-up 2 and a face-down 2 share a name
            shown = set(CARD_TOKENS.findall(html))
            assert not shown & hidden, f"v{message['view']['version']}: {shown & hidden}"
        assert 'data-testid="hand"' not in html and 'data-testid="table"' in html
        for action in re.findall(r'data-action="([^"]*)"', html):
            assert action in OWN_ACTIONS, action          # nothing that acts on the game
        assert 'data-testid="watch-title"' in html
    assert 'data-testid="result"' in seen[-1][0]


def test_inert_keeps_the_watchers_own_buttons_and_names():
    html = ('<button type="button" class="pile" data-action="draw" data-testid="draw-pile" aria-label="Draw: 9">'
            '<span>9</span></button><button type="button" class="btn" data-action="ui:log-open">Log</button>'
            '<button type="button" data-action="next" data-testid="btn-next" autofocus>Next</button>')
    out = inert(html)
    assert '<span role="img" class="pile" data-testid="draw-pile" aria-label="Draw: 9"><span>9</span></span>' in out
    assert 'data-action="ui:log-open"' in out and 'data-action="next"' not in out and "autofocus" not in out


def test_the_watcher_screen_says_why_it_cannot_watch_and_offers_to_try_again():
    screen = WatchScreen(Root(), "es", "ABCDEF", "k")
    assert 'data-testid="watch-connecting"' in screen.html()
    screen.on_update({"v": 1, "type": "rejected", "id": None, "code": "not_watching", "message": "closed"})
    assert WTEXT["es"]["closed"] in screen.root.innerHTML and 'data-testid="btn-watch-again"' in screen.root.innerHTML
    screen.projector = True
    screen.render()
    assert "<button" not in screen.root.innerHTML                  # projector mode: no controls
    screen.on_update({"v": 1, "type": "lobby", "game": "dos", "started": False, "you": None, "locked": False,
                      "seats": [{"kind": "host", "name": "<b>Ana</b>", "connected": True},
                                {"kind": "open", "name": ""}]})
    assert "<b>Ana</b>" not in screen.root.innerHTML and "&lt;b&gt;Ana" in screen.root.innerHTML
    assert 'data-testid="watch-message"' not in screen.root.innerHTML


def test_the_lobby_for_a_wall_names_the_game_shows_one_code_and_the_qr_code():
    lobby = {"seats": [{"kind": "host", "name": "Ana", "connected": True}, {"kind": "open", "name": ""}], "you": 0}
    svg = '<svg role="img" aria-label="QR"><path d="M0 0"/></svg>'
    for lang, quick in (("es", "Partida rápida"), ("en", "Quick game")):
        options = options_text(lang, get("chupate"), {"quick": True, "target": 500, "turn_timer": 0})
        assert options.startswith(quick) and "500" not in options
        html = render_lobby(lang, lobby, code="TQXEZG", link="http://x/#room=TQXEZG&k=a", is_host=True,
                            join_code="497-STKB", game="Chúpate 2", options=options, qr=svg, watchers=3,
                            watching=True, watch_link="http://x/#room=TQXEZG&k=a&watch=1")
        text = re.sub(r"<[^>]+>", " ", html)
        assert "TQXEZG" not in text and text.count("497-STKB") == 1           # ONE code shown: the join code
        assert 'data-room="TQXEZG"' in html and svg in html and "Chúpate 2" in text and quick in text
        assert re.search(r'data-testid="watcher-count"[^>]*data-count="3"', html)
        assert 'href="http://x/#room=TQXEZG&amp;k=a&amp;watch=1"' in html
        assert TEXT[lang]["trade"] in html
        wall = render_lobby(lang, lobby, code="TQXEZG", link="http://x/#room=TQXEZG&k=a", is_host=True,
                            join_code="497-STKB", game="Chúpate 2", options=options, qr=svg, projector=True)
        assert "<button" not in wall and "<input" not in wall and svg in wall and "497-STKB" in wall
        guest = render_lobby(lang, {**lobby, "you": 1}, code="TQXEZG", link="http://x/#room=TQXEZG&k=a",
                             is_host=False, game="Chúpate 2")
        assert TEXT[lang]["trade"] not in guest and "room-join-code" not in guest and "watcher-count" not in guest
        assert "TQXEZG" not in re.sub(r"<[^>]+>", " ", guest)
    points = options_text("en", get("chupate"), {"quick": False, "target": 300, "turn_timer": 30})
    assert "Points" in points and "300" in points and "30" in points
    assert watchers_text("es", 0) != watchers_text("es", 2) and "2" in watchers_text("en", 2)
    assert watchers_text("en", 5, watching=False) == TEXT["en"]["watchers.closed"]


def test_every_text_of_the_watchers_and_the_lobby_is_in_spanish_and_english():
    assert set(WTEXT["es"]) == set(WTEXT["en"])
    assert set(TEXT["es"]) == set(TEXT["en"])
