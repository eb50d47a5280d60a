'''The lab's starting bots: one per game in Spanish and English (``TEMPLATES[game][lang]``).

Each is a whole module that defines ``choose(view, legal)`` (Spanish: ``elegir(vista, legales)``) with
the seat's view documented beside it, in the formats of docs/engine.md and docs/games/. Each plays
every game to its end without an error (tests/unit/test_lab.py plays 20 games of each against easy).
'''

from __future__ import annotations

CHUPATE_EN = '''\
# My bot for Chúpate 2.
#
# choose(view, legal) is called every time your seat may act: return one of the texts in legal.
#
# legal: what you may do now, for example
#   ["play R7", "play W color:G", "draw"]   on your turn (a wild names its colour: color:R/B/G/Y)
#   ["pass", "play R7"]                     you drew a card: play it, or pass
#   ["challenge", "draw"]                   a +4 came to you: say "Liar!" or take the four
#   ["ultima"], ["denounce"]                calls, sometimes when it is not your turn: then you may
#                                           also return None to let the moment go
# view: what your seat sees (docs/games/chupate.md lists every field)
#   view["hand"]       your cards: "R7" is a red 7 (R red, B blue, G green, Y yellow),
#                      "B+2" blue draw-two, "GS" green skip, "YR" yellow reverse, "W" wild, "W+4"
#   view["top"]        the card on the pile      view["color"]  the colour to follow
#   view["counts"]     how many cards each seat holds (a list, one number per seat)
#   view["seat"]       your seat                 view["players"]  how many seats
#   view["direction"]  1 or -1: the next seat is (view["seat"] + view["direction"]) % view["players"]
#   view["pending"]    cards a +2 chain makes you draw (0 when none)
#   view["phase"]      "play", "drawn" (you drew a card) or "wild4" (a +4 waits for your answer)


def colour_of(action):
    """The colour an action turns the pile to: "play R7" -> "R", "play W color:G" -> "G"."""
    if "color:" in action:
        return action.split("color:")[1]
    return action.split(" ")[1][0]


def choose(view, legal):
    # 1. Call "última" and denounce whoever forgot to: always.
    for action in legal:
        if action in ("ultima", "denounce"):
            return action
    # 2. Play a card when you can, towards the colour you hold most.
    hand = view["hand"]
    plays = [a for a in legal if a.startswith("play ")]
    if plays:
        return max(plays, key=lambda a: sum(1 for card in hand if card[0] == colour_of(a)))
    # 3. Nothing to play: pass after drawing, else draw.
    for action in ("pass", "draw"):
        if action in legal:
            return action
    return legal[0]
'''

CHUPATE_ES = '''\
# Mi bot para Chúpate 2.
#
# elegir(vista, legales) se llama cada vez que tu asiento puede actuar: devuelve uno de los textos
# de legales.
#
# legales: lo que puedes hacer ahora, por ejemplo
#   ["play R7", "play W color:G", "draw"]   en tu turno (un comodín nombra su color: color:R/B/G/Y)
#   ["pass", "play R7"]                     has robado una carta: échala o pasa
#   ["challenge", "draw"]                   te llega un +4: di «¡Mentira!» o roba las cuatro
#   ["ultima"], ["denounce"]                avisos, a veces fuera de tu turno: entonces también
#                                           puedes devolver None para dejarlo pasar
# vista: lo que ve tu asiento (docs/games/chupate.md tiene todos los campos)
#   vista["hand"]       tus cartas: "R7" es un 7 rojo (R rojo, B azul, G verde, Y amarillo),
#                       "B+2" chúpate 2 azul, "GS" salto verde, "YR" cambio de sentido, "W" comodín, "W+4"
#   vista["top"]        la carta del montón       vista["color"]  el color que manda
#   vista["counts"]     cuántas cartas tiene cada asiento (una lista, un número por asiento)
#   vista["seat"]       tu asiento                vista["players"]  cuántos asientos hay
#   vista["direction"]  1 o -1: el siguiente es (vista["seat"] + vista["direction"]) % vista["players"]
#   vista["pending"]    cartas que te hará robar una cadena de +2 (0 si no hay)
#   vista["phase"]      "play", "drawn" (has robado una carta) o "wild4" (un +4 espera tu respuesta)


def color_de(accion):
    """El color al que una acción cambia el montón: "play R7" -> "R", "play W color:G" -> "G"."""
    if "color:" in accion:
        return accion.split("color:")[1]
    return accion.split(" ")[1][0]


def elegir(vista, legales):
    # 1. Di «última» y denuncia a quien se olvidó: siempre.
    for accion in legales:
        if accion in ("ultima", "denounce"):
            return accion
    # 2. Echa una carta si puedes, hacia el color del que más tienes.
    mano = vista["hand"]
    jugadas = [a for a in legales if a.startswith("play ")]
    if jugadas:
        return max(jugadas, key=lambda a: sum(1 for carta in mano if carta[0] == color_de(a)))
    # 3. Nada que echar: pasa si ya robaste, si no roba.
    for accion in ("pass", "draw"):
        if accion in legales:
            return accion
    return legales[0]
'''

