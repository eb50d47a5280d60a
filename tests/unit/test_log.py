"""The log catalogue: every event an engine can emit has a sentence in Spanish and English, in the
right person ("Juegas" / "Ana juega" / "Ana te denuncia") and number ("1 carta" / "3 cartas").

The event kinds are read from the engines' source (every ``"type": "<kind>"`` they write, and the
host's ``timed_out``), so a new event without a sentence fails here; samples of each kind come from
random games played to the end, plus the between-round joins and leaves of the French-deck game.
"""

from __future__ import annotations

import inspect
import random
import re

import pytest

from tapete.core import get, ids
from tapete.core.game import public_events
from tapete.net import host as host_module
from tapete.ui import log, tables
from tapete.ui.html import escape

from tables import NAMES, update_for

KIND = re.compile(r'"type":\s*"(\w+)"|\btype="(\w+)"')
LANGS = ("es", "en")


def engine_kinds(game) -> set[str]:
    """Every event kind written in the source of the game's classes (its engine and its bases)."""
    kinds = set()
    for cls in type(game).__mro__:
        if not cls.__module__.startswith("tapete.games"):
            continue
        source = inspect.getsource(inspect.getmodule(cls))
        kinds |= {a or b for a, b in KIND.findall(source)}
    return kinds


def host_kinds() -> set[str]:
    return {a or b for a, b in KIND.findall(inspect.getsource(host_module.Host.timeout))}


def sample_events(game_id: str) -> dict[str, list[tuple[dict, dict]]]:
    """kind -> [(state after, event)] from random games (2 to 4 players) played to the end."""
    game = get(game_id)
    found: dict[str, list] = {}
    rng = random.Random(7)

    def keep(state, events):
        for event in events:
            found.setdefault(event["type"], [])
            if len(found[event["type"]]) < 6:
                found[event["type"]].append((state, event))

    for seed in range(30):
        state = game.new(2 + seed % 3, seed, {})
        for _ in range(4000):
            if state["over"]:
                break
            seat = game.to_move(state)[0]
            events = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
            keep(state, events)
            if game_id == "francesa" and state["phase"] == "round_over" and seed % 2 and state["players"] < 4:
                keep(state, game.join(state))
            if game_id == "francesa" and seed % 5 == 0 and state["round"] == 2 and not any(state["gone"]) \
                    and state["phase"] != "round_over" and not state["over"]:
                keep(state, game.leave(state, state["turn"]))          # the leaver's turn passes on
    for seat in (0, 1):
        state = game.new(2, 3, {})
        found.setdefault("timed_out", []).append((state, {"type": "timed_out", "seat": seat, "played": bool(seat)}))
    if "denounced" in engine_kinds(game):        # Super Taki inherits it but calls its own a "penalty"
        found.setdefault("denounced", []).append((game.new(3, 3, {}), {"type": "denounced", "seat": 1, "offender": 0}))
    found.setdefault("reshuffled", []).append((game.new(2, 3, {}), {"type": "reshuffled", "count": 12}))  # rare in Skypo
    return found


SAMPLES = {g: sample_events(g) for g in ids()}


@pytest.mark.parametrize("game_id", ids())
def test_every_engine_event_kind_has_a_sentence_and_a_sample(game_id):
    game = get(game_id)
    kinds = engine_kinds(game) | host_kinds()
    assert {"played", "drew"} & kinds and "timed_out" in kinds      # the scan reads the sources
    module = tables.table_for(game_id)
    missing = kinds - module.LOG.kinds()
    assert not missing, f"{game_id}: events without a sentence: {sorted(missing)}"
    unseen = kinds - set(SAMPLES[game_id])
    assert not unseen, f"{game_id}: add a sample of {sorted(unseen)} to this test"


def subject_and_object(event: dict) -> tuple[int | None, int | None]:
    other = event.get("offender", event.get("target"))
    return event.get("seat"), other if isinstance(other, int) else None


