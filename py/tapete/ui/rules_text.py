"""The texts of the "How to play" pages (rendered by :mod:`tapete.ui.rules`), written from the rule sheets
(shared/seeds/00N_*.txt) as settled by RULINGS.md. Blocks: a paragraph (str, trusted HTML), or
``("list", [items])``, ``("cards", [(card code, caption)])``, ``("table", [header, *rows])``."""

from __future__ import annotations

CHUPATE = {
    "es": {
        "title": "Cómo se juega a Chúpate 2",
        "sections": [
            ("Objetivo", [
                "Quedarte sin cartas antes que nadie. En la <b>partida rápida</b> (la que se propone para "
                "empezar) gana el primero que tira su última carta. <b>A puntos</b>, quien gana una ronda suma "
                "el valor de las cartas que les quedan a los demás, y gana quien llega antes a los puntos de la "
                "partida (500 en la hoja).",
            ]),
            ("Las cartas", [
                "108 cartas en cuatro colores (rojo, azul, verde y amarillo): del 0 al 9, y en cada color dos "
                "de cada carta especial. Cada color lleva además su forma (● ■ ▲ ★) para distinguirlo sin "
                "fijarse en el tono.",
                ("cards", [("R7", "Número: va sobre su color o su número"),
                           ("B+2", "Chúpate 2: el siguiente roba 2 y pierde el turno"),
                           ("GS", "Salto: el siguiente pierde el turno"),
                           ("YR", "Cambio de sentido"),
                           ("W", "Comodín: va sobre cualquier carta y eliges color"),
                           ("W+4", "Comodín +4: eliges color y el siguiente roba 4")]),
            ]),
            ("Tu turno", [
                ("list", [
                    "Se reparten 7 cartas a cada uno; el juego empieza en sentido antihorario y empieza alguien al azar.",
                    "Tira una carta del mismo <b>color</b>, del mismo <b>número</b> o del mismo <b>símbolo</b> que la "
                    "del descarte, o un comodín.",
                    "Si no puedes o no quieres, <b>roba</b> una (botón Robar o tecla D). Después solo puedes jugar "
                    "la carta robada, si encaja; si no, <b>pasa</b> (P).",
                    "Un +2 pendiente solo se responde con otro +2: se acumula y el siguiente roba 4, 6…; quien no "
                    "responde roba todo y pierde el turno.",
                    "Con dos jugadores, el salto y el cambio de sentido te devuelven el turno.",
                ]),
            ]),
            ("Avisos y castigos", [
                ("list", [
                    "<b>¡Última!</b> (U): con dos cartas en la mano, púlsalo antes de tirar la penúltima. Si no lo "
                    "haces, cualquiera puede <b>denunciarte</b> (N) antes de que el siguiente juegue, y robas 2.",
                    "<b>¡Mentira!</b> (M): el +4 solo vale si no tenías ninguna carta del color en juego. Si crees "
                    "que era un farol, púlsalo en vez de robar: si era farol, quien lo tiró roba 4 y tú juegas; si "
                    "no, robas 6 (4 + 2 de multa) y pierdes el turno.",
                    "Cuando se acaba el mazo, se baraja el descarte (menos la carta de arriba).",
                ]),
            ]),
            ("Puntos", [
                ("table", [["Carta", "Puntos"], ["0 a 9", "su número"], ["+2, salto, cambio de sentido", "20"],
                           ["Comodín y comodín +4", "50"]]),
                "Clasificación de este navegador (sin cuentas): quien gana suma 10 × jugadores (por parejas, 20 "
                "cada uno), quien pierde −10, y <b>abandonar una partida a medias cuesta −20</b>.",
            ]),
            ("Opciones de mesa", [
                ("list", [
                    "<b>Partida rápida</b> o <b>a puntos</b> (con los puntos por partida).",
                    "<b>Por parejas</b> (4 jugadores, compañeros enfrente): gana la pareja si uno de los dos se queda "
                    "sin cartas o si la pareja llega a los puntos.",
                    "<b>Tiempo por turno</b>: si se agota, el juego juega por ti (la primera carta que encaje, o roba).",
                    "Rivales (bots) y su nivel. Con amigos: crea una sala y comparte el enlace.",
                ]),
            ]),
        ],
    },
    "en": {
        "title": "How to play Chúpate 2",
        "sections": [
            ("Goal", [
                "Be the first to get rid of your cards. In a <b>quick game</b> (the one offered first) the first "
                "player out wins. In a <b>points game</b> the round winner scores the cards left in the other "
                "hands, and the first to reach the game's points (500 on the sheet) wins.",
            ]),
            ("The cards", [
                "108 cards in four colours (red, blue, green, yellow): 0 to 9, and two of each special card per "
                "colour. Each colour also has its shape (● ■ ▲ ★), so you can tell them apart without hue.",
                ("cards", [("R7", "Number: goes on its colour or its number"),
                           ("B+2", "Draw two: the next player draws 2 and loses the turn"),
                           ("GS", "Skip: the next player loses the turn"),
                           ("YR", "Reverse"),
                           ("W", "Wild: goes on anything, you pick the colour"),
                           ("W+4", "Wild +4: you pick the colour, the next player draws 4")]),
            ]),
            ("Your turn", [
                ("list", [
                    "Everyone gets 7 cards; play starts counter-clockwise with a random player.",
                    "Play a card of the same <b>colour</b>, <b>number</b> or <b>symbol</b> as the discard, or a wild.",
                    "If you cannot or will not, <b>draw</b> one (Draw button or key D). Then you may only play the "
                    "drawn card, if it matches; otherwise <b>pass</b> (P).",
                    "Only another +2 answers a pending +2: it stacks and the next player draws 4, 6…; whoever does "
                    "not answer draws it all and loses the turn.",
                    "With two players, skip and reverse give you another turn.",
                ]),
            ]),
            ("Calls and penalties", [
                ("list", [
                    "<b>Last card!</b> (U): holding two cards, press it before playing the next-to-last one. If you "
                    "forget, anyone may <b>denounce</b> you (N) before the next player acts, and you draw 2.",
                    "<b>Liar!</b> (M): a +4 is only allowed when you held no card of the colour in play. If you think "
                    "it was a bluff, press it instead of drawing: after a bluff the player of the +4 draws 4 and you "
                    "play; otherwise you draw 6 (4 + 2 fine) and lose the turn.",
                    "When the draw pile runs out, the discard pile (minus its top card) is reshuffled.",
                ]),
            ]),
            ("Points", [
                ("table", [["Card", "Points"], ["0 to 9", "its number"], ["+2, skip, reverse", "20"],
                           ["Wild and wild +4", "50"]]),
                "This browser's ranking (no accounts): the winner gets 10 × players (pairs: 20 each), a loser −10, "
                "and <b>leaving a game before its end costs −20</b>.",
            ]),
            ("Table options", [
                ("list", [
                    "<b>Quick game</b> or <b>points</b> (with the points to end the game).",
                    "<b>Pairs</b> (4 players, partners opposite): a pair wins when either partner goes out or the "
                    "pair reaches the points.",
                    "<b>Time per turn</b>: when it runs out the game plays for you (the first matching card, or a draw).",
                    "Opponents (bots) and their strength. With friends: create a room and share the link.",
                ]),
            ]),
        ],
    },
}

