#!/usr/bin/env python3
"""Peer-to-peer benchmark: joining a room and moving over real WebRTC, with in-run references.

Everything real and on loopback: a nostr-relay from .venv-relay (tests/relay.py, the same relay as
tests/browser/test_p2p.py), the built dist/ on a loopback http.server, Debian's headless Chromium
with the browser tests' flags, two pages (host and guest) in separate contexts with microphone
permission (WebRTC on loopback), `?relay=<loopback>&ice=none&bot_delay=0`. No app code is changed:
an init script records performance.now() in each page.

Per run (fresh host and guest contexts, a fresh room):
  join      guest clicks `btn-join` (code typed) -> its lobby shows `lobby-seat-1` as a player
  rtt       transport round trip: the guest sends a JSON text through window.tapeteP2P (its own
            Trystero room between the same two pages, same relay), the host echoes it back; a
            ~100-byte intent-sized text and a ~2 KB update-sized one; the first 5 are warm-up
  ref rtt   the same texts over a plain RTCDataChannel pair inside the guest page (no Trystero,
            no second renderer): the floor of a loopback data channel
  intent    click on a move (capture listener) -> the table's data-version changes (MutationObserver):
            on the guest (intent over WebRTC, host applies, update back) and on the host
            (the same render path, no network: the in-page reference)

Then (``--guests 4``, on by default) one room of a host and four guest pages, each guest in its own
context and seated by the room link; the seats play by clicks (Chúpate 2 with a French deck, which
seats five) and the guests' click -> new data-version is the "4 guests" row, beside issue 12's figure
from an earlier build (40 / 59 ms) and the host's local reference in the same room. Then the late-join
room (``--late-tries``).

Prints a table and writes it into docs/benchmarks.md between <!-- p2p:start --> and
<!-- p2p:end --> (other sections kept). Usage: .venv/bin/python bench/p2p.py [--runs 6] [--guests 4] [--late-tries 5] [--no-write]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from _common import DOC, ROOT, machine, write_section  # noqa: E402
from relay import RelayError, start_relay  # noqa: E402
from tapete.net.links import new_code  # noqa: E402  (the room code the app makes)

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "browser"))
from clicks import VERSION_CHANGED, take_chupate_turn, take_francesa_turn  # noqa: E402
from local_site import CHROMIUM, CHROMIUM_ARGS, server_url, start_server  # noqa: E402

DIST = ROOT / "dist"
BOOT_TIMEOUT_MS = 120_000
WARMUP = 5
ISSUE_4_GUESTS = (40, 59)   # issue 12: 4-guest click -> update p50/p95 (ms) of an earlier build, another machine/run
SMALL = json.dumps({"v": 1, "type": "intent", "id": "n0000000", "seat": 1, "state_version": 17, "action": "play R7"},
                   separators=(",", ":"))
BIG = json.dumps({"v": 1, "type": "update", "seat": 1, "pad": "x" * 1900}, separators=(",", ":"))
PAYLOADS = {"small": SMALL, "big": BIG}

# Capture-phase click listener + MutationObserver: join click -> seated, move click -> new data-version.
PROBE = """
(() => {
  const b = window.__bench = {joinAt: null, seatedAt: null, clickAt: null, clickVersion: null, lat: [],
                              readyAt: null};
  document.addEventListener("click", (e) => {
    const el = e.target && e.target.closest ? e.target.closest("[data-testid]") : null;
    if (!el) return;
    const now = performance.now();
    if (el.dataset.testid === "btn-join") b.joinAt = now;
    const t = document.querySelector("[data-testid=table]");
    if (t) { b.clickAt = now; b.clickVersion = t.dataset.version; }
  }, true);
  const check = () => {
    const now = performance.now();
    if (b.readyAt === null && document.documentElement.dataset.ready === "1") {
      b.readyAt = now;
      if (location.hash) b.joinAt = now;        // a room link: the page joins by itself once ready
    }
    if (b.joinAt !== null && b.seatedAt === null
        && document.querySelector('[data-testid="lobby-seat-1"][data-kind="player"]')) b.seatedAt = now;
    if (b.clickAt !== null) {
      const t = document.querySelector("[data-testid=table]");
      if (t && t.dataset.version !== b.clickVersion) { b.lat.push(now - b.clickAt); b.clickAt = null; }
    }
  };
  new MutationObserver(check).observe(document, {subtree: true, childList: true, attributes: true});
})();
"""

SEATED = "() => JSON.parse(window.tapeteRoomDebug()).seat !== null"
READY_OR_ERROR = """() => {
  if (document.documentElement.dataset.ready === "1") return "ready";
  const box = document.querySelector('[data-testid="boot-error"]');
  return box && !box.hidden ? "error" : false;
}"""

ECHO_JS = """async (room) => {
  const p2p = await window.tapeteLoadP2P();
  const h = await p2p.open({room, secret: "bench-secret"});
  h.onMessage((text, peer) => h.send(text, peer));
  window.__echo = h;
  return h.selfId;
}"""

PING_JS = """async ({room, payloads, n, warmup}) => {
  const p2p = await window.tapeteLoadP2P();
  const h = await p2p.open({room, secret: "bench-secret"});
  const t0 = performance.now();
  await new Promise((res) => { if (h.peers().length) res(); else h.onPeerJoin(() => res()); });
  const connectMs = performance.now() - t0;
  let waiter = null;
  h.onMessage((text) => { if (waiter) { const w = waiter; waiter = null; w(text); } });
  const out = {connectMs};
  for (const [name, text] of Object.entries(payloads)) {
    const rtts = [];
    for (let i = 0; i < n + warmup; i++) {
      const got = new Promise((res, rej) => { waiter = res; setTimeout(() => rej(new Error("echo timeout")), 10000); });
      const s = performance.now();
      h.send(text, null);
      const back = await got;
      const e = performance.now();
      if (back !== text) throw new Error("echo mismatch");
      if (i >= warmup) rtts.push(e - s);
    }
    out[name] = rtts;
  }
  await h.close();
  return out;
}"""

REF_JS = """async ({payloads, n, warmup}) => {
  const a = new RTCPeerConnection({iceServers: []}), b = new RTCPeerConnection({iceServers: []});
  const ch = a.createDataChannel("bench");
  b.ondatachannel = (e) => { const c = e.channel; c.onmessage = (m) => c.send(m.data); };
  const gathered = (pc) => new Promise((res) => {
    if (pc.iceGatheringState === "complete") return res();
    pc.addEventListener("icegatheringstatechange", () => { if (pc.iceGatheringState === "complete") res(); });
  });
  await a.setLocalDescription(await a.createOffer()); await gathered(a);
  await b.setRemoteDescription(a.localDescription);
  await b.setLocalDescription(await b.createAnswer()); await gathered(b);
  await a.setRemoteDescription(b.localDescription);
  await new Promise((res) => (ch.readyState === "open" ? res() : (ch.onopen = res)));
  let waiter = null;
  ch.onmessage = (m) => { if (waiter) { const w = waiter; waiter = null; w(m.data); } };
  const out = {};
  for (const [name, text] of Object.entries(payloads)) {
    const rtts = [];
    for (let i = 0; i < n + warmup; i++) {
      const got = new Promise((res) => { waiter = res; });
      const s = performance.now();
      ch.send(text);
      await got;
      if (i >= warmup) rtts.push(performance.now() - s);
    }
    out[name] = rtts;
  }
  a.close(); b.close();
  return out;
}"""


def pct(xs: list[float], p: float) -> float:
    """Nearest-rank percentile."""
    s = sorted(xs)
    k = max(0, min(len(s) - 1, int(-(-p * len(s) // 100)) - 1))
    return s[k]


def boot(browser, url: str):
    ctx = browser.new_context(locale="es-ES")
    ctx.grant_permissions(["microphone"])
    ctx.add_init_script(PROBE)
    page = ctx.new_page()
    page.goto(url)
    state = page.wait_for_function(READY_OR_ERROR, timeout=BOOT_TIMEOUT_MS, polling=100).json_value()
    if state == "error":
        raise RuntimeError("boot failed: " + page.get_by_test_id("boot-error").inner_text())
    return ctx, page


def one_run(browser, base: str, relay_url: str, rtt_n: int, max_moves: int, by_link: bool = False) -> dict:
    """One room: the guest joins by typed code, or ``by_link`` by opening the room's link (it then seats
    only a host that proves the link's key: an Ed25519 signature over its challenge, checked in Pyodide)."""
    query = f"?relay={relay_url}&ice=none&bot_delay=0"
    contexts = []
    try:
        hctx, host = boot(browser, base + query)
        contexts.append(hctx)
        host.click('[data-testid="game-chupate"]')
        host.check('[data-testid="opt-mode-quick"]')
        host.fill('[data-testid="room-name"]', "Ana")
        host.click('[data-testid="btn-create-room"]')
        host.wait_for_selector('[data-testid="lobby"] [data-testid="lobby-seat-0"]', timeout=30_000)
        code = host.inner_text('[data-testid="room-join-code"]').strip()   # typed: a SPAKE2 handshake first

        if by_link:
            gctx, guest = boot(browser, host.input_value('[data-testid="room-link"]'))
            contexts.append(gctx)
        else:
            gctx, guest = boot(browser, base + query)
            contexts.append(gctx)
            guest.click('[data-testid="game-chupate"]')
            guest.fill('[data-testid="room-name"]', "Beto")
            guest.fill('[data-testid="join-code"]', code.lower())
            guest.click('[data-testid="btn-join"]')
        guest.wait_for_function("() => window.__bench.seatedAt !== null", timeout=60_000, polling=100)
        join_ms = guest.evaluate("window.__bench.seatedAt - window.__bench.joinAt")
        host.wait_for_selector('[data-testid="lobby-seat-1"][data-kind="player"]', timeout=30_000)

        bench_room = new_code()
        host.evaluate(ECHO_JS, bench_room)
        rtt = guest.evaluate(PING_JS, {"room": bench_room, "payloads": PAYLOADS, "n": rtt_n, "warmup": WARMUP})
        host.evaluate("() => window.__echo.close()")
        ref = guest.evaluate(REF_JS, {"payloads": PAYLOADS, "n": rtt_n, "warmup": WARMUP})

        host.click('[data-testid="btn-start-room"]')
        play(host, [host, guest], take_chupate_turn, max_moves)
        return {
            "join": join_ms,
            "by_link": by_link,
            "connect": rtt["connectMs"],
            "rtt": {k: rtt[k] for k in PAYLOADS},
            "ref": {k: ref[k] for k in PAYLOADS},
            "intent_guest": guest.evaluate("window.__bench.lat"),
            "intent_host": host.evaluate("window.__bench.lat"),
        }
    finally:
        for ctx in contexts:
            try:
                ctx.close()
            except Exception:  # noqa: BLE001
                pass