FRANCESA_EN = '''\
# My bot for Chúpate 2 with the French deck.
#
# choose(view, legal) is called every time your seat may act: return one of the texts in legal.
#
# legal: what you may do now, for example
#   ["play 5H", "play JH suit:S", "draw"]   on your turn (a Jack is wild and names a suit: suit:H/D/S/C)
#   ["call"], ["denounce"]                  calls, sometimes when it is not your turn (None lets it go)
#   ["next"]                                between rounds
# view: what your seat sees (docs/games/francesa.md lists every field)
#   view["hand"]     your cards: rank then suit, "7H" seven of hearts, "10S", "JD", "AC"
#                    (H hearts, D diamonds, S spades, C clubs; A ace, J jack, Q queen, K king)
#   view["top"]      the card on the pile        view["suit"]  the suit to follow
#   view["counts"]   how many cards each seat holds       view["seat"]  your seat
#   view["pending"]  cards a chain of 7s makes you draw (0 when none)
#   view["phase"]    "play", or "ace" (after an Ace: play again or draw one)
#   view["gone"]     the seats that are out of the game (over the points limit)


def choose(view, legal):
    # 1. Call and denounce: always.
    for action in legal:
        if action in ("call", "denounce", "next"):
            return action
    # 2. Play a card when you can; keep the Jacks (wild) for when nothing else goes.
    hand = view["hand"]
    plays = [a for a in legal if a.startswith("play ")]
    plain = [a for a in plays if not a.split(" ")[1].startswith("J")]
    if plain:
        # the suit you hold most
        return max(plain, key=lambda a: sum(1 for card in hand if card[-1] == a[-1]))
    if plays:
        return plays[0]
    # 3. Nothing to play: draw.
    return "draw" if "draw" in legal else legal[0]
'''

FRANCESA_ES = '''\
# Mi bot para Chúpate 2 con baraja francesa.
#
# elegir(vista, legales) se llama cada vez que tu asiento puede actuar: devuelve uno de los textos
# de legales.
#
# legales: lo que puedes hacer ahora, por ejemplo
#   ["play 5H", "play JH suit:S", "draw"]   en tu turno (la jota es comodín y nombra un palo: suit:H/D/S/C)
#   ["call"], ["denounce"]                  avisos, a veces fuera de tu turno (None los deja pasar)
#   ["next"]                                entre rondas
# vista: lo que ve tu asiento (docs/games/francesa.md tiene todos los campos)
#   vista["hand"]     tus cartas: número y palo, "7H" siete de corazones, "10S", "JD", "AC"
#                     (H corazones, D diamantes, S picas, C tréboles; A as, J jota, Q reina, K rey)
#   vista["top"]      la carta del montón        vista["suit"]  el palo que manda
#   vista["counts"]   cuántas cartas tiene cada asiento      vista["seat"]  tu asiento
#   vista["pending"]  cartas que te hará robar una cadena de sietes (0 si no hay)
#   vista["phase"]    "play", o "ace" (tras un As: vuelve a echar o roba una)
#   vista["gone"]     los asientos que están fuera (pasaron el límite de puntos)


def elegir(vista, legales):
    # 1. Avisa y denuncia: siempre.
    for accion in legales:
        if accion in ("call", "denounce", "next"):
            return accion
    # 2. Echa una carta si puedes; guarda las jotas (comodín) para cuando nada más sirva.
    mano = vista["hand"]
    jugadas = [a for a in legales if a.startswith("play ")]
    normales = [a for a in jugadas if not a.split(" ")[1].startswith("J")]
    if normales:
        # el palo del que más tienes
        return max(normales, key=lambda a: sum(1 for carta in mano if carta[-1] == a[-1]))
    if jugadas:
        return jugadas[0]
    # 3. Nada que echar: roba.
    return "draw" if "draw" in legales else legales[0]
'''

