"""Room protocol: the host (authoritative, runs the engine) and the message schema.

The UI talks to a game only through a session (``LocalSession`` for this page's own seat); guests on
other pages reach the same :class:`Host` through a transport. No module here imports the browser.
"""

from .host import Host, LocalSession, SeatSpec
from .protocol import SCHEMA_VERSION, ProtocolError, Verify, decode, encode
from .joincode import new_join_code, normalize_join_code
from .keys import Signer, key_id
from .guest import GuestSession
from .links import link_secret_of, new_code, new_secret, normalize_code, parse_fragment
from .room import RoomHost, parse_snapshot
from .transport import MemoryHub, Transport

__all__ = ["Host", "LocalSession", "SeatSpec", "SCHEMA_VERSION", "ProtocolError", "decode", "encode",
           "new_join_code", "normalize_join_code", "Signer", "Verify", "key_id",
           "GuestSession", "RoomHost", "link_secret_of", "new_code", "new_secret", "normalize_code", "parse_fragment", "parse_snapshot",
           "MemoryHub", "Transport"]