SKYPO = {
    "es": {
        "title": "Cómo se juega a Skypo",
        "sections": [
            ("Objetivo", [
                "Sumar lo menos posible. Se juegan rondas hasta que alguien llega a los puntos de la partida "
                "(100 en la hoja; para empezar se propone 50) y entonces gana quien menos tiene.",
            ]),
            ("Las cartas", [
                "150 cartas del −2 al 12: cinco −2, diez −1, quince 0 y diez de cada valor del 1 al 12. El color "
                "solo ayuda: lo que cuenta es el número impreso.",
                ("cards", [("-2", "Vale −2: la mejor"), ("0", "Vale 0"), ("5", "Vale 5"), ("12", "Vale 12: la peor")]),
            ]),
            ("Tu turno", [
                "Cada uno tiene 12 cartas boca abajo en 3 filas de 4 columnas y destapa 2 al empezar; empieza quien "
                "más suma con ellas. En tu turno:",
                ("list", [
                    "<b>Roba del mazo</b> (D): cámbiala por cualquiera de tus cartas (la tuya va al descarte boca "
                    "arriba) o tírala y destapa una de tus cartas tapadas.",
                    "<b>Coge la del descarte</b>: entonces estás obligado a cambiarla por una de las tuyas.",
                    "<b>Columna igual</b>: si las tres cartas de una columna están destapadas y valen lo mismo, la "
                    "columna entera se va al descarte y deja de sumar.",
                ]),
            ]),
            ("Fin de ronda y castigo", [
                ("list", [
                    "La ronda acaba cuando alguien destapa sus 12 cartas: los demás juegan un último turno y se "
                    "destapa todo (una columna completada solo por ese destape final no se elimina).",
                    "<b>Quien cierra</b> y no es el que menos suma <b>en solitario</b> se lleva el <b>doble</b> de "
                    "puntos (un empate por lo más bajo también dobla). Con cero o menos no se dobla.",
                    "La siguiente ronda la empieza quien cerró.",
                ]),
            ]),
            ("Puntos", [
                "Cada uno suma sus cartas (las columnas eliminadas no cuentan). La partida acaba tras la ronda en "
                "la que alguien llega a los puntos; gana el total más bajo (los empates comparten la victoria).",
            ]),
            ("Opciones de mesa", [
                ("list", ["<b>Puntos por partida</b> (100 en la hoja).",
                          "<b>Tiempo por turno</b>: si se agota, el juego mueve por ti.",
                          "De 1 a 7 rivales (bots) y su nivel, o una sala con amigos."]),
            ]),
        ],
    },
    "en": {
        "title": "How to play Skypo",
        "sections": [
            ("Goal", [
                "Score as little as possible. Rounds go on until someone reaches the game's points (100 on the "
                "sheet; 50 is offered for a first game), then the lowest total wins.",
            ]),
            ("The cards", [
                "150 cards from −2 to 12: five −2, ten −1, fifteen 0 and ten of each value 1 to 12. Colour only "
                "helps: the printed number is what counts.",
                ("cards", [("-2", "Worth −2: the best"), ("0", "Worth 0"), ("5", "Worth 5"), ("12", "Worth 12: the worst")]),
            ]),
            ("Your turn", [
                "Everyone has 12 cards face down in 3 rows of 4 columns and turns up 2 to start; whoever shows the "
                "highest sum starts. On your turn:",
                ("list", [
                    "<b>Draw from the pile</b> (D): swap it with any of your cards (yours goes face up on the "
                    "discard pile), or discard it and turn up one of your face-down cards.",
                    "<b>Take the discard</b>: then you must swap it with one of your cards.",
                    "<b>Equal column</b>: when all three cards of a column are face up and equal, the whole column "
                    "goes to the discard pile and stops counting.",
                ]),
            ]),
            ("Round end and the closer's penalty", [
                ("list", [
                    "A round ends when someone has all 12 cards face up: everyone else plays one last turn, then "
                    "everything is turned up (a column completed only by that final reveal is not removed).",
                    "<b>The closer</b>, unless <b>strictly</b> the lowest, scores <b>double</b> (a tie for lowest "
                    "doubles too). A score of zero or less is never doubled.",
                    "The closer starts the next round.",
                ]),
            ]),
            ("Points", [
                "Each player adds up their cards (removed columns count nothing). The game ends after the round in "
                "which someone reaches the points; the lowest total wins (ties share the win).",
            ]),
            ("Table options", [
                ("list", ["<b>Points to end the game</b> (100 on the sheet).",
                          "<b>Time per turn</b>: when it runs out, the game moves for you.",
                          "1 to 7 opponents (bots) and their strength, or a room with friends."]),
            ]),
        ],
    },
}

