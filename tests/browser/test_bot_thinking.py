"""A person plays DOS against three hard bots and keeps clicking while they think.

The hard DOS bot thinks in slices (bots/dos_search.py: one sampled deal each) and the page's bot pump
hands the page back between them (ui/table_clock.py ``_pump``), so a person's clicks land in the middle of a
bot's thought. Unlike test_bot_slices.py, no test hook stretches the thought (no ``think_pause``, no
``autoplay``): this page's seat is played by the test, by clicks, as a person would (pick a card and
the row card it adds up to, end the turn, draw, put a card in the row, call DOS or catch a bot when the
button shows, one deliberate slip), and while the bots play it clicks at once where it saw things:
the draw pile (refused: not my turn), hand cards, the language toggle, the sort buttons, the whole
round's log (opened, then closed).

A recorder in the page notes each click twice in one dispatch (window capture, before the app's
handler; window bubble, after it): the table's turn, phase and version and whether a bot was between
two slices (``tapeteApp().thinking``) when it landed, then the version and the message it left. A
MutationObserver notes every version the table shows. Whole rounds are played (one or two on a quiet
machine: until enough clicks landed on the bots' turns) and the next one is dealt; after every batch of
clicks on the bots' turn the test waits for the table to move on (a state, not a time), so bots that
stopped after a click fail it. Versions only increase; a click sent to the host is either applied
(version up, no message) or refused (a message, version kept), any other click keeps the version;
clicks landed on the bots' turns, several mid-thought; no console or page error."""

from __future__ import annotations

import time

import pytest
from clicks import clean
from playwright.sync_api import TimeoutError as PlaywrightTimeout

pytestmark = pytest.mark.browser

ME = "0"                        # this page's seat (the bots take 1..3)
TABLE = "document.querySelector('[data-testid=table]')"
# a round is over: its dialog (or the game's) is open, or the table says so
ENDED = ("(!!document.querySelector('[data-testid=round-result][open], [data-testid=result][open]')"
         " || (document.querySelector('[data-testid=table]') || {dataset: {}}).dataset.phase === 'round_over')")
GAME_TIMEOUT_S = 240            # all the rounds played, on a loaded machine
BOT_TURN_MS = 90_000            # one bot move, on a loaded machine
SEED = 3
TARGET = 1000                   # points to end the game: more rounds than the test plays
# Rounds are played until this many clicks landed on the bots' turns, this many mid-thought (about 10
# and 7 a round on a quiet machine: one or two rounds; a loaded machine needs more rounds).
MIN_ON_BOTS = 8
MIN_THINKING = 4
MAX_ROUNDS = 4
BOT_TURN_CLICKS = 4             # clicks while the bots play, before waiting for them to move
SENT = ("draw", "end", "dos", "catch", "match", "place", "next")   # verbs the click sends to the host

RECORDER = """() => {
  if (window.__clicks) return;
  window.__clicks = [];
  window.__versions = [];
  const table = () => document.querySelector('[data-testid=table]');
  let pending = null;
  window.addEventListener('click', (e) => {
    const t = e.target && e.target.closest ? e.target.closest('[data-action],[data-testid]') : null;
    const tb = table();
    let app = {};
    try { app = JSON.parse(window.tapeteApp()); } catch (err) { app = {error: String(err)}; }
    pending = {testid: t ? (t.dataset.testid || null) : null, action: t ? (t.dataset.action || null) : null,
               turn: tb ? tb.dataset.turn : null, phase: tb ? tb.dataset.phase : null,
               version: tb ? Number(tb.dataset.version) : null, thinking: !!app.thinking, slices: app.slices,
               langBefore: document.documentElement.lang};
  }, true);
  window.addEventListener('click', () => {
    if (!pending) return;
    const tb = table();
    const msg = document.querySelector('[data-testid=message]');
    pending.after = tb ? Number(tb.dataset.version) : null;
    pending.message = msg ? msg.textContent.trim() : '';
    pending.lang = document.documentElement.lang;
    window.__clicks.push(pending);
    pending = null;
  });
  const note = () => {
    const tb = table();
    if (!tb) return;
    const v = Number(tb.dataset.version);
    if (window.__versions[window.__versions.length - 1] !== v) window.__versions.push(v);
  };
  note();
  new MutationObserver(note).observe(document.getElementById('app'),
    {subtree: true, childList: true, attributes: true, attributeFilter: ['data-version']});
}"""

