"""End screens that explain: the round-by-round score sheet, the cards left, the ranking line, and the
round and result dialogs (modal ``<dialog>``s named by their heading, opened and focused by the app,
closed with Escape).

The views carry only the last round, so the app keeps the history itself: after every update,
``record_round`` adds the round just scored (public data only: the points every seat scored and the
totals) to ``ui["rounds"]``. A page that joined late shows the rounds it saw; the totals column always
comes from the view.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .html import button, escape, tag
from .i18n import t
from .log import names_of

RoundPoints = Callable[[dict], list]       # view -> points each seat scored in its last round

# ----- the ranking (the same rule in all five games, kept per browser) --------------------------------
WIN_PER_PLAYER, PAIR_WIN, LOSS, ABANDON = 10, 20, -10, -20


def ranking_delta(result: dict, seat: int, players: int, pairs: bool = False) -> int:
    """Ranking points of one finished game for ``seat``, from sheet 000's rule applied to all five games
    (docs/ranking.md): a win earns 10 per player at the table (pairs: 20 to each winner), a loss
    costs 10. An engine that scores the ranking itself (Chúpate 2) is taken at its word."""
    if result.get("ranking"):
        return result["ranking"][seat]
    if seat in result.get("winners", []):
        return PAIR_WIN if pairs else WIN_PER_PLAYER * players
    return LOSS


# ----- the history of rounds --------------------------------------------------------------------------
def record_round(rounds: list[dict], view: dict, points: RoundPoints | None) -> list[dict]:
    """``rounds`` with the view's last round added once it is scored (no-op without a scored round)."""
    last = view.get("last_round")
    if points is None or not last or view.get("round") is None:
        return rounds
    if view["phase"] not in ("round_over", "game_over") and not view["over"]:
        return rounds
    number = view["round"]
    if any(r["round"] == number for r in rounds):
        return rounds
    return rounds + [{"round": number, "points": list(points(view)), "totals": list(view["scores"])}]


def score_sheet(update: dict, lang: str, rounds: Sequence[dict], totals: Sequence[int], seats: Sequence[int],
                goal: str, winners: Sequence[int] = ()) -> str:
    """``score-sheet``: one row per seat, one column per round seen (``R1``, ``R2``…), then the total;
    the caption says what the points are for (``goal``)."""
    name = names_of(update, lang)
    head = tag("th", t(lang, "sheet.player"), scope="col") + "".join(
        tag("th", tag("abbr", t(lang, "sheet.round", n=r["round"]), title=t(lang, "sheet.round_long", n=r["round"])),
            scope="col") for r in rounds) + tag("th", t(lang, "sheet.total"), scope="col")
    rows = []
    for seat in seats:
        cells = "".join(tag("td", str(r["points"][seat]) if seat < len(r["points"]) else "–") for r in rounds)
        cls = " ".join(c for c in ("me" if seat == update["seat"] else "", "winner" if seat in winners else "") if c)
        rows.append(tag("tr", tag("th", escape(name(seat)), scope="row") + cells
                        + tag("td", str(totals[seat]), class_="total", data_testid=f"total-{seat}"),
                        class_=cls or None, data_seat=seat))
    caption = tag("caption", escape(t(lang, "sheet.caption")) + tag("span", escape(goal), class_="goal",
                                                                     data_testid="sheet-goal"))
    # many rounds overflow a phone's width: the wrapper scrolls, so it takes focus (arrow keys scroll it)
    return tag("div", tag("table", caption + tag("tr", head) + "".join(rows), class_="scores sheet",
                          data_testid="score-sheet", data_rounds=len(rounds)), class_="sheet-scroll",
               tabindex="0", role="region", aria_label=t(lang, "sheet.caption"))


def cards_left_table(update: dict, lang: str, counts: Sequence[int], points: Sequence[int] | None,
                     winners: Sequence[int]) -> str:
    """``cards-left``: each seat's cards left at the end (and what they are worth), the winner first."""
    name = names_of(update, lang)
    seats = sorted(range(len(counts)), key=lambda s: (s not in winners, counts[s], s))
    head = tag("th", t(lang, "sheet.player"), scope="col") + tag("th", t(lang, "left.cards"), scope="col")
    if points is not None:
        head += tag("th", t(lang, "left.points"), scope="col")
    rows = []
    for seat in seats:
        cells = tag("td", str(counts[seat]), data_testid=f"left-{seat}")
        if points is not None:
            cells += tag("td", str(points[seat]))
        rows.append(tag("tr", tag("th", escape(name(seat)), scope="row") + cells,
                        class_="winner" if seat in winners else None, data_seat=seat))
    return tag("table", tag("caption", t(lang, "left.caption")) + tag("tr", head) + "".join(rows),
               class_="scores", data_testid="cards-left")


