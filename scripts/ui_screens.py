#!/usr/bin/env python3
"""Screenshots of every screen (issue 29), to compare a UI change before and after.

Screens, at 1280×800 and 390×844, English, fixed seeds: the picker, a setup (Chúpate 2), the rules
dialog, a table against a bot (my first turn), a result dialog (a whole game played by ?autoplay), a
host's lobby, a guest's lobby, a watcher's screen, the bot lab and pass-and-play (its hand-over screen).
A real relay on loopback (tests/relay.py) for the rooms. The lobbies carry a fresh room code and QR
code each run: those pictures differ by design.

Usage: .venv/bin/python scripts/ui_screens.py [--out DIR] [--dist DIR] [--no-build]
       .venv/bin/python scripts/ui_screens.py --compare BEFORE_DIR AFTER_DIR
``--compare`` diffs each pair of PNGs in Chromium (a canvas, per pixel) and prints the share of pixels
that differ.
"""

from __future__ import annotations

import argparse
import base64
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT / "tests"))
from local_site import CHROMIUM, CHROMIUM_ARGS, server_url, start_server  # noqa: E402

SIZES = ((1280, 800), (390, 844))
READY = "() => document.documentElement.dataset.ready === '1'"
SETTLED = """async () => {
  const finite = document.getAnimations().filter((a) => a.effect && isFinite(a.effect.getComputedTiming().endTime));
  await Promise.all(finite.map((a) => a.finished.catch(() => null)));
  return true;
}"""
TABLE = "document.querySelector('[data-testid=table]')"


def snap(page, out: Path, name: str, size) -> None:
    page.evaluate(SETTLED)
    page.wait_for_timeout(300)
    page.screenshot(path=str(out / f"{name}-{size[0]}x{size[1]}.png"))


def shoot_size(browser, site: str, relay: str, size, out: Path) -> None:
    w, h = size

    def page_at(url: str):
        page = browser.new_context(viewport={"width": w, "height": h}, locale="en-US").new_page()
        page.goto(url)
        page.wait_for_function(READY, timeout=120_000)
        return page

    page = page_at(f"{site}?seed=5&bot_delay=0&speed=instant")
    snap(page, out, "picker", size)
    page.click('[data-testid="rules-chupate"]')
    page.wait_for_selector('#rules-body article[data-game="chupate"]')
    snap(page, out, "rules", size)
    page.keyboard.press("Escape")
    page.click('[data-testid="game-chupate"]')
    page.wait_for_selector('[data-testid="setup"]')
    snap(page, out, "setup", size)
    page.check('[data-testid="opt-opponents-1"]')
    page.click('[data-testid="btn-start"]')
    page.wait_for_function(f"() => {TABLE} && {TABLE}.dataset.turn === '0'", timeout=60_000)
    snap(page, out, "table", size)
    page.context.close()

    page = page_at(f"{site}?seed=4&bot_delay=0&autoplay=0&speed=instant")
    page.click('[data-testid="game-chupate"]')
    page.check('[data-testid="opt-opponents-1"]')
    page.check('[data-testid="opt-mode-quick"]')
    page.click('[data-testid="btn-start"]')
    page.wait_for_selector('[data-testid="result"]', timeout=180_000)
    snap(page, out, "result", size)
    page.context.close()

    page = page_at(f"{site}?bot_delay=0")
    page.click('[data-testid="btn-lab"]')
    page.wait_for_selector('[data-testid="lab"][data-editor="codemirror"] .cm-content')
    snap(page, out, "lab", size)
    page.context.close()

    page = page_at(f"{site}?seed=5&bot_delay=0&speed=instant")
    page.click('[data-testid="game-chupate"]')
    page.check('[data-testid="opt-mode-quick"]')
    page.click('[data-testid="passplay-open"]')
    page.wait_for_selector('[data-testid^="pp-name-"]')
    snap(page, out, "passplay-setup", size)
    for i, field in enumerate(page.query_selector_all('[data-testid^="pp-name-"]')):
        field.fill(("Ana", "Beto")[i] if i < 2 else "")
    page.fill('[data-testid="pp-bots"]', "1")
    page.click('[data-testid="btn-passplay-start"]')
    page.wait_for_selector('[data-testid="passplay"]')
    snap(page, out, "passplay", size)
    page.context.close()

    query = f"?relay={relay}&ice=none&bot_delay=0"
    host = page_at(f"{site}{query}")
    host.click('[data-testid="game-chupate"]')
    host.check('[data-testid="opt-mode-quick"]')
    host.fill('[data-testid="room-name"]', "Ana")
    host.click('[data-testid="btn-create-room"]')
    host.wait_for_selector('[data-testid="room-status"][data-state="ok"]', timeout=30_000)
    link = host.input_value('[data-testid="room-link"]')
    guest = page_at(link)
    guest.wait_for_selector('[data-testid="lobby-seat-1"][data-kind="player"]', timeout=30_000)
    host.wait_for_selector('[data-testid="lobby-seat-1"][data-kind="player"]', timeout=30_000)
    snap(host, out, "lobby-host", size)
    snap(guest, out, "lobby-guest", size)
    watcher = page_at(f"{site}{query}#{link.split('#', 1)[1]}&watch=1")
    watcher.wait_for_selector('[data-testid="watch-lobby"] [data-testid="watch-seat-1"][data-kind="player"]',
                              timeout=30_000)
    snap(watcher, out, "watch", size)
    for p in (watcher, guest, host):
        p.context.close()


DIFF = """async ([a, b]) => {
  const load = (src) => new Promise((ok, bad) => { const i = new Image(); i.onload = () => ok(i); i.onerror = bad; i.src = src; });
  const [x, y] = await Promise.all([load(a), load(b)]);
  if (x.width !== y.width || x.height !== y.height) return 1;
  const px = (img) => { const c = document.createElement('canvas'); c.width = img.width; c.height = img.height;
    const g = c.getContext('2d'); g.drawImage(img, 0, 0); return g.getImageData(0, 0, img.width, img.height).data; };
  const p = px(x), q = px(y); let n = 0;
  for (let i = 0; i < p.length; i += 4)
    if (p[i] !== q[i] || p[i + 1] !== q[i + 1] || p[i + 2] !== q[i + 2]) n++;
  return n / (p.length / 4);
}"""


def compare(before: Path, after: Path) -> None:
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page()
        for a in sorted(before.glob("*.png")):
            b = after / a.name
            if not b.exists():
                print(f"{a.name}: missing after")
                continue
            url = lambda p: "data:image/png;base64," + base64.b64encode(p.read_bytes()).decode()  # noqa: E731
            share = page.evaluate(DIFF, [url(a), url(b)])
            print(f"{a.name}: {'identical' if share == 0 else f'{share:.2%} of pixels differ'}")
        browser.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "test-artifacts" / "ui-screens"))
    ap.add_argument("--dist", default=str(ROOT / "dist"))
    ap.add_argument("--no-build", action="store_true")
    ap.add_argument("--compare", nargs=2)
    args = ap.parse_args()
    if args.compare:
        compare(Path(args.compare[0]), Path(args.compare[1]))
        return
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    if not args.no_build:
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py"), "-q"], check=True, cwd=ROOT)
    from relay import start_relay
    relay = start_relay(Path(tempfile.mkdtemp(prefix="relay-")))
    server = start_server(Path(args.dist))
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for size in SIZES:
                shoot_size(browser, server_url(server), relay.url, size, out)
            browser.close()
    finally:
        server.shutdown()
        relay.stop()
    for p in sorted(out.glob("*.png")):
        print(p)


if __name__ == "__main__":
    main()
