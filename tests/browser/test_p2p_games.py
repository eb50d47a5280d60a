"""A whole two-page game of every other game over real WebRTC (real relay on loopback).

Chúpate 2 is played by clicking in test_p2p.py; here both pages play with ``?autoplay=ms``: each
sends what an easy bot would choose from its own update, through the same session as a click. At the
end the guest checks the deal (the host's revealed secret and history replayed in Pyodide).
"""

import pytest

pytestmark = pytest.mark.browser

SHORT_GAMES = {             # setup fields that keep a game to a few rounds
    "skypo": {"opt-target": "15"},
    "francesa": {"opt-limit": "15"},
    "taki": {},
    "dos": {"opt-target": "15"},
}


@pytest.mark.parametrize("game_id", sorted(SHORT_GAMES))
def test_two_pages_play_a_whole_game_over_webrtc(new_page, boot, site_url, nostr_relay, game_id):
    query = f"?relay={nostr_relay}&ice=none&bot_delay=0&autoplay=20"
    host = boot(new_page(locale="es-ES"), f"{site_url}{query}")
    host.click(f'[data-testid="game-{game_id}"]')
    for testid, value in SHORT_GAMES[game_id].items():
        host.fill(f'[data-testid="{testid}"]', value)
    host.fill('[data-testid="room-name"]', "Ana")
    host.click('[data-testid="btn-create-room"]')
    host.wait_for_selector('[data-testid="lobby"] [data-testid="lobby-seat-0"]')
    link = host.input_value('[data-testid="room-link"]')
    base, fragment = link.split("#", 1)                   # the link keeps relay/ice, never test hooks:
    guest = boot(new_page(locale="en-US"), f"{base}&autoplay=20#{fragment}")   # this guest adds its own
    host.wait_for_selector('[data-testid="lobby-seat-1"][data-kind="player"]', timeout=30_000)
    host.click('[data-testid="btn-start-room"]')
    for page in (host, guest):
        page.wait_for_selector('[data-testid="result"]', timeout=300_000)
    assert host.inner_text('[data-testid="result-winner"]').strip()
    assert guest.inner_text('[data-testid="result-winner"]').strip()
    versions = {p.get_attribute('[data-testid="table"]', "data-version") for p in (host, guest)}
    assert len(versions) == 1, versions
    # The guest replayed the whole game from the revealed secret and history (tapete.net.deal).
    guest.wait_for_selector('[data-testid="deal-verified"]', timeout=30_000)
    assert "verified" in guest.inner_text('[data-testid="deal-verified"]')