FRANCESA = {
    "es": {
        "title": "Cómo se juega a Chúpate 2 con baraja francesa",
        "sections": [
            ("Objetivo", [
                "Quedarte sin cartas el primero en cada ronda. Los demás apuntan como puntos negativos las cartas "
                "que les quedan; la partida acaba en cuanto alguien pasa del límite (120 en la hoja; para empezar "
                "se propone 60) y gana quien menos puntos tiene.",
            ]),
            ("Las cartas", [
                "Baraja francesa doble: 104 cartas, del 2 al 10, J, Q, K y A de corazones ♥, diamantes ♦, picas ♠ "
                "y tréboles ♣. Cada uno recibe 7.",
                ("cards", [("7H", "7: el siguiente roba 2 (o responde con otro 7 y pasa 4…)"),
                           ("8S", "8: el siguiente pierde el turno"),
                           ("9D", "9: cambia el sentido (a dos, carta normal)"),
                           ("JC", "Sota: va sobre cualquier carta y eliges palo"),
                           ("AH", "As: tiras otra carta que encaje, o robas una")]),
            ]),
            ("Tu turno", [
                ("list", [
                    "Tira una carta del mismo <b>palo</b> o del mismo <b>valor</b> que la del descarte, o una sota "
                    "(salvo con un 7 pendiente).",
                    "Si no puedes o no quieres, <b>roba</b> una (D) y se acaba tu turno: no puedes tirarla.",
                    "Un 7 pendiente se responde con otro 7 (se acumula de 2 en 2) o robando el total.",
                ]),
            ]),
            ("Avisos y castigos", [
                ("list", [
                    "<b>«¡Chúpate 2!»</b> (C): dilo al tirar la penúltima carta. Si se te olvida, cualquiera puede "
                    "<b>denunciarte</b> (N) antes de que el siguiente juegue, y robas 2.",
                    "Si la última carta de la ronda es un 7, el siguiente roba 2 igualmente.",
                ]),
            ]),
            ("Puntos", [
                ("table", [["Carta", "Puntos negativos"], ["2 a 10", "su número"], ["Q y K", "10"], ["A", "11"],
                           ["J (sota)", "20"]]),
            ]),
            ("Opciones de mesa", [
                ("list", ["<b>Límite de puntos negativos</b> (120 en la hoja).",
                          "De 1 a 4 rivales (bots) y su nivel, o una sala con amigos."]),
            ]),
        ],
    },
    "en": {
        "title": "How to play Chúpate 2 with a French deck",
        "sections": [
            ("Goal", [
                "Be the first out in each round. The others note the cards they still hold as penalty points; "
                "the game ends as soon as someone goes over the limit (120 on the sheet; 60 is offered for a "
                "first game) and the fewest points win.",
            ]),
            ("The cards", [
                "A double French deck: 104 cards, 2 to 10, J, Q, K and A of hearts ♥, diamonds ♦, spades ♠ and "
                "clubs ♣. Everyone gets 7.",
                ("cards", [("7H", "7: the next player draws 2 (or answers with a 7 and passes on 4…)"),
                           ("8S", "8: the next player loses the turn"),
                           ("9D", "9: reverses the direction (a plain card with two players)"),
                           ("JC", "Jack: goes on anything, you pick the suit"),
                           ("AH", "Ace: play one more matching card, or draw one")]),
            ]),
            ("Your turn", [
                ("list", [
                    "Play a card of the same <b>suit</b> or <b>rank</b> as the discard, or a Jack (not on a pending 7).",
                    "If you cannot or will not, <b>draw</b> one (D) and your turn ends: you may not play it.",
                    "A pending 7 is answered with another 7 (it grows by 2) or by drawing the total.",
                ]),
            ]),
            ("Calls and penalties", [
                ("list", [
                    "<b>“Chúpate 2!”</b> (C): call it when playing your next-to-last card. If you forget, anyone may "
                    "<b>denounce</b> you (N) before the next player acts, and you draw 2.",
                    "If the round's last card is a 7, the next player still draws 2.",
                ]),
            ]),
            ("Points", [
                ("table", [["Card", "Penalty points"], ["2 to 10", "its number"], ["Q and K", "10"], ["A", "11"],
                           ["J (Jack)", "20"]]),
            ]),
            ("Table options", [
                ("list", ["<b>Penalty points limit</b> (120 on the sheet).",
                          "1 to 4 opponents (bots) and their strength, or a room with friends."]),
            ]),
        ],
    },
}