TAKI_EN = '''\
# My bot for Super Taki.
#
# choose(view, legal) is called every time your seat may act: return one of the texts in legal.
#
# legal: what you may do now, for example
#   ["play R7", "play CC color:G", "draw"]  on your turn (a colour change names a colour: color:R/B/G/Y)
#   ["play R3", "close", "end"]             inside your TAKI: go on with its colour, close it or end it
#   ["call"], ["break"]                     the last-card call, the +3 breaker (sometimes out of turn:
#                                           None lets the moment go)
# view: what your seat sees (docs/games/taki.md lists every field)
#   view["hand"]     your cards: "R7" red 7 (R B G Y), "B+2", "GS" stop, "YR" direction,
#                    "R+" plus (play again), "BT" TAKI, "CC" colour change, "ST" super TAKI,
#                    "K" king, "+3", "X3" the +3 breaker
#   view["top"]      the card on the pile        view["color"]  the colour to follow
#   view["counts"]   how many cards each seat holds       view["seat"]  your seat
#   view["pending"]  cards a +2 chain makes you draw (0 when none)
#   view["phase"]    "play", "taki" (your TAKI is open), "plus", "king"


def choose(view, legal):
    # 1. The call and the breaker: always.
    for action in legal:
        if action in ("call", "break"):
            return action
    plays = [a for a in legal if a.startswith("play ") and a != "play X3"]
    # 2. Inside a TAKI: every card of its colour, then close it.
    if view["phase"] == "taki":
        if plays:
            return plays[0]
        return "close" if "close" in legal else "end"
    # 3. Play a card when you can, towards the colour you hold most.
    hand = view["hand"]
    if plays:
        return max(plays, key=lambda a: sum(1 for card in hand if card[0] == a.split(" ")[1][0]))
    # 4. Nothing to play: draw (or end the turn).
    for action in ("draw", "end", "close"):
        if action in legal:
            return action
    return legal[0]
'''

TAKI_ES = '''\
# Mi bot para Super Taki.
#
# elegir(vista, legales) se llama cada vez que tu asiento puede actuar: devuelve uno de los textos
# de legales.
#
# legales: lo que puedes hacer ahora, por ejemplo
#   ["play R7", "play CC color:G", "draw"]  en tu turno (el cambio de color nombra uno: color:R/B/G/Y)
#   ["play R3", "close", "end"]             dentro de tu TAKI: sigue con su color, ciérralo o termina
#   ["call"], ["break"]                     el aviso de última carta, el rompe +3 (a veces fuera de tu
#                                           turno: None lo deja pasar)
# vista: lo que ve tu asiento (docs/games/taki.md tiene todos los campos)
#   vista["hand"]     tus cartas: "R7" 7 rojo (R B G Y), "B+2", "GS" stop, "YR" dirección,
#                     "R+" plus (vuelves a echar), "BT" TAKI, "CC" cambio de color, "ST" super TAKI,
#                     "K" rey, "+3", "X3" el rompe +3
#   vista["top"]      la carta del montón       vista["color"]  el color que manda
#   vista["counts"]   cuántas cartas tiene cada asiento      vista["seat"]  tu asiento
#   vista["pending"]  cartas que te hará robar una cadena de +2 (0 si no hay)
#   vista["phase"]    "play", "taki" (tu TAKI está abierto), "plus", "king"


def elegir(vista, legales):
    # 1. El aviso y el rompe +3: siempre.
    for accion in legales:
        if accion in ("call", "break"):
            return accion
    jugadas = [a for a in legales if a.startswith("play ") and a != "play X3"]
    # 2. Dentro de un TAKI: todas las cartas de su color, luego ciérralo.
    if vista["phase"] == "taki":
        if jugadas:
            return jugadas[0]
        return "close" if "close" in legales else "end"
    # 3. Echa una carta si puedes, hacia el color del que más tienes.
    mano = vista["hand"]
    if jugadas:
        return max(jugadas, key=lambda a: sum(1 for carta in mano if carta[0] == a.split(" ")[1][0]))
    # 4. Nada que echar: roba (o termina el turno).
    for accion in ("draw", "end", "close"):
        if accion in legales:
            return accion
    return legales[0]
'''