# ----- dialogs ----------------------------------------------------------------------------------------
def dialog(body: str, testid: str, title: str, cancel: str, cls: str) -> str:
    """A modal dialog named by its heading (``<testid>-title``); the app opens it with showModal() and
    sends ``cancel`` when Escape closes it."""
    title_id = f"{testid}-title"
    return tag("dialog", tag("h2", escape(title), id=title_id) + body, class_=f"overlay {cls}",
               data_testid=testid, aria_labelledby=title_id, data_modal="1", data_cancel_action=cancel)


def round_dialog(update: dict, lang: str, body: str) -> str:
    """``round-result``: the end of a round; its button (and Escape) deals or waits for the next one."""
    action = "next" if "next" in update["legal"] else "continue"
    body += button(t(lang, "next_round"), action, "btn-next", "btn primary", autofocus=True)
    return dialog(body, "round-result", t(lang, "round.title", n=update["view"]["round"]), action, "round-result")


def winner_points(view: dict) -> list[int]:
    """Points each seat scored in the view's last round when the round's winner scores the others' cards."""
    last = view["last_round"]
    return [last["points"] if s == last["winner"] else 0 for s in range(view["players"])]


def round_sheet(update: dict, lang: str, ui: dict, body: str, points: RoundPoints, goal: str,
                seats: Sequence[int] | None = None) -> str:
    """``round-result`` for a game scored by rounds: the game's own account of the round (``body``),
    then the sheet of every round seen (``points``: what each seat scored; ``goal``: its caption)."""
    view = update["view"]
    rounds = record_round(ui.get("rounds") or [], view, points)
    seats = range(view["players"]) if seats is None else seats
    return round_dialog(update, lang, body + score_sheet(update, lang, rounds, view["scores"], seats, goal))


def result_sheet(update: dict, lang: str, ui: dict, body: str, points: RoundPoints, goal: str,
                 seats: Sequence[int] | None = None) -> str:
    """``result`` for a game scored by rounds: ``body``, then the sheet with the final totals and winners."""
    view = update["view"]
    result = view["result"]
    rounds = record_round(ui.get("rounds") or [], view, points)
    seats = range(view["players"]) if seats is None else seats
    return result_dialog(update, lang, ui, result["winners"],
                         body + score_sheet(update, lang, rounds, result["scores"], seats, goal, result["winners"]))


def headline(update: dict, lang: str, winners: Sequence[int]) -> str:
    if update["seat"] in winners:
        return t(lang, "result.you_win")
    name = names_of(update, lang)
    return t(lang, "result.winner", names=", ".join(name(s) for s in winners))


def result_dialog(update: dict, lang: str, ui: dict, winners: Sequence[int], body: str) -> str:
    """``result``: who won (``result-winner``), the explanation (``body``), the ranking with its rule,
    play again and menu. Escape (or ``btn-result-close``) closes it to look at the table; then
    ``btn-show-result`` opens it again."""
    if ui.get("result_closed"):
        return tag("div", button(t(lang, "result.show"), "ui:result-open", "btn-show-result", "btn primary"),
                   class_="result-reopen")
    # the winner's moment (issue 31): stars burst around the headline (table.css, only when the player
    # lets motion happen: none under prefers-reduced-motion); data-won says whether it is our win
    won = update["seat"] in winners
    stars = tag("div", "".join(tag("span", "★") for _ in range(5)), class_="win-stars", data_testid="win-stars",
                aria_hidden="true")
    html = stars + tag("p", escape(headline(update, lang, winners)), class_="headline win-moment",
                       data_testid="result-winner", data_won="1" if won else "0") + body
    if ui.get("ranking"):
        delta, total = ui["ranking"]
        html += tag("p", escape(t(lang, "ranking.line", delta=f"{delta:+d}", total=total)), data_testid="ranking")
        html += tag("p", escape(t(lang, "ranking.rule")), class_="ranking-rule", data_testid="ranking-rule")
    from .hints import used_line
    html += used_line(lang, ui)                      # a game against bots: how many hints it used
    html += tag("div", button(t(lang, "again"), "again", "btn-again", "btn primary", autofocus=True)
                + button(t(lang, "result.close"), "ui:result-close", "btn-result-close")
                + button(t(lang, "menu"), "menu", "btn-menu"), class_="dialog-actions")
    return dialog(html, "result", t(lang, "result.title"), "ui:result-close", "result")
