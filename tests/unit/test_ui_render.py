"""The table HTML (pure Python renderers) shows only what the seat may see, and offers its moves."""

import json
import random
import re

from tapete.core import get
from tapete.net import Host, LocalSession, SeatSpec
from tapete.selftest import random_states, reshuffled_hidden
from tapete.ui.chupate_table import card_name, local_action, render_table
from tapete.ui.setup import render_setup

GAME = get("chupate")


def update_for(state, seat):
    return {"type": "update", "seat": seat, "view": GAME.view(state, seat), "events": [],
            "legal": GAME.legal_actions(state, seat), "names": ["Ana", "Bea", "Carlos", "Dani"]}


def test_table_html_does_not_depend_on_hidden_cards():
    for state, rng in random_states(GAME, range(15), (4,), 60, random.Random(4), {"quick": True}):
        for seat in range(4):
            for lang in ("es", "en"):
                html = render_table(update_for(state, seat), lang, {"log": []})
                with reshuffled_hidden(GAME, state, seat, rng):
                    assert render_table(update_for(state, seat), lang, {"log": []}) == html


def test_table_shows_own_hand_as_buttons_with_actions_and_labels():
    state = GAME.new(3, 7, {"quick": True})
    seat = state["turn"]
    html = render_table(update_for(state, seat), "es", {"log": []})
    hand_cards = re.findall(r'data-testid="card-([^"]+)"', html)
    assert sorted(hand_cards) == sorted(state["hands"][seat])
    for card in state["hands"][seat]:
        assert card_name("es", card) in html          # every card is read aloud in the label
    playable = re.findall(r'class="card c-\S+ playable" data-action="play ([^"]+)"', html)
    for card in playable:
        assert f"play {card}" in GAME.legal_actions(state, seat)


def test_table_offers_colour_chooser_for_a_wild():
    state = GAME.new(2, 1, {"quick": True})                       # seat 1 holds W+4, seat 0 is to play
    state["turn"] = 1
    html = render_table(update_for(state, 1), "en", {"log": [], "wild": "W+4"})
    assert 'data-testid="color-chooser"' in html and "(wild +4)" in html
    for c in "RBGY":
        assert f'data-action="play W+4 color:{c}"' in html
    assert 'data-action="ui:cancel" data-testid="color-chooser-cancel"' in html
    ui = {"log": [], "wild": "W+4"}
    local_action(ui, "ui:cancel")
    assert ui["wild"] is None
    assert 'data-testid="color-chooser"' not in render_table(update_for(state, 1), "en", ui)
    state["pending"] = 2                                          # a +2 is pending: the +4 may not answer it
    html = render_table(update_for(state, 1), "en", {"log": [], "wild": "W+4"})
    assert "play W+4 color:" not in html


def test_card_names_in_both_languages():
    assert card_name("es", "R7") == "rojo 7"
    assert card_name("en", "B+2") == "blue draw two"
    assert card_name("es", "W+4") == "comodín +4"
    assert card_name("en", "GS") == "green skip"


def test_setup_form_has_every_option():
    html = render_setup("en", GAME, {"opponents": 2, "level": "easy", "quick": False, "target": 300,
                                     "pairs": False, "turn_timer": 30})
    for testid in ("opt-opponents-1", "opt-opponents-3", "opt-mode-quick", "opt-mode-points", "opt-target",
                   "opt-pairs", "opt-timer-0", "opt-timer-30", "btn-start"):
        assert f'data-testid="{testid}"' in html
    assert 'value="300"' in html
    assert re.search(r'value="2" data-testid="opt-opponents-2"|checked[^>]*opt-opponents-2', html)


def test_local_session_rejection_reaches_the_ui_and_changes_nothing():
    host = Host("chupate", [SeatSpec("Ana", player="player-local-1"), SeatSpec("Bot", bot="easy")], 3,
                {"quick": True})
    received = []
    session = LocalSession(host, "player-local-1", received.append)
    before = GAME.to_json(host.state)
    if host.state["turn"] == 0:
        rejection = session.send("pass")               # passing before drawing is refused
        assert rejection["code"] == "draw_first"
    else:
        rejection = session.send("draw")
        assert rejection["code"] == "not_your_turn"
    assert received[-1]["type"] == "rejected"
    assert GAME.to_json(host.state) == before
    json.dumps(received)


