"""Run every path of Tapete that can run outside a page, to learn which standard-library modules it
imports (scripts/trace_stdlib.mjs runs this inside the vendored Pyodide under node).

What runs: every absolute import written anywhere in main.py and py/tapete (module level or inside
functions, found line by line, so UI code that needs a page still counts; ``pyscript`` is PyScript's
real package, written and imported by trace_stdlib.mjs as PyScript does before main.py); every
module of the package imported; the conformance self-test for every game; a whole game of every
game with every bot level; a room (host, two guests, a bot) on the in-memory transport played to
the end, with a reconnect and refused messages (a 100,000-deep text among them); the host proof and
the signed hellos (with a stand-in key: in the page the verifier is JavaScript); the bot lab
(tapete.lab: games, a student's errors, the hints); and the error path
(a traceback formatted, as main.py does for the boot error box). Prints nothing; the caller
reads ``sys.modules`` afterwards. This script imports only what Tapete imports anyway (no ``ast``,
no ``pkgutil``), so it adds nothing of its own to the list.
"""

from __future__ import annotations

import asyncio
import importlib
import json
import os
import re
import random
import sys
import traceback

SOURCES = sys.argv[1] if len(sys.argv) > 1 else "/tapete-src"     # the .py files, read for their imports
PACKAGE = sys.argv[2] if len(sys.argv) > 2 else "/home/pyodide"   # tapete.zip unpacked, as in the page


IMPORT = re.compile(r"^[ \t]*(?:from[ \t]+([A-Za-z_][\w.]*)[ \t]+import[ \t]+\(?([\w ,\t]+)|import[ \t]+([\w., \t]+))",
                    re.M)


def sources(root: str) -> list[str]:
    return sorted(os.path.join(base, name) for base, _dirs, files in os.walk(root)
                  for name in files if name.endswith(".py"))


def written_imports(root: str) -> set[str]:
    """Absolute imports in every source: ``import a.b, c`` and ``from a.b import c`` (also ``a.b.c``)."""
    names = set()
    for path in sources(root):
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        for module, imported, plain in IMPORT.findall(text):
            if plain:
                names.update(part.split(" as ")[0].strip() for part in plain.split(","))
            else:
                names.add(module)
                names.update(f"{module}.{part.split(' as ')[0].strip()}" for part in imported.split(","))
    return {name for name in names if name and not name.startswith(".")}


def package_modules(root: str) -> list[str]:
    """Every module of the tapete package, by dotted name."""
    base = os.path.join(root, "tapete")
    names = []
    for path in sources(base):
        parts = os.path.relpath(path, root)[:-3].split(os.sep)
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def import_quietly(name: str) -> None:
    try:
        importlib.import_module(name)
    except ImportError:
        pass  # `from x import function` names a function, not a module


def play_room() -> None:
    import hashlib

    from tapete.bots import make_bot
    from tapete.net import (GuestSession, MemoryHub, RoomHost, Signer, new_join_code, normalize_code,
                            normalize_join_code, parse_fragment)
    from tapete.net.links import link_secret_of, new_code, room_fragment, weak_host_key
    from tapete.net.room import parse_snapshot

    class TraceKey(Signer):
        """NOT a signature scheme (anyone can make these): the room's paths need a signer and a verifier
        to run, and under node there is neither WebCrypto's nor @noble's Ed25519 for Python to call.
        The page verifies with @noble/curves (tapete.ui.room_bridge.BrowserVerifier), the tests with PyNaCl."""

        def __init__(self) -> None:
            self.public = os.urandom(32)
            while weak_host_key(self.public):       # a link's k must be a point (half of random strings are not)
                self.public = os.urandom(32)

        def sign(self, data: bytes, then) -> None:
            then(hashlib.sha512(self.public + data).digest())

    def trace_verify(public: bytes, message: bytes, signature: bytes) -> bool:
        return hashlib.sha512(public + message).digest() == signature

    host_key = TraceKey()
    secret = link_secret_of(host_key)
    code = new_code()
    normalize_code(code.lower())
    normalize_join_code(new_join_code().lower())
    parse_fragment(room_fragment(code, secret))
    hub = MemoryHub()
    room = RoomHost(hub.join("peer-host"), "chupate", "hostplayer01", "Ana", seats=4, options={"quick": True},
                    code=code, secret=secret, signer=host_key, verify=trace_verify)   # no seed: the fair deal runs
    updates: list = []
    guests = [GuestSession(hub.join(f"peer-g{i}"), name, updates.append, room=code, secret=secret, signer=TraceKey(),
                           verify=trace_verify) for i, name in enumerate(("Gina", "Beto"))]
    hub.deliver("peer-host", "peer-g0", "[" * 100_000)          # refused before any parse
    hub.deliver("peer-g1", "peer-host", "{" * 4000)
    room.add_bot()
    session = room.start(updates.append)
    host = room.host
    bot = make_bot("easy", "chupate")
    rng = random.Random(1)
    for step in range(4000):
        if host.state["over"]:
            break
        if host.bot_step():
            continue
        seat = host.game.to_move(host.state)[0]
        who = session if seat == 0 else next(g for g in guests if g.seat == seat)
        if step == 5:
            who.send("garbage")                      # refused, state unchanged
            hub.deliver(who.transport.self_id if hasattr(who, "transport") else "peer-g0", "peer-host", "{")
        action = bot.choose(who.last["view"], who.last["legal"], True, rng) or who.last["legal"][0]
        who.send(action)
    try:
        parse_snapshot(json.dumps({"bad": 1}), "hostplayer01")
    except Exception:  # noqa: BLE001
        pass
    snapshot = getattr(room, "snapshot", None)
    if callable(snapshot):
        try:
            parse_snapshot(snapshot(), "hostplayer01")
        except Exception:  # noqa: BLE001
            pass


def play_lab() -> None:
    """The bot lab as its worker runs it (tapete.lab): a template's games, then each kind of student
    error (syntax, raised, illegal, too slow), and a hint of every game's hard bot (bots/explain.py)."""
    from tapete.bots.explain import explain
    from tapete.core import get, ids
    from tapete.lab import from_params, template

    for game_id in ids():
        json.loads(from_params({"game": game_id, "level": "easy", "code": template(game_id, "en"),
                                "games": 1}).play_json(60))
        game = get(game_id)
        state = game.new(4, 1)
        seat = game.to_move(state)[0]
        explain(game_id, game.view(state, seat), game.legal_actions(state, seat), random.Random(1))
    for code in ("def choose(view, legal)\n", "def choose(view, legal):\n    return legal[99]\n",
                 "def choose(view, legal):\n    return 'play X'\n", "def choose(view, legal):\n    while 1: pass\n"):
        from_params({"game": "chupate", "level": "easy", "code": code, "games": 1, "move_limit": 0.05}).play_json(5)


def main() -> None:
    sys.path.insert(0, PACKAGE)
    for name in sorted(written_imports(SOURCES)):
        import_quietly(name)
    for name in package_modules(SOURCES):
        importlib.import_module(name)

    from tapete import selftest, sim
    from tapete.bots import LEVELS
    from tapete.core import get, ids

    selftest.run(2)
    for game_id in ids():
        game = get(game_id)
        for level in LEVELS:
            sim.play_game(game, min(4, game.max_players), 3, None, level)
        sim.run(game_id, 2, 1, 1, None, "easy")
    play_room()
    play_lab()
    asyncio.run(asyncio.sleep(0)) if not asyncio.get_event_loop().is_running() else None
    try:
        raise RuntimeError("the error path")
    except RuntimeError as exc:
        "".join(traceback.format_exception(exc))


main()
