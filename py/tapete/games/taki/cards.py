"""Super Taki cards and action notation (sheet 003): codes, the 116-card deck, the table of well-formed texts.

Card codes: a colour letter (R, B, G, Y) then ``1``, ``3``-``9``, ``+2``, ``S`` (stop), ``R`` (cambio de
sentido), ``+`` (más) or ``T`` (TAKI): ``R7``, ``B+2``, ``GS``, ``YR``, ``R+``, ``BT``. Colourless cards:
``CC`` (cambio de color), ``ST`` (Super TAKI), ``K`` (Rey), ``+3`` and ``X3`` (Rompe +3).
"""

from __future__ import annotations

from ...core import MalformedAction, parse

COLORS = ("R", "B", "G", "Y")
COLOR_SET = frozenset(COLORS)
NUMBERS = ("1", "3", "4", "5", "6", "7", "8", "9")     # there is no number 2
PLUS2, STOP, REVERSE, PLUS, TAKI = "+2", "S", "R", "+", "T"
ACTION_RANKS = (PLUS2, STOP, REVERSE, PLUS, TAKI)
CHANGE_COLOR, SUPER_TAKI, KING, PLUS3, BREAKER = "CC", "ST", "K", "+3", "X3"
PLUS_FOLLOWERS = frozenset((CHANGE_COLOR, SUPER_TAKI, KING, PLUS3))   # colourless cards that may follow a Plus
COPIES = 2                       # two of each coloured card
CHANGE_COLOR_COPIES = 4
SUPER_COPIES = 2                 # Super TAKI, King, +3 and breaker: two each
HAND_SIZE = 8
MIN_PLAYERS, MAX_PLAYERS = 2, 10
PLUS2_DRAW = 2
PLUS3_DRAW = 3                   # "las demás jugadoras deben robar 3 cartas"
BREAKER_FINE = 3                 # the +3's player draws 3; a breaker with no +3 costs its player 3
PLUS_LAST_DRAW = 1               # last card a Plus: draw one, not won yet
LAST_CARD_PENALTY = 4            # "¡Me queda una!" forgotten: draw 4
ACTION_POINTS = 20
COLOURLESS_POINTS = 50
PHASES = ("play", "plus", "taki", "king", "game_over")
NO_ARG_VERBS = ("draw", "close", "end", "call", "break")


def build_deck() -> list[str]:
    """The 116 cards of the sheet."""
    cards = []
    for c in COLORS:
        for rank in NUMBERS + ACTION_RANKS:
            cards += [c + rank] * COPIES
    cards += [CHANGE_COLOR] * CHANGE_COLOR_COPIES
    for card in (SUPER_TAKI, KING, PLUS3, BREAKER):
        cards += [card] * SUPER_COPIES
    return cards


DECK = build_deck()
SORTED_DECK = sorted(DECK)
DECK_CODES = frozenset(DECK)
COLOR_PLAYS = {card: ["play " + card + " color:" + c for c in COLORS] for card in (CHANGE_COLOR, SUPER_TAKI)}
# every well-formed action text, parsed once (the grammar check and the parse are one dict lookup)
WELL_FORMED = {text: parse(text) for text in
               ["play " + code for code in sorted(DECK_CODES)]
               + ["play " + code + " color:" + c for code in sorted(DECK_CODES) for c in COLORS]
               + list(NO_ARG_VERBS)}


def is_number(card: str) -> bool:
    """A coloured number card (what the opening card must be)."""
    return card[0] in COLOR_SET and card[1:] in NUMBERS


def card_points(card: str) -> int:
    """Informative hand value (the quick game has no scoring): face value, actions 20, colourless 50."""
    if card[0] not in COLOR_SET:
        return COLOURLESS_POINTS
    return int(card[1:]) if card[1:] in NUMBERS else ACTION_POINTS


def check_grammar(action: object) -> None:
    """Raise :class:`MalformedAction` unless ``action`` is a Super Taki action text at all."""
    verb, args, opts = parse(action)
    if verb == "play":
        if len(args) != 1 or args[0] not in DECK_CODES:
            raise MalformedAction(f"{action!r}: play takes one card code, e.g. 'play R7'")
        if set(opts) - {"color"} or opts.get("color", COLORS[0]) not in COLORS:
            raise MalformedAction(f"{action!r}: the only option is color:R, B, G or Y")
    elif verb in NO_ARG_VERBS:
        if args or opts:
            raise MalformedAction(f"{action!r}: {verb} takes nothing more")
    else:
        raise MalformedAction(f"{action!r}: unknown action {verb!r}")
