"""Saved games against bots (tapete.ui.saves) and the build-time rules pages (tapete.ui.rules), under CPython."""

from __future__ import annotations

import json
from html.parser import HTMLParser

import pytest

from tapete.core import BadState, get
from tapete.net import Host, SeatSpec
from tapete.ui import rules, saves
from tapete.ui.rules_text import RULES
from tapete.ui.setup import default_settings

GAMES = ["chupate", "skypo", "francesa", "taki", "dos"]


def played_host(game_id: str, moves: int = 12) -> Host:
    host = Host(game_id, [SeatSpec("Tú", player="p1"), SeatSpec("Bot 1", bot="easy"), SeatSpec("Bot 2", bot="medium")],
                7, None)
    host.bots[0] = host.bots[1]                     # let seat 0 play too, so the state moves on
    for _ in range(moves):
        if host.state["over"] or not host.bot_step():
            break
    return host


@pytest.mark.parametrize("game_id", GAMES)
def test_save_round_trip_restores_the_same_state(game_id):
    host = played_host(game_id)
    host.seats[0].bot = None
    text = saves.snapshot(host, "medium")
    saved = saves.parse(text, game_id, "p1")
    again = saves.restore(saved)
    assert again.game.to_json(again.state) == host.game.to_json(host.state)
    assert [s.name for s in again.seats] == ["Tú", "Bot 1", "Bot 2"]
    assert again.seat_of("p1") == 0 and sorted(again.bots) == [1, 2]
    assert saved["level"] == "medium"


def corrupt(text: str, change) -> str:
    data = json.loads(text)
    change(data)
    return json.dumps(data)


BAD = {
    "not json": lambda t: t[:-3],
    "old version": lambda t: corrupt(t, lambda d: d.update(v=0)),
    "other kind": lambda t: corrupt(t, lambda d: d.update(kind="tapete.room")),
    "other game": lambda t: corrupt(t, lambda d: d.update(game="dos")),
    "bad level": lambda t: corrupt(t, lambda d: d.update(level="god")),
    "other player": lambda t: corrupt(t, lambda d: d["seats"][0].update(player="p2")),
    "two people": lambda t: corrupt(t, lambda d: d["seats"][1].update(player="p3", bot=None)),
    "seat count": lambda t: corrupt(t, lambda d: d["seats"].pop()),
    "bad state": lambda t: corrupt(t, lambda d: d["state"].update(version="x")),
    "cards changed": lambda t: corrupt(t, lambda d: d["state"]["hands"][0].append(d["state"]["hands"][1][0])),
    "log not a list": lambda t: corrupt(t, lambda d: d.update(log={"n": 1})),
    "log entry": lambda t: corrupt(t, lambda d: d.update(log=[{"n": 1, "events": [{"type": "played"}], "x": 1}])),
    "log numbers": lambda t: corrupt(t, lambda d: d.update(log=[{"n": 2, "events": [{"type": "passed"}]},
                                                               {"n": 2, "events": [{"type": "passed"}]}])),
    "log event": lambda t: corrupt(t, lambda d: d.update(log=[{"n": 1, "events": ["<b>"]}])),
    "log too long": lambda t: corrupt(t, lambda d: d.update(log=[{"n": i + 1, "events": [{"type": "passed"}]}
                                                                 for i in range(401)])),
    "rounds": lambda t: corrupt(t, lambda d: d.update(rounds=[{"round": 1, "points": [1], "totals": [1]}])),
    "null": lambda t: "null",
    "deep": lambda t: "[" * 100_000,
}


@pytest.mark.parametrize("name", sorted(BAD))
def test_bad_saves_raise_bad_state(name):
    host = played_host("chupate")
    host.seats[0].bot = None
    with pytest.raises(BadState):
        saves.parse(BAD[name](saves.snapshot(host, "easy")), "chupate", "p1")


def test_save_keeps_the_log_and_rounds_and_an_old_save_resumes_with_none():
    """Issue 31: the moves (events, not sentences) and the score sheet travel with the save; a save from
    before (no "log", no "rounds") still loads, with an empty log."""
    host = played_host("chupate")
    host.seats[0].bot = None
    log = [{"n": 1, "events": [{"type": "played", "seat": 1, "card": "R5"}], "said": {"es": ["Bot 1 juega rojo 5"]}},
           {"n": 2, "events": [{"type": "drew", "seat": 2, "count": 1}]}]
    rounds = [{"round": 1, "points": [0, 12, 0], "totals": [0, 12, 0]}]
    saved = saves.parse(saves.snapshot(host, "easy", log, rounds), "chupate", "p1")
    assert saved["log"] == [{"n": 1, "events": log[0]["events"]}, {"n": 2, "events": log[1]["events"]}]
    assert saved["rounds"] == rounds
    old = corrupt(saves.snapshot(host, "easy"), lambda d: (d.pop("log"), d.pop("rounds")))
    again = saves.parse(old, "chupate", "p1")
    assert again["log"] == [] and again["rounds"] == []


def test_no_save_and_finished_game_are_refused():
    with pytest.raises(BadState):
        saves.parse(None, "chupate", "p1")
    host = played_host("taki", moves=5000)
    host.seats[0].bot = None
    assert host.state["over"]
    with pytest.raises(BadState, match="over"):
        saves.parse(saves.snapshot(host, "easy"), "taki", "p1")


class Outline(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags, self.stack, self.cards = [], [], []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.tags.append(tag)
        if "card" in (attrs.get("class") or "").split():
            self.cards.append(attrs)
        if tag not in ("br", "img", "input"):
            self.stack.append(tag)

    def handle_endtag(self, tag):
        assert self.stack and self.stack.pop() == tag, f"unbalanced </{tag}>"


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("game_id", GAMES)
def test_rules_page_has_every_part_and_the_tables_cards(game_id, lang):
    page = rules.render(game_id, lang)
    outline = Outline()
    outline.feed(page)
    assert not outline.stack, "unclosed tags"
    assert outline.tags.count("h2") == 1 and outline.tags.count("h3") >= 5
    assert outline.cards, "no card drawn"
    for card in outline.cards:
        assert card.get("role") == "img" and card.get("aria-label"), card
    headings = [h for h, _ in RULES[game_id][lang]["sections"]]
    words = {"es": ("Objetivo", "cartas", "turno", "Opciones"), "en": ("Goal", "cards", "turn", "options")}[lang]
    for word in words:
        assert any(word.lower() in h.lower() for h in headings), (word, headings)
    assert f'lang="{lang}"' in page


def test_rules_cards_use_the_tables_faces():
    from tapete.ui import chupate_table
    page = rules.render("chupate", "en")
    assert chupate_table.card_face("W+4") in page
    assert 'aria-label="wild +4"' in page


def test_rules_pages_are_written_once_per_game_and_language(tmp_path):
    files = rules.write_all(tmp_path)
    assert sorted(p.name for p in files) == sorted(f"{g}.{l}.html" for g in GAMES for l in ("es", "en"))
    before = {p: p.stat().st_mtime_ns for p in files}
    rules.write_all(tmp_path)
    assert {p: p.stat().st_mtime_ns for p in files} == before       # unchanged pages are not rewritten


def test_first_games_default_to_the_short_form():
    assert default_settings(get("chupate"))["quick"] is True
    assert default_settings(get("skypo"))["target"] < get("skypo").options_spec["target"][0]
    assert default_settings(get("dos"))["target"] < get("dos").options_spec["target"][0]
    assert default_settings(get("francesa"))["limit"] < get("francesa").options_spec["limit"][0]