@pytest.mark.parametrize("game_id", ids())
def test_sentences_speak_in_the_right_person_and_number(game_id):
    module = tables.table_for(game_id)
    said = 0
    for kind, samples in SAMPLES[game_id].items():
        for state, event in samples:
            subject, obj = subject_and_object(event)
            for viewer in range(state["players"]):
                shown = public_events([event], viewer)[0]
                update = update_for(get(game_id), state, viewer)
                for lang in LANGS:
                    text = module.event_text(shown, update, lang)
                    if kind in log.SILENT or (kind == "row_refilled" and not event["added"]):
                        assert text is None
                        continue
                    assert text and "{" not in text and "None" not in text, (kind, text)
                    said += 1
                    # the player's own seat is never a third person: "Tú juega", "You plays"
                    assert not re.search(r"\bTú\b", text), text
                    assert not re.search(r"(?<!^)\bYou\b", text) and not re.search(r"\bYou \w+[^s]s\b", text), text
                    assert not re.search(r"\b1 (cartas|cards)\b", text), text
                    if subject is not None and subject == viewer and kind not in ("game_over",):
                        assert NAMES[viewer] not in text, text
                    elif subject is not None and kind not in ("round_over", "game_over", "row_refilled"):
                        assert NAMES[subject] in text, text
                    if obj is not None and obj == viewer and obj != subject:
                        assert NAMES[viewer] not in text, text
    assert said > 50


def say(game_id, event, viewer, lang, players=3):
    state = get(game_id).new(players, 1, {})
    return tables.table_for(game_id).event_text(event, update_for(get(game_id), state, viewer), lang)


def test_examples_in_both_languages():
    assert say("chupate", {"type": "played", "seat": 0, "card": "R7", "color": "R"}, 0, "es") == "Juegas rojo 7"
    assert say("chupate", {"type": "played", "seat": 0, "card": "R7", "color": "R"}, 0, "en") == "You play red 7"
    assert say("chupate", {"type": "played", "seat": 0, "card": "R7", "color": "R"}, 1, "es") == "Ana juega rojo 7"
    assert say("chupate", {"type": "played", "seat": 0, "card": "R7", "color": "R"}, 1, "en") == "Ana plays red 7"
    assert say("chupate", {"type": "drew", "seat": 1, "count": 1}, 0, "es") == "Bea roba 1 carta"
    assert say("chupate", {"type": "drew", "seat": 1, "count": 2}, 0, "en") == "Bea draws 2 cards"
    assert say("chupate", {"type": "denounced", "seat": 1, "offender": 0}, 0, "es") == "Bea te denuncia"
    assert say("chupate", {"type": "denounced", "seat": 0, "offender": 1}, 0, "en") == "You denounce Bea"
    assert say("skypo", {"type": "closed", "seat": 0}, 0, "es").startswith("Has cerrado la ronda")
    assert say("francesa", {"type": "out", "seat": 0}, 0, "en") == "You are out of cards"
    assert say("taki", {"type": "broke", "seat": 2, "target": 0}, 0, "es") == "Carlos rompe tu +3"
    assert say("chupate", {"type": "game_over", "winners": [0], "scores": [0, 0, 0]}, 0, "es") == "¡Has ganado la partida!"
    assert say("chupate", {"type": "game_over", "winners": [0, 2], "scores": [0, 0, 0]}, 0, "en") == \
        "You won the game together: Carlos"


def test_timer_expiry_sentence():
    event = {"type": "timed_out", "seat": 0, "played": True}
    assert say("chupate", event, 0, "en") == "Time's up: a card was played for you"
    assert say("chupate", event, 0, "es") == "Se acabó el tiempo: se ha jugado una carta por ti"
    assert say("dos", dict(event, played=False), 0, "en") == "Time's up: a move was made for you"
    assert say("taki", event, 1, "en") == "Ana ran out of time"


def test_host_timeout_says_whose_time_ran_out_before_the_move():
    from tapete.net import Host, SeatSpec
    host = Host("chupate", [SeatSpec("Ana", player="p1"), SeatSpec("Bea", player="p2")], 3, {"quick": True})
    got = []
    host.attach("p1", got.append)
    seat = host.state["turn"]
    host.timeout(seat)
    events = got[-1]["events"]
    assert events[0] == {"type": "timed_out", "seat": seat, "played": events[1]["type"] == "played"}
    assert len(events) > 1


