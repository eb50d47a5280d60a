"""axe-core (npm, vendored by scripts/build.py into static/vendor/axe/, injected here only) on every screen
of the real page: 0 critical and 0 serious violations on the picker, each setup (both sizes, and with the
points field shown), the rules (both sizes), each table mid-game at
1280×800 and 390×844 (and at 390 with the bar's folded settings open), each round and result dialog, the
rules pages and the lobby. Also: focus moves into the rules dialog and back, and other players' moves
reach the persistent live region.

Every run writes the counts per screen to test-artifacts/axe/<test>.json (docs/testing.md quotes them).
"""

from __future__ import annotations

import json

import pytest

from conftest import ARTIFACTS

pytestmark = pytest.mark.browser
SIZES = [(1280, 800), (390, 844)]
GAMES = ["chupate", "skypo", "francesa", "taki", "dos"]
POINTS_FIELD = {"chupate": "opt-target", "skypo": "opt-target", "francesa": "opt-limit", "dos": "opt-target"}
TABLE = "document.querySelector('[data-testid=table]')"
RUN_AXE = """async () => {
  // the screen as it settles: finite animations (a card's flight, the win moment) end first
  const finite = document.getAnimations().filter((a) => a.effect && isFinite(a.effect.getComputedTiming().endTime));
  await Promise.all(finite.map((a) => a.finished.catch(() => null)));
  const r = await axe.run(document, {resultTypes: ["violations"]});
  return r.violations.filter(v => v.impact === "critical" || v.impact === "serious").map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 5).map(n => n.target.join(" ") + " :: " + (n.failureSummary || "").split("\\n")[1])}));
}"""


class Axe:
    """Runs axe on the page as it is now; collects every screen's serious/critical violations."""

    def __init__(self, name: str):
        self.name = name
        self.counts: dict[str, int] = {}
        self.failures: dict[str, list] = {}

    def __call__(self, page, screen: str) -> None:
        if not page.evaluate("typeof window.axe === 'object'"):
            page.add_script_tag(url="/static/vendor/axe/axe.min.js")
        found = page.evaluate(RUN_AXE)
        self.counts[screen] = len(found)
        if found:
            self.failures[screen] = found

    def check(self) -> None:
        folder = ARTIFACTS / "axe"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"{self.name}.json").write_text(json.dumps({"counts": self.counts, "violations": self.failures},
                                                             indent=1, ensure_ascii=False))
        assert self.counts, "axe ran on no screen"
        assert not self.failures, json.dumps(self.failures, indent=1, ensure_ascii=False)


@pytest.fixture
def axe(request):
    return Axe(request.node.name)


def start(page, boot, site_url, game, query, fields=None, opponents=1):
    boot(page, f"{site_url}?{query}")
    page.click(f'[data-testid="game-{game}"]')
    page.check(f'[data-testid="opt-opponents-{opponents}"]')
    # the mode first: a quick Chúpate 2 game hides the points field (setup.css), a points game shows it
    for testid, value in sorted((fields or {}).items(), key=lambda item: not item[0].startswith("opt-mode")):
        if testid.startswith("opt-mode"):
            page.check(f'[data-testid="{testid}"]')
        else:
            page.fill(f'[data-testid="{testid}"]', value)
    page.click('[data-testid="btn-start"]')
    page.wait_for_selector('[data-testid="table"]')


FIRST_MOVE = {          # a move of mine that is always possible when my turn comes
    "chupate": '[data-testid="btn-draw"]',
    "skypo": '[data-testid="my-grid"] button.card',
    "francesa": '[data-testid="btn-draw"]',
    "taki": '[data-testid="btn-draw"], [data-testid="hand"] .card.playable:not([data-action^="ui:"])',
    "dos": '[data-testid="btn-draw"]',
}


