"""Pass-and-play in the real page (issue 32): two people (Ana, Beto) and a bot share one page.

Everything is driven through the DOM as the people would: the setup's pass-and-play fold, "I am Ana:
show my cards" on every hand-over, clicks on cards, choosers and buttons on the holder's own table,
"Done: hide my cards", the shouts. At every hand-over the page is checked for hidden information: no
element of a table at all, and none of the next person's cards (taken from their table right after they
reveal it, the state being unchanged by the reveal) in the HTML, the text or the accessibility tree;
the same check on their own table finds the cards (so the check can fail). A reload mid-round (offline,
the service worker answering) resumes at the same hand-over; axe finds nothing serious on the hand-over.
"""

from __future__ import annotations

import re

import pytest

from conftest import ARTIFACTS
from local_site import server_url, start_server
from test_accessibility import Axe

pytestmark = pytest.mark.browser
SHOTS = ARTIFACTS / "screenshots"
GAMES = ["chupate", "skypo", "francesa", "taki", "dos"]
PEOPLE = ("Ana", "Beto")
FIELDS = {"chupate": {"opt-mode-quick": None}}     # setup fields (radio: None); the others' defaults
STATE = """() => { const p = document.querySelector('[data-testid=passplay]'); if (!p) return null;
  const t = p.querySelector('[data-testid=table]');
  return {screen: p.dataset.screen, render: +p.dataset.render, version: +p.dataset.version,
          turn: +p.dataset.turnId, next: p.dataset.next ?? null, holder: p.dataset.holder ?? null,
          reason: p.dataset.reason ?? null, phase: t ? t.dataset.phase : null}; }"""
SETTLED = ("() => { const p = document.querySelector('[data-testid=passplay]');"
           " return !!p && p.dataset.screen !== 'bots'; }")
RENDERED = "n => { const p = document.querySelector('[data-testid=passplay]'); return !!p && +p.dataset.render > n; }"
# Anything of a table on the hand-over screen (it shows only names, counts and shouts).
TABLE_BITS = """() => ['[data-testid=table]', '[data-testid=hand]', '[data-card]', '[data-testid^="card-"]',
  '.card', '.color-chooser', '[data-testid=drawn-card]', '[data-testid=my-grid]', '[data-testid=log]', 'dialog[open]']
  .filter(s => document.querySelector(s))"""
WITHOUT_ANNOUNCER = """() => { const doc = document.documentElement.cloneNode(true);
  doc.querySelector('#announcer')?.remove(); return doc.outerHTML; }"""
HAND = """() => [...document.querySelectorAll('[data-testid=hand] .card')].map(c => ({
  id: c.dataset.testid, name: (c.getAttribute('aria-label') || '').split(' (')[0].split(', ').pop()}))"""


def start(page, boot, url: str, game: str, people=PEOPLE, bots: int = 1, expect: bool = True) -> None:
    boot(page, url)
    page.click(f'[data-testid="game-{game}"]')
    for testid, value in FIELDS.get(game, {}).items():
        page.check(f'[data-testid="{testid}"]') if value is None else page.fill(f'[data-testid="{testid}"]', value)
    page.click('[data-testid="passplay-open"]')
    inputs = page.query_selector_all('[data-testid^="pp-name-"]')
    for i, field in enumerate(inputs):
        field.fill(people[i] if i < len(people) else "")
    page.fill('[data-testid="pp-bots"]', str(bots))
    page.click('[data-testid="btn-passplay-start"]')
    if expect:
        page.wait_for_selector('[data-testid="passplay"]')


def state(page) -> dict:
    return page.evaluate(STATE)


def settle(page) -> dict:
    page.wait_for_function(SETTLED, timeout=60_000)
    return state(page)


def click(page, selector: str) -> None:
    """A real click, then wait for the screen to render again."""
    before = state(page)["render"]
    page.click(selector)
    page.wait_for_function(RENDERED, arg=before, timeout=30_000)


def there(page, selector: str) -> bool:
    return page.query_selector(selector) is not None