TAKI = {
    "es": {
        "title": "Cómo se juega a Super Taki",
        "sections": [
            ("Objetivo", ["Ser el primero en quedarse sin cartas: gana la partida (no hay puntos)."]),
            ("Las cartas", [
                "116 cartas: en cuatro colores el 1 y del 3 al 9 (no hay 2) y las especiales; además cartas sin "
                "color. Cada uno recibe 8.",
                ("cards", [("R5", "Número: va sobre su color, número o símbolo"),
                           ("B+2", "+2: el siguiente roba 2 o responde con otro +2"),
                           ("GS", "Stop: el siguiente pierde el turno"),
                           ("YR", "Cambio de sentido (a dos, carta normal)"),
                           ("R+", "Más: tiras otra carta de su color (o robas una)"),
                           ("BT", "TAKI: sueltas todas las que quieras de su color"),
                           ("ST", "Super TAKI: un TAKI del color de la carta de abajo"),
                           ("CC", "Cambio de color: eliges color"),
                           ("+3", "+3: los demás roban 3"),
                           ("X3", "Rompe +3: devuelve el +3 a quien lo tiró"),
                           ("K", "Rey: anula cualquier obligación y puedes seguir tirando")]),
            ]),
            ("Tu turno", [
                ("list", [
                    "Tira una carta del mismo <b>color</b>, <b>número</b> o <b>símbolo</b>; las cartas sin color "
                    "siguen sus propias reglas.",
                    "Sin carta que tirar, <b>roba</b> una (D): no puedes tirarla hasta el turno siguiente.",
                    "Con un <b>TAKI</b> sigues tirando cartas de ese color y luego lo <b>cierras</b> (C). Un TAKI que "
                    "se queda abierto lo puede seguir el siguiente jugador con su color.",
                    "Los +2 se acumulan; quien no responde roba todo. El Rompe +3 se puede tirar fuera de turno "
                    "sobre un +3 (B).",
                ]),
            ]),
            ("Avisos y castigos", [
                ("list", [
                    "<b>«¡Me queda una!»</b> (U): dilo al acabar tu turno con una carta. Si el siguiente juega antes, "
                    "robas 4.",
                    "Si tu última carta es un Más, robas una y sigues. Si es un +2 y te lo devuelven, robas la cadena.",
                    "Se puede acabar con un Rey.",
                ]),
            ]),
            ("Opciones de mesa", [
                ("list", ["<b>Tiempo por turno</b>: si se agota, el juego mueve por ti.",
                          "De 1 a 7 rivales (bots) y su nivel, o una sala con amigos (hasta 10 jugadores)."]),
            ]),
        ],
    },
    "en": {
        "title": "How to play Super Taki",
        "sections": [
            ("Goal", ["Be the first to run out of cards: that wins the game (there are no points)."]),
            ("The cards", [
                "116 cards: in four colours the 1 and 3 to 9 (there is no 2) and the action cards; plus colourless "
                "cards. Everyone gets 8.",
                ("cards", [("R5", "Number: goes on its colour, number or symbol"),
                           ("B+2", "+2: the next player draws 2 or answers with another +2"),
                           ("GS", "Stop: the next player loses the turn"),
                           ("YR", "Change direction (a plain card with two players)"),
                           ("R+", "Plus: play one more card of its colour (or draw one)"),
                           ("BT", "TAKI: shed as many cards of its colour as you like"),
                           ("ST", "Super TAKI: a TAKI in the colour of the card below"),
                           ("CC", "Change colour: you pick the colour"),
                           ("+3", "+3: everyone else draws 3"),
                           ("X3", "+3 breaker: sends the +3 back to its player"),
                           ("K", "King: cancels any obligation and you may play on")]),
            ]),
            ("Your turn", [
                ("list", [
                    "Play a card of the same <b>colour</b>, <b>number</b> or <b>symbol</b>; colourless cards follow "
                    "their own rules.",
                    "With nothing to play, <b>draw</b> one (D): you may not play it until your next turn.",
                    "With a <b>TAKI</b> you go on shedding that colour, then <b>close</b> it (C). A TAKI left open may "
                    "be continued by the next player in its colour.",
                    "+2s stack; whoever does not answer draws them all. The +3 breaker may be played out of turn on "
                    "a +3 (B).",
                ]),
            ]),
            ("Calls and penalties", [
                ("list", [
                    "<b>“Last card!”</b> (U): call it when your turn ends with one card. If the next player acts "
                    "first, you draw 4.",
                    "If your last card is a Plus, you draw one and play on. If it is a +2 that comes back, you draw "
                    "the chain.",
                    "You may go out on a King.",
                ]),
            ]),
            ("Table options", [
                ("list", ["<b>Time per turn</b>: when it runs out, the game moves for you.",
                          "1 to 7 opponents (bots) and their strength, or a room with friends (up to 10 players)."]),
            ]),
        ],
    },
}