def mid_game(page, game: str | None = None) -> None:
    """Wait for my turn (or Skypo's opening flips), make one move, wait for the table to change."""
    game = game or page.get_attribute('[data-testid="table"]', "class").split()[-1]
    page.wait_for_function(f"() => {TABLE}.dataset.turn === '0' || {TABLE}.dataset.phase === 'reveal'")
    version = page.get_attribute('[data-testid="table"]', "data-version")
    page.click(FIRST_MOVE[game] + " >> nth=0")
    page.wait_for_function(f"v => {TABLE}.dataset.version !== v", arg=version)


def test_axe_picker_setups_and_rules(new_page, boot, site_url, axe):
    page = new_page(viewport={"width": 1280, "height": 800}, locale="es-ES")
    boot(page, site_url)
    toggle = page.get_by_test_id("lang-toggle")          # its accessible name starts with its label
    assert toggle.get_attribute("aria-label").startswith(toggle.inner_text().strip() + ",")
    axe(page, "picker")
    page.set_viewport_size({"width": 390, "height": 844})
    axe(page, "picker 390")
    for game in GAMES:
        page.click(f'[data-testid="game-{game}"]')
        page.wait_for_selector('[data-testid="setup"]')
        axe(page, f"setup {game} 390")
        if page.query_selector('[data-testid="opt-mode-points"]'):     # the points field shown too
            page.check('[data-testid="opt-mode-points"]')
            axe(page, f"setup {game} points 390")
        page.set_viewport_size({"width": 1280, "height": 800})       # each setup at both sizes
        axe(page, f"setup {game} 1280")
        page.set_viewport_size({"width": 390, "height": 844})
        page.click('[data-testid="btn-setup-rules"]')       # How to play from the setup, and back
        page.wait_for_selector(f'#rules-body article[data-game="{game}"]')
        page.keyboard.press("Escape")
        assert page.evaluate("document.activeElement.dataset.testid") == "btn-setup-rules"
        page.click('[data-testid="btn-menu"]')
    page.set_viewport_size({"width": 1280, "height": 800})
    for lang in ("es", "en"):
        for game in GAMES:
            page.click(f'[data-testid="rules-{game}"]')
            page.wait_for_selector(f'#rules-body article[data-game="{game}"][lang="{lang}"]')
            assert page.evaluate("document.activeElement.dataset.testid") == "rules-close"   # focus moved in
            axe(page, f"rules {game} {lang}")
            if lang == "es":                                          # and on a phone
                page.set_viewport_size({"width": 390, "height": 844})
                axe(page, f"rules {game} {lang} 390")
                page.set_viewport_size({"width": 1280, "height": 800})
            page.keyboard.press("Escape")
            assert page.evaluate("document.activeElement.dataset.testid") == f"rules-{game}"   # and back
        page.click('[data-testid="lang-toggle"]')
    axe.check()


@pytest.mark.parametrize("game", GAMES)
def test_axe_table_mid_game_both_sizes(new_page, boot, site_url, axe, game):
    page = new_page(viewport={"width": 1280, "height": 800})
    start(page, boot, site_url, game, "bot_delay=0&seed=5", opponents=2)
    mid_game(page, game)
    for width, height in SIZES + [(360, 640)]:                      # and the small phone
        page.set_viewport_size({"width": width, "height": height})
        axe(page, f"table {game} {width}x{height}")
    page.set_viewport_size({"width": 390, "height": 844})
    page.click('[data-testid="btn-bar-more"]')           # 390: the speed folded behind ⚙, open
    page.wait_for_selector('[data-testid="speed"]', state="visible")
    axe(page, f"table {game} 390x844 settings open")
    page.keyboard.press("Escape")
    page.wait_for_selector('[data-testid="speed"]', state="hidden")
    # the rules from the table: a dialog over the game, which is still there afterwards
    version = page.get_attribute('[data-testid="table"]', "data-version")
    page.click('[data-testid="btn-rules"]')
    page.wait_for_selector(f'#rules-body article[data-game="{game}"]')
    page.click('[data-testid="rules-close"]')
    assert page.get_attribute('[data-testid="table"]', "data-version") >= version
    axe.check()