def step_shedding(page) -> None:
    """One click sequence of Chúpate 2, the French deck or Super Taki: a chooser's first choice, a call,
    a playable card, else close / end / pass / draw."""
    for selector in ('.color-chooser button:not(.cancel)', '[data-testid="btn-ultima"]', '[data-testid="btn-call"]',
                     '[data-testid="hand"] .card.playable', '[data-testid="btn-close"]', '[data-testid="btn-end"]',
                     '[data-testid="btn-pass"]', '[data-testid="btn-draw"]'):
        if there(page, selector):
            click(page, selector + " >> nth=0")
            return
    pytest.fail(f"nothing to click on {state(page)}")


def step_dos(page) -> None:
    """¡DOS! when due; else a hand card that matches a row card alone (or may be put in the row);
    else draw; else end the turn."""
    if there(page, '[data-testid="btn-dos"]'):
        click(page, '[data-testid="btn-dos"]')
        return
    count = len(page.query_selector_all('[data-testid="hand"] .card.playable'))
    for i in range(count):
        click(page, f'[data-testid="hand"] .card.playable >> nth={i}')
        for target in ('[data-testid^="center-"].slot.playable:not([data-testid="center-new"])',
                       '[data-testid="center-new"].playable'):
            if there(page, target):
                click(page, target + " >> nth=0")
                return
        click(page, '[data-testid="btn-clear"]')
    for selector in ('[data-testid="btn-draw"]', '[data-testid="btn-end"]'):
        if there(page, selector):
            click(page, selector)
            return
    pytest.fail(f"nothing to click on {state(page)}")


def step_skypo(page) -> None:
    """Flip a face-down card at the start; draw; then swap the drawn card into a face-down cell."""
    for selector in ('[data-testid="my-grid"] button.face-down.playable', '[data-testid="my-grid"] button.playable',
                     '[data-testid="btn-draw"]'):
        if there(page, selector):
            click(page, selector + " >> nth=0")
            return
    pytest.fail(f"nothing to click on {state(page)}")


STEP = {"chupate": step_shedding, "francesa": step_shedding, "taki": step_shedding, "dos": step_dos,
        "skypo": step_skypo}


def seat_count(page, seat: str) -> int:
    """A seat's card count as the hand-over says it ("Ana — 3 cards")."""
    return int(re.search(r"— (\d+)", page.inner_text(f'[data-testid="pp-seat-{seat}"]')).group(1))


def check_handover(page, game: str) -> dict:
    """Nothing of any table on the hand-over; reveal; the holder's cards were in none of it."""
    assert page.evaluate(TABLE_BITS) == [], "the hand-over shows part of a table"
    s = state(page)
    name = PEOPLE[int(s["next"])]
    heading = page.inner_text('[data-testid="pp-heading"]')
    assert name in heading and name in page.inner_text('[data-testid="btn-reveal"]'), heading
    # the live region (#announcer) says the last public move ("Beto plays green 4"), built from the public
    # update like the log: a played card, not a hidden one; it is left out of the comparison (a person may
    # hold the twin of a card just played) and checked to speak of someone by name, never "you"
    said = page.inner_text("#announcer")
    assert not said.startswith(("You ", "Tú ")), said
    shot = {"html": page.evaluate(WITHOUT_ANNOUNCER), "aria": page.locator("#app").aria_snapshot(),
            "text": page.inner_text("#app")}
    click(page, '[data-testid="btn-reveal"]')
    after = state(page)
    assert after["screen"] == "play" and after["holder"] == s["next"] and after["version"] == s["version"], after
    assert name in page.inner_text('[data-testid="pp-heading"]')
    hand = page.evaluate(HAND)
    if game != "skypo":                         # Skypo's cards are face down for everyone, or public
        assert hand, "the holder sees their hand"
        aria = page.locator("body").aria_snapshot()
        assert hand[0]["name"] in aria, "the check would find a card name"      # the check can fail
    for card in hand:
        assert f'data-testid="{card["id"]}"' not in shot["html"], card
        for where in ("html", "aria", "text"):
            assert card["name"] not in shot[where], (card, where)
    return after


