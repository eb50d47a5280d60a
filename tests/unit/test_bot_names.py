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