@pytest.mark.parametrize("game", GAMES)
def test_axe_round_and_result_dialogs(new_page, boot, site_url, axe, game):
    """With ?autoplay my seat plays itself; a round won by a bot waits for me, so its dialog can be checked."""
    page = new_page(viewport={"width": 1280, "height": 800})
    if game in POINTS_FIELD:
        start(page, boot, site_url, game, "bot_delay=0&autoplay=0&seed=3", {POINTS_FIELD[game]: "300"}
              | ({"opt-mode-points": ""} if game == "chupate" else {}))
        page.wait_for_selector('dialog[data-testid="round-result"][open]', timeout=180_000)
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            axe(page, f"round {game} {width}x{height}")
        page.set_viewport_size({"width": 1280, "height": 800})
        fields = {POINTS_FIELD[game]: "1"} | ({"opt-mode-points": ""} if game == "chupate" else {})
    else:
        fields = {}
    start(page, boot, site_url, game, "bot_delay=0&autoplay=0&seed=4", fields)
    page.wait_for_selector('[data-testid="result"]', timeout=180_000)
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        axe(page, f"result {game} {width}x{height}")
    axe.check()


def test_axe_lobby_and_live_region(new_page, boot, site_url, nostr_relay, axe):
    page = new_page(viewport={"width": 390, "height": 844})
    boot(page, f"{site_url}?relay={nostr_relay}&ice=none")
    page.click('[data-testid="game-chupate"]')
    page.fill('[data-testid="room-name"]', "Ana")
    page.click('[data-testid="btn-create-room"]')
    page.wait_for_selector('[data-testid="room-status"][data-state="ok"]', timeout=15_000)
    axe(page, "lobby 390")
    page.set_viewport_size({"width": 1280, "height": 800})
    axe(page, "lobby 1280")
    code = page.inner_text('[data-testid="room-join-code"]').strip()
    guest = new_page(viewport={"width": 390, "height": 844})       # a guest by join code: its check number
    boot(guest, f"{site_url}?relay={nostr_relay}&ice=none")
    guest.click('[data-testid="game-chupate"]')
    guest.fill('[data-testid="join-code"]', code)
    guest.click('[data-testid="btn-join"]')
    guest.wait_for_selector('[data-testid="lobby-seat-1"][data-kind="player"]', timeout=30_000)
    assert guest.get_by_test_id("room-check").is_visible()
    axe(guest, "lobby guest 390")
    axe.check()


def test_other_players_moves_reach_the_persistent_live_region(new_page, boot, site_url):
    page = new_page(locale="en-US")
    start(page, boot, site_url, "chupate", "bot_delay=0&seed=1", opponents=2)     # seed 1: a bot starts
    region = page.get_by_test_id("announcer")
    assert region.get_attribute("aria-live") == "polite"
    handle = page.query_selector('[data-testid="announcer"]')
    for _ in range(60):                     # until a bot has moved
        if region.inner_text().strip():
            break
        if page.get_attribute('[data-testid="table"]', "data-turn") == "0":
            version = page.get_attribute('[data-testid="table"]', "data-version")
            for button in ("btn-draw", "btn-pass"):       # only the legal one is shown
                if page.query_selector(f'[data-testid="{button}"]'):
                    page.click(f'[data-testid="{button}"]')
                    break
            page.wait_for_function(f"v => {TABLE}.dataset.version !== v", arg=version)
        page.wait_for_function("() => document.querySelector('[data-testid=announcer]').textContent.trim()"
                               f" || {TABLE}.dataset.turn === '0'")       # a bot's move said, or my turn
    text = region.inner_text()
    assert text.strip(), "no move was announced"
    from tapete.ui.bot_names import NAMES           # the bots have names (issue 31)
    assert any(n in text for n in NAMES["es"] + NAMES["en"]) and not text.startswith("You"), text
    # the region is the same node after the table re-rendered (not a new live region per update)
    assert page.evaluate("n => n.isConnected && n === document.querySelector('[data-testid=announcer]')", handle)
    assert page.evaluate("() => !document.querySelector('#app').contains(document.querySelector('#announcer'))")


