"""The hard Skypo bot's tactics on constructed tables (the shared Skypo tests are in test_bots.py)."""

from __future__ import annotations

import random

from test_bots import N, skypo_choice, skypo_view

from tapete.bots import skypo
from tapete.bots.skypo import SkypoHard


def counted_table(drawn, closer=None):
    """Seat 0 with every cell face down, seat 1 too, and more seats whose grids show every -2, -1 and
    0: an unseen card is worth ~6.4 instead of the deck's 5.07."""
    view = skypo_view([[N] * 4] * 3, [[N] * 4] * 3, drawn=drawn, closer=closer)
    cards = ["-2"] * 5 + ["-1"] * 10 + ["0"] * 15
    while cards:
        view["grids"].append([[cards.pop() if cards else "1" for _ in range(3)] for _ in range(4)])
    view["players"] = len(view["grids"])
    view["down_counts"] = [12, 12] + [0] * (view["players"] - 2)
    return view


def test_hard_counts_the_cards_on_the_table():
    # Last turn (seat 1 closed): a drawn 6 is worth keeping in a face-down place only when an unseen
    # card is worth more than 6, which only counting the table shows; medium assumes 5.07 and flips.
    view = counted_table("6", closer=1)
    assert all(a.startswith("swap") for a in skypo_choice("hard", view))
    assert all(a.startswith("discard flip:") for a in skypo_choice("medium", view))


def legal_for(view):
    legal = []
    for col, column in enumerate(view["grids"][0]):
        for row, cell in enumerate(column):
            legal.append(f"swap {row},{col}")
            if cell is None:
                legal.append(f"discard flip:{row},{col}")
    return legal


def hard_choice(view, lookahead):
    bot = SkypoHard()
    bot.lookahead = lookahead
    return bot.choose(view, legal_for(view), True, random.Random(0))


def test_hard_looks_one_turn_ahead_and_turns_a_card_up_to_learn_it():
    # A drawn 5 over the face-up 7 saves 2 points now. Looking one turn ahead, turning a card up is
    # worth more: a high card found is replaced next turn, and the 7 can still go later. One move deep
    # (LOOKAHEAD off) the bot takes the 2 points.
    assert skypo.LOOKAHEAD is True
    view = skypo_view([["7", N, N, N], [N, N, N, N], [N, N, N, N]], [[N] * 4] * 3, drawn="5")
    assert hard_choice(view, lookahead=False) == "swap 0,0"
    assert hard_choice(view, lookahead=True).startswith("discard flip:")
    assert skypo_choice("hard", view) == {hard_choice(view, lookahead=True)}


def test_hard_plays_its_last_turn_one_move_deep():
    # After a close there is no next turn: the same table is played for the 2 points now.
    view = skypo_view([["7", N, N, N], [N, N, N, N], [N, N, N, N]], [[N] * 4] * 3, drawn="5", closer=1)
    assert hard_choice(view, lookahead=True) == "swap 0,0"


def test_hard_keeps_no_tables_between_decisions():
    # The per-decision tables (which hold the view) are dropped when the choice is made.
    bot = SkypoHard()
    view = skypo_view([["7", N, N, N], [N, N, N, N], [N, N, N, N]], [[N] * 4] * 3, drawn="5")
    bot.choose(view, legal_for(view), True, random.Random(0))
    assert getattr(bot, "_t", None) is None


def test_hard_handles_a_pair_whose_third_card_is_all_on_the_table():
    # A pair of 12s in a column while every other 12 lies face up elsewhere: the pair has no hope of its
    # third card (no unseen copy), and the bot still decides, with a legal move.
    from tapete.games.skypo import DECK_COUNTS

    view = skypo_view([["12", N, N, N], ["12", N, N, N], [N, N, N, N]], [[N] * 4] * 3, drawn="3")
    twelves = ["12"] * (DECK_COUNTS["12"] - 2)
    while twelves:
        view["grids"].append([[twelves.pop() if twelves else "1" for _ in range(3)] for _ in range(4)])
    view["players"] = len(view["grids"])
    view["down_counts"] = [10, 12] + [0] * (view["players"] - 2)
    assert "12" not in SkypoHard().unseen(view)
    for lookahead in (False, True):
        assert hard_choice(view, lookahead) in legal_for(view)