# One read of everything the person looks at before acting, with where things are on the screen.
LOOK = """() => {
  const tb = document.querySelector('[data-testid=table]');
  const q = (s) => Array.from(document.querySelectorAll(s));
  return {
    over: !!document.querySelector('[data-testid=result]'), ended: %s,
    logOpen: !!document.querySelector('[data-testid=log-round][open]'),
    turn: tb ? tb.dataset.turn : null, phase: tb ? tb.dataset.phase : null,
    version: tb ? Number(tb.dataset.version) : -1,
    hand: q('[data-testid=hand] .card').map((c) => c.dataset.key),
    playable: q('[data-testid=hand] .card.playable').map((c) => c.dataset.key),
    selected: q('[data-testid=hand] .card.selected').length,
    fits: q('[data-testid=center] button.slot.playable:not([data-testid=center-new])').map((c) => c.dataset.testid),
    misfits: q('[data-testid=center] button.slot:not(.playable):not([data-testid=center-new])')
               .map((c) => c.dataset.testid),
    place: !!document.querySelector('[data-testid=center-new].playable'),
    buttons: q('[data-testid=actions] button, [data-testid=opponents] button').map((b) => b.dataset.testid),
    at: Object.fromEntries(q('[data-testid=draw-pile], [data-testid=lang-toggle], [data-testid^=sort-], '
                             + '[data-testid=btn-log-round], [data-testid=btn-log-close], '
                             + '[data-testid=actions] button, [data-testid=opponents] button, '
                             + '[data-testid=hand] .card').map((e) => {
      const r = e.getBoundingClientRect();
      const name = e.closest('[data-testid=hand]') ? 'hand:' + e.dataset.key : e.dataset.testid;
      return [name, [r.x + r.width / 2, r.y + r.height / 2]];
    })),
  };
}""" % ENDED


def ended(page) -> bool:
    return bool(page.evaluate(f"() => {ENDED}"))


