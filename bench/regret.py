#!/usr/bin/env python3
"""Can a one-step lookahead improve on a hard bot? A research bench, not in `make bench` (minutes to hours).

Games of one hard seat against three medium (seeds and seats of bench/bots.py's one-against-three rows;
``--rounds``: only the first round of each, for points games).
At each of the hard seat's turns with a choice, every legal move is played out in ``--worlds`` sampled
deals of the cards hidden from that seat (``tapete.selftest.reshuffled_hidden``, the engine's generator
reseeded), with a copy of the hard bot for its own seat and medium bots for the others; every move
meets the same deals and the same generators (common random numbers). Half the deals choose the best
move, the other half judge it against the hard bot's own choice, so the estimate is not biased by the
choice. A play-out runs to the end of the game (first-out games: worth 1 when the seat wins) or of the
round (points games, DOS and the French deck: the round's points against the others' mean, as in
bench/search.py). Printed per kind of decision: how often the lookahead would change the move, and the
points of value per game the change gains (negative: the lookahead chose worse than the bot).

    python3 bench/regret.py [--game chupate] [--first 100] [--games 25] [--worlds 200]
    python3 bench/regret.py --game dos --rounds --first 0 --games 30 --worlds 40
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import sys
import time
from collections import defaultdict

from bots import GAMES, share
from search import POINTS_GAMES, POINTS_SCALE, _arrange


def kind(view: dict, choice: str) -> str:
    """The decision's kind: answers (a +4, a pending chain, a drawn card) or what the bot plays."""
    if view.get("phase") == "wild4":
        return "answer a +4"
    if view.get("pending"):
        return "answer a chain"
    if view.get("phase") == "drawn":
        return "the drawn card"
    words = choice.split(" ")
    if words[0] != "play":
        return words[0]
    card = words[1]
    rank = card if card[0] == "W" else card[1:]
    danger = min(c for s, c in enumerate(view["counts"]) if s != view["seat"]) <= 2
    return ("a wild" if card[0] == "W" else "a number" if rank.isdigit() else "an action card") + \
        (", someone about to go out" if danger else "")


def play_out(game, state: dict, mine: int, bots: list, rng: random.Random) -> float:
    """Play to the end: of the game in first-out games (1 when ``mine`` wins), of the round in points
    games (0.5 plus the round's points against the others' mean, scaled as bench/search.py does)."""
    from tapete.sim import MAX_ACTIONS, step

    sign, round_no, before = POINTS_GAMES.get(game.id), state.get("round"), list(state["scores"])
    for _ in range(MAX_ACTIONS):
        if state["over"] or (sign and (state.get("round") != round_no or state.get("phase") == "round_over")):
            break
        step(game, state, bots, rng)
    if not sign:
        return share(state, {mine}) if state["over"] else 0.0
    delta = [a - b for a, b in zip(state["scores"], before)]
    others = [d for s, d in enumerate(delta) if s != mine]
    return 0.5 + sign * (delta[mine] - sum(others) / len(others)) / (2 * POINTS_SCALE)


def lookahead(game, state: dict, seat: int, bots: list, deals: int, worlds: random.Random) -> dict:
    """Each legal move of ``seat`` played out in ``deals`` sampled deals of its hidden cards (the same
    deals and generators for every move): ``{action: [share of each play-out]}``. ``state`` is untouched."""
    from tapete.bots import make_bot
    from tapete.selftest import reshuffled_hidden

    legal = game.legal_actions(state, seat)
    text, wins = game.to_json(state), {a: [] for a in legal}
    for _ in range(deals):
        deal_seed = worlds.getrandbits(64)
        world = json.loads(text)
        with reshuffled_hidden(game, world, seat, random.Random(deal_seed), _arrange(game.id, world)):
            dealt = game.to_json(world)                    # taken inside: the reshuffled deal
        for action in legal:
            table = json.loads(dealt)
            table["rng"] = "%064x" % random.Random(deal_seed + 1).getrandbits(256)
            players = [copy.deepcopy(bots[s]) if s == seat else make_bot("medium", game.id)
                       for s in range(len(bots))]
            game.apply(table, seat, action)
            wins[action].append(play_out(game, table, seat, players, random.Random(deal_seed + 2)))
    return wins


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="chupate", choices=["chupate", "taki", "dos", "francesa"])
    parser.add_argument("--rounds", action="store_true", help="points games: only each game's first round")
    parser.add_argument("--first", type=int, default=100, help="first seed")
    parser.add_argument("--games", type=int, default=25)
    parser.add_argument("--worlds", type=int, default=200, help="sampled deals per decision (half choose, half judge)")
    args = parser.parse_args()

    from tapete.bots import make_bot
    from tapete.core import get
    from tapete.sim import step

    game, options = get(args.game), GAMES[args.game][1]
    stats = defaultdict(lambda: [0, 0, 0.0])          # kind -> decisions, changed, gain
    worlds = random.Random(12345)
    half = args.worlds // 2
    started = time.time()
    for seed in range(args.first, args.first + args.games):
        mine = seed % 4
        bots = [make_bot("hard" if s == mine else "medium", args.game) for s in range(4)]
        state = game.new(4, seed, options)
        rng = random.Random(seed ^ 0x5EED)
        first_round = state.get("round")
        while not state["over"] and not (args.rounds and (state.get("round") != first_round
                                                          or state.get("phase") == "round_over")):
            seats = game.to_move(state)
            legal = game.legal_actions(state, seats[0])
            if seats == [mine] and len(legal) > 1:
                view = game.view(state, mine)
                choice = copy.deepcopy(bots[mine]).choose(view, legal, True, random.Random(0))
                wins = lookahead(game, state, mine, bots, args.worlds, worlds)
                chosen = max(legal, key=lambda a: (sum(wins[a][:half]), a == choice))
                judged = {a: sum(v[half:]) / (len(v) - half) for a, v in wins.items()}
                row = stats[kind(view, choice)]
                row[0] += 1
                row[1] += chosen != choice
                row[2] += judged[chosen] - judged[choice]
            step(game, state, bots, rng)
        print(f"{seed - args.first + 1} games ({time.time() - started:.0f} s)", file=sys.stderr, flush=True)
    n = args.games
    print(f"{args.game}, one hard seat against three medium, seeds {args.first}-{args.first + n - 1}, "
          f"{args.worlds} deals per decision{', first rounds' if args.rounds else ''}: the lookahead gains "
          f"{100 * sum(r[2] for r in stats.values()) / n:+.2f} points of value per game")
    print("| decision | per game | changed | points per game |\n| --- | ---: | ---: | ---: |")
    for name, (count, changed, gain) in sorted(stats.items(), key=lambda kv: kv[1][2]):
        print(f"| {name} | {count / n:.2f} | {100 * changed / count:.0f}% | {100 * gain / n:+.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
