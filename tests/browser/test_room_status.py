"""Rooms that say what is wrong: the lobby's connection line with a real relay, the error with Retry
when no relay can be reached, and a guest told that no host answers (real Nostr relay on loopback)."""

from __future__ import annotations

import socket
import time

import pytest

pytestmark = pytest.mark.browser


def closed_port() -> int:
    """A loopback port nobody listens on (connections are refused at once)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def open_setup(page, boot, url):
    boot(page, url)
    page.click('[data-testid="game-chupate"]')
    page.fill('[data-testid="room-name"]', "Ana")


def test_relay_unreachable_says_so_within_12_s_and_offers_retry(new_page, boot, site_url):
    page = new_page(locale="en-US")
    open_setup(page, boot, f"{site_url}?relay=ws://127.0.0.1:{closed_port()}&ice=none")
    clicked = time.monotonic()
    page.click('[data-testid="btn-create-room"]')
    page.wait_for_selector('[data-testid="room-status"][data-state="error"]', timeout=12_000)
    assert time.monotonic() - clicked < 12.5
    assert "Could not reach the room servers" in page.inner_text('[data-testid="room-status"]')
    page.click('[data-testid="btn-room-retry"]')
    page.wait_for_selector('[data-testid="room-status"][data-state="connecting"]')
    page.wait_for_selector('[data-testid="room-status"][data-state="error"]', timeout=12_000)
    new_page.console_errors.clear()     # the refused WebSocket connections are logged by Chromium


def test_lobby_shows_relay_and_peers_and_plain_seat_labels(new_page, boot, site_url, nostr_relay):
    url = f"{site_url}?relay={nostr_relay}&ice=none&bot_delay=0"
    host = new_page(locale="en-US")
    open_setup(host, boot, url)
    host.click('[data-testid="btn-create-room"]')
    host.wait_for_selector('[data-testid="room-status"][data-state="ok"]', timeout=15_000)
    assert "Room servers: 1 of 1 connected" in host.inner_text('[data-testid="room-status"]')
    code = host.inner_text('[data-testid="room-join-code"]').strip()
    seat = host.inner_text('[data-testid="lobby-seat-0"]')
    assert seat.startswith("Ana"), seat                      # the <ol> numbers it: no "1. 1. Ana"
    guest = new_page(locale="en-US")
    open_setup(guest, boot, url)
    guest.fill('[data-testid="room-name"]', "Beto")
    guest.fill('[data-testid="join-code"]', code)
    guest.click('[data-testid="btn-join"]')
    host.wait_for_selector('[data-testid="lobby-seat-1"][data-kind="player"]', timeout=30_000)
    host.wait_for_function("() => /connected to you: [1-9]/.test("
                           "document.querySelector('[data-testid=room-status]').textContent)", timeout=15_000)
    # the security note is readable on the light lobby box (it was 1.31:1)
    color = host.eval_on_selector('[data-testid="room-tradeoff"]', "n => getComputedStyle(n).color")
    assert color in ("rgb(26, 26, 26)", "rgb(236, 235, 230)"), color


def test_join_with_no_host_says_so(new_page, boot, site_url, nostr_relay):
    """A room link nobody hosts: the relay is up (status ok), and within 20 s the join watchdog says
    that no answer came and it is trying again."""
    # k: RFC 8032's first public key (a real point: a small-order k such as 'A' * 43 opens no link, issue 42)
    page = boot(new_page(locale="en-US"), f"{site_url}?relay={nostr_relay}&ice=none#room=QWERTY&k=11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo")
    page.wait_for_selector('[data-testid="room-status"][data-state="ok"]', timeout=15_000)
    page.wait_for_function("() => (document.querySelector('[data-testid=room-message]') || {}).textContent"
                           "?.includes('No answer from the room yet')", timeout=20_000)


# Issue 31: a guest joining by code is told what it waits for, and why it failed, in view and readable.
CONTRAST = """(sel) => {
  const el = document.querySelector(sel);
  const rgb = (s) => (s.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => { const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  let bg = null;
  for (let n = el; n && !bg; n = n.parentElement) { const c = rgb(getComputedStyle(n).backgroundColor); if (c.length === 3 || c[3] > 0.9) bg = c; }
  bg = bg || [255, 255, 255];
  const fg = rgb(getComputedStyle(el).color);
  const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
  const r = el.getBoundingClientRect();
  return {ratio: (a + 0.05) / (b + 0.05), inView: r.top >= 0 && r.bottom <= innerHeight && r.height > 0,
          text: el.textContent};
}"""


def join_by_code(page, code="305-KMPQR"):
    page.fill('[data-testid="join-code"]', code)
    page.click('[data-testid="btn-join"]')


@pytest.mark.parametrize("size", [(390, 844), (360, 640)], ids=["390x844", "360x640"])
def test_code_guest_without_relays_is_told_so_within_20_s(new_page, boot, site_url, size):
    page = new_page(locale="en-US", viewport={"width": size[0], "height": size[1]})
    open_setup(page, boot, f"{site_url}?relay=ws://127.0.0.1:{closed_port()}&ice=none")
    clicked = time.monotonic()
    join_by_code(page)
    page.wait_for_selector('[data-testid="lobby"] [data-testid="room-message"]')
    waiting = page.evaluate(CONTRAST, '[data-testid="room-message"]')
    assert "room servers" in waiting["text"] and waiting["ratio"] >= 4.5 and waiting["inView"], waiting
    page.wait_for_function("() => /Could not reach any room server/.test("
                           "(document.querySelector('[data-testid=room-message]') || {}).textContent || '')",
                           timeout=20_000)
    assert time.monotonic() - clicked < 20
    told = page.evaluate(CONTRAST, '[data-testid="room-message"]')
    assert told["ratio"] >= 4.5 and told["inView"], told
    assert "No room answered" not in told["text"]                   # the code is not blamed
    new_page.console_errors.clear()     # the refused WebSocket connections are logged by Chromium


def test_code_nobody_hosts_says_so(new_page, boot, site_url, nostr_relay):
    page = new_page(locale="en-US", viewport={"width": 390, "height": 844})
    open_setup(page, boot, f"{site_url}?relay={nostr_relay}&ice=none&code_wait=5000")
    join_by_code(page)
    page.wait_for_function("() => /No room answered that code/.test("
                           "(document.querySelector('[data-testid=room-message]') || {}).textContent || '')",
                           timeout=30_000)
    told = page.evaluate(CONTRAST, '[data-testid="room-message"]')
    assert told["ratio"] >= 4.5 and told["inView"], told
    assert "Could not reach" not in told["text"]
