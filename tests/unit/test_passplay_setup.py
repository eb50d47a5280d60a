"""The setup's pass-and-play part (tapete.ui.setup, pure HTML): the fields, the seats they make, and
the texts of the pass-and-play screen in both languages (issue 32)."""

from __future__ import annotations

import re

import pytest

from tapete.core import get
from tapete.core.errors import BadOptions
from tapete.net.passplay import MAX_NAME, check_seats
from tapete.ui.bot_names import NAMES
from tapete.ui.i18n import PASSPLAY_TEXTS, t
from tapete.ui.setup import default_settings, passplay_fields, passplay_seats, render_setup

GAMES = ["chupate", "skypo", "francesa", "taki", "dos"]


def values(html: str) -> list[str]:
    """The name fields' values, in order."""
    return re.findall(r'name="pp_name_\d+" value="([^"]*)"', html)


@pytest.mark.parametrize("game_id", GAMES)
def test_one_name_field_per_seat_the_last_names_prefilled(game_id):
    game = get(game_id)
    html = render_setup("en", game, default_settings(game), {"names": ["Ana", "Beto", "Cata"]})
    assert html.count('data-testid="pp-name-') == game.max_players          # 2..the game's limit
    assert values(html)[:4] == ["Ana", "Beto", "Cata", ""]
    assert f'maxlength="{MAX_NAME}"' in html
    bots = re.search(r'<input type="number" name="pp_bots" min="0" max="(\d+)" value="0"', html)
    assert bots and int(bots.group(1)) == game.max_players - 2                 # room for two people at least
    assert 'data-action="pp:start"' in html and html.index("passplay-setup") < html.index("</form>")


def test_a_re_render_keeps_what_was_typed_chosen_and_opened():
    html = passplay_fields("en", get("taki"), ["Ana", "", "Cata"], bots=3, open_=True)
    assert values(html)[:3] == ["Ana", "", "Cata"]
    assert 'name="pp_bots" min="0" max="8" value="3"' in html
    assert html.startswith('<details class="passplay-setup" data-testid="passplay-setup" open>')
    assert " open>" not in passplay_fields("en", get("taki"), [])


def test_the_first_two_names_are_offered_when_none_was_used():
    html = passplay_fields("es", get("dos"), [])
    assert values(html) == ["Jugador 1", "Jugador 2", "", ""]


@pytest.mark.parametrize("game_id", GAMES)
def test_seats_people_first_then_bots_and_the_controller_takes_them(game_id):
    game = get(game_id)
    form = {"pp_name_0": " Ana ", "pp_name_1": "Beto", "pp_name_2": "", "pp_bots": "1"}
    seats = passplay_seats("en", game, form, "medium")
    assert seats[:2] == [{"name": "Ana", "bot": None}, {"name": "Beto", "bot": None}]
    assert seats[2]["bot"] == "medium" and seats[2]["name"] in NAMES["en"]      # named as a local game's bots
    assert passplay_seats("en", game, form, "medium") == seats                  # the same people, the same bots
    assert len(check_seats(game, seats)) == 3


def test_pass_and_play_bots_have_names_in_the_language_never_a_persons():
    game = get("chupate")
    form = {"pp_name_0": "Alice", "pp_name_1": "ben", "pp_bots": "2"}
    for lang in ("en", "es"):
        seats = passplay_seats(lang, game, form, "easy")
        bots = [s["name"] for s in seats if s["bot"]]
        assert len(bots) == 2 and len(set(bots)) == 2, bots
        assert all(name in NAMES[lang] for name in bots), bots
        assert not {"alice", "ben"} & {name.casefold() for name in bots}, bots      # never a person's name
        assert not any(name.startswith("Bot") for name in bots), bots


def test_bad_forms_are_refused_with_a_reason():
    dos = get("dos")                                          # at most 4 players
    with pytest.raises(BadOptions, match="two different names"):
        passplay_seats("en", dos, {"pp_name_0": "Ana", "pp_name_1": "ANA"}, "easy")
    with pytest.raises(BadOptions, match="two different names"):
        passplay_seats("en", dos, {"pp_name_0": "Ana"}, "easy")
    with pytest.raises(BadOptions, match="At most 4"):
        passplay_seats("en", dos, {"pp_name_0": "A", "pp_name_1": "B", "pp_name_2": "C", "pp_bots": "2"}, "easy")
    seats = passplay_seats("en", dos, {"pp_name_0": "A", "pp_name_1": "B", "pp_bots": "x"}, "easy")
    assert [s["bot"] for s in seats] == [None, None]          # a bad bot count is none
    long = passplay_seats("en", dos, {"pp_name_0": "x" * 40, "pp_name_1": "Bot 1", "pp_bots": "1"}, "easy")
    assert len(long[0]["name"]) == MAX_NAME and long[1]["name"] == "Bot 1"    # a person called "Bot 1" keeps it
    assert long[2]["name"] in NAMES["en"]


def test_every_pass_and_play_text_in_both_languages():
    assert set(PASSPLAY_TEXTS["es"]) == set(PASSPLAY_TEXTS["en"])
    for key in PASSPLAY_TEXTS["es"]:
        assert t("es", key, name="Ana", n=2, call="x", game="DOS", reason="r") != t("en", key, name="Ana", n=2,
                                                                                   call="x", game="DOS", reason="r") \
            or key in ("pp.bots", "pp.no")