def test_a_person_clicks_while_dos_hard_bots_think(new_page, boot, site_url):
    page = new_page(viewport={"width": 1280, "height": 900}, locale="es-ES")
    boot(page, f"{site_url}?bot_delay=0&seed={SEED}")
    page.evaluate(RECORDER)
    page.click('[data-testid="game-dos"]')
    page.check('[data-testid="opt-opponents-3"]')
    page.check('[data-testid="opt-level-hard"]')
    page.fill('[data-testid="opt-target"]', str(TARGET))
    page.click('[data-testid="btn-start"]')
    page.wait_for_selector('[data-testid="table"]')
    started = time.monotonic()

    def click(selector: str) -> bool:
        """Click like a person (Playwright waits for the target to be there and hold still); False if the
        round ended under the pointer (its modal dialog made the table inert)."""
        try:
            page.click(selector, timeout=20_000)
            return True
        except PlaywrightTimeout:
            if ended(page):
                return False
            raise

    def card(key: str) -> str:
        return f'[data-testid="hand"] .card[data-key="{key}"]'

    def my_turn(look: dict) -> None:
        """One decision of this page's seat, made by clicks."""
        buttons = look["buttons"]
        catch = [b for b in buttons if b.startswith("btn-catch-")]
        if "btn-dos" in buttons:
            click('[data-testid="btn-dos"]')
        elif catch:
            click(f'[data-testid="{catch[0]}"]')
        elif look["selected"]:                          # picked while the bots played: start afresh
            click('[data-testid="btn-clear"]')
        elif "btn-end" in buttons:                      # matched (or a colour bonus): end the turn
            click('[data-testid="btn-end"]')
        elif not slipped and look["version"] not in slip_tried and look["hand"]:
            # a person's slip, once: a card on a row card it does not add up to (refused, explained)
            slip_tried.add(look["version"])
            click(card(look["hand"][0]))
            misfits = page.evaluate(LOOK)["misfits"]
            if misfits:
                slipped.append(misfits[0])
                click(f'[data-testid="{misfits[0]}"]')
        else:
            for key in look["playable"]:                # one card on a row card it adds up to
                if not click(card(key)):
                    return
                fits = page.evaluate(LOOK)["fits"]
                if fits:
                    click(f'[data-testid="{fits[0]}"]')
                    return
                click(card(key))                        # not alone: put it back
            if "btn-draw" in buttons:
                click('[data-testid="btn-draw"]')
                return
            click('[data-testid="draw-pile"]')          # drawn already: refused, explained
            click(card(look["hand"][-1]))               # nothing matches: one card goes to the row
            if page.evaluate(LOOK)["place"]:
                click('[data-testid="center-new"]')

    def poke(look: dict, name: str) -> None:
        """A person waiting for the bots clicks at once where they saw the thing: a mouse click at its
        centre. (Playwright's checks before a click take several of the page's turns, and a bot's whole
        thought is a few tenths of a second.) The recorder notes what the click really hit."""
        if name in look["at"]:
            page.mouse.click(*look["at"][name])

    def while_the_bots_play(look: dict) -> None:
        """A few clicks in a row, from one look, of a person waiting for the bots: the draw pile first (out
        of turn: refused, explained), then hand cards, the language, the sort, the whole round's log."""
        calls = [b for b in look["buttons"] if b == "btn-dos" or b.startswith("btn-catch-")]
        if look["logOpen"]:
            names = ["btn-log-close"]                                        # the whole round seen: back
        elif calls:
            names = calls[:1]                                                # say DOS / catch a bot
        else:
            names = ["draw-pile"]
            for i in range(len(pokes), len(pokes) + BOT_TURN_CLICKS - 1):
                names.append([f"hand:{look['hand'][i % len(look['hand'])]}" if look["hand"] else "draw-pile",
                              "lang-toggle",
                              ("sort-color", "sort-number", "sort-none")[i % 3],
                              "btn-log-round" if "btn-log-round" in look["at"] else "lang-toggle"][i % 4])
        for name in names:
            pokes.append(name)
            poke(look, name)

    def on_the_bots_turns(clicks: list[dict]) -> tuple[list[dict], list[dict]]:
        """The clicks that landed on a bot's turn, and those of them that landed mid-thought."""
        on_bots = [c for c in clicks if c["turn"] not in (ME, None) and c["phase"] in ("play", "bonus")]
        return on_bots, [c for c in on_bots if c["thinking"]]

    def enough() -> bool:
        on_bots, thinking = on_the_bots_turns(page.evaluate("window.__clicks"))
        return len(on_bots) >= MIN_ON_BOTS and len(thinking) >= MIN_THINKING

    slipped: list[str] = []
    slip_tried: set[int] = set()
    pokes: list[str] = []
    seen: list[tuple] = []
    rounds = 0
    while True:
        assert time.monotonic() - started < GAME_TIMEOUT_S, f"the rounds did not end: {seen[-5:]}"
        look = page.evaluate(LOOK)
        seen.append((look["version"], look["turn"], look["phase"]))
        if look["over"]:
            break
        if look["ended"]:                               # a round's end: its dialog, then the next round
            page.wait_for_selector('[data-testid="round-result"][open], [data-testid="result"][open]')
            rounds += 1
            if page.locator('[data-testid="result"]').count():
                break
            done = enough()
            page.click('[data-testid="btn-next"]')     # the next round is dealt: the bots play on
            page.wait_for_function(f"v => Number({TABLE}.dataset.version) > v", arg=look["version"],
                                   timeout=BOT_TURN_MS)
            if done or rounds == MAX_ROUNDS:
                break
            continue
        if look["logOpen"]:                             # opened while the bots played: close it
            click('[data-testid="btn-log-close"]')
            continue
        if look["turn"] == ME and look["phase"] in ("play", "bonus"):
            my_turn(look)
            continue
        while_the_bots_play(look)
        # the bots go on after the clicks: the table moves on, or it is my turn, or the round is over
        try:
            page.wait_for_function(
                f"([v, me]) => {ENDED} || Number({TABLE}.dataset.version) !== v"
                f" || ({TABLE}.dataset.turn === me && ['play', 'bonus'].includes({TABLE}.dataset.phase))",
                arg=[look["version"], ME], timeout=BOT_TURN_MS)
        except PlaywrightTimeout:
            pytest.fail(f"the bots stopped at version {look['version']} (turn {look['turn']}) after the clicks "
                        f"{pokes[-BOT_TURN_CLICKS:]}: {page.evaluate('tapeteApp()')}")

    played_for = time.monotonic() - started
    clicks = [c for c in page.evaluate("window.__clicks") if c["version"] is not None]   # on the table
    versions = page.evaluate("window.__versions")
    clean(page, new_page, "at the end")
    assert rounds >= 1, "no round ended"

    # versions only increase, over the rounds played
    assert versions == sorted(set(versions)), versions
    assert len(versions) >= 30, versions
    # every click sent to the host is applied (version up, no message) or refused (message, version kept);
    # any other click (a selection, the sort, the log, the language...) leaves the version as it was
    sent = [c for c in clicks if c["action"] and c["action"].split(" ")[0] in SENT]
    for c in clicks:
        if c in sent:
            assert (c["after"] > c["version"] and not c["message"]) or (c["after"] == c["version"] and c["message"]), c
        else:
            assert c["after"] == c["version"], c
    refused = [c for c in sent if c["message"]]
    assert slipped and any(c["turn"] == ME and c["testid"] == slipped[0] for c in refused), "no slip refused"
    assert any(c["after"] > c["version"] and c["turn"] == ME for c in sent), "I never moved"
    # the point: clicks landed while it was a bot's turn, many in the middle of a bot's thought
    on_bots, thinking = on_the_bots_turns(clicks)
    out_of_turn = [c for c in on_bots if c["action"] == "draw"]
    switches = [c for c in clicks if c["testid"] == "lang-toggle"]
    print(f"\n{rounds} rounds in {played_for:.1f} s: {len(versions)} versions, {len(clicks)} clicks "
          f"({len(pokes)} pokes), {len(on_bots)} on the bots' turns, {len(thinking)} mid-thought, "
          f"{len(refused)} refused, {len(switches)} language switches")
    assert len(on_bots) >= MIN_ON_BOTS and len(thinking) >= MIN_THINKING, (len(on_bots), len(thinking), on_bots)
    assert out_of_turn and all(c in refused for c in out_of_turn), out_of_turn    # "not your turn", explained
    assert switches and all(c["lang"] != c["langBefore"] for c in switches), switches   # each switch took
