"""Write the seeded worked examples of docs/engine.md and docs/games/*.md as doctests.

    python3 scripts/doc_examples.py          # rewrite the blocks between the example markers
    python3 scripts/doc_examples.py --check  # exit 1 if a block would change

Each example is a short seeded game: the first seed (from a fixed start) whose opening moves show what
the page wants to show, played by a fixed policy (the first shedding action, else the first legal one)
and printed as a doctest. tests/unit/test_docs.py runs every ```python block of the docs, so a change of
the deal or of a rule that alters an example fails ``make test``; then rerun this script and read the
diff. Blocks sit between ``<!-- example:NAME -->`` and ``<!-- /example:NAME -->``.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from tapete.core import TapeteError, get, public_events  # noqa: E402

SHED_VERBS = ("play", "match", "swap", "take", "flip", "discard", "place")


def policy(legal: list[str]) -> str:
    """The first action that puts a card down or turns one up without naming a colour or suit (a wild is
    kept), else the first that puts one down, else the first legal action."""
    sheds = [a for a in legal if a.split(" ", 1)[0] in SHED_VERBS]
    plain = [a for a in sheds if "color:" not in a and "suit:" not in a]
    return (plain or sheds or legal)[0]


def moves(game, state, count: int) -> list[tuple[int, str, list]]:
    """Play ``count`` moves with :func:`policy` on a copy-free state; return (seat, action, events)."""
    out = []
    for _ in range(count):
        if state["over"]:
            break
        seat = game.to_move(state)[0]
        action = policy(game.legal_actions(state, seat))
        out.append((seat, action, game.apply(state, seat, action)))
    return out


def show(value) -> str:
    return repr(value)


class Example:
    """One doctest: ``setup`` lines, then ``count`` policy moves, then ``tail`` lines."""

    def __init__(self, game_id: str, players: int, options: dict | None, count: int, summary: str,
                 wanted, first_seed: int = 1, tail=None):
        self.game_id, self.players, self.options, self.count = game_id, players, options, count
        self.summary, self.wanted, self.first_seed, self.tail = summary, wanted, first_seed, tail

    def seed(self) -> int:
        game = get(self.game_id)
        for seed in range(self.first_seed, self.first_seed + 5000):
            state = game.new(self.players, seed, self.options)
            played = moves(game, state, self.count)
            if self.wanted(played, state):
                return seed
        raise SystemExit(f"no seed shows the wanted example for {self.game_id}")

    def render(self) -> str:
        game = get(self.game_id)
        seed = self.seed()
        opts = "" if self.options is None else f", {self.options!r}"
        lines = ["```python", ">>> from tapete.core import get, public_events",
                 f">>> g = get({self.game_id!r}); s = g.new({self.players}, {seed}{opts})"]
        state = game.new(self.players, seed, self.options)
        env = {"g": game, "s": state, "public_events": public_events}
        lines += [f">>> {self.summary}", show(eval(self.summary, env))]
        played = moves(game, state, self.count)
        for seat, action, events in played[:-1]:
            lines += [f">>> g.apply(s, {seat}, {action!r})", show(events)]
        seat, action, events = played[-1]
        lines += [f">>> events = g.apply(s, {seat}, {action!r})", ">>> events", show(events)]
        env["events"] = events
        if self.tail:
            for expr in self.tail(game, state):
                lines.append(f">>> {expr}")
                *statements, last = expr.split("#")[0].split("; ")
                try:
                    for statement in statements:
                        exec(statement, env)
                    value = eval(last, env)
                except TapeteError as err:
                    lines += ["Traceback (most recent call last):",
                              f"{type(err).__module__}.{type(err).__name__}: {err}"]
                    continue
                if value is not None:
                    lines.append(show(value))
        return "\n".join(lines + ["", "```"])


def verbs(played) -> list[str]:
    return [a.split(" ", 1)[0] for _, a, _ in played]


def types_of(played) -> set[str]:
    return {e["type"] for _, _, events in played for e in events}


def other(state) -> int:
    return (state["turn"] + 1) % state["players"]


EXAMPLES = {
    ("engine.md", "chupate"): Example(
        "chupate", 2, {"quick": True}, 2, 's["first"], s["turn"], s["discard"][-1], g.legal_actions(s, s["turn"])',
        lambda p, s: verbs(p)[:1] == ["play"] and verbs(p)[1:] == ["draw"] and "passed" in types_of(p[1:]),
        tail=lambda g, s: [f"public_events(events, {s['turn']})                # what the other seat is told",
                           f'v = g.view(s, {s["turn"]}); v["counts"], v["top"], v["turn"]',
                           f'g.apply(s, {other(s)}, "draw")']),
    ("games/chupate.md", "chupate"): Example(
        "chupate", 3, None, 8, 's["first"], s["turn"], s["direction"], s["discard"][-1], s["color"], g.view(s, s["turn"])["hand"]',
        lambda p, s: any(a.startswith("play W") for _, a, _ in p) and "passed" in types_of(p)
        and any(a.endswith("+2") for _, a, _ in p)),
    ("games/taki.md", "taki"): Example(
        "taki", 3, None, 8, 's["first"], s["turn"], s["direction"], s["discard"][-1], s["color"], g.view(s, s["turn"])["hand"]',
        lambda p, s: "taki_opened" in types_of(p) and any(s["phase"] == "plus" or a.endswith("+")
                                                         for _, a, _ in p)),
    ("games/francesa.md", "francesa"): Example(
        "francesa", 2, None, 7, 's["first"], s["turn"], s["direction"], s["discard"][-1], s["suit"], g.view(s, s["turn"])["hand"]',
        lambda p, s: any(a[5] == "9" for _, a, _ in p if a.startswith("play ")) and "draw" in verbs(p),
        tail=lambda g, s: ['s["direction"]                      # a 9 with two players: a normal card']),
    ("games/skypo.md", "skypo"): Example(
        "skypo", 2, None, 7, 's["phase"], g.to_move(s), s["discard"][-1]',
        lambda p, s: "first_turn" in types_of(p) and bool({"took", "swapped"} & types_of(p)),
        tail=lambda g, s: ['v = g.view(s, 0); v["phase"], v["turn"], v["grids"][0], v["top"], v["down_counts"]']),
    ("games/dos.md", "dos"): Example(
        "dos", 2, None, 6, 's["dealer"], s["turn"], s["center"], g.view(s, s["turn"])["hand"]',
        lambda p, s: "matched" in types_of(p) and "row_refilled" in types_of(p)),
}


def rewrite(check: bool) -> int:
    changed = []
    for (page, name), example in EXAMPLES.items():
        path = ROOT / "docs" / page
        text = path.read_text()
        pattern = re.compile(rf"(<!-- example:{name} -->\n)(?:.*?\n)?(<!-- /example:{name} -->)", re.S)
        if not pattern.search(text):
            raise SystemExit(f"{page}: markers for example {name!r} not found")
        new = pattern.sub(lambda m: m.group(1) + example.render() + "\n" + m.group(2), text)
        if new != text:
            changed.append(page)
            if not check:
                path.write_text(new)
    for page in changed:
        print(("would change " if check else "rewrote ") + page)
    return 1 if check and changed else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true")
    sys.exit(rewrite(parser.parse_args().check))