def test_log_keeps_events_numbered_by_move_and_renders_in_the_current_language():
    module = tables.table_for("chupate")
    state = get("chupate").new(3, 1, {})
    update = update_for(get("chupate"), state, 0)
    moves = []
    for i in range(9):
        moves = log.record(moves, [{"type": "played", "seat": i % 3, "card": "R7", "color": "R"}])
    moves = log.record(moves, [{"type": "turn", "seat": 1}])          # silent: not a move
    assert [m["n"] for m in moves] == list(range(1, 10))
    es = log.render_log(moves, "es", update, module.event_text)
    en = log.render_log(moves, "en", update, module.event_text)
    assert es.count("<li") == 9 and 'value="9"' in es and "Juegas rojo 7" in es and "Bea juega rojo 7" in es
    assert "You play red 7" in en and "Juegas" not in en
    assert es.index('value="9"') < es.index('value="1"')              # newest first
    moves = log.record(moves, [{"type": "round_started", "round": 2}])
    assert [m["n"] for m in moves] == [1]                              # a new round, a new log


def test_log_escapes_names():
    module = tables.table_for("chupate")
    state = get("chupate").new(2, 1, {})
    update = dict(update_for(get("chupate"), state, 0), names=["Ana", "<img src=x onerror=alert(1)>"])
    html = log.render_log(log.record([], [{"type": "passed", "seat": 1}]), "en", update, module.event_text)
    assert "<img" not in html and escape("<img src=x onerror=alert(1)>") in html


def test_announcement_speaks_only_of_the_others():
    module = tables.table_for("chupate")
    state = get("chupate").new(3, 1, {})
    update = dict(update_for(get("chupate"), state, 0),
                  events=[{"type": "played", "seat": 0, "card": "R7", "color": "R"},
                          {"type": "played", "seat": 1, "card": "R8", "color": "R"}, {"type": "turn", "seat": 2}])
    assert log.announcement(update, "en", module.event_text) == "Bea plays red 8"
    assert log.announcement(dict(update, events=update["events"][:1]), "en", module.event_text) == ""


def test_malformed_events_say_nothing_and_break_nothing():
    module = tables.table_for("dos")
    state = get("dos").new(2, 1, {})
    update = update_for(get("dos"), state, 0)
    for event in ({"type": "matched", "seat": 0}, {"type": "played"}, {"type": "nonsense", "seat": 1},
                  {"type": "drew", "seat": "x", "count": None}, {"type": "caught", "seat": 0, "target": "zz"}):
        assert module.event_text(event, update, "en") is None, event
    moves = log.record([], [{"type": "played"}, {"type": "passed", "seat": 1}])
    html = log.render_log(moves, "en", update, module.event_text)
    assert "Bea passes" in html and html.count("<li") == 1


def played_moves(count: int) -> list[dict]:
    moves: list[dict] = []
    for i in range(count):
        moves = log.record(moves, [{"type": "played", "seat": i % 3, "card": "R7", "color": "R"}])
    return moves


def li_values(html: str, testid: str) -> list[int]:
    return [int(n) for n in re.findall(rf'<li value="(\d+)" data-testid="{testid}-\d+"', html)]