DOS = {
    "es": {
        "title": "Cómo se juega a DOS",
        "sections": [
            ("Objetivo", [
                "Quedarte sin cartas primero en cada ronda emparejando con la <b>fila central</b>; quien sale suma "
                "las cartas de los demás. Gana quien llega a los puntos de la partida (200 en la hoja; para "
                "empezar se propone 100).",
            ]),
            ("Las cartas", [
                "108 cartas en cuatro colores, del 1 al 10 sin el 2, más los comodines. 7 cartas cada uno; la fila "
                "central empieza con 2 cartas boca arriba.",
                ("cards", [("R7", "Número"), ("B#", "Comodín #: cualquier número del 1 al 10 de su color"),
                           ("WD", "DOS comodín: un 2 del color que elijas")]),
            ]),
            ("Tu turno", [
                ("list", [
                    "<b>Emparejamiento simple</b>: una carta con el mismo número que una de la fila central.",
                    "<b>Emparejamiento doble</b>: dos cartas que suman el número de una carta de la fila.",
                    "Puedes emparejar con varias cartas de la fila, una vez cada una, y luego <b>terminar</b> (E).",
                    "<b>Bonus de color</b>: si además coincide el color, pones una carta de tu mano en la fila; en un "
                    "doble de color, los demás roban una.",
                    "Si no emparejas, <b>roba</b> (D); si sigues sin poder, pon una carta en la fila.",
                    "Al final, las cartas emparejadas se descartan y la fila se rellena hasta 2.",
                ]),
            ]),
            ("Avisos y castigos", [
                ("list", ["<b>¡DOS!</b> (2): con exactamente dos cartas, dilo. Si otro lo dice antes, robas 2 "
                          "(si es en tu turno, al final de tu turno)."]),
            ]),
            ("Puntos", [
                ("table", [["Carta", "Puntos"], ["1 y 3 a 10", "su número"], ["DOS comodín", "20"],
                           ["Comodín #", "40"]]),
            ]),
            ("Opciones de mesa", [
                ("list", ["<b>Puntos para ganar</b> (200 en la hoja).",
                          "<b>Tiempo por turno</b>: si se agota, el juego mueve por ti.",
                          "De 1 a 3 rivales (bots) y su nivel, o una sala con amigos."]),
            ]),
        ],
    },
    "en": {
        "title": "How to play DOS",
        "sections": [
            ("Goal", [
                "Go out first in each round by matching the <b>centre row</b>; whoever goes out scores the other "
                "hands. The first to the game's points wins (200 on the sheet; 100 is offered for a first game).",
            ]),
            ("The cards", [
                "108 cards in four colours, 1 to 10 without the 2, plus the wilds. 7 cards each; the centre row "
                "starts with 2 face-up cards.",
                ("cards", [("R7", "Number"), ("B#", "Wild #: any number 1 to 10 in its colour"),
                           ("WD", "Wild DOS: a 2 of the colour you choose")]),
            ]),
            ("Your turn", [
                ("list", [
                    "<b>Single match</b>: one card with the same number as a centre card.",
                    "<b>Double match</b>: two cards that add up to a centre card's number.",
                    "You may match several centre cards, each once, then <b>end</b> the turn (E).",
                    "<b>Colour bonus</b>: when the colour matches too, you put a card from your hand in the row; on "
                    "a double colour match everyone else draws one.",
                    "No match: <b>draw</b> (D); if you still cannot match, put a card in the row.",
                    "At the end, matched cards are discarded and the row is refilled to 2.",
                ]),
            ]),
            ("Calls and penalties", [
                ("list", ["<b>DOS!</b> (2): holding exactly two cards, call it. If someone calls it first, you draw "
                          "2 (on your own turn: at its end)."]),
            ]),
            ("Points", [
                ("table", [["Card", "Points"], ["1 and 3 to 10", "its number"], ["Wild DOS", "20"], ["Wild #", "40"]]),
            ]),
            ("Table options", [
                ("list", ["<b>Points to win</b> (200 on the sheet).",
                          "<b>Time per turn</b>: when it runs out, the game moves for you.",
                          "1 to 3 opponents (bots) and their strength, or a room with friends."]),
            ]),
        ],
    },
}

RULES = {"chupate": CHUPATE, "skypo": SKYPO, "francesa": FRANCESA, "taki": TAKI, "dos": DOS}