def play(host, pages: list, turn, max_moves: int) -> int:
    """Start-of-game to at most ``max_moves`` moves, one page at a time: the page whose seat (its index in
    ``pages``) has the turn clicks one move with ``turn(page)``, which waits until that page's table shows
    a new version. Only one page moves at a time, so the version a page sees change after its own click
    comes from its own intent, accepted by the host's engine (a refused click changes no version and
    ``turn`` times out). Stops at the end of the first round. Returns the number of moves."""
    for page in pages:
        page.wait_for_selector('[data-testid="table"]', timeout=60_000)
    moves = 0
    deadline = time.monotonic() + 60 + 10 * max_moves
    while moves < max_moves and time.monotonic() < deadline:
        if any(p.query_selector('[data-testid="result"]') for p in pages):
            break
        if host.get_attribute('[data-testid="table"]', "data-phase") in ("round_over", "game_over"):
            break
        moved = False
        for seat, page in enumerate(pages):
            table = page.query_selector('[data-testid="table"]')
            if table is None or page.query_selector('[data-testid="result"]'):
                continue
            if (table.get_attribute("data-turn") == str(seat)
                    and table.get_attribute("data-phase") not in ("round_over", "game_over")):
                turn(page)
                moved = True
                moves += 1
        if not moved:
            host.wait_for_timeout(20)
    host.wait_for_timeout(200)  # let the last observer callbacks land
    return moves