def play_round(page, game: str, until=("round", "over"), max_steps: int = 800, stop_after_handovers=None) -> dict:
    """Play until the round ends (the round or result screen), checking every hand-over; returns tallies."""
    seen = {"handovers": 0, "shouts": 0, "catches": 0, "polls": 0, "people": set()}
    for _ in range(max_steps):
        s = settle(page)
        if s["screen"] in until:
            return seen
        if s["screen"] == "handover":
            if stop_after_handovers is not None and seen["handovers"] >= stop_after_handovers:
                return seen
            if there(page, '[data-testid="pp-shouts"] button'):      # a shout anyone may make: tap it
                shout = page.get_attribute('[data-testid="pp-shouts"] button >> nth=0', "data-testid")
                caught = shout.removeprefix("shout-catch-") if shout.startswith("shout-catch-") else None
                held = seat_count(page, caught) if caught else None
                click(page, '[data-testid="pp-shouts"] button >> nth=0')
                seen["shouts"] += 1
                if caught and state(page)["screen"] == "handover":
                    assert seat_count(page, caught) > held, f"{shout}: the caught person draws"
                    seen["catches"] += 1
                continue
            seen["handovers"] += 1
            seen["people"].add(s["next"])
            check_handover(page, game)
        elif s["screen"] == "play" and there(page, '[data-testid="pp-poll-ask"]'):    # Super Taki's +3 poll
            seen["polls"] += 1
            no_table_bits = page.evaluate(TABLE_BITS)
            assert "[data-testid=hand]" in no_table_bits, "the asked person sees their own hand"
            click(page, '[data-testid="btn-break"]' if there(page, '[data-testid="btn-break"]')
                  else '[data-testid="btn-hide"]')
        elif s["screen"] == "play":
            STEP[game](page)
        elif s["screen"] == "done":
            for call in ('[data-testid="btn-dos"]', '[data-testid="btn-call"]'):
                if there(page, call):
                    click(page, call)
            click(page, '[data-testid="btn-hide"]')
        else:
            pytest.fail(f"unexpected screen {s}")
    pytest.fail(f"the round did not end in {max_steps} steps: {state(page)}")


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_round_with_two_people_and_a_bot(new_page, boot, site_url, game):
    page = new_page(viewport={"width": 390, "height": 844}, locale="en-US")
    start(page, boot, f"{site_url}?bot_delay=0&seed=5", game)
    assert page.evaluate(f"localStorage.getItem('tapete.passplay.{game}') !== null"), "saved from the start"
    seen = play_round(page, game)
    assert seen["people"] == {"0", "1"}, seen                    # both people held the device
    if game == "chupate":                          # seed 5: a shout on a hand-over catches someone (+2 cards)
        assert seen["catches"] >= 1, seen
    if game == "taki":                             # seed 5: a +3 is answered after a poll of the other person
        assert seen["polls"] >= 1, seen
    end = state(page)
    assert end["screen"] in ("round", "over") and end["phase"] in ("round_over", "game_over"), end
    log = page.inner_text('[data-testid="log"]')
    assert ("Ana" in log or "Beto" in log) and "You " not in log, log      # every person by name
    assert not page.query_selector('[data-testid="hand"]'), "no hand on the public end screen"
    if end["screen"] == "round":                   # the next round is dealt from the round's dialog
        click(page, '[data-testid="btn-next"]')
        page.wait_for_function("() => ['handover', 'bots', 'play']"
                               ".includes(document.querySelector('[data-testid=passplay]').dataset.screen)")
    assert not new_page.console_errors, new_page.console_errors


def test_the_setup_refuses_one_person_and_keeps_the_names(new_page, boot, site_url):
    page = new_page(locale="en-US")
    start(page, boot, f"{site_url}?bot_delay=0&seed=3", "dos", people=("Ana", "ana"), bots=1, expect=False)
    page.wait_for_selector('[data-testid="setup"] ~ .message')
    assert "two different names" in page.inner_text("#app")     # "ana" is Ana again: one person
    assert not page.query_selector('[data-testid="passplay"]')
    assert page.evaluate("document.querySelector('[data-testid=passplay-setup]').open")   # the fold stays open
    page.fill('[data-testid="pp-name-2"]', "Cata")
    page.click('[data-testid="lang-toggle"]')                 # the setup is rendered again, in Spanish
    page.wait_for_selector('text=Pasar y jugar')
    assert page.input_value('[data-testid="pp-name-2"]') == "Cata"            # what was typed stays
    assert "dos nombres distintos" in page.inner_text("#app")              # the reason, said again
    assert page.evaluate("document.querySelector('[data-testid=passplay-setup]').open")
    start(page, boot, f"{site_url}?bot_delay=0&seed=3", "dos", people=("Cata", "Dani"), bots=0)
    page.click('[data-testid="btn-leave"]')                   # Menu: the table stays saved
    page.wait_for_selector('[data-testid="resume-passplay-dos"]')
    page.click('[data-testid="game-dos"]')
    assert page.input_value('[data-testid="pp-name-0"]') == "Cata"     # prefilled from the last used
    assert page.input_value('[data-testid="pp-name-1"]') == "Dani"


