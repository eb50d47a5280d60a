"""How the tables look and sound (issue 9: cards, sound, your turn), in the real page (Pyodide in Chromium).

- faces at 390×844: every card of the hand and the discard has a face with a big centre symbol and
  both corner indices (drawn by CSS from data-i / data-s), no 🂠 glyph anywhere, piles show their count;
- sound: no AudioContext before a gesture (effects asked for are not played), a card played → "play",
  muted → nothing played, the mute survives a reload;
- your turn: the hand area lights up with a badge and the status says so on my turn, and not on a bot's
  turn, whose seat box is marked;
- the direction indicator flips after a reverse (arrow class, text and the seats' arrows);
- the table bar fits a phone in one row (nothing overlaps, the name is cut with …) and folds the
  animation speed behind ⚙, where the select keeps its visible label as its accessible name.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from clicks import take_turn
from conftest import ARTIFACTS

pytestmark = pytest.mark.browser
GAMES = ["chupate", "skypo", "francesa", "taki", "dos"]
TABLE = "document.querySelector('[data-testid=table]')"
CHOOSER = {"chupate": ("color-chooser", "color-G"), "francesa": ("suit-chooser", "suit-H"),
           "taki": ("color-chooser", "color-G")}

FACES = """() => {
  const out = [];
  const cards = document.querySelectorAll('[data-testid=hand] .card, [data-testid=my-grid] .card.face-up,'
    + ' [data-testid=discard-top], [data-testid=center] .card.big');
  for (const card of cards) {
    const face = card.querySelector('.face');
    if (!face) { out.push({key: card.dataset.key || card.dataset.testid, face: false}); continue; }
    const rank = face.querySelector('.rank');
    const box = rank.getBoundingClientRect();
    const before = getComputedStyle(face, '::before'), after = getComputedStyle(face, '::after');
    out.push({key: card.dataset.key || card.dataset.testid, face: true, word: rank.classList.contains('word'),
              size: parseFloat(getComputedStyle(rank).fontSize), height: box.height, width: box.width,
              index: face.dataset.i || '', corner1: before.content, corner2: after.content,
              cornerShown: before.display !== 'none' && after.display !== 'none',
              cornerSize: parseFloat(before.fontSize)});
  }
  return out;
}"""


# No card in flight: a click aimed at a card still flying in from the pile (or at a button one flies over)
# can land beside it on a loaded machine, as a player's click would; a player waits for the deal too.
LANDED = "() => !document.getAnimations().some((a) => (a.id || '').startsWith('motion:') && a.playState === 'running')"


def open_game(page, boot, site_url, game_id, query="bot_delay=0&seed=4", opponents=1):
    boot(page, f"{site_url}?{query}")
    page.click(f'[data-testid="game-{game_id}"]')
    page.check(f'[data-testid="opt-opponents-{opponents}"]')
    page.click('[data-testid="btn-start"]')
    page.wait_for_selector('[data-testid="table"]')
    page.wait_for_function(LANDED)


@pytest.mark.parametrize("game_id", GAMES)
def test_faces_are_legible_at_phone_size(new_page, boot, site_url, game_id):
    page = new_page(viewport={"width": 390, "height": 844})
    open_game(page, boot, site_url, game_id)
    if game_id == "skypo":                  # turn two cards up so the grid has faces
        for _ in range(2):
            version = page.get_attribute('[data-testid="table"]', "data-version")
            page.click('[data-testid="my-grid"] button.card.face-down >> nth=0')
            page.wait_for_function(f"v => {TABLE}.dataset.version !== v", arg=version)
    faces = page.evaluate(FACES)
    assert len(faces) >= 3, faces
    for face in faces:
        assert face["face"], face
        assert face["index"], face                          # the corners have something to show
        assert face["index"] in face["corner1"] and face["index"] in face["corner2"], face
        assert face["cornerShown"] and face["cornerSize"] >= 9, face
        if not face["word"]:                                # TAKI's word cards print a word, smaller
            assert face["size"] >= 20 and face["height"] >= 16, face
    # the turn badge and the sort buttons share a row that wraps: nothing sticks out sideways
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    text = page.inner_text("body")
    assert "🂠" not in text and "🂠" not in page.inner_html("#app")
    count = page.query_selector('[data-testid="draw-pile"] .pile-count')
    assert count and count.is_visible() and count.inner_text().strip().isdigit()
    assert page.get_attribute('[data-testid="draw-pile"]', "data-depth") in ("1", "2", "3")
    back = page.evaluate("() => getComputedStyle(document.querySelector('[data-testid=draw-pile]')).backgroundImage")
    assert "gradient" in back                              # a CSS back, no image file
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"look-{game_id}-390x844.png"), full_page=True)


def sound(page) -> dict:
    return page.evaluate("() => { const s = window.__tapeteSound; return {requested: s.requested, played: s.played,"
                         " contextState: s.contextState, muted: s.muted}; }")


def test_sound_waits_for_a_gesture_plays_and_mutes_across_a_reload(new_page, boot, site_url):
    page = new_page(viewport={"width": 390, "height": 844})
    boot(page, f"{site_url}?bot_delay=0&seed=4")
    # before any gesture: an effect asked for is not played and no AudioContext exists
    page.evaluate("() => window.tapeteSound.play(['turn'])")
    state = sound(page)
    assert state["contextState"] == "none" and state["requested"] == ["turn"] and state["played"] == []
    page.click('[data-testid="game-chupate"]')
    page.check('[data-testid="opt-opponents-1"]')
    page.click('[data-testid="btn-start"]')
    page.wait_for_selector('[data-testid="table"]')
    assert sound(page)["contextState"] != "none"               # the clicks were gestures
    page.wait_for_function(f"() => {TABLE}.dataset.turn === '0'")
    played_before = len(sound(page)["played"])
    page.wait_for_selector('[data-testid="hand"] .card.playable, [data-testid="btn-draw"]')
    playable = page.query_selector('[data-testid="hand"] .card.playable:not([data-action^="wild"])')
    if playable is None:
        pytest.skip("seed 4 gives no plain playable card on the first turn")
    page.click('[data-testid="hand"] .card.playable:not([data-action^="wild"]) >> nth=0')
    page.wait_for_function("n => window.__tapeteSound.played.length > n && window.__tapeteSound.played.includes('play')",
                           arg=played_before)
    # mute: the toggle says so, the choice is stored, and later moves play nothing
    page.click('[data-testid="btn-mute"]')
    assert page.get_attribute('[data-testid="btn-mute"]', "aria-pressed") == "true"
    assert page.evaluate("localStorage.getItem('tapete.muted')") == "1"
    page.wait_for_function(f"() => {TABLE}.dataset.turn === '0' || {TABLE}.dataset.phase !== 'play'")
    muted_played = len(sound(page)["played"])
    muted_requested = len(sound(page)["requested"])
    take_turn(page)
    page.wait_for_function("n => window.__tapeteSound.requested.length > n", arg=muted_requested)
    assert len(sound(page)["played"]) == muted_played
    # the choice survives a reload: the toggle renders pressed, and nothing plays after a gesture
    page.reload()
    page.wait_for_function("() => document.documentElement.dataset.ready === '1'")
    assert sound(page)["muted"] is True
    page.click('[data-testid="game-chupate"]')
    page.click('[data-testid="btn-start"]')
    page.wait_for_selector('[data-testid="btn-mute"]')
    assert page.get_attribute('[data-testid="btn-mute"]', "aria-pressed") == "true"
    page.evaluate("() => window.tapeteSound.play(['play', 'win'])")
    state = sound(page)
    assert state["played"] == [] and state["contextState"] == "none", state
    # keyboard: the toggle is a button in the tab order; Enter unmutes
    page.focus('[data-testid="btn-mute"]')
    page.keyboard.press("Enter")
    page.wait_for_function("() => !window.__tapeteSound.muted")
    assert page.get_attribute('[data-testid="btn-mute"]', "aria-pressed") == "false"
    page.evaluate("() => window.tapeteSound.play(['win'])")
    assert sound(page)["played"] == ["win"]


def dos_turn(page) -> None:
    """A plain DOS turn: draw; if that did not end it, select a card and put it in the row (or end)."""
    version = page.get_attribute('[data-testid="table"]', "data-version")
    page.click('[data-testid="btn-draw"]')
    page.wait_for_function(f"v => {TABLE}.dataset.version !== v", arg=version)
    if page.get_attribute('[data-testid="table"]', "data-turn") != "0":
        return
    version = page.get_attribute('[data-testid="table"]', "data-version")
    if page.query_selector('[data-testid="btn-end"]'):
        page.click('[data-testid="btn-end"]')
    else:
        page.click('[data-testid="hand"] .card >> nth=0')
        page.click('[data-testid="btn-place"], [data-testid="center-new"] >> nth=0')
    page.wait_for_function(f"v => {TABLE}.dataset.version !== v", arg=version)


MY_TURN = f"""() => {{
  const t = {TABLE}; const area = document.querySelector('[data-testid=hand-area], [data-testid=my-grid]');
  const badge = document.querySelector('[data-testid=turn-badge]');
  const status = document.querySelector('[data-testid=status]');
  return {{turn: t.dataset.turn, phase: t.dataset.phase, lit: area.classList.contains('my-turn'),
           badge: badge ? badge.textContent : null, badgeShown: !!badge && badge.getBoundingClientRect().height > 0,
           status: status.textContent, mine: status.dataset.mine === '1',
           glow: getComputedStyle(area).boxShadow,
           seats: [...document.querySelectorAll('[data-testid^=seat-].on-turn')].map(s => s.dataset.testid)}};
}}"""


@pytest.mark.parametrize("game_id", ["chupate", "francesa", "taki", "dos"])
def test_your_turn_lights_the_hand_and_a_bots_turn_its_seat(new_page, boot, site_url, game_id):
    page = new_page(viewport={"width": 1280, "height": 800}, locale="en-GB")
    open_game(page, boot, site_url, game_id, query="bot_delay=1500&seed=4")
    page.wait_for_function(f"() => {TABLE}.dataset.turn === '0'")
    mine = page.evaluate(MY_TURN)
    assert mine["lit"] and mine["badgeShown"] and mine["mine"], mine
    assert mine["badge"].strip() in ("Your turn", "Tu turno") and mine["glow"] != "none", mine
    assert not mine["seats"], mine
    for _ in range(6):                       # a skip or reverse gives the turn back: play until a bot's turn shows
        chooser, choice = CHOOSER.get(game_id, ("color-chooser", "color-G"))
        if game_id == "dos":
            dos_turn(page)
        else:
            take_turn(page, chooser, choice)
        try:
            page.wait_for_function(f"() => {TABLE}.dataset.turn === '1'", timeout=3000)
            break
        except Exception:                    # still my turn (DOS: matched or drew and must place)
            continue
    theirs = page.evaluate(MY_TURN)
    if theirs["turn"] != "1":
        pytest.fail(f"never saw the bot's turn: {theirs}")
    assert not theirs["lit"] and theirs["badge"] is None and not theirs["mine"], theirs
    assert theirs["seats"] == ["seat-1"], theirs


DIRECTIONS = """() => {
  window.__dirs = [];
  const seen = () => {
    const d = document.querySelector('[data-testid=direction]');
    const o = document.querySelector('[data-testid=opponents]');
    if (!d) return;
    window.__dirs.push({value: d.dataset.direction, cls: d.className, text: d.textContent,
                        seats: o ? o.dataset.direction : null});
  };
  new MutationObserver(seen).observe(document.getElementById('app'), {childList: true, subtree: true, attributes: true});
}"""


@pytest.mark.parametrize("game_id", ["chupate", "taki"])
def test_direction_indicator_flips_after_a_reverse(new_page, boot, site_url, game_id):
    page = new_page(viewport={"width": 390, "height": 844}, locale="en-GB")
    boot(page, f"{site_url}?bot_delay=0&seed=3&autoplay=0")
    page.evaluate(DIRECTIONS)
    page.click(f'[data-testid="game-{game_id}"]')
    page.check('[data-testid="opt-opponents-2"]')
    page.click('[data-testid="btn-start"]')
    page.wait_for_function("() => new Set(window.__dirs.map(d => d.value)).size === 2"
                           " || document.querySelector('[data-testid=result]')", timeout=120_000)
    seen = page.evaluate("() => window.__dirs")
    assert {d["value"] for d in seen} == {"1", "-1"}, "no reverse in this whole game: choose another seed"
    for d in seen:
        ccw = d["value"] == "-1"
        assert ("ccw" in d["cls"].split()) == ccw and ("cw" in d["cls"].split()) != ccw, d
        assert ("counter-clockwise" in d["text"]) == ccw, d
        assert d["seats"] == d["value"], d


def test_skypo_grid_lights_while_i_must_act(new_page, boot, site_url):
    """Skypo: my grid is lit while I turn up my opening cards and on my turns, not on the bot's."""
    page = new_page(viewport={"width": 390, "height": 844})
    open_game(page, boot, site_url, "skypo", query="bot_delay=1500&seed=4")
    assert page.evaluate(MY_TURN)["lit"]                       # the opening: two cards to turn up
    for _ in range(2):
        version = page.get_attribute('[data-testid="table"]', "data-version")
        page.wait_for_function(LANDED)
        page.click('[data-testid="my-grid"] button.card.face-down >> nth=0')
        page.wait_for_function(f"v => {TABLE}.dataset.version !== v", arg=version)
    seen = set()
    for _ in range(8):
        page.wait_for_function(f"() => {TABLE}.dataset.phase !== 'reveal'")
        state = page.evaluate(MY_TURN)
        seen.add(state["turn"])
        assert state["lit"] == (state["turn"] == "0") == (state["badge"] is not None), state
        assert state["seats"] == ([] if state["turn"] == "0" else ["seat-1"]), state
        if len(seen) == 2:
            break
        if state["turn"] == "0":                               # draw, then swap it for a card of my grid
            version = page.get_attribute('[data-testid="table"]', "data-version")
            page.click('[data-testid="draw-pile"]')
            page.wait_for_function(f"v => {TABLE}.dataset.version !== v", arg=version)
            version = page.get_attribute('[data-testid="table"]', "data-version")
            page.click('[data-testid="my-grid"] button.card >> nth=0')
            page.wait_for_function(f"v => {TABLE}.dataset.version !== v", arg=version)
        else:
            page.wait_for_function(f"() => {TABLE}.dataset.turn === '0'")
    assert seen == {"0", "1"}, seen