def guests_run(browser, base: str, relay_url: str, guests: int, max_moves: int) -> dict:
    """One room of a host and ``guests`` guest pages, each in its own context, each opening the room's
    link (signed hello, verified host, fair deal); then the seats play by clicks. The game is Chúpate 2
    with a French deck (``francesa``: up to five seats; Chúpate 2 itself seats four)."""
    query = f"?relay={relay_url}&ice=none&bot_delay=0"
    contexts = []
    try:
        hctx, host = boot(browser, base + query)
        contexts.append(hctx)
        host.click('[data-testid="game-francesa"]')
        host.fill('[data-testid="room-name"]', "Ana")
        host.click('[data-testid="btn-create-room"]')
        host.wait_for_selector('[data-testid="lobby"] [data-testid="lobby-seat-0"]', timeout=30_000)
        link = host.input_value('[data-testid="room-link"]')
        seated = {}
        for _ in range(guests):
            gctx, guest = boot(browser, link)
            contexts.append(gctx)
            guest.wait_for_function(SEATED, timeout=60_000, polling=100)
            seat = json.loads(guest.evaluate("() => window.tapeteRoomDebug()"))["seat"]
            seated[seat] = guest
        if sorted(seated) != list(range(1, guests + 1)):
            raise RuntimeError(f"guests seated at {sorted(seated)}")
        host.wait_for_selector(f'[data-testid="lobby-seat-{guests}"][data-kind="player"]', timeout=30_000)
        host.click('[data-testid="btn-start-room"]')
        pages = [host] + [seated[s] for s in range(1, guests + 1)]
        moves = play(host, pages, take_francesa_turn, max_moves)
        return {"moves": moves,
                "intent_guests": [p.evaluate("window.__bench.lat") for p in pages[1:]],
                "intent_host": host.evaluate("window.__bench.lat")}
    finally:
        for ctx in contexts:
            try:
                ctx.close()
            except Exception:  # noqa: BLE001
                pass