DOS_EN = '''\
# My bot for DOS.
#
# choose(view, legal) is called every time your seat may act: return one of the texts in legal.
#
# legal: what you may do now, for example
#   ["match R7 on:0", "match B3+Y4 on:1", "draw"]   match one or two cards to centre card 0, 1, ...
#   ["place Y9", "end"]                 after a colour match: put a card in the centre row, or stop
#   ["dos"], ["catch 2"]                call DOS! with two cards left, catch seat 2 who did not
#                                       (sometimes out of turn: None lets the moment go)
#   ["next"]                            between rounds
# view: what your seat sees (docs/games/dos.md lists every field)
#   view["hand"]     your cards: "R7" red 7 (R B G Y), "B10", "R#" red Wild # (any number),
#                    "WD" Wild DOS (a 2 of any colour)
#   view["center"]   the centre row: the cards you match     view["discard_top"]  the discard pile
#   view["counts"]   how many cards each seat holds            view["seat"]  your seat
#   view["phase"]    "play", or "bonus" (place cards after colour matches)


def cards_in(action):
    """How many cards a match puts down: "match B3+Y4 on:1" -> 2."""
    return len(action.split(" ")[1].split("+"))


def choose(view, legal):
    # 1. Call DOS! and catch whoever forgot: always.
    for action in legal:
        if action == "dos" or action.startswith("catch ") or action == "next":
            return action
    # 2. Match as many cards as you can at once.
    matches = [a for a in legal if a.startswith("match ")]
    if matches:
        return max(matches, key=cards_in)
    # 3. Put a card in the row when you may.
    places = [a for a in legal if a.startswith("place ")]
    if places:
        return places[0]
    # 4. Otherwise end the turn, or draw.
    for action in ("end", "draw"):
        if action in legal:
            return action
    return legal[0]
'''

DOS_ES = '''\
# Mi bot para DOS.
#
# elegir(vista, legales) se llama cada vez que tu asiento puede actuar: devuelve uno de los textos
# de legales.
#
# legales: lo que puedes hacer ahora, por ejemplo
#   ["match R7 on:0", "match B3+Y4 on:1", "draw"]   casa una o dos cartas con la carta 0, 1... del centro
#   ["place Y9", "end"]                 tras una coincidencia de color: pon una carta en la fila, o para
#   ["dos"], ["catch 2"]                di ¡DOS! con dos cartas, pilla al asiento 2 que no lo dijo
#                                       (a veces fuera de tu turno: None lo deja pasar)
#   ["next"]                            entre rondas
# vista: lo que ve tu asiento (docs/games/dos.md tiene todos los campos)
#   vista["hand"]     tus cartas: "R7" 7 rojo (R B G Y), "B10", "R#" Wild # rojo (cualquier número),
#                     "WD" Wild DOS (un 2 de cualquier color)
#   vista["center"]   la fila del centro: las cartas que casas   vista["discard_top"]  el descarte
#   vista["counts"]   cuántas cartas tiene cada asiento          vista["seat"]  tu asiento
#   vista["phase"]    "play", o "bonus" (pon cartas tras coincidencias de color)


def cartas_de(accion):
    """Cuántas cartas suelta una jugada: "match B3+Y4 on:1" -> 2."""
    return len(accion.split(" ")[1].split("+"))


def elegir(vista, legales):
    # 1. Di ¡DOS! y pilla a quien se olvidó: siempre.
    for accion in legales:
        if accion == "dos" or accion.startswith("catch ") or accion == "next":
            return accion
    # 2. Casa tantas cartas como puedas de una vez.
    casadas = [a for a in legales if a.startswith("match ")]
    if casadas:
        return max(casadas, key=cartas_de)
    # 3. Pon una carta en la fila cuando puedas.
    poner = [a for a in legales if a.startswith("place ")]
    if poner:
        return poner[0]
    # 4. Si no, termina el turno, o roba.
    for accion in ("end", "draw"):
        if accion in legales:
            return accion
    return legales[0]
'''

SKYPO_EN = '''\
# My bot for Skypo.
#
# choose(view, legal) is called every time your seat may act: return one of the texts in legal.
#
# Places in your grid are "row,column": rows 0-2, columns 0-3.
# legal: what you may do now, for example
#   ["flip 0,0", "flip 1,0", ...]       at the start: turn two cards up
#   ["draw", "take 0,0", "take 1,0", ...]   draw a card, or take the top of the discard pile into a place
#   ["swap 0,0", ..., "discard flip:2,3", ...]   you drew: put it in a place, or throw it away and
#                                       turn up a face-down card
#   ["next"]                            between rounds
# view: what your seat sees (docs/games/skypo.md lists every field)
#   view["grids"]   every seat's grid: grids[seat][column][row] is "-2" to "12" face up,
#                   None face down; a cleared column is None
#   view["seat"]    your seat: your grid is view["grids"][view["seat"]]
#   view["top"]     the top of the discard pile      view["drawn"]  the card you drew (or None)
#   view["phase"]   "reveal", "turn", "drawn" or "round_over"
#   view["closer"]  the seat that turned its last card up (None while nobody has)


def cells(view):
    """Your places as (value or None, row, column)."""
    grid = view["grids"][view["seat"]]
    out = []
    for col, column in enumerate(grid):
        if column is not None:
            for row, card in enumerate(column):
                out.append((None if card is None else int(card), row, col))
    return out


def choose(view, legal):
    phase = view["phase"]
    up = [c for c in cells(view) if c[0] is not None]
    down = [c for c in cells(view) if c[0] is None]
    highest = max(up) if up else None
    if phase == "turn":
        # a low card on the discard pile: take it over your highest card
        top = int(view["top"])
        if top <= 3 and highest is not None and highest[0] > top:
            return f"take {highest[1]},{highest[2]}"
        return "draw"
    if phase == "drawn":
        card = int(view["drawn"])
        if highest is not None and highest[0] > card:       # over your highest card
            return f"swap {highest[1]},{highest[2]}"
        if card <= 4 and down:                              # a low card in a face-down place
            return f"swap {down[0][1]},{down[0][2]}"
        for action in legal:                                # else throw it away, turn one up
            if action.startswith("discard"):
                return action
    return legal[0]
'''