def test_setup_form_for_every_game_reads_back_into_valid_options():
    from tapete.core import ids
    from tapete.ui.setup import default_settings, options_of, read_settings
    for game_id in ids():
        game = get(game_id)
        settings = default_settings(game)
        html = render_setup("es", game, settings)
        assert 'data-testid="btn-start"' in html and f'data-setup="{game_id}"' in html
        form = {"opponents": "1", "level": "hard", "mode": "points", "target": "300", "limit": "80",
                "timer": "15", "pairs": "on"}
        chosen = read_settings(game, form, settings)
        assert chosen["opponents"] == 1 and chosen["level"] == "hard"
        game.new(chosen["opponents"] + 1, 1, options_of(game, chosen))   # valid for the engine
        bad = read_settings(game, {"opponents": "99", "level": "god", "target": "x", "timer": "7"}, settings)
        assert bad["opponents"] == settings["opponents"] and bad["level"] == settings["level"]


def test_lobby_shows_join_code_check_numbers_and_wrong_tries_in_both_languages():
    from tapete.ui.room_ui import render_lobby
    lobby = {"seats": [{"kind": "host", "name": "Ana", "connected": True},
                       {"kind": "player", "name": "Beto", "connected": True},
                       {"kind": "player", "name": "Cleo", "connected": True}], "you": 0}
    for lang, words, locked in (("es", ("Código para entrar", "Número de control", "1 de 3"), "bloqueado"),
                                ("en", ("Code to join", "Check number", "1 of 3"), "locked")):
        html = render_lobby(lang, lobby, code="ABCDEF", link="x", is_host=True, join_code="305-KMPQR",
                            checks={1: "0427"}, code_state={"failures": 1, "locked": False, "max": 3})
        assert all(w in html for w in words), html
        assert re.search(r'data-testid="room-join-code"[^>]*>305-KMPQR<', html)
        assert re.search(r'data-testid="lobby-check-1"[^>]*>0427<', html) and "lobby-check-2" not in html
        assert re.search(r'data-testid="room-code-failures"[^>]*data-failures="1"[^>]*data-locked="0"', html) \
            or re.search(r'data-failures="1"[^>]*data-locked="0"[^>]*data-testid="room-code-failures"', html)
        shut = render_lobby(lang, lobby, code="ABCDEF", link="x", is_host=True, join_code="305-KMPQR",
                            code_state={"failures": 3, "locked": True, "max": 3})
        assert locked in shut and 'data-locked="1"' in shut
        quiet = render_lobby(lang, lobby, code="ABCDEF", link="x", is_host=True, join_code="305-KMPQR",
                             code_state={"failures": 0, "locked": False, "max": 3})
        assert "room-code-failures" not in quiet
        guest = render_lobby(lang, lobby, code="ABCDEF", link="x", is_host=False, check="0427")
        assert re.search(r'data-testid="room-check"[^>]*>0427<', guest) and "room-join-code" not in guest
        assert "room-check" not in render_lobby(lang, lobby, code="ABCDEF", link="x", is_host=False)
        escaped = render_lobby(lang, lobby, code="ABCDEF", link="x", is_host=False, check="<b>")
        assert "<b>" not in escaped


