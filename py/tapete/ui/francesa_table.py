"""The table of Chúpate 2 with a French deck (``francesa``), rendered from one seat's update.

Same contract and habits as ``chupate_table``: pure functions returning HTML that holds only what the
update holds. Suits are told apart by symbol AND colour (a four-colour deck in the colour-blind-safe
palette: ♥ vermillion, ♦ blue, ♣ green, ♠ black). A Jack opens a local suit chooser (``ui:jack <card>``).
"""

from __future__ import annotations

from .html import button, escape, tag
from .i18n import Catalog, t
from .cards import direction, discard_top, face
from .hand import hand_box, hand_cards, my_turn, playable_label, rank_order
from .log import GameLog, Line
from .sheet import result_sheet, round_sheet
from .shedding_table import (action_button, centre_box, chooser, chooser_action, controls_box, player_name,
                             score_table, seat_list, table_html)

GAME_ID = "francesa"
SUITS = ("H", "D", "S", "C")
SUIT_SYMBOLS = {"H": "♥", "D": "♦", "S": "♠", "C": "♣"}
JACK_KEY = "francesa_jack"          # ui key: the Jack whose suit is being chosen
KEYS = {"d": "draw", "c": "call", "n": "denounce"}

CATALOG = Catalog.of(GAME_ID)      # its part of text/<lang>.json
TEXTS, REFUSALS, SENTENCES = CATALOG.texts, CATALOG.refusals, CATALOG.sentences
refusal_text = CATALOG.refusal  # a refusal in this game's words, else the shared text, else the engine's
tx = CATALOG.t                  # this game's text for a key, else the shared i18n.t text


def rank_of(card: str) -> str:
    return card[:-1]


def card_name(lang: str, card: str) -> str:
    """A card read aloud: ``7 de corazones``, ``sota de picas``, ``ace of clubs``."""
    rank = rank_of(card)
    rank_text = rank if rank.isdigit() else tx(lang, "rank." + rank)
    return tx(lang, "card", rank=rank_text, suit=tx(lang, card[-1]))


def card_face(card: str) -> str:
    suit = card[-1]
    return face(tag("span", escape(rank_of(card)), class_="rank")
                + tag("span", SUIT_SYMBOLS[suit], class_="suit-sym", aria_hidden="true"), rank_of(card), SUIT_SYMBOLS[suit])


def suit_chip(lang: str, suit: str) -> str:
    return f"{SUIT_SYMBOLS[suit]} {tx(lang, suit)}"


# ----- the table -------------------------------------------------------------------------------------
def render_table(update: dict, lang: str, ui: dict) -> str:
    """The whole table for ``update``; ``ui`` holds local state (the Jack being played, message, log)."""
    return table_html(update, lang, ui, GAME_ID, (render_seats, render_centre, render_controls, render_hand),
                      event_text, render_round, render_result)


def render_seats(update: dict, lang: str) -> str:
    view = update["view"]
    gone = view.get("gone") or [False] * view["players"]

    def extra(seat: int) -> tuple[str, str]:
        badges = tag("span", escape(tx(lang, "points", n=view["scores"][seat])), class_="points",
                     data_testid=f"points-{seat}")
        cls = []
        if view["exposed"] == seat:
            cls.append("exposed")
        if view["called"] == seat:
            badges += tag("span", "‼ " + escape(tx(lang, "call")), class_="badge")
        return badges, " ".join(cls)

    return seat_list(update, lang, extra, skip=gone)


def render_centre(update: dict, lang: str, ui: dict) -> str:
    view = update["view"]
    top = view["top"]
    discard = discard_top(lang, view, card_face(top), f"card fcard big s-{top[-1]}", card_name(lang, top))
    suit = view["suit"]
    info = [tag("span", f"{tx(lang, 'suit')}: {suit_chip(lang, suit)}", class_=f"suit-chip s-{suit}",
                data_testid="current-suit", data_suit=suit),
            direction(lang, view["direction"]),
            tag("span", escape(tx(lang, "round", n=view["round"]) + " · " + tx(lang, "limit", n=view["options"]["limit"])),
                data_testid="round-info")]
    ace = [tag("span", "A · " + tx(lang, "ace"), class_="pending", data_testid="ace-bonus")] if view.get("ace_bonus") else []
    return centre_box(lang, update, ui, discard, info, ace)


def status_text(update: dict, lang: str) -> str:
    view, me = update["view"], update["seat"]
    if view["over"]:
        return t(lang, "result.title")
    if view["phase"] == "round_over":
        dealer = view.get("dealer")
        if dealer == me:
            return tx(lang, "status.dealer_you")
        return tx(lang, "status.round_over", name=player_name(lang, update, dealer if dealer is not None else 0))
    if view["turn"] != me:
        return t(lang, "turn.other", name=player_name(lang, update, view["turn"]))
    if view["pending"]:
        return tx(lang, "status.pending", n=view["pending"])
    if view.get("ace_bonus"):
        return tx(lang, "status.ace")
    if view["called"] == me:
        return tx(lang, "status.called")
    return t(lang, "turn.you")