BAR_BOXES = """() => [...document.querySelectorAll('[data-testid=table-bar] > *')]
  .filter((el) => el.getClientRects().length && getComputedStyle(el).display !== 'none')
  .map((el) => { const r = el.getBoundingClientRect();
                 return {name: el.dataset.testid || el.className, x: r.left, y: r.top, w: r.width, h: r.height}; })"""


def overlaps(boxes: list[dict]) -> list[tuple[str, str]]:
    return [(a["name"], b["name"]) for i, a in enumerate(boxes) for b in boxes[i + 1:]
            if a["x"] < b["x"] + b["w"] - 0.5 and b["x"] < a["x"] + a["w"] - 0.5
            and a["y"] < b["y"] + b["h"] - 0.5 and b["y"] < a["y"] + a["h"] - 0.5]


def test_the_table_bar_fits_a_phone_and_folds_the_speed_behind_a_toggle(new_page, boot, site_url):
    page = new_page(viewport={"width": 390, "height": 844}, locale="es-ES")
    open_game(page, boot, site_url, "francesa", "bot_delay=300&seed=4&speed=fast", opponents=3)   # the longest name
    boxes = page.evaluate(BAR_BOXES)
    names = [b["name"] for b in boxes]
    assert names == ["btn-leave", "table-title", "btn-mute", "btn-rules", "btn-hint", "btn-bar-more"], names
    assert not overlaps(boxes), overlaps(boxes)
    assert all(b["x"] >= 0 and b["x"] + b["w"] <= 390 for b in boxes), boxes
    centres = [b["y"] + b["h"] / 2 for b in boxes]
    assert max(centres) - min(centres) < 4, boxes                                      # one row
    assert not page.is_visible('[data-testid="speed"]')
    expect(page.get_by_test_id("btn-mute")).to_have_accessible_name("Silenciar")      # a speaker, still named
    toggle = page.get_by_test_id("btn-bar-more")
    expect(toggle).to_have_accessible_name("⚙ Ajustes")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    speed = page.get_by_test_id("speed")
    expect(speed).to_be_visible()
    expect(speed).to_have_accessible_name("Animaciones")
    panel = page.evaluate(BAR_BOXES)
    assert not overlaps(panel) and all(b["x"] >= 0 and b["x"] + b["w"] <= 390 for b in panel), panel
    version = page.get_attribute('[data-testid="table"]', "data-version")
    speed.select_option("slow")
    assert page.evaluate("localStorage.getItem('tapete.speed')") == "slow"
    page.wait_for_function(f"v => {TABLE}.dataset.version !== v", arg=version, timeout=30_000)   # a bot moved
    expect(speed).to_be_visible()                                  # the panel stays open across updates
    speed.focus()
    page.keyboard.press("Escape")
    expect(speed).to_be_hidden()
    expect(toggle).to_be_focused()
    toggle.press("Enter")                                          # the keyboard opens it too
    expect(speed).to_be_visible()
    page.mouse.click(195, 700)                                     # a click elsewhere folds it
    expect(speed).to_be_hidden()
    page.set_viewport_size({"width": 1280, "height": 800})          # wide: all in the row, no toggle
    expect(toggle).to_be_hidden()
    expect(speed).to_be_visible()
    wide = page.evaluate(BAR_BOXES)
    assert not overlaps(wide) and [b["name"] for b in wide][-1] == "bar-more", wide


def test_the_sound_context_rests_between_effects(new_page, boot, site_url):
    """A running AudioContext costs CPU even silent: it is suspended once the effects have rung out, and
    resumed for the next one (this would fail if the context stayed running after a gesture or an effect)."""
    page = new_page(viewport={"width": 390, "height": 844})
    boot(page, f"{site_url}?bot_delay=0&seed=4")
    page.click('[data-testid="game-chupate"]')                   # a gesture: the context is made
    page.wait_for_function("() => window.__tapeteSound.contextState !== 'none'")
    page.wait_for_function("() => window.__tapeteSound.contextState === 'suspended'")
    page.evaluate("() => window.tapeteSound.play(['turn'])")
    page.wait_for_function("() => window.__tapeteSound.contextState === 'running'")
    assert sound(page)["played"] == ["turn"]
    page.wait_for_function("() => window.__tapeteSound.contextState === 'suspended'")