def test_reload_offline_resumes_at_the_same_hand_over(new_page, boot, dist_dir):
    server = start_server(dist_dir)
    url = server_url(server) + "?bot_delay=0&seed=8"
    page = new_page(service_workers="allow", locale="es-ES")
    boot(page, url)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60_000)
    start(page, boot, url, "chupate")
    play_round(page, "chupate", stop_after_handovers=3)
    before = state(page)
    assert before["screen"] == "handover", before
    click(page, '[data-testid="btn-reveal"]')                 # the reload comes while Ana's cards show
    assert state(page)["screen"] == "play"
    page.context.set_offline(True)
    server.shutdown()
    server.server_close()
    boot(page, url)                                            # a reload, offline
    page.click('[data-testid="resume-passplay-chupate"]')
    page.wait_for_selector('[data-testid="passplay"]')
    after = settle(page)
    # the same point (version, person to play), and on a hand-over: never straight to someone's cards
    assert (after["screen"], after["next"], after["version"]) == ("handover", before["next"], before["version"])
    assert page.evaluate(TABLE_BITS) == []
    assert "Pasa el dispositivo a" in page.inner_text('[data-testid="pp-heading"]')
    seen = play_round(page, "chupate")
    assert seen["handovers"] >= 1
    assert state(page)["screen"] in ("round", "over")
    assert not new_page.console_errors, new_page.console_errors


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844), (360, 640)])
def test_axe_on_the_hand_over_and_the_holder_table(new_page, boot, site_url, width, height):
    axe = Axe(f"passplay-{width}")
    page = new_page(viewport={"width": width, "height": height}, locale="es-ES")
    boot(page, f"{site_url}?bot_delay=0&seed=5")
    page.click('[data-testid="game-taki"]')
    page.click('[data-testid="passplay-open"]')
    axe(page, "setup-passplay")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator('[data-testid="passplay-setup"]').screenshot(path=str(SHOTS / f"passplay-setup-{width}x{height}.png"))
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= width, f"the setup scrolls sideways: {wide} > {width}"
    page.click('[data-testid="btn-passplay-start"]')
    page.wait_for_selector('[data-testid="passplay"]')
    assert settle(page)["screen"] == "handover"
    assert page.evaluate("document.activeElement.dataset.testid") == "btn-reveal"     # one key press away
    axe(page, "handover")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    box = page.locator('[data-testid="btn-reveal"]').bounding_box()
    assert box["y"] + box["height"] <= height, "the reveal button is on the first screen"
    page.screenshot(path=str(SHOTS / f"passplay-handover-{width}x{height}.png"))
    click(page, '[data-testid="btn-reveal"]')
    axe(page, "play")
    page.screenshot(path=str(SHOTS / f"passplay-play-{width}x{height}.png"))
    axe.check()


def test_keyboard_and_language_on_the_hand_over_and_a_table(new_page, boot, site_url):
    """Enter on the focused "I am …" reveals; D draws on the person's table; the language switch says the
    hand-over again in the other language; the log on a person's own table names them."""
    page = new_page(locale="en-US")
    start(page, boot, f"{site_url}?bot_delay=0&seed=5", "chupate")
    s = settle(page)
    assert s["screen"] == "handover"
    page.click('[data-testid="lang-toggle"]')
    page.wait_for_function("() => document.querySelector('[data-testid=pp-heading]').textContent"
                           ".includes('Pasa el dispositivo')")
    page.click('[data-testid="lang-toggle"]')
    page.wait_for_function("() => document.querySelector('[data-testid=pp-heading]').textContent.includes('Pass the')")
    page.focus('[data-testid="btn-reveal"]')
    before = state(page)["render"]
    page.keyboard.press("Enter")
    page.wait_for_function(RENDERED, arg=before)
    after = state(page)
    assert after["screen"] == "play" and after["holder"] == s["next"], after
    version = after["version"]
    page.focus('[data-testid="pp-heading"]')
    page.keyboard.press("d")                                   # Chúpate 2's draw key: always legal on a turn
    page.wait_for_function("v => +document.querySelector('[data-testid=passplay]').dataset.version > v", arg=version)
    name = PEOPLE[int(s["next"])]
    page.wait_for_function("name => (document.querySelector('[data-testid=log]') || {}).textContent?.includes(name)",
                           arg=name)
    assert "You draw" not in page.inner_text('[data-testid="log"]')
    assert not new_page.console_errors, new_page.console_errors