def test_lobby_lists_newcomers_asking_to_join_with_admit_and_refuse_in_both_languages():
    from tapete.ui.room_texts import code_failure
    from tapete.ui.room_ui import render_lobby
    lobby = {"seats": [{"kind": "host", "name": "Ana", "connected": True}, {"kind": "open", "name": ""}], "you": 0}
    asking = [{"player": "kAAAAAAAAAAAAAAAAAAAAAA", "name": "Quintiliano", "number": "0427"},
              {"player": "kBBBBBBBBBBBBBBBBBBBBBB", "name": "<b>x</b>", "number": "9313"}]
    for lang, words in (("es", ("Piden entrar", "Admitir", "Rechazar", "Admitir a Quintiliano (número 0427)")),
                        ("en", ("Asking to join", "Admit", "Refuse", "Admit Quintiliano (number 0427)"))):
        html = render_lobby(lang, lobby, code="ABCDEF", link="x", is_host=True, asking=asking)
        assert all(w in html for w in words), html
        assert re.search(r'<button[^>]*data-action="room-admit kAAAAAAAAAAAAAAAAAAAAAA"[^>]*data-testid="btn-admit-0"', html)
        assert re.search(r'<button[^>]*data-action="room-refuse kBBBBBBBBBBBBBBBBBBBBBB"[^>]*data-testid="btn-refuse-1"', html)
        assert re.search(r'data-testid="asking-number-0"[^>]*>0427<', html)
        assert "<b>x</b>" not in html                                  # names are text
        assert "room-asking" not in render_lobby(lang, lobby, code="ABCDEF", link="x", is_host=True)
        assert "room-asking" not in render_lobby(lang, lobby, code="ABCDEF", link="x", is_host=False, asking=asking)
        tried = render_lobby(lang, lobby, code="ABCDEF", link="x", is_host=False, check="0427", code_failed=2)
        assert re.search(r'data-testid="room-code-tries"[^>]*data-failed="2"', tried) and "2" in tried
        assert "room-code-tries" not in render_lobby(lang, lobby, code="ABCDEF", link="x", is_host=False, check="1")
    # a failed join code: every failed try counted, what the answer said about tries left only when given
    assert code_failure("en", "refused", 1, 2) == ("That code was not accepted: it is wrong, or someone who does not "
                                                   "know it answered. Failed tries: 1. Tries left before it locks: 2.")
    assert "Intentos fallidos: 3." in code_failure("es", "unproven", 3) and "quedan" not in code_failure("es", "silent", 3)
    assert "bloqueado" in code_failure("es", "locked", 0) and "locked" in code_failure("en", "locked", 0)
    # a `locked` proves nothing (no key is shared with whoever sent it): the text says so (issue 42)
    assert "without proving it knows the code" in code_failure("en", "locked", 0)
    assert "sin demostrar que conoce el código" in code_failure("es", "locked", 0)
    assert code_failure("en", "no_host", 0).startswith("No room answered")
    assert code_failure("en", "refused", 1).again("es").startswith("No se aceptó")


def test_friends_box_says_when_offline_in_both_languages():
    from tapete.ui.room_ui import render_friends_box
    for lang, words in (("es", "Sin conexión"), ("en", "You are offline")):
        offline = render_friends_box(lang, "Ana", offline=True)
        assert 'data-testid="friends-offline"' in offline and words in offline
        assert re.search(r'<button[^>]*data-testid="btn-create-room"[^>]*disabled', offline)
        assert re.search(r'<button[^>]*data-testid="btn-join"[^>]*disabled', offline)
        online = render_friends_box(lang, "Ana")
        assert "friends-offline" not in online and "disabled" not in online


# ----- room screens: escaping, kick and lock, the deal line (tapete.ui.room_ui) --------------------
def test_lobby_shows_names_as_text_and_gives_the_host_kick_and_lock():
    from tapete.ui.room_ui import render_lobby
    markup = '<img src=x onerror="alert(1)">'
    lobby = {"v": 1, "type": "lobby", "game": "chupate", "started": False, "you": 0, "locked": False,
             "seats": [{"kind": "host", "name": "Ana", "connected": True},
                       {"kind": "player", "name": markup, "connected": True}, {"kind": "open", "name": ""}]}
    for lang in ("es", "en"):
        html = render_lobby(lang, lobby, code="ABCDEF", link=None, is_host=True, message=markup)
        assert "<img" not in html and "&lt;img src=x" in html
        assert 'data-testid="btn-kick-1"' in html and 'data-testid="btn-kick-0"' not in html
        assert 'data-testid="btn-kick-2"' not in html and 'data-testid="btn-lock-room"' in html
        assert 'data-testid="room-locked"' not in html
    guest = render_lobby("en", {**lobby, "locked": True, "you": 1}, code="ABCDEF", link=None, is_host=False)
    assert "btn-kick" not in guest and "btn-lock-room" not in guest and 'data-testid="room-locked"' in guest
    dealing = render_lobby("es", {**lobby, "dealing": True}, code="ABCDEF", link=None, is_host=False)
    assert 'data-testid="room-dealing"' in dealing and "Repartiendo" in dealing
    assert "room-dealing" not in render_lobby("es", lobby, code="ABCDEF", link=None, is_host=False)
    failed = render_lobby("es", None, code="ABCDEF", link=None, is_host=False, failed=True)
    assert 'data-testid="btn-join-retry"' in failed and "Reintentar" in failed