def render_controls(update: dict, lang: str, ui: dict) -> str:
    view, legal = update["view"], update["legal"]
    if view["pending"]:
        draw_label = tx(lang, "draw_pending", n=view["pending"])
    elif view.get("ace_bonus"):
        draw_label = tx(lang, "draw_ace")
    else:
        draw_label = t(lang, "draw")
    buttons = [action_button(draw_label, "draw", legal, "D"),
               action_button(tx(lang, "call"), "call", legal, "C"),
               action_button(t(lang, "denounce"), "denounce", legal, "N")]
    notes = []
    if view["exposed"] is not None and view["exposed"] != update["seat"] and "denounce" in legal:
        notes.append(tag("p", escape(tx(lang, "exposed", name=player_name(lang, update, view["exposed"]))),
                         class_="note", data_testid="exposed"))
    jack = ui.get(JACK_KEY)
    suit_box = render_suit_chooser(jack, lang) if jack and jack in (view.get("hand") or []) else ""
    return controls_box(lang, ui, status_text(update, lang), my_turn(update), buttons, "".join(notes), suit_box)


def render_suit_chooser(card: str, lang: str) -> str:
    options = [(f'<span aria-hidden="true">{SUIT_SYMBOLS[s]}</span> {escape(tx(lang, s))}', f"play {card} suit:{s}",
                f"suit-{s}", f"suit-btn s-{s}") for s in SUITS]
    return chooser(tx(lang, "choose_suit"), options, "suit-chooser", "ui:cancel", lang)


def render_hand(update: dict, lang: str, ui: dict) -> str:
    legal = set(update["legal"])

    def card(i: int, card: str, key: str) -> str:
        if rank_of(card) == "J":
            playable = any(a.startswith(f"play {card} suit:") for a in legal)
            action = f"ui:jack {card}" if playable else f"play {card}"
        else:
            action = f"play {card}"
            playable = action in legal
        cls = f"card fcard s-{card[-1]}" + (" playable" if playable else "") + (" chosen" if ui.get(JACK_KEY) == card else "")
        label = playable_label(lang, rank_of(card), card_name(lang, card), playable)
        return button(card_face(card), action, f"card-{card}", cls, aria_label=label, data_index=i, data_key=key)
    return hand_box(lang, hand_cards(update, ui, suit_key, number_key, card), ui.get("sort"), "sort.suit",
                    mine=my_turn(update))


RANK_PLACE = rank_order(("J", "Q", "K", "A"))


def suit_key(card: str) -> tuple:
    return (SUITS.index(card[-1]),)


def number_key(card: str) -> tuple:
    return (RANK_PLACE(rank_of(card)),)


local_action = chooser_action("jack", JACK_KEY)    # ``ui:jack <card>``: the suit chooser for that Jack


# ----- overlays ----------------------------------------------------------------------------------
def active_seats(view: dict) -> list[int]:
    gone = view.get("gone") or [False] * view["players"]
    return [s for s in range(view["players"]) if not gone[s]]


def round_points(view: dict) -> list[int]:
    """Points each seat took in the view's last round: the cards left in its hand."""
    return list(view["last_round"]["hand_points"])


def goal_text(view: dict, lang: str) -> str:
    return t(lang, "sheet.limit", n=view["options"]["limit"])


def render_round(update: dict, lang: str, ui: dict) -> str:
    view = update["view"]
    last = view["last_round"]
    seats = active_seats(view)
    body = LOG.paragraph(Line("out", {}, last["winner"]), update, lang, "round-winner")
    if last.get("penalty"):
        penalty = Line("round.penalty", {"n": last["penalty"]["count"]}, last["penalty"]["seat"])
        body += LOG.paragraph(penalty, update, lang, "round-penalty")
    hands = [" ".join(tag("span", escape(rank_of(c)) + SUIT_SYMBOLS[c[-1]], class_=f"s-{c[-1]}",
                          aria_label=card_name(lang, c)) for c in h) for h in last["hands"]]
    body += score_table(update, lang, seats, [(tx(lang, "round.hand"), hands, True),
                                             (tx(lang, "round.points"), last["hand_points"])],
                        tx(lang, "round.points"), testid="round-hands")
    return round_sheet(update, lang, ui, body, round_points, goal_text(view, lang), seats)


def render_result(update: dict, lang: str, ui: dict) -> str:
    """The places (fewest points first) and the round-by-round sheet."""
    view = update["view"]
    result = view["result"]
    seats = result.get("standings") or active_seats(view)
    places = result.get("places") or [None] * view["players"]
    body = score_table(update, lang, seats, [(tx(lang, "place"), [p if p is not None else "–" for p in places]),
                                             (t(lang, "sheet.total"), result["scores"])], tx(lang, "standings"),
                       testid="places")
    return result_sheet(update, lang, ui, body, round_points, goal_text(view, lang), seats)


# ----- the log ---------------------------------------------------------------------------------------


def _played(event: dict, update: dict, lang: str) -> Line:
    card = card_name(lang, event["card"])
    if rank_of(event["card"]) == "J":
        return Line("played_jack", {"card": card, "suit": suit_chip(lang, event["suit"])}, event["seat"])
    return Line("played", {"card": card}, event["seat"])


LOG = GameLog(card_name, SENTENCES, call=CATALOG.call,
              special={"played": _played,
                       "joined": lambda e, u, lang: Line("joined", {"points": e["score"]}, e["seat"])})


def event_text(event: dict, update: dict, lang: str) -> str | None:
    """The log's sentence for one event, in ``lang`` and this seat's person (None: says nothing)."""
    return LOG.text(event, update, lang)