def join_in_place(page, fragment: str) -> float:
    """Open the room link in this booted page (fragment only, no reload): ms until its lobby names its seat
    (polled every 20 ms from here, so up to ~20 ms coarser than the in-page join figures)."""
    t0 = time.monotonic()
    page.evaluate("f => { location.hash = f; }", fragment)
    page.wait_for_function(SEATED, timeout=60_000, polling=20)
    return (time.monotonic() - t0) * 1000


def late_run(browser, base: str, relay_url: str, tries: int, late_s: float = 75.0, away_s: float = 120.0) -> dict:
    """One room, Trystero's stale-offer case (docs/multiplayer.md, "Late joins"): ``tries`` fresh guest
    pages join right after the room opened (the reference), ``tries`` more at +``late_s`` s, and one guest
    seated at the start comes back after ``away_s`` s away. All pages are booted before the room opens."""
    query = f"?relay={relay_url}&ice=none&bot_delay=0"
    contexts = []
    try:
        hctx, host = boot(browser, base + query)
        contexts.append(hctx)
        gctx = browser.new_context(locale="en-US")
        gctx.grant_permissions(["microphone"])
        contexts.append(gctx)
        pages = [gctx.new_page() for _ in range(2 * tries + 2)]
        for page in pages:
            page.goto(base + query + "&boot-timeout=600", wait_until="commit")
        for page in pages:
            if page.wait_for_function(READY_OR_ERROR, timeout=600_000, polling=200).json_value() != "ready":
                raise RuntimeError("boot failed")
        host.click('[data-testid="game-chupate"]')
        host.click('[data-testid="btn-create-room"]')
        host.wait_for_selector('[data-testid="room-link"]', timeout=30_000)
        opened = time.monotonic()
        link = host.input_value('[data-testid="room-link"]')
        fragment = link[link.index("#"):]
        rctx = browser.new_context(locale="en-US")          # the returning guest: its own player id
        rctx.grant_permissions(["microphone"])
        contexts.append(rctx)
        first = rctx.new_page()
        first.goto(base + query)
        first.wait_for_function(READY_OR_ERROR, timeout=BOOT_TIMEOUT_MS, polling=100)
        back = rctx.new_page()
        back.goto(base + query)
        back.wait_for_function(READY_OR_ERROR, timeout=BOOT_TIMEOUT_MS, polling=100)
        join_in_place(first, fragment)
        first.close()
        gone = time.monotonic()
        early = []
        for page in pages[:tries]:
            early.append(join_in_place(page, fragment))
            page.close()
        host.wait_for_timeout(max(0.0, opened + late_s - time.monotonic()) * 1000)
        late_at = time.monotonic() - opened
        late = []
        for page in pages[tries:2 * tries]:
            late.append(join_in_place(page, fragment))
            page.close()
        host.wait_for_timeout(max(0.0, gone + away_s - time.monotonic()) * 1000)
        away = time.monotonic() - gone
        rejoin = join_in_place(back, fragment)
        return {"early": early, "late": late, "late_at": late_at, "rejoin": rejoin, "away": away}
    finally:
        for ctx in contexts:
            try:
                ctx.close()
            except Exception:  # noqa: BLE001
                pass


def chromium_version() -> str:
    try:
        return subprocess.run([CHROMIUM, "--version"], capture_output=True, text=True, timeout=30).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return "?"


