"""Every worked example of the docs runs as a doctest and prints what the page says (issue 11)."""

import doctest
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "docs" / "engine.md", *sorted((ROOT / "docs" / "games").glob("*.md"))]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_doc_examples_are_true(page):
    result = doctest.testfile(str(page), module_relative=False, optionflags=doctest.ELLIPSIS,
                              raise_on_error=False, report=True)
    assert result.failed == 0, f"{page.name}: {result.failed} of {result.attempted} example lines differ"
    examples = page.read_text().count("<!-- example:")
    assert result.attempted >= 4 * examples, f"{page.name}: fewer doctest lines than its examples hold"


def test_every_rules_page_has_a_worked_example_that_runs():
    for page in PAGES:
        text = page.read_text()
        assert "```python\n>>> " in text, f"{page.name} has no doctest example"


def test_seeded_examples_are_what_the_generator_writes():
    """scripts/doc_examples.py --check: the blocks are exactly what it would write now."""
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "doc_examples.py"), "--check"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("game_id", ["chupate", "skypo", "francesa", "taki", "dos"])
@pytest.mark.long   # over ~4 s: in `make test`, not in `make check`'s loop
def test_every_refusal_code_met_in_play_is_named_on_the_rules_page(game_id):
    """Random games; at every step each seat tries every action text seen legal so far; each
    ``IllegalAction`` code met must be on the game's page (Chúpate 2's ``next`` once raised an
    unnamed ``illegal``)."""
    import random

    from tapete.core import IllegalAction, MalformedAction, NotYourTurn, get

    game = get(game_id)
    page = (ROOT / "docs" / "games" / f"{game_id}.md").read_text()
    rng = random.Random(11)
    seen_actions: set[str] = {"next"}
    codes: dict[str, str] = {}
    for seed in range(4):
        players = 2 + seed % 2
        state = game.new(players, seed)
        for _ in range(300):
            if state["over"]:
                break
            for seat in range(players):
                legal = game.legal_actions(state, seat)
                seen_actions.update(legal)
                others = sorted(seen_actions - set(legal))
                for action in rng.sample(others, min(len(others), 25)):
                    try:
                        game.apply(state, seat, action)
                    except (NotYourTurn, MalformedAction):
                        pass
                    except IllegalAction as err:
                        codes.setdefault(err.code, f"{action!r} by seat {seat} in phase {err.phase}")
                    else:
                        raise AssertionError(f"{action!r} was applied though not legal")
            seat = game.to_move(state)[0]
            game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    missing = {code: example for code, example in codes.items() if f"`{code}`" not in page}
    assert not missing, f"codes not named in docs/games/{game_id}.md: {missing}"
    assert len(codes) >= 3