SKYPO_ES = '''\
# Mi bot para Skypo.
#
# elegir(vista, legales) se llama cada vez que tu asiento puede actuar: devuelve uno de los textos
# de legales.
#
# Los sitios de tu tablero son "fila,columna": filas 0-2, columnas 0-3.
# legales: lo que puedes hacer ahora, por ejemplo
#   ["flip 0,0", "flip 1,0", ...]       al empezar: destapa dos cartas
#   ["draw", "take 0,0", "take 1,0", ...]   roba, o coge la carta del descarte y ponla en un sitio
#   ["swap 0,0", ..., "discard flip:2,3", ...]   has robado: ponla en un sitio, o tírala y destapa
#                                       una carta tapada
#   ["next"]                            entre rondas
# vista: lo que ve tu asiento (docs/games/skypo.md tiene todos los campos)
#   vista["grids"]   el tablero de cada asiento: grids[asiento][columna][fila] es "-2" a "12"
#                    destapada, None tapada; una columna eliminada es None
#   vista["seat"]    tu asiento: tu tablero es vista["grids"][vista["seat"]]
#   vista["top"]     la carta del descarte          vista["drawn"]  la carta que robaste (o None)
#   vista["phase"]   "reveal", "turn", "drawn" o "round_over"
#   vista["closer"]  el asiento que destapó su última carta (None mientras nadie lo haya hecho)


def casillas(vista):
    """Tus sitios como (valor o None, fila, columna)."""
    tablero = vista["grids"][vista["seat"]]
    salida = []
    for col, columna in enumerate(tablero):
        if columna is not None:
            for fila, carta in enumerate(columna):
                salida.append((None if carta is None else int(carta), fila, col))
    return salida


def elegir(vista, legales):
    fase = vista["phase"]
    arriba = [c for c in casillas(vista) if c[0] is not None]
    tapadas = [c for c in casillas(vista) if c[0] is None]
    mayor = max(arriba) if arriba else None
    if fase == "turn":
        # una carta baja en el descarte: cógela y ponla sobre tu carta más alta
        descarte = int(vista["top"])
        if descarte <= 3 and mayor is not None and mayor[0] > descarte:
            return f"take {mayor[1]},{mayor[2]}"
        return "draw"
    if fase == "drawn":
        carta = int(vista["drawn"])
        if mayor is not None and mayor[0] > carta:          # sobre tu carta más alta
            return f"swap {mayor[1]},{mayor[2]}"
        if carta <= 4 and tapadas:                          # una carta baja en un sitio tapado
            return f"swap {tapadas[0][1]},{tapadas[0][2]}"
        for accion in legales:                              # si no, tírala y destapa una
            if accion.startswith("discard"):
                return accion
    return legales[0]
'''

TEMPLATES: dict[str, dict[str, str]] = {
    "chupate": {"en": CHUPATE_EN, "es": CHUPATE_ES},
    "francesa": {"en": FRANCESA_EN, "es": FRANCESA_ES},
    "taki": {"en": TAKI_EN, "es": TAKI_ES},
    "dos": {"en": DOS_EN, "es": DOS_ES},
    "skypo": {"en": SKYPO_EN, "es": SKYPO_ES},
}


def template(game_id: str, lang: str) -> str:
    """The starting bot of ``game_id`` in ``lang`` (``es`` or ``en``; English for any other)."""
    texts = TEMPLATES[game_id]
    return texts.get(lang, texts["en"])


__all__ = ["TEMPLATES", "template"]
