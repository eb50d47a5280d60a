"""Issue 31: bots have names per language (py/tapete/ui/bot_names.py)."""

from tapete.ui.bot_names import NAMES, bot_names


def test_bot_names_are_stable_per_seed_distinct_and_in_the_language():
    for lang in ("es", "en"):
        for seed in (0, 1, 12345, "ab" * 32):
            names = bot_names(lang, 3, seed)
            assert names == bot_names(lang, 3, seed)                 # the same seed, the same bots
            assert len(set(names)) == 3 and set(names) <= set(NAMES[lang])
    assert len({tuple(bot_names("en", 3, s)) for s in range(20)}) > 5   # seeds draw different tables
    assert bot_names("fr", 2, 7) == bot_names("es", 2, 7)             # another language: Spanish


def test_a_bot_never_takes_the_humans_name():
    for seed in range(200):
        assert "Emma" not in bot_names("en", 9, seed, avoid=" emma ")
        assert "Lucía" not in bot_names("es", 9, seed, avoid="LUCÍA")


def test_a_rooms_bots_are_named_as_a_local_games_bots():
    """Issue 32: the host's "Add bot" names its bots from the same lists as a game against bots (no
    "Bot n"), in the host's language, stable per room code, never a name a seat already has."""
    from tapete.ui.bot_names import next_bot_name, room_bot_name
    from test_net import PLAYERS, ROOM, Table

    for lang in ("es", "en"):
        first = bot_names(lang, 1, ROOM)[0]
        table = Table(guests=0, seats=4)
        table.guests = [table.join("peer-g0", PLAYERS[0], first)]        # a guest named as bot 1 would be
        msgs = table.guest_msgs[PLAYERS[0]]
        assert table.guests[0].seat == 1
        for _ in range(2):
            assert table.room.add_bot("easy", room_bot_name(lang, table.room)) is not None
        seats = msgs[-1]["seats"]                              # what the guest's lobby shows
        assert [s["kind"] for s in seats] == ["host", "player", "bot", "bot"]
        bots = [s["name"] for s in seats[2:]]
        assert len(set(bots)) == 2 and set(bots) <= set(NAMES[lang]) and first not in bots, bots
        assert bots == [n for n in bot_names(lang, 12, ROOM) if n != first][:2]   # stable per room code
        assert room_bot_name(lang, table.room) not in bots + [first, "Ana"]
    assert next_bot_name("en", [*NAMES["en"], "Bot 1"], "X") == "Bot 2"             # every name taken
    assert next_bot_name("fr", [], 3) in NAMES["es"]