def test_a_start_before_python_is_up_is_queued_with_the_names(new_page, dist_dir, serve_dir, tmp_path):
    """The setup's fold is in the page's pre-rendered setup (scripts/build.py): names and bots typed and
    Start tapped before Python is up start that table once it is."""
    import os
    import shutil
    site = tmp_path / "site"
    shutil.copytree(dist_dir, site, copy_function=os.link)
    page = new_page(locale="en-US")
    held = []
    page.route("**/pyodide.asm.wasm", lambda route: held.append(route))
    page.goto(serve_dir(site) + "?bot_delay=0&seed=9", wait_until="domcontentloaded")
    page.wait_for_function("() => { const b = document.querySelector('[data-testid=game-dos]'); return b && !b.disabled; }")
    page.click('[data-testid="game-dos"]')
    page.click('[data-testid="passplay-open"]')
    page.fill('[data-testid="pp-name-0"]', "Ana")
    page.fill('[data-testid="pp-name-1"]', "Beto")
    page.fill('[data-testid="pp-name-2"]', "Cata")
    page.fill('[data-testid="pp-bots"]', "1")
    page.click('[data-testid="btn-passplay-start"]')
    assert page.get_by_test_id("preboot-queued").is_visible()
    assert page.locator("html").get_attribute("data-ready") is None
    for _ in range(1200):                                      # poll until the held request arrived
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the wasm was held back"
    held[0].continue_()
    page.wait_for_function("() => document.documentElement.dataset.ready === '1'", timeout=120_000)
    page.wait_for_selector('[data-testid="passplay"]', timeout=60_000)
    s = settle(page)
    assert s["screen"] == "handover"
    seats = [page.inner_text(f'[data-testid="pp-seat-{i}"]') for i in range(4)]
    from tapete.core import get
    from tapete.ui.setup import passplay_seats
    bot = passplay_seats("en", get("dos"), {"pp_name_0": "Ana", "pp_name_1": "Beto", "pp_name_2": "Cata",
                                            "pp_bots": "1"}, "easy")[3]["name"]   # named as a local game's bot
    assert not bot.startswith("Bot")
    assert [x.split(" — ")[0] for x in seats] == ["Ana", "Beto", "Cata", bot], seats
    assert page.get_by_test_id("preboot-queued").count() == 0


def test_forward_onto_a_pass_and_play_entry_resumes_it_on_a_hand_over(new_page, boot, site_url):
    """Issue 32 (navigation): Back from a pass-and-play table goes to its setup; Forward comes back to
    the same table (the same version), on a hand-over -- never on the cards that showed when Back was
    pressed -- and Back/Forward again do the same."""
    page = new_page(locale="en-US")
    start(page, boot, f"{site_url}?bot_delay=0&seed=3", "dos", people=("Ana", "Beto"), bots=1)
    s = settle(page)
    if s["screen"] == "handover":
        click(page, '[data-testid="btn-reveal"]')       # the holder's cards show when Back is pressed
    shown = state(page)
    assert shown["screen"] == "play" and page.query_selector('[data-testid="hand"] .card'), shown
    page.go_back()
    page.wait_for_function("() => JSON.parse(window.tapeteApp()).screen === 'setup'")
    assert page.get_attribute('[data-testid="setup"]', "data-setup") == "dos"
    for _ in range(2):
        page.go_forward()
        page.wait_for_function("() => JSON.parse(window.tapeteApp()).screen === 'passplay'")
        back = settle(page)
        assert back["screen"] == "handover" and back["version"] == shown["version"], (back, shown)
        assert back["next"] == shown["holder"], (back, shown)       # the same person is asked for again
        assert page.evaluate(TABLE_BITS) == [], "Forward showed part of a table"
        page.go_back()
        page.wait_for_function("() => JSON.parse(window.tapeteApp()).screen === 'setup'")
    assert page.locator(".py-error").count() == 0