def test_the_table_shows_the_newest_moves_and_the_whole_round_is_one_click_away():
    module = tables.table_for("chupate")
    update = update_for(get("chupate"), get("chupate").new(3, 1, {}), 0)
    short = log.render_log(played_moves(log.LOG_SHOWN), "en", update, module.event_text)
    assert li_values(short, "log-move") == list(range(log.LOG_SHOWN, 0, -1))
    assert "btn-log-round" not in short                      # the whole round is already on the table
    moves = played_moves(45)
    table = log.render_log(moves, "en", update, module.event_text)
    assert li_values(table, "log-move") == list(range(45, 45 - log.LOG_SHOWN, -1))      # newest first
    assert 'data-action="ui:log-open"' in table and "Whole round (45 moves)" in table
    assert "round-move-" not in table and "<dialog" not in table
    es = log.render_log(moves, "es", update, module.event_text, whole=True)
    assert "Toda la ronda (45 jugadas)" in es
    dialog = es[es.index("<dialog"):]
    assert 'data-testid="log-round"' in dialog and 'data-cancel-action="ui:log-close"' in dialog
    assert li_values(dialog, "round-move") == list(range(1, 46))                       # oldest first
    assert "Juegas rojo 7" in dialog and "Bea juega rojo 7" in dialog
    keys = re.findall(r'data-key="([^"]+)"', es)
    assert len(keys) == len(set(keys)) == log.LOG_SHOWN + 45   # the patch keys on them: never twice
    longest = played_moves(log.MAX_MOVES + 50)                 # past the memory bound: the round's count
    assert len(longest) == log.MAX_MOVES
    assert f"Whole round ({log.MAX_MOVES + 50} moves)" in log.render_log(longest, "en", update, module.event_text)


def test_each_move_is_said_once_per_language_and_the_render_only_reads_it():
    module = tables.table_for("taki")
    update = update_for(get("taki"), get("taki").new(3, 1, {}), 0)
    calls = []

    def counted(event, update, lang):
        calls.append(lang)
        return module.event_text(event, update, lang)

    moves = played_moves(30)
    plain = log.render_log([dict(m) for m in moves], "es", update, module.event_text, whole=True)
    log.say_new(moves, update, "es", counted)
    assert len(calls) == 30 and all(m["said"]["es"] for m in moves)
    calls.clear()
    assert log.render_log(moves, "es", update, counted, whole=True) == plain and calls == []
    log.say_new(moves, update, "es", counted)
    assert calls == []                                        # nothing new: nothing said again
    log.say_new(moves, update, "en", counted)                 # ES -> EN mid-game: every move, once
    assert calls == ["en"] * 30
    calls.clear()
    en = log.render_log(moves, "en", update, counted, whole=True)
    assert calls == [] and "You play red 7" in en and "Juegas" not in en
    moves = log.record(moves, [{"type": "passed", "seat": 1}])
    log.say_new(moves, update, "en", counted)
    assert calls == ["en"]                                    # a new move: only it is said


def test_a_whole_super_taki_game_keeps_the_table_log_short_and_only_the_events_the_seat_received():
    from tapete.net import Host, LocalSession, SeatSpec
    from tapete.bots import EasyBot
    module = tables.table_for("taki")
    got: list[dict] = []
    host = Host("taki", [SeatSpec("Ana", player="p1"), SeatSpec("Bea", bot="easy"), SeatSpec("Carlos", bot="easy")], 5)
    session = LocalSession(host, "p1", got.append)
    rng = random.Random(2)
    moves: list[dict] = []
    received: list[dict] = []
    longest = 0
    for _ in range(5000):
        if host.state["over"]:
            break
        if host.bot_pending():
            host.bot_step()
        else:
            update = session.last
            session.send(EasyBot().choose(update["view"], update["legal"], True, rng) or update["legal"][0])
        while got:
            update = got.pop(0)
            if any(e["type"] == "round_started" for e in update["events"]):
                received = []
            received += [e for e in update["events"] if e["type"] not in log.SILENT]
            moves = log.record(moves, update["events"])
            log.say_new(moves, update, "es", module.event_text)
            page = module.render_table(update, "es", {"log": moves})
            assert len(li_values(page, "log-move")) <= log.LOG_SHOWN
            longest = max(longest, len(moves))
    assert host.state["over"] and longest > log.LOG_SHOWN       # a long round, as Super Taki's are
    assert len(moves) < log.MAX_MOVES and [e for m in moves for e in m["events"]] == received
    whole = log.render_log(moves, "es", update, module.event_text, whole=True)
    assert len(li_values(whole, "round-move")) == len([m for m in moves if m["said"]["es"]])
