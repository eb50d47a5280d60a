"""The hard bots' ideas in plain words, Spanish and English: what a hint shows (bots/explain.py).

``HINT_TEXTS[lang][game][key]``, with ``"common"`` for the ideas every game shares; ``hint_text(lang,
game_id, key)`` looks the game up first. Every key ``explain`` can return has a text in both languages
(tests/unit/test_hints.py). The texts say what the bot does and why, never what another seat holds:
a hint reads its own seat's view only.
"""

from __future__ import annotations

LANGS = ("es", "en")

HINT_TEXTS: dict[str, dict[str, dict[str, str]]] = {
    "es": {
        "common": {
            "call": "Avisa siempre de que le queda poca mano: así nadie puede pillarle y hacerle robar.",
            "denounce": "Denuncia siempre a quien no avisó a tiempo: le toca robar cartas.",
            "next": "La ronda ha terminado: toca seguir con la siguiente.",
            "only_move": "No hay otra jugada posible.",
            "nothing_fits": "Ninguna de sus cartas vale ahora, así que roba.",
            "best_score": "Ninguna idea sola decide: sumando todas sus reglas (colores, cartas que guarda, "
                          "puntos), esta jugada es la que más puntúa.",
            "last_card": "Es su última carta: con ella se queda sin mano.",
            "breaker": "Le lanzan un +3: lo rompe con su carta rompe +3.",
        },
        "chupate": {
            "attack": "El siguiente jugador está a punto de quedarse sin cartas: le ataca ya (+2, salto, "
                      "cambio de sentido o +4).",
            "hold_plus2": "Guarda el +2 para contestar a un +2: nadie está a punto de ganar, no hace falta "
                          "gastarlo.",
            "hold_reverse": "Guarda el cambio de sentido: con nadie a punto de ganar solo devolvería el turno.",
            "keep_wilds": "Guarda los comodines para cuando ninguna otra carta sirva.",
            "honest_wild4": "Si tiene que echar un comodín, echa un +4 honrado (no tiene el color que manda) "
                            "antes que uno normal.",
            "challenge": "Solo dice «¡Mentira!» a un +4 de quien tiene muchas cartas ({challenge_cards} o "
                         "más): esa mano casi seguro tenía el color.",
            "lacks": "Cambia el montón a un color que el siguiente jugador no pudo seguir (robó con él).",
            "colour": "Juega hacia el color del que más cartas tiene (y con un comodín nombra ese color).",
            "rank": "Echa un número que también tiene en otro color: luego podrá cambiar de color con él.",
            "stack_plus2": "Hay un +2 pendiente: lo pasa con otro +2, del color del que más tiene, en vez de "
                           "robar.",
        },
        "francesa": {
            "attack": "El siguiente jugador está a punto de quedarse sin cartas: le ataca con un 7, un 8 o "
                      "un 9.",
            "hold_seven": "Guarda el 7 para contestar a un 7: nadie está a punto de ganar.",
            "ace": "Echa un As solo si otra carta puede seguirlo enseguida (suelta dos cartas en un turno); "
                   "un As sin nada detrás le haría robar.",
            "keep_jacks": "Guarda las jotas (comodín, 20 puntos) para cuando nada más sirva.",
            "danger_points": "Alguien está a punto de ganar: suelta primero las cartas que más puntos valen.",
            "points": "Suelta antes las cartas caras: si la ronda acaba, cuentan menos puntos.",
            "suit": "Juega hacia el palo del que más cartas tiene (y con una jota nombra ese palo).",
            "rank": "Echa un número que también tiene en otro palo: luego podrá cambiar de palo con él.",
            "stack_seven": "Hay un 7 pendiente: lo pasa con otro 7, del palo del que más tiene.",
        },
        "taki": {
            "attack": "El siguiente jugador está a punto de quedarse sin cartas: le ataca con un +2, un Stop "
                      "o un cambio de dirección.",
            "hold_king": "Guarda el Rey: para cadenas de +2 y +3, y solo se juega libre como última carta.",
            "hold_plus3": "Guarda el +3 para pasar una cadena de +2; lo suelta cuando alguien está a punto "
                          "de ganar.",
            "hold_plus2": "Guarda el +2 para contestar a una cadena: nadie lo necesita temer ahora.",
            "taki_run": "Abre un TAKI del color del que más tiene: suelta todas esas cartas en un turno.",
            "run_order": "Dentro del TAKI echa primero los números y al final las cartas de acción.",
            "plus_follow": "Echa el Plus solo si otra carta puede seguirlo; un Plus sin nada detrás le haría "
                           "robar.",
            "tempo": "Echa un Stop: el siguiente pierde su turno.",
            "change_colour": "El cambio de color es el último recurso: nombra el color del que más tiene.",
            "colour": "Juega hacia el color del que más cartas tiene.",
            "rank": "Echa un número que también tiene en otro color: luego podrá cambiar de color con él.",
            "keep_breaker": "Nunca gasta el rompe +3 como carta normal: lo guarda para romper un +3.",
            "in_run": "Está dentro de su TAKI: suelta todas las cartas de ese color, números primero y "
                      "cartas de acción al final.",
            "answer_chain": "Le llega una cadena: la pasa con un +2 (del color del que más tiene), si no con "
                            "el +3, si no con el Rey.",
            "close_taki": "Cierra el TAKI a propósito para que cuente la acción de la última carta.",
            "end_king": "Tras el Rey no le conviene ninguna carta: termina el turno.",
        },
        "dos": {
            "double_bonus": "Hace una doble coincidencia de color: suelta una carta más y todos los demás "
                            "roban una.",
            "bonus": "Hace una coincidencia de color: luego puede poner una carta más en la fila.",
            "keep_wilds": "Guarda los comodines (Wild DOS, Wild #) para coincidencias de color: en una "
                          "jugada normal se desperdician.",
            "plan": "Planifica las jugadas del turno juntas: no gasta una carta que otra carta del centro "
                    "necesita.",
            "starve": "Pone en la fila un número que al siguiente le costará cubrir (casi todas sus copias "
                      "están a la vista).",
            "points": "Suelta antes las cartas que más puntos valen: cuentan para quien gane la ronda.",
            "shed_most": "Suelta cuantas más cartas mejor de una vez.",
            "lookahead": "Ha jugado la ronda entera en {deals} repartos imaginados de las cartas que no "
                         "ve: esta jugada salió mejor, aunque sus reglas preferían otra.",
            "lookahead_checked": "La ha probado en {deals} repartos imaginados de las cartas que no ve: "
                                 "ninguna otra salió mejor.",
        },
        "skypo": {
            "closing": "Solo destapa su última carta (cierra la ronda) si es probable que tenga la menor "
                       "suma: si no, sus puntos se doblan.",
            "pair": "Deja dos cartas iguales en una columna: con la tercera, la columna se va.",
            "gift": "No tira una carta que al siguiente jugador le vendría bien.",
            "lookahead": "Piensa un turno más allá: cuenta lo que podrá hacer con la próxima carta.",
            "counting": "Cuenta las cartas ya vistas: sabe qué queda en el mazo.",
            "reveal_column": "Al empezar destapa dos cartas de la misma columna: así sabe antes si hacen "
                             "pareja.",
            "lowest": "Hace la jugada que deja su tablero con menos puntos esperados.",
        },
    },
    "en": {
        "common": {
            "call": "It always calls when it is down to its last cards, so nobody can catch it and make it "
                    "draw.",
            "denounce": "It always denounces a player who forgot to call: they must draw.",
            "next": "The round is over: on to the next one.",
            "only_move": "There is no other move.",
            "nothing_fits": "None of its cards can go now, so it draws.",
            "best_score": "No single idea decides: adding up all its rules (colours, cards kept back, "
                          "points), this move scores highest.",
            "last_card": "It is its last card: playing it empties the hand.",
            "breaker": "A +3 is aimed at it: break it with the breaker card.",
        },
        "chupate": {
            "attack": "The next player is about to go out: hit them now (a +2, a skip, a reverse or a +4).",
            "hold_plus2": "Keep the +2 to answer a +2: nobody is about to go out, no need to spend it.",
            "hold_reverse": "Keep the reverse: with nobody about to go out it would only hand the turn back.",
            "keep_wilds": "Keep the wilds for when no other card goes.",
            "honest_wild4": "Forced to play a wild, it plays an honest +4 (it lacks the colour in force) "
                            "before a plain wild.",
            "challenge": "It says “Liar!” only to a +4 from a player with many cards ({challenge_cards} or "
                         "more): such a hand most likely held the colour.",
            "lacks": "Turn the pile to a colour the next player could not follow (they drew on it).",
            "colour": "Play towards the colour it holds most (and name that colour with a wild).",
            "rank": "Play a number it also holds in another colour: it can switch colour with it later.",
            "stack_plus2": "A +2 is pending: pass it on with a +2 of the colour it holds most instead of "
                           "drawing.",
        },
        "francesa": {
            "attack": "The next player is about to go out: hit them with a 7, an 8 or a 9.",
            "hold_seven": "Keep the 7 to answer a 7: nobody is about to go out.",
            "ace": "Play an Ace only when another card can follow it at once (two cards in one turn); an Ace "
                   "with nothing behind it makes you draw.",
            "keep_jacks": "Keep the Jacks (wild, 20 points) for when nothing else goes.",
            "danger_points": "Someone is about to go out: shed the cards worth the most points first.",
            "points": "Shed the expensive cards first: if the round ends, fewer points count.",
            "suit": "Play towards the suit it holds most (and name that suit with a Jack).",
            "rank": "Play a rank it also holds in another suit: it can switch suit with it later.",
            "stack_seven": "A 7 is pending: pass it on with a 7 of the suit it holds most.",
        },
        "taki": {
            "attack": "The next player is about to go out: hit them with a +2, a Stop or a direction change.",
            "hold_king": "Keep the King: it answers +2 chains and +3s, and goes freely only as a last card.",
            "hold_plus3": "Keep the +3 to pass a +2 chain on; it goes when someone is about to go out.",
            "hold_plus2": "Keep the +2 to answer a chain: nobody needs to fear it now.",
            "taki_run": "Open a TAKI on the colour it holds most: every card of that colour goes in one turn.",
            "run_order": "Inside the TAKI, numbers first and action cards last.",
            "plus_follow": "Play a Plus only when another card can follow it; a Plus with nothing behind it "
                           "makes you draw.",
            "tempo": "Play a Stop: the next player loses a turn.",
            "change_colour": "The colour change is a last resort, naming the colour it holds most.",
            "colour": "Play towards the colour it holds most.",
            "rank": "Play a number it also holds in another colour: it can switch colour with it later.",
            "keep_breaker": "Never spend the +3 breaker as a plain card: keep it to break a +3.",
            "in_run": "Inside its TAKI: shed every card of that colour, numbers first, action cards last.",
            "answer_chain": "A chain is aimed at it: pass it on with a +2 (the colour it holds most), else "
                            "the +3, else the King.",
            "close_taki": "Close the TAKI on purpose, so the last card's action counts.",
            "end_king": "After the King no card is worth playing: end the turn.",
        },
        "dos": {
            "double_bonus": "Make a double colour match: one more card leaves the hand and every other "
                            "player draws one.",
            "bonus": "Make a colour match: one more card goes into the row afterwards.",
            "keep_wilds": "Keep the wilds (Wild DOS, Wild #) for colour matches: on a plain match they are "
                          "wasted.",
            "plan": "Plan the turn's matches together: do not spend a card another centre card needs.",
            "starve": "Put in the row a number the next player will find hard to match (most of its copies "
                      "are in sight).",
            "points": "Shed the cards worth the most points first: they count for the round's winner.",
            "shed_most": "Shed as many cards at once as it can.",
            "lookahead": "It played the round out in {deals} imagined deals of the cards it cannot see: "
                         "this move came out best, though its rules of thumb preferred another.",
            "lookahead_checked": "It tried the move in {deals} imagined deals of the cards it cannot see: no "
                                 "other move did better.",
        },
        "skypo": {
            "closing": "Turn up the last card (closing the round) only when likely to have the lowest grid: "
                       "otherwise the closer's points are doubled.",
            "pair": "Keep two equal cards in a column: a third one clears the column.",
            "gift": "Do not throw away a card the next player could use.",
            "lookahead": "Think one turn ahead: count what the next card could do.",
            "counting": "Count the cards already seen: it knows what is left in the deck.",
            "reveal_column": "At the start, turn up two cards of the same column: you learn sooner whether "
                             "they pair.",
            "lowest": "Make the move that leaves its grid worth the fewest points it expects.",
        },
    },
}


def _values() -> dict:
    """The numbers a text quotes, read from the bots' own constants (so a text never outlives them)."""
    from .dos_search import WORLDS
    from .hard import CHALLENGE_MIN_CARDS
    return {"deals": WORLDS, "challenge_cards": CHALLENGE_MIN_CARDS}


def hint_text(lang: str, game_id: str, key: str) -> str:
    """The plain-words text of idea ``key`` of ``game_id``'s hard bot in ``lang`` (``es`` or ``en``);
    KeyError for an unknown language or key."""
    texts = HINT_TEXTS[lang]
    game = texts.get(game_id, {})
    return (game[key] if key in game else texts["common"][key]).format(**_values())


def hint_lines(lang: str, hint) -> list[str]:
    """The texts of a ``Hint``'s ideas, in its order."""
    return [hint_text(lang, hint.game, key) for key in hint.ideas]


__all__ = ["HINT_TEXTS", "LANGS", "hint_lines", "hint_text"]
