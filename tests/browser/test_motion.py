"""Issue 9, motion core: the table is patched (keyed), what moved is animated from where it was, the
last play stays marked, the speed setting is kept, reduced motion animates nothing.

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
      const rec = {id: a.id, transform: kf.length ? kf[0].transform || null : null,
                   target: target.getAttribute('data-testid') || target.className, done: false};
      window.__seen.push(rec);
      a.finished.then(() => {
        const from = a.id.split(':')[2].split('->')[0];
        rec.toRect = rect(target);
        rec.fromRect = rect(document.querySelector('[data-testid="' + from + '"]'));
        rec.done = true;
      }, () => {});
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}"""

TRANSLATE = r"/translate\(([-\d.e]+)px,\s*([-\d.e]+)px\)/"

# The first frame's centre (the resting centre + the first keyframe's translate) inside the source box.
FROM_SEAT = """([pattern, game]) => (window.__seen || []).some((r) => {
  if (!r.done || !new RegExp(pattern).test(r.id) || !r.fromRect || !r.toRect || !r.transform) return false;
  const m = """ + TRANSLATE + """.exec(r.transform);
  if (!m) return false;
  const x = r.toRect.x + r.toRect.w / 2 + parseFloat(m[1]), y = r.toRect.y + r.toRect.h / 2 + parseFloat(m[2]);
  const f = r.fromRect, slack = 6;
  return x >= f.x - slack && x <= f.x + f.w + slack && y >= f.y - slack && y <= f.y + f.h + slack
    && Math.hypot(parseFloat(m[1]), parseFloat(m[2])) > 20;
})"""


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
