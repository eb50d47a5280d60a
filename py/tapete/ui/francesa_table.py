"""The table of Chúpate 2 with a French deck (``francesa``), rendered from one seat's update.

Same contract and habits as ``chupate_table``: pure functions returning HTML that holds only what the
update holds. Suits are told apart by symbol AND colour (a four-colour deck in the colour-blind-safe
palette: ♥ vermillion, ♦ blue, ♣ green, ♠ black). A Jack opens a local suit chooser (``ui:jack <card>``).
"""

from __future__ import annotations

from .html import button, escape, tag
from .i18n import Catalog, t
from .cards import depth, direction, draw_pile, face, pile_count
from .hand import action_bar, card_keys, display_order, hand_box, my_turn, rank_order, spoken_label
from .log import LOG_OPEN, GameLog, Line
from .sheet import record_round, result_dialog, round_dialog, score_sheet
from .shedding_table import (action_button, chooser, message_line, player_name, render_log,
                             score_table, seat_list, status_line,
                             table_section)

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
    view = update["view"]
    parts = [render_seats(update, lang), render_centre(update, lang, ui), render_controls(update, lang, ui)]
    if update["seat"] is not None:
        parts.append(render_hand(update, lang, ui))
    parts.append(render_log(ui.get("log", []), lang, update, event_text, ui.get(LOG_OPEN)))
    if view["phase"] == "round_over" and view.get("last_round"):
        parts.append(render_round(update, lang, ui))
    if view["over"] and view.get("result"):
        parts.append(render_result(update, lang, ui))
    return table_section(parts, GAME_ID, view)


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
    view, legal = update["view"], update["legal"]
    top = view["top"]
    pile = draw_pile(view["draw_count"], "draw" in legal, t(lang, "pile.draw", n=view["draw_count"]))
    discard = tag("div", card_face(top) + pile_count(view.get("discard_count")), class_=f"card fcard big s-{top[-1]}",
                  data_depth=depth(view.get("discard_count", 1)), data_testid="discard-top", data_card=top,
                  role="img", aria_label=f"{t(lang, 'pile.discard')}: {card_name(lang, top)}")
    suit = view["suit"]
    info = [tag("span", f"{tx(lang, 'suit')}: {suit_chip(lang, suit)}", class_=f"suit-chip s-{suit}",
                data_testid="current-suit", data_suit=suit),
            direction(lang, view["direction"]),
            tag("span", escape(tx(lang, "round", n=view["round"]) + " · " + tx(lang, "limit", n=view["options"]["limit"])),
                data_testid="round-info")]
    if view["pending"]:
        info.append(tag("span", escape(t(lang, "pending", n=view["pending"])), class_="pending", data_testid="pending"))
    if view.get("ace_bonus"):
        info.append(tag("span", "A · " + tx(lang, "ace"), class_="pending", data_testid="ace-bonus"))
    if ui.get("timer") is not None:
        info.append(tag("span", t(lang, "timer", n=ui["timer"]), class_="timer", data_testid="turn-timer"))
    return tag("div", pile + discard + tag("div", "".join(info), class_="table-info"), class_="centre")


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
    return tag("div", status_line(status_text(update, lang), my_turn(update)) + "".join(notes) + message_line(ui) + suit_box
               + action_bar(buttons, lang), class_="controls")


def render_suit_chooser(card: str, lang: str) -> str:
    options = [(f'<span aria-hidden="true">{SUIT_SYMBOLS[s]}</span> {escape(tx(lang, s))}', f"play {card} suit:{s}",
                f"suit-{s}", f"suit-btn s-{s}") for s in SUITS]
    return chooser(tx(lang, "choose_suit"), options, "suit-chooser", "ui:cancel", lang)


def render_hand(update: dict, lang: str, ui: dict) -> str:
    legal = set(update["legal"])
    hand = update["view"]["hand"]
    keys = card_keys(hand)
    cards = []
    for i in display_order(hand, ui.get("sort"), suit_key, number_key):
        card = hand[i]
        if rank_of(card) == "J":
            playable = any(a.startswith(f"play {card} suit:") for a in legal)
            action = f"ui:jack {card}" if playable else f"play {card}"
        else:
            action = f"play {card}"
            playable = action in legal
        cls = f"card fcard s-{card[-1]}" + (" playable" if playable else "") + (" chosen" if ui.get(JACK_KEY) == card else "")
        label = spoken_label(rank_of(card), card_name(lang, card)) + (f" ({t(lang, 'playable')})" if playable else "")
        cards.append(button(card_face(card), action, f"card-{card}", cls, aria_label=label, data_index=i,
                            data_key=keys[i]))
    return hand_box(lang, cards, ui.get("sort"), "sort.suit", mine=my_turn(update))


RANK_PLACE = rank_order(("J", "Q", "K", "A"))


def suit_key(card: str) -> tuple:
    return (SUITS.index(card[-1]),)


def number_key(card: str) -> tuple:
    return (RANK_PLACE(rank_of(card)),)


def local_action(ui: dict, action: str) -> None:
    """``ui:jack <card>`` opens the suit chooser for that Jack; ``ui:cancel`` closes it."""
    if action.startswith("ui:jack "):
        ui[JACK_KEY] = action.split(" ", 1)[1]
        ui["message"] = ""
    elif action == "ui:cancel":
        ui[JACK_KEY] = None


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
    body = tag("p", escape(LOG.say(Line("out", {}, last["winner"]), update, lang)), data_testid="round-winner")
    if last.get("penalty"):
        penalty = Line("round.penalty", {"n": last["penalty"]["count"]}, last["penalty"]["seat"])
        body += tag("p", escape(LOG.say(penalty, update, lang)), data_testid="round-penalty")
    hands = [" ".join(tag("span", escape(rank_of(c)) + SUIT_SYMBOLS[c[-1]], class_=f"s-{c[-1]}",
                          aria_label=card_name(lang, c)) for c in h) for h in last["hands"]]
    body += score_table(update, lang, seats, [(tx(lang, "round.hand"), hands, True),
                                             (tx(lang, "round.points"), last["hand_points"])],
                        tx(lang, "round.points"), testid="round-hands")
    rounds = record_round(ui.get("rounds") or [], view, round_points)
    body += score_sheet(update, lang, rounds, view["scores"], seats, goal_text(view, lang))
    return round_dialog(update, lang, body)


def render_result(update: dict, lang: str, ui: dict) -> str:
    """The places (fewest points first) and the round-by-round sheet."""
    view = update["view"]
    result = view["result"]
    seats = result.get("standings") or active_seats(view)
    places = result.get("places") or [None] * view["players"]
    body = score_table(update, lang, seats, [(tx(lang, "place"), [p if p is not None else "–" for p in places]),
                                             (t(lang, "sheet.total"), result["scores"])], tx(lang, "standings"),
                       testid="places")
    rounds = record_round(ui.get("rounds") or [], view, round_points)
    body += score_sheet(update, lang, rounds, result["scores"], seats, goal_text(view, lang), result["winners"])
    return result_dialog(update, lang, ui, result["winners"], body)


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
