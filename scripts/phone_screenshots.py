#!/usr/bin/env python3
"""Screenshots of the phone tables (issue 31) into docs/screenshots/ (committed; docs/testing.md lists them).

For each game at 390×844 and 360×640 (touch, Spanish): a game against 3 bots (Chúpate 2, DOS, Super
Taki, Skypo) or 2 (the French rummy), seed 5, played until my turn comes after my first move (Skypo:
after the opening flips), the page at the top: what a phone player sees without scrolling.
Builds dist/ first; Debian's Chromium with the tests' flags and loopback server.
Usage: .venv/bin/python scripts/phone_screenshots.py [--games chupate,francesa,taki,dos,skypo] [--out docs/screenshots]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from local_site import CHROMIUM, CHROMIUM_ARGS, server_url, start_server  # noqa: E402

SIZES = ((390, 844), (360, 640))
OPPONENTS = {"francesa": 2}
TABLE = "document.querySelector('[data-testid=table]')"
MOVE = {            # a move of mine that is always possible on my turn
    "chupate": '[data-testid="btn-draw"]',
    "francesa": '[data-testid="btn-draw"]',
    "taki": '[data-testid="btn-draw"], [data-testid="hand"] .card.playable:not([data-action^="ui:"])',
    "dos": '[data-testid="btn-draw"]',
    "skypo": '[data-testid="btn-draw"]',
}


def my_turn(page) -> None:
    page.wait_for_function(f"() => {TABLE}.dataset.turn === '0' && !['reveal', 'round_over', 'game_over']"
                           f".includes({TABLE}.dataset.phase) || {TABLE}.dataset.phase === 'reveal' && "
                           "document.querySelector('[data-testid=my-grid] button.cell.playable')", timeout=60_000)


def shoot(browser, site: str, game: str, size: tuple[int, int], out: Path) -> Path:
    w, h = size
    page = browser.new_page(viewport={"width": w, "height": h}, locale="es-ES", has_touch=True, is_mobile=True,
                            service_workers="block")
    page.goto(f"{site}?bot_delay=0&seed=5")
    page.wait_for_selector("html[data-ready='1']", timeout=120_000)
    page.click(f'[data-testid="game-{game}"]')
    page.check(f'[data-testid="opt-opponents-{OPPONENTS.get(game, 3)}"]')
    page.click('[data-testid="btn-start"]')
    page.wait_for_selector('[data-testid="table"]')
    moved = False
    while True:
        my_turn(page)
        version = page.get_attribute('[data-testid="table"]', "data-version")
        if page.get_attribute('[data-testid="table"]', "data-phase") == "reveal":
            page.tap('[data-testid="my-grid"] button.cell.playable >> nth=0')
        elif moved:
            break
        else:
            page.tap(MOVE[game] + " >> nth=0")
            if game == "skypo":                           # a drawn card: throw it away, then flip a card
                page.wait_for_function(f"() => {TABLE}.dataset.phase === 'drawn'")
                page.tap('[data-testid="btn-discard"]')
                page.tap('[data-testid="my-grid"] button.cell.playable >> nth=0')
            moved = True
        page.wait_for_function(f"v => {TABLE}.dataset.version !== v", arg=version)
    page.evaluate("() => scrollTo(0, 0)")
    path = out / f"{game}-phone-{w}x{h}.png"
    page.screenshot(path=str(path))
    page.close()
    return path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default="chupate,francesa,taki,dos,skypo")
    ap.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    args = ap.parse_args()
    subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py"), "-q"], check=True, cwd=ROOT)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    server = start_server(ROOT / "dist")
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for game in args.games.split(","):
                for size in SIZES:
                    print(shoot(browser, server_url(server), game, size, out).relative_to(ROOT))
            browser.close()
    finally:
        server.shutdown()
        server.server_close()


if __name__ == "__main__":
    main()
