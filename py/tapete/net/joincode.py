"""Join codes people type: ``<nameplate>-<secret>``, e.g. ``305-KMPQR`` (the same rule as
``parseCode`` in static/js/pake.js).

The nameplate (three digits, 100-999) names a public signalling room: relays may see it. The secret
(five letters from the room-code alphabet, 23⁵ = 6,436,343 values) never leaves the two pages: guest
and host run SPAKE2 over the whole code (static/js/pake.js), so each guess costs a live attempt:
against the host, which stops answering after three wrong ones, or against a guest, which confirms to
one peer per try and shows every failed try. Codes of four letters, made before, are still read (a
resumed host's save). See docs/multiplayer.md ("Codes and links").
"""

from __future__ import annotations

import secrets

LETTERS = "ABCDEFGHJKMNPQRSTUVWXYZ"       # as room codes: no I, L, O
SECRET_LENGTH = 5                         # SECRET_LENGTH in static/js/pake.js
OLD_SECRET_LENGTH = 4                     # codes made before: still read
CODE_TRIES = 3                            # wrong codes before the code locks: MAX_FAILURES in static/js/pake.js


def new_join_code() -> str:
    nameplate = 100 + secrets.randbelow(900)
    return f"{nameplate}-" + "".join(secrets.choice(LETTERS) for _ in range(SECRET_LENGTH))


def normalize_join_code(text: object) -> str | None:
    """The code typed by a person (any case, spaces or dashes) as ``NNN-XXXXX``, or None."""
    raw = "".join(ch for ch in str(text).upper() if not ch.isspace() and ch != "-")
    nameplate, secret = raw[:3], raw[3:]
    if len(secret) not in (SECRET_LENGTH, OLD_SECRET_LENGTH) or not nameplate.isdigit() or not nameplate.isascii() \
            or nameplate[0] == "0" or any(ch not in LETTERS for ch in secret):
        return None
    return f"{nameplate}-{secret}"