def main() -> int:
    ap = argparse.ArgumentParser(description="Tapete peer-to-peer benchmark")
    ap.add_argument("--runs", type=int, default=6, help="rooms; the guest joins by code, then by link, alternately")
    ap.add_argument("--rtt", type=int, default=50, help="round trips per payload per run (after %d warm-up)" % WARMUP)
    ap.add_argument("--moves", type=int, default=40, help="at most this many moves per run")
    ap.add_argument("--late-tries", type=int, default=5,
                    help="guests joining at +0 s and at +75 s in the late-join room (0: skip it, ~3.5 min)")
    ap.add_argument("--guests", type=int, default=4,
                    help="guest pages in one more room, all playing by clicks (0: skip it; at most 4)")
    ap.add_argument("--guest-moves", type=int, default=60, help="at most this many moves in the guests' room")
    ap.add_argument("--no-write", action="store_true", help="print only, leave docs/benchmarks.md alone")
    args = ap.parse_args()

    if (ROOT / "node_modules").is_dir():
        subprocess.run([sys.executable, str(ROOT / "scripts" / "build.py"), "-q"], check=True)
    if not (DIST / "index.html").exists():
        sys.exit("dist/ missing: run `make dist` first")
    if not Path(CHROMIUM).exists():
        sys.exit(f"{CHROMIUM} missing: run `make setup`")

    info = machine()
    runs: list[dict] = []
    late = None
    crowd = None
    with tempfile.TemporaryDirectory(prefix="tapete-bench-p2p-") as tmp:
        try:
            relay = start_relay(Path(tmp) / "relay")
        except RelayError as err:
            sys.exit(str(err))
        server = start_server(DIST)
        base = server_url(server)
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                try:
                    for i in range(args.runs):
                        r = one_run(browser, base, relay.url, args.rtt, args.moves, by_link=i % 2 == 1)
                        runs.append(r)
                        how = "link" if r["by_link"] else "code"
                        print(f"run {i + 1}/{args.runs}: join by {how} {r['join']:.0f} ms, rtt small p50 "
                              f"{statistics.median(r['rtt']['small']):.2f} ms (ref "
                              f"{statistics.median(r['ref']['small']):.2f}), intent guest p50 "
                              f"{statistics.median(r['intent_guest'] or [float('nan')]):.1f} ms / host "
                              f"{statistics.median(r['intent_host'] or [float('nan')]):.1f} ms "
                              f"({len(r['intent_guest'])}+{len(r['intent_host'])} moves)", flush=True)
                    if args.guests:
                        crowd = guests_run(browser, base, relay.url, args.guests, args.guest_moves)
                        lats = [x for g in crowd["intent_guests"] for x in g]
                        print(f"{args.guests}-guest room: {crowd['moves']} moves, intent guests p50 "
                              f"{statistics.median(lats or [float('nan')]):.1f} ms p95 "
                              f"{pct(lats, 95) if lats else float('nan'):.1f} ms (issue 12's earlier build: "
                              f"{ISSUE_4_GUESTS[0]} / {ISSUE_4_GUESTS[1]} ms), per guest "
                              f"{[len(g) for g in crowd['intent_guests']]} clicks", flush=True)
                    if args.late_tries:
                        late = late_run(browser, base, relay.url, args.late_tries)
                        print(f"late room: at +0 s {[round(x) for x in late['early']]} ms; at "
                              f"+{late['late_at']:.0f} s {[round(x) for x in late['late']]} ms; back after "
                              f"{late['away']:.0f} s away {late['rejoin']:.0f} ms", flush=True)
                finally:
                    browser.close()
        finally:
            server.shutdown()
            server.server_close()
            relay.stop()
    load_end = ", ".join(f"{x:.1f}" for x in os.getloadavg())

    def flat(key, sub=None):
        return [x for r in runs for x in (r[key][sub] if sub else r[key])]

    joins = [r["join"] for r in runs if not r["by_link"]]
    rows = [
        ("join by typed code → seated in own lobby (per run)", joins, "guest page, `btn-join` click → `lobby-seat-1` is a player"),
        ("join by link → seated, host verified (per run)", [r["join"] for r in runs if r["by_link"]],
         "guest page opened on the room link: `data-ready` → `lobby-seat-1` is a player; includes the host's "
         "Ed25519 proof, signed and checked in Pyodide"),
        ("Trystero connect, bench room (pages already share the game room)", [r["connect"] for r in runs], "`open()` → first peer joined, guest page"),
    ]
    for name, size in (("small", len(SMALL)), ("big", len(BIG))):
        rows.append((f"**tapeteP2P round trip**, {size} B JSON, guest → host → guest", flat("rtt", name),
                     "two pages, Trystero data channel"))
        rows.append((f"reference: plain RTCDataChannel round trip, {size} B", flat("ref", name),
                     "one page, loopback pair, no Trystero"))
    rows.append(("**intent → update, guest** (click → new `data-version`)", flat("intent_guest"),
                 "intent over WebRTC, host applies, update back, guest renders"))
    rows.append(("reference: intent → update, host (local)", flat("intent_host"),
                 "same page, same render path, no network"))
    if crowd is not None:
        n = len(crowd["intent_guests"])
        rows.append((f"**intent → update, {n} guests** (one room: host + {n} guest pages, click → new "
                     "`data-version`)", [x for g in crowd["intent_guests"] for x in g],
                     f"Chúpate 2, French deck (five seats); guests joined by the room link; clicks per guest "
                     f"{', '.join(str(len(g)) for g in crowd['intent_guests'])}"))
        rows.append((f"reference: intent → update, host of that {n}-guest room (local)", crowd["intent_host"],
                     f"same page, same render path, no network; updates go to {n} peers"))
    if crowd is not None:
        rows.append(("reference: issue 12's figure for 4 guests (earlier build)", ISSUE_4_GUESTS,
                     "quoted from the issue, not measured in this run"))
    if late is not None:
        rows.append((f"**join at +{late['late_at']:.0f} s** (late-join room, fresh guest pages)", late["late"],
                     "link opened in a booted page (fragment only) → its lobby names its seat; pooled offers "
                     "past Trystero's 57 s TTL (patched: fresh offers)"))
        rows.append(("reference: join at +0 s, same room", late["early"], "same pages and path, fresh offers"))
        rows.append((f"**rejoin after {late['away']:.0f} s away** (same player id, new page)", [late["rejoin"]],
                     "back to its seat"))

    lines = [
        f"Two headless Chromium pages (host and guest, separate contexts) on loopback: a real `nostr-relay` "
        f"(tests/relay.py), `?ice=none`, dist/ on `http.server`; {args.runs} runs, each with a fresh room. "
        f"Times are `performance.now()` inside the pages (click listener in capture phase, MutationObserver); "
        f"{args.rtt} round trips per size per run after {WARMUP} warm-up.",
        "",
        f"- date: {info['date']}",
        f"- machine: {info['nproc']} cores, {info['cpu']}, load average {info['load']:.2f} at start, {load_end} (1/5/15 min) at the end",
        f"- browser: {chromium_version()}",
        "",
        "| measure | p50 (ms) | p95 (ms) | min (ms) | max (ms) | n | what |",
        "| --- | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    for label, xs, what in rows:
        if xs is ISSUE_4_GUESTS:
            lines.append(f"| {label} | {xs[0]} | {xs[1]} | – | – | – | {what} |")
            continue
        if not xs:
            lines.append(f"| {label} | – | – | – | – | 0 | {what} |")
            continue
        lines.append(f"| {label} | {statistics.median(xs):.1f} | {pct(xs, 95):.1f} | {min(xs):.1f} | {max(xs):.1f} "
                     f"| {len(xs)} | {what} |")
    lines += [
        "",
        "Join per run (ms): " + ", ".join(f"{x:.0f} ({'link' if r['by_link'] else 'code'})" for x, r in
                                          ((r["join"], r) for r in runs)) + ". Runs alternate: code, link, code... "
        "Join includes the guest's Trystero "
        "room join over the relay, ICE on loopback, `hello`, and the host's `lobby` answer. The round trip "
        "crosses two renderer processes twice; one-way ≈ half. Intent → update on the guest adds the host's "
        "Pyodide handling and both renders to the round trip; the host row is the same click → render path "
        "without the network. Page clocks are coarsened to 0.1 ms (no cross-origin isolation).",
        f"The {args.guests}-guest rows come from one more room: host and {args.guests} guests, each guest page "
        "in its own Chromium context, seated by opening the room link (signed hello, fair-deal commit), then "
        "the seats take turns by clicks one page at a time, so a version change on a guest after its click is "
        "its own intent accepted by the host's engine; at most "
        f"{args.guest_moves} moves or the first round's end. Chúpate 2 seats four, so that room plays its "
        "French-deck variant (same shedding engine family, five seats). "
        "The late-join rows come from one more room (all its pages booted before it opens; join times "
        "polled every 20 ms from the test process).",
        "Reproduce: `make bench-p2p` or `.venv/bin/python bench/p2p.py --runs 6` (needs `make relay`).",
    ]
    table = "\n".join(lines)
    print()
    print(table)
    if not args.no_write:
        write_section("p2p", table)
        print(f"\nwritten into {DOC.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
