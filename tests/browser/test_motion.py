"""Issue 9, motion core: the table is patched (keyed), what moved is animated from where it was (a bot's
play from its seat box in all five tables; a Super Taki run card by card), my hand slides to a new
order (sorted, or a drawn card going in), the last play stays marked, the speed setting is kept,
reduced motion animates nothing.

Animations are read through ``document.getAnimations()`` by a recorder the test installs (a rAF loop):
for every animation motion.js starts (``id`` ``motion:<kind>:<from>-><to>``) it keeps the first
keyframe's transform and, once the animation has finished, the target's resting rect and the rect of
the box it came from; the test checks the first frame's centre lies in that box."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

RECORDER = """() => {
  window.__seen = []; window.__known = new Set();
  const rect = (el) => { if (!el) return null; const r = el.getBoundingClientRect();
                         return {x: r.left, y: r.top, w: r.width, h: r.height}; };
  const tick = () => {
    for (const a of document.getAnimations()) {
      if (!a.id || !a.id.startsWith('motion:') || window.__known.has(a)) continue;
      window.__known.add(a);
      const kf = a.effect.getKeyframes();
      const target = a.effect.target;
      const run = document.querySelector('[data-testid=taki-run]');      // Super Taki: a TAKI is open
      const rec = {id: a.id, transform: kf.length ? kf[0].transform || null : null,
                   target: target.getAttribute('data-testid') || target.className, done: false,
                   run: run ? run.dataset.color : null, at: performance.now()};
      window.__seen.push(rec);
      a.finished.then(() => {
        const from = a.id.split(':')[2].split('->')[0];
        rec.toRect = rect(target);
        rec.fromRect = rect(document.querySelector('[data-testid="' + from + '"]'));
        rec.done = true;
        rec.end = performance.now();
      }, () => {});
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}"""

TRANSLATE = r"/translate\(([-\d.e]+)px,\s*([-\d.e]+)px\)/"

# The first frame's centre (the resting centre + the first keyframe's translate) inside the source box.
STARTS_IN_ITS_BOX = """(r) => {
  if (!r.done || !r.fromRect || !r.toRect || !r.transform) return false;
  const m = """ + TRANSLATE + """.exec(r.transform);
  if (!m) return false;
  const x = r.toRect.x + r.toRect.w / 2 + parseFloat(m[1]), y = r.toRect.y + r.toRect.h / 2 + parseFloat(m[2]);
  const f = r.fromRect, slack = 6;
  return x >= f.x - slack && x <= f.x + f.w + slack && y >= f.y - slack && y <= f.y + f.h + slack
    && Math.hypot(parseFloat(m[1]), parseFloat(m[2])) > 20;
}"""
FROM_SEAT = """([pattern, game]) => (window.__seen || []).some((r) => new RegExp(pattern).test(r.id)
  && (""" + STARTS_IN_ITS_BOX + """)(r))"""
# Super Taki: a bot's open TAKI lands card by card: at least three plays in a row by the same seat while
# its run is open, each flying from that seat's box to the discard, each after the previous one landed.
RUN_CARD_BY_CARD = """() => {
  const plays = (window.__seen || []).filter((r) => /^motion:fly:seat-\\d+->discard-top$/.test(r.id));
  let streak = 1;
  for (let i = 1; i < plays.length; i++) {
    const a = plays[i - 1], b = plays[i];
    const ok = a.run && b.run && a.id === b.id && a.done && b.done && a.end <= b.at + 20
      && (""" + STARTS_IN_ITS_BOX + """)(a) && (""" + STARTS_IN_ITS_BOX + """)(b);
    streak = ok ? streak + 1 : 1;
    if (streak >= 3) return true;
  }
  return false;
}"""


def start(page, boot, site_url, game: str, query: str, opponents: int = 2):
    boot(page, f"{site_url}?{query}")
    page.click(f'[data-testid="game-{game}"]')
    page.check(f'[data-testid="opt-opponents-{opponents}"]')
    page.click('[data-testid="btn-start"]')
    page.wait_for_selector('[data-testid="table"]')


def version(page) -> int:
    return int(page.get_attribute('[data-testid="table"]', "data-version"))


def wait_versions(page, n: int, timeout: int = 60_000) -> None:
    page.wait_for_function("v => +document.querySelector('[data-testid=table]').dataset.version >= v",
                           arg=version(page) + n, timeout=timeout)


@pytest.mark.parametrize("game,prefix", [
    ("chupate", "^motion:fly:seat-[12]->discard-top$"),        # a shedding table: from the bot's box
    ("skypo", "^motion:fly:cell-[12]-\\d-\\d->discard-top$"),   # a bot's swap: from its grid's cell
    ("dos", "^motion:fly:seat-[12]->center-\\d+$"),           # a bot's match lands on the centre row
    ("francesa", "^motion:fly:seat-[12]->discard-top$"),       # the French deck: from the bot's box too
    ("taki", "^motion:fly:seat-[12]->discard-top$"),
])
def test_a_bot_play_flies_from_its_seat(new_page, boot, site_url, game, prefix):
    page = new_page(viewport={"width": 1280, "height": 800})
    start(page, boot, site_url, game, "bot_delay=150&speed=slow&seed=4&autoplay=100")
    page.evaluate(RECORDER)
    try:
        page.wait_for_function(FROM_SEAT, arg=[prefix, game], timeout=90_000)
    except Exception:
        pytest.fail(f"no {prefix} move from a seat's box: {page.evaluate('window.__seen')[-12:]}")
    seen = page.evaluate("window.__seen")
    ids = {r["id"] for r in seen}
    assert all(r["id"].startswith("motion:") for r in seen)
    if game == "skypo":         # flips turn over in place, and swaps cross
        page.wait_for_function("() => window.__seen.some((r) => r.id.startsWith('motion:turn:'))", timeout=60_000)
    print(game, sorted(ids)[:12])


def test_a_bots_taki_run_lands_card_by_card(new_page, boot, site_url):
    page = new_page(viewport={"width": 1280, "height": 800})
    start(page, boot, site_url, "taki", "bot_delay=100&speed=fast&seed=17&autoplay=100")   # seed 17: a bot's run early
    page.evaluate(RECORDER)
    try:
        page.wait_for_function(RUN_CARD_BY_CARD, timeout=150_000)
    except Exception:
        pytest.fail(f"no TAKI run of 3 cards landed card by card: {page.evaluate('window.__seen')[-16:]}")


def test_hand_nodes_survive_and_focus_stays_across_bot_moves(new_page, boot, site_url):
    page = new_page(viewport={"width": 1280, "height": 800})
    start(page, boot, site_url, "chupate", "bot_delay=100&speed=fast&seed=4", opponents=3)
    page.wait_for_function("() => document.querySelector('[data-testid=table]').dataset.turn === '0'")
    page.focus('[data-testid="hand"] .card >> nth=1')
    page.evaluate("""() => { window.__nodes = {};
      for (const el of document.querySelectorAll('[data-testid=hand] [data-key]')) {
        el.__tag = el.dataset.key; window.__nodes[el.dataset.key] = el; }
      window.__focused = document.activeElement; }""")
    key = page.evaluate("document.activeElement.dataset.key")
    page.keyboard.press("d")                    # draw from the keyboard: focus stays where it is
    page.wait_for_function("() => document.querySelector('[data-testid=btn-pass]') ||"
                           " document.querySelector('[data-testid=table]').dataset.turn !== '0'")
    if page.query_selector('[data-testid="btn-pass"]'):
        page.keyboard.press("p")
    start_version = version(page)
    # three bots move; then it is my turn again
    page.wait_for_function("v => { const t = document.querySelector('[data-testid=table]');"
                           " return +t.dataset.version >= v + 2 && t.dataset.turn === '0'; }",
                           arg=start_version, timeout=60_000)
    kept = page.evaluate("""() => { let same = 0, other = 0;
      for (const [k, el] of Object.entries(window.__nodes)) {
        const now = document.querySelector('[data-testid=hand] [data-key="' + k + '"]');
        if (!now) continue;
        if (now === el && now.__tag === k) same++; else other++; }
      return [same, other]; }""")
    assert kept[1] == 0 and kept[0] >= 3, kept          # every card still there is the same node
    assert page.evaluate("document.activeElement === window.__focused")
    assert page.evaluate("document.activeElement.dataset.key") == key


def test_reduced_motion_animates_nothing_and_keeps_the_marks(new_page, boot, site_url):
    page = new_page(viewport={"width": 390, "height": 844})
    page.emulate_media(reduced_motion="reduce")
    start(page, boot, site_url, "taki", "bot_delay=150&speed=slow&seed=4&autoplay=100")
    page.evaluate(RECORDER)
    wait_versions(page, 6)
    assert page.evaluate("window.__seen.length") == 0
    assert page.evaluate("document.getAnimations().filter((a) => (a.id || '').startsWith('motion:')).length") == 0
    page.wait_for_selector('[data-testid="discard-top"].last-move')
    page.wait_for_selector('.last-player')


def test_speed_setting_persists_and_instant_animates_nothing(new_page, boot, site_url):
    page = new_page(viewport={"width": 1280, "height": 800})
    start(page, boot, site_url, "francesa", "bot_delay=150&seed=4")
    assert page.input_value('[data-testid="speed"]') == "normal"
    page.select_option('[data-testid="speed"]', "instant")
    assert page.evaluate("localStorage.getItem('tapete.speed')") == "instant"
    page.reload()
    start(page, boot, site_url, "francesa", "bot_delay=150&seed=4&autoplay=100")
    assert page.input_value('[data-testid="speed"]') == "instant"
    page.evaluate(RECORDER)
    wait_versions(page, 6)
    assert page.evaluate("window.__seen.length") == 0
    page.wait_for_selector('[data-testid="discard-top"].last-move')
    page.select_option('[data-testid="speed"]', "slow")         # and back: animations run again
    page.wait_for_function("() => window.__seen.length > 0", timeout=60_000)
    page.reload()
    start(page, boot, site_url, "francesa", "bot_delay=150&seed=4")
    assert page.input_value('[data-testid="speed"]') == "slow"


def test_bots_wait_for_the_previous_animation(new_page, boot, site_url):
    """With no bot pause at all (bot_delay=0) and slow animations, each bot play starts only once the
    previous update's animations have ended (App._pump awaits their `finished`)."""
    page = new_page(viewport={"width": 1280, "height": 800})
    start(page, boot, site_url, "chupate", "bot_delay=0&speed=slow&seed=4&autoplay=0", opponents=3)
    page.wait_for_function("() => window.tapeteMotion.log.filter((e) => /^motion:fly:seat-/.test(e.id)).length >= 4",
                           timeout=90_000)
    log = page.evaluate("window.tapeteMotion.log.map((e) => ({id: e.id, n: e.update, at: e.at,"
                        " end: e.at + e.delay + e.duration}))")
    updates: dict[int, dict] = {}              # update serial -> its start and the end of its last animation
    for e in log:
        u = updates.setdefault(e["n"], {"at": e["at"], "end": 0, "bot": False})
        u["end"] = max(u["end"], e["end"])
        u["bot"] = u["bot"] or e["id"].startswith("motion:fly:seat-")
    serials = sorted(updates)
    checked = 0
    for before, after in zip(serials, serials[1:]):
        if updates[after]["bot"]:               # a bot's play: it waited for what ran before it
            assert updates[after]["at"] >= updates[before]["end"] - 20, (updates[before], updates[after])
            checked += 1
    assert checked >= 3


HAND_PLACES = """() => Object.fromEntries([...document.querySelectorAll('[data-testid=hand] [data-key]')].map((el) => {
  const r = el.getBoundingClientRect(); return [el.dataset.key, [r.left + r.width / 2, r.top + r.height / 2]]; }))"""
# Every animation the page starts is kept (Element.animate still runs them), so the slides of an update
# are read after it even when they have already finished: a slow machine reads late, a slide lasts 300 ms.
KEEP_ANIMATIONS = """() => { if (window.__started) return; window.__started = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    const a = animate.apply(this, args);
    a.__version = document.querySelector('[data-testid=table]').dataset.version;    // the update it animates
    window.__started.push(a);
    return a;
  };
}"""
FORGET_ANIMATIONS = "() => { window.__started = []; }"
# The hand's slides of the update that made the table's current version (a cancelled one left out).
SLIDES = """() => { const v = document.querySelector('[data-testid=table]').dataset.version;
  return window.__started.filter((a) => (a.id || '').startsWith('motion:slide:hand->') && a.playState !== 'idle'
                                        && a.__version === v).map((a) => {
  const t = (a.effect.getKeyframes()[0].translate || '').trim().split(/\\s+/).map(parseFloat);   // "12px" or "12px 3px"
  return {key: a.effect.target.dataset.key, id: a.id, dx: t[0] || 0, dy: t[1] || 0,
          inHand: !!a.effect.target.closest('[data-testid=hand]')}; }); }"""

SETTLED = "() => !document.querySelector('[data-testid=hand]').getAnimations({subtree: true}).length"


def test_the_hand_slides_to_its_new_order_when_sorted_and_when_a_drawn_card_goes_in(new_page, boot, site_url):
    page = new_page(viewport={"width": 1280, "height": 800})
    # a bot waits 1 s before it moves: the test reads each of my updates before the next one comes
    start(page, boot, site_url, "chupate", "bot_delay=1000&speed=slow&seed=4", opponents=1)
    page.wait_for_function("() => document.querySelector('[data-testid=table]').dataset.turn === '0'")
    page.wait_for_function(SETTLED)          # the deal has landed and the playable cards are lifted
    page.evaluate(KEEP_ANIMATIONS)
    page.evaluate(FORGET_ANIMATIONS)
    before = page.evaluate(HAND_PLACES)
    page.click('[data-testid="sort-number"]')
    page.wait_for_function("() => document.querySelector('[data-testid=sort-number]').getAttribute('aria-pressed') === 'true'")
    slid = page.evaluate(SLIDES)
    page.wait_for_function(SETTLED)
    after = page.evaluate(HAND_PLACES)      # where they rest
    moved = {k for k in before if k in after and abs(before[k][0] - after[k][0]) + abs(before[k][1] - after[k][1]) > 4}
    assert moved, "the sort moved no card: choose another seed"
    assert {s["key"] for s in slid} == moved and all(s["inHand"] for s in slid), (slid, moved)
    for s in slid:                          # each starts where that card was
        assert abs(s["dx"] - (before[s["key"]][0] - after[s["key"]][0])) < 3, s
    # a drawn card goes into the sorted hand: the cards after it make room
    for _ in range(12):
        page.wait_for_function("() => { const t = document.querySelector('[data-testid=table]');"
                               " return t.dataset.turn === '0' || document.querySelector('[data-testid=result]'); }",
                               timeout=60_000)
        if page.query_selector('[data-testid="result"]') or not page.query_selector('[data-testid="btn-draw"]'):
            break
        keys = page.evaluate("() => [...document.querySelectorAll('[data-testid=hand] [data-key]')].map((e) => e.dataset.key)")
        version = page.get_attribute('[data-testid="table"]', "data-version")
        page.evaluate(FORGET_ANIMATIONS)
        page.click('[data-testid="btn-draw"]')
        page.wait_for_function("v => document.querySelector('[data-testid=table]').dataset.version !== v", arg=version)
        now, slid = page.evaluate(f"""() => [[...document.querySelectorAll('[data-testid=hand] [data-key]')]
                                              .map((e) => e.dataset.key), ({SLIDES})()]""")   # one update's
        new = [k for k in now if k not in keys]
        if new and now.index(new[0]) < len(now) - 1:      # it went in before some card: those slide right
            later = set(now[now.index(new[0]) + 1:])
            assert later <= {s["key"] for s in slid} and all(s["dx"] < 0 for s in slid if s["key"] in later), slid
            assert new[0] not in {s["key"] for s in slid}          # the new card comes from the pile instead
            return
        for action in ("btn-pass",):
            if page.query_selector(f'[data-testid="{action}"]'):
                page.click(f'[data-testid="{action}"]')
    pytest.fail("no drawn card went into the middle of the hand in 12 draws: choose another seed")
