#!/usr/bin/env python3
"""Screenshots of the table's motion (issue 9) into docs/screenshots/ (committed; docs/testing.md lists them).

For each game and size (1280×800 and 390×844): a play in flight — the first card that a bot plays
from its box (Skypo: a bot's swap or discard; DOS: a bot's match; Super Taki: a card of a bot's open
TAKI run, seed 17), caught by pausing every motion.js
animation of that update a fifth of the way, where the easing has covered about half the distance
(``Animation.pause()`` + ``currentTime``, so the picture does not depend on timing) — and, once it has landed, the last-move marks (the card and its player).
Builds dist/ first; Debian's Chromium with the tests' flags and loopback server.
Usage: .venv/bin/python scripts/screenshots.py [--games chupate,francesa,taki,dos,skypo] [--out docs/screenshots]
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

SIZES = ((1280, 800), (390, 844))
WANTED = {                                  # the animation id of "a bot's play", per game
    "chupate": r"^motion:fly:seat-[1-9]->discard-top$",
    "francesa": r"^motion:fly:seat-[1-9]->discard-top$",
    "taki": r"^motion:(fly|ghost):seat-[1-9]->discard-top$",
    "skypo": r"^motion:fly:cell-[1-9]-\d-\d->discard-top$",
    "dos": r"^motion:fly:seat-[1-9]->center-\d+$",
}
SEEDS = {"taki": 17}                        # seed 17: a bot opens a TAKI and plays on it early
WHILE = {"taki": "[data-testid=taki-run]"}  # what must be on the table when the play is caught
CATCH = """([pattern, needs]) => {
  window.__caught = null;
  const re = new RegExp(pattern);
  const tick = () => {
    const all = document.getAnimations().filter((a) => (a.id || '').startsWith('motion:'));
    const hit = (!needs || document.querySelector(needs))
      && all.find((a) => re.test(a.id) && a.playState === 'running' && a.currentTime > 0);
    if (hit) {
      const t = hit.effect.getTiming();
      const at = (t.delay || 0) + t.duration * 0.2;
      for (const a of all) { a.pause(); a.currentTime = at; }
      window.__caught = hit.id;
      return;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}"""


def shoot(browser, site: str, game: str, size: tuple[int, int], out: Path) -> list[Path]:
    w, h = size
    page = browser.new_context(viewport={"width": w, "height": h}).new_page()
    page.goto(f"{site}?bot_delay=400&speed=slow&seed={SEEDS.get(game, 5)}&autoplay=300")
    page.wait_for_function("() => document.documentElement.dataset.ready === '1'", timeout=120_000)
    page.click(f'[data-testid="game-{game}"]')
    page.check('[data-testid="opt-opponents-2"]')
    page.click('[data-testid="btn-start"]')
    page.wait_for_selector('[data-testid="table"]')
    page.wait_for_timeout(1500)          # past the deal
    page.evaluate(CATCH, [WANTED[game], WHILE.get(game)])
    page.wait_for_function("() => window.__caught", timeout=120_000)
    flight = out / f"{game}-in-flight-{w}x{h}.png"
    page.screenshot(path=str(flight))
    page.evaluate("() => { for (const a of document.getAnimations()) a.play(); }")
    page.wait_for_function("() => !document.getAnimations().some((a) => (a.id || '').startsWith('motion:'))"
                           " && document.querySelector('.last-move') && document.querySelector('.last-player')")
    marks = out / f"{game}-last-move-{w}x{h}.png"
    page.screenshot(path=str(marks))
    page.context.close()
    return [flight, marks]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default="chupate,francesa,taki,dos,skypo")
    ap.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    args = ap.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py"), "-q"], check=True, cwd=ROOT)
    server = start_server(ROOT / "dist")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for game in args.games.split(","):
            for size in SIZES:
                for path in shoot(browser, server_url(server), game, size, out):
                    print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