def test_status_line_says_the_room_servers_were_lost_and_are_back_without_a_retry():
    from tapete.ui.room_texts import TEXT
    from tapete.ui.room_ui import render_lobby, status_tag
    back = {"state": "back", "open": 1, "total": 1, "peers": 2}
    for lang, lost_word, back_word in (("es", "perdido", "han vuelto"), ("en", "Lost", "are back")):
        assert TEXT[lang]["status.lost"] != TEXT["en" if lang == "es" else "es"]["status.lost"]
        lost = render_lobby(lang, None, code="ABCDEF", link=None, is_host=True, status={"state": "lost"})
        assert 'data-state="lost"' in lost and lost_word in lost and "btn-room-retry" not in lost
        line = status_tag(lang, back, "room-status table-note")
        assert 'data-state="back"' in line and back_word in line and "table-note" in line and "1" in line
    error = render_lobby("en", None, code="ABCDEF", link=None, is_host=True, status={"state": "error"})
    assert 'data-state="error"' in error and "btn-room-retry" in error      # never connected: Retry


def test_deal_line_in_both_languages():
    from tapete.net.deal import REASONS
    from tapete.ui.room_texts import TEXT
    from tapete.ui.room_ui import render_deal
    assert 'data-testid="deal-checking"' in render_deal("es", None)
    assert "Reparto verificado" in render_deal("es", (True, "")) and "Deal verified" in render_deal("en", (True, ""))
    for why in REASONS:
        for lang in ("es", "en"):
            assert "why." + why in TEXT[lang]
            html = render_deal(lang, (False, why))
            assert 'data-testid="deal-not-verified"' in html and TEXT[lang]["why." + why][:20] in html
    # what was verified, said exactly: a restart after our reveal, or no share in the deal
    assert 'data-testid="deal-restarted"' in render_deal("en", (True, "restarted", 2))
    assert "2 time(s)" in render_deal("en", (True, "restarted", 2)) and "among 3 deals" in render_deal(
        "en", (True, "restarted", 2))
    assert "entre 3 repartos" in render_deal("es", (True, "restarted", 2))
    for lang, words in (("es", "no tuviste parte"), ("en", "no share")):
        html = render_deal(lang, (True, "no_share", 0))
        assert 'data-testid="deal-no-share"' in html and words in html and "deal-verified" not in html


# ----- messages said again after a switch of language (tapete.ui.i18n.Said) -------------------------

def test_said_messages_follow_a_switch_of_language():
    from tapete.ui.i18n import Said, refusal as refusal_text, resay, t
    from tapete.ui.room_texts import rsaid, rt
    refused = Said.of("es", lambda lang: t(lang, "refused", reason=refusal_text(lang, "no_match", "engine words")))
    assert refused == t("es", "refused", reason=refusal_text("es", "no_match", "engine words"))
    english = resay(refused, "en")
    assert english == t("en", "refused", reason=refusal_text("en", "no_match", "engine words")) != refused
    assert resay(english, "es") == refused and english.same(refused) and refused.same(resay(english, "es"))
    retry = rsaid("es", "join_retry", n=2, of=4)
    assert retry == rt("es", "join_retry").format(n=2, of=4)
    assert resay(retry, "en") == rt("en", "join_retry").format(n=2, of=4) != retry
    assert not retry.same(rsaid("es", "join_retry", n=2, of=4))     # another message with the same words
    assert not retry.same("plain text") and resay("a peer's words", "en") == "a peer's words"
    assert resay("", "en") == "" and resay(None, "en") is None
    assert rsaid("en", "copied") == rt("en", "copied") and resay(rsaid("en", "copied"), "es") == rt("es", "copied")