def test_axe_harness_catches_a_serious_violation(new_page, boot, site_url):
    """The harness is not blind: a grey-on-grey line and an unnamed button are reported."""
    page = boot(new_page())
    page.evaluate("""() => document.getElementById('app').insertAdjacentHTML('beforeend',
        '<p style="color:#999;background:#aaa">faint</p><button type="button"></button>')""")
    checker = Axe("harness")
    checker(page, "planted")
    ids = {v["id"] for v in checker.failures.get("planted", [])}
    assert {"color-contrast", "button-name"} <= ids, ids


def test_focus_moves_into_the_colour_chooser_and_back(new_page, boot, site_url):
    page = new_page(viewport={"width": 1280, "height": 800})
    start(page, boot, site_url, "chupate", "bot_delay=0&seed=2", {"opt-mode-quick": ""})   # seed 2: I hold W and start
    page.wait_for_function(f"() => {TABLE}.dataset.turn === '0'")
    page.focus('[data-testid="card-W"]')
    page.keyboard.press("Enter")
    page.wait_for_selector('[data-testid="color-chooser"]')
    assert page.evaluate("document.activeElement.closest('[data-testid=color-chooser]') !== null")
    page.keyboard.press("Escape")
    page.wait_for_function("() => !document.querySelector('[data-testid=color-chooser]')")
    assert page.evaluate("document.activeElement.dataset.testid") == "card-W"


def test_the_colour_chooser_cancels_by_click_and_sends_nothing(new_page, boot, site_url):
    """A player who clicks a wild by mistake backs out with the chooser's Cancel: the wild stays in the
    hand, the turn stays ours, and the chooser opens again and plays when a colour is picked."""
    page = new_page(viewport={"width": 390, "height": 844})                  # a phone
    start(page, boot, site_url, "chupate", "bot_delay=0&seed=2", {"opt-mode-quick": ""})   # seed 2: I hold W and start
    page.wait_for_function(f"() => {TABLE}.dataset.turn === '0'")
    version = page.get_attribute('[data-testid="table"]', "data-version")
    page.click('[data-testid="card-W"]')
    page.wait_for_selector('[data-testid="color-chooser"]')
    page.click('[data-testid="color-chooser-cancel"]')
    page.wait_for_function("() => !document.querySelector('[data-testid=color-chooser]')")
    assert page.get_attribute('[data-testid="table"]', "data-version") == version     # nothing was sent
    assert page.evaluate("document.activeElement.dataset.testid") == "card-W"          # focus back on the wild
    assert page.locator('[data-testid="card-W"]').count() == 1
    assert page.get_attribute('[data-testid="table"]', "data-turn") == "0"
    page.click('[data-testid="card-W"]')
    page.click('[data-testid="color-G"]')
    page.wait_for_function(f"() => {TABLE}.dataset.version !== '{version}'")
    page.wait_for_function("() => !document.querySelector('[data-testid=card-W]')")


def test_rules_need_no_python(new_page, site_url):
    """The rules are static pages: readable from the picker while Python is still loading."""
    page = new_page(locale="en-US")
    page.route("**/pyodide.asm.wasm", lambda route: None)      # Python never arrives
    page.goto(site_url, wait_until="domcontentloaded")
    page.click('[data-testid="rules-taki"]')
    page.wait_for_selector('#rules-body article[data-game="taki"][lang="en"]')
    assert "How to play Super Taki" in page.inner_text('[data-testid="rules-body"]')
    assert page.locator('#rules-body .rules-cards .card[role="img"]').count() >= 5
    assert page.locator("html").get_attribute("data-ready") is None
