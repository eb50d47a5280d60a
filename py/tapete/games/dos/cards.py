"""DOS cards: codes, the 108-card deck, values and points, and how a match declares its wilds.

Card codes: a colour letter (``B`` azul, ``G`` verde, ``R`` rojo, ``Y`` amarillo) then a number
``1``, ``3``-``10`` (``B3``, ``Y10``) or ``#`` for that colour's Wild # (``R#``); ``WD`` is a Wild DOS.
"""

from __future__ import annotations

from collections import Counter


COLORS = ("B", "G", "R", "Y")          # 24 azules, 24 verdes, 24 rojas, 24 amarillas
WILD_DOS = "WD"                        # 12 Wild DOS: a 2 of any colour
WILD_NUMBER = "#"                      # two Wild # per colour: any number 1-10 in that colour
TRIPLE_NUMBERS = (1, 3, 4, 5)          # three of each per colour (RULINGS)
DOUBLE_NUMBERS = (6, 7, 8, 9, 10)      # two of each per colour
TRIPLE_COPIES, DOUBLE_COPIES = 3, 2
WILD_NUMBER_COPIES = 2
WILD_DOS_COPIES = 12
WILD_DOS_VALUE = 2
WILD_NUMBER_LOW, WILD_NUMBER_HIGH = 1, 10
WILD_DOS_POINTS = 20                   # Puntuación: DOS salvaje 20
WILD_NUMBER_POINTS = 40                # Salvaje # 40
HAND_SIZE = 7                          # Preparar 2: siete cartas a cada jugador
CENTER_SIZE = 2                        # the centre row always gets back to two cards
DOS_HAND = 2                           # ¡DOS! is called holding exactly two cards
DOS_PENALTY = 2                        # a player caught draws two
DOUBLE_COLOR_DRAW = 1                  # a double colour match: every other player draws one
TARGET = 200                           # first to 200 points wins
SINGLE, DOUBLE = "single", "double"
PHASES = ("play", "bonus", "round_over", "game_over")
TURN_PHASES = ("play", "bonus")


def build_deck() -> list[str]:
    """The 108 cards, in a fixed order."""
    cards = []
    for c in COLORS:
        for n in TRIPLE_NUMBERS:
            cards += [f"{c}{n}"] * TRIPLE_COPIES
        for n in DOUBLE_NUMBERS:
            cards += [f"{c}{n}"] * DOUBLE_COPIES
        cards += [c + WILD_NUMBER] * WILD_NUMBER_COPIES
    return cards + [WILD_DOS] * WILD_DOS_COPIES


DECK = build_deck()
DECK_COUNT = Counter(DECK)


def _info(code: str) -> tuple:
    """(colour or None, lowest value, highest value, points, sort key) of a card code."""
    if code == WILD_DOS:
        return None, WILD_DOS_VALUE, WILD_DOS_VALUE, WILD_DOS_POINTS, (len(COLORS), 0)
    color, rank = code[0], code[1:]
    order = COLORS.index(color)
    if rank == WILD_NUMBER:
        return color, WILD_NUMBER_LOW, WILD_NUMBER_HIGH, WILD_NUMBER_POINTS, (order, WILD_NUMBER_HIGH + 1)
    n = int(rank)
    return color, n, n, n, (order, n)


INFO = {code: _info(code) for code in set(DECK)}
RANGE = {code: (info[1], info[2]) for code, info in INFO.items()}
MAX_TARGET = max(hi for _, _, hi, _, _ in INFO.values())


def sort_key(code: str) -> tuple:
    """Hand order: by colour (B, G, R, Y), then number, Wild # last of its colour, Wild DOS at the end."""
    return INFO[code][4]


def card_points(code: str) -> int:
    return INFO[code][3]


def dealer_value(code: str) -> int:
    """Preparar 1: the number on the card, symbols (Wild DOS, Wild #) count zero."""
    color, lo, hi, _, _ = INFO[code]
    return lo if color is not None and lo == hi else 0


def resolve(cards: list[str], target: str) -> dict:
    """Declare the wilds of a match and tell its colour bonus.

    Values: the lowest sum the cards can make that the target can equal (any choice is equivalent).
    Colours: a Wild DOS takes the one colour shared by the other cards (colour bonus) when there is
    one; the bonus needs every fixed colour among the played cards and the target to be the same.
    """
    _, tlo, thi, _, _ = INFO[target]
    infos = [INFO[c] for c in cards]
    if len(cards) == 1:
        values = [max(infos[0][1], tlo)]
        total = values[0]
    else:
        (_, alo, _, _, _), (_, blo, bhi, _, _) = infos
        total = max(alo + blo, tlo)
        first = max(alo, total - bhi)
        values = [first, total - first]
    fixed = [i[0] for i in infos if i[0] is not None]
    tcolor = INFO[target][0]
    if tcolor is not None:
        fixed.append(tcolor)
    distinct = set(fixed)
    if len(distinct) <= 1:
        color = fixed[0] if fixed else COLORS[0]
        bonus = SINGLE if len(cards) == 1 else DOUBLE
    else:
        color = tcolor if tcolor is not None else fixed[0]
        bonus = None
    colors = [i[0] or color for i in infos]
    return {"values": values, "target_value": total, "colors": colors, "target_color": tcolor or color,
            "bonus": bonus}


def fits(lo: int, hi: int, target: str) -> bool:
    """Can a card (or pair) worth ``lo``..``hi`` equal ``target``?"""
    _, tlo, thi, _, _ = INFO[target]
    return lo <= thi and hi >= tlo
