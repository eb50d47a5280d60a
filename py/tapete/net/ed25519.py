"""Ed25519 signatures (RFC 8032), pure Python on hashlib: the host proves it holds the room's host key.

Stdlib only, so it runs unchanged under CPython and Pyodide (the browser's WebCrypto is async and
would drag the room protocol into JavaScript). This is the RFC's reference algorithm (section 5.1,
after its section 6 sample code), checked against the RFC's test vectors in tests/unit/test_net.py. It
is not constant-time: fine for one signature per guest hello, not for a server signing for strangers.
"""

from __future__ import annotations

import hashlib

P = 2 ** 255 - 19
L = 2 ** 252 + 27742317777372353535851937790883648493
D = -121665 * pow(121666, P - 2, P) % P
SQRT_M1 = pow(2, (P - 1) // 4, P)


def _hash(data: bytes) -> int:
    return int.from_bytes(hashlib.sha512(data).digest(), "little")


def _add(a: tuple, b: tuple) -> tuple:
    """Point addition in extended coordinates (X, Y, Z, T)."""
    x = (a[1] - a[0]) * (b[1] - b[0]) % P
    y = (a[1] + a[0]) * (b[1] + b[0]) % P
    c = 2 * a[3] * b[3] * D % P
    d = 2 * a[2] * b[2] % P
    e, f, g, h = y - x, d - c, d + c, y + x
    return e * f % P, g * h % P, f * g % P, e * h % P


def _mul(scalar: int, point: tuple) -> tuple:
    result = (0, 1, 1, 0)
    while scalar > 0:
        if scalar & 1:
            result = _add(result, point)
        point = _add(point, point)
        scalar >>= 1
    return result


def _equal(a: tuple, b: tuple) -> bool:
    return (a[0] * b[2] - b[0] * a[2]) % P == 0 and (a[1] * b[2] - b[1] * a[2]) % P == 0


def _x_of(y: int, sign: int) -> int | None:
    if y >= P:
        return None
    x2 = (y * y - 1) * pow(D * y * y + 1, P - 2, P) % P
    if x2 == 0:
        return None if sign else 0
    x = pow(x2, (P + 3) // 8, P)
    if (x * x - x2) % P:
        x = x * SQRT_M1 % P
    if (x * x - x2) % P:
        return None
    return P - x if (x & 1) != sign else x


_GY = 4 * pow(5, P - 2, P) % P
_GX = _x_of(_GY, 0)
BASE = (_GX, _GY, 1, _GX * _GY % P)


def _encode(point: tuple) -> bytes:
    z = pow(point[2], P - 2, P)
    x, y = point[0] * z % P, point[1] * z % P
    return (y | ((x & 1) << 255)).to_bytes(32, "little")


def _decode(data: bytes) -> tuple | None:
    if len(data) != 32:
        return None
    y = int.from_bytes(data, "little")
    sign, y = y >> 255, y & ((1 << 255) - 1)
    x = _x_of(y, sign)
    return None if x is None else (x, y, 1, x * y % P)


def _expand(seed: bytes) -> tuple[int, bytes]:
    digest = hashlib.sha512(seed).digest()
    scalar = int.from_bytes(digest[:32], "little") & ((1 << 254) - 8) | (1 << 254)
    return scalar, digest[32:]


def public_key(seed: bytes) -> bytes:
    """The 32-byte public key of a 32-byte private seed."""
    return _encode(_mul(_expand(seed)[0], BASE))


def sign(seed: bytes, message: bytes) -> bytes:
    """A 64-byte signature of ``message`` with the private ``seed``."""
    scalar, prefix = _expand(seed)
    public = _encode(_mul(scalar, BASE))
    r = _hash(prefix + message) % L
    big_r = _encode(_mul(r, BASE))
    s = (r + _hash(big_r + public + message) % L * scalar) % L
    return big_r + s.to_bytes(32, "little")


def verify(public: bytes, message: bytes, signature: bytes) -> bool:
    """Is ``signature`` a signature of ``message`` by the holder of ``public``'s seed? Never raises."""
    if len(public) != 32 or len(signature) != 64:
        return False
    a, r = _decode(public), _decode(signature[:32])
    s = int.from_bytes(signature[32:], "little")
    if a is None or r is None or s >= L:
        return False
    h = _hash(signature[:32] + public + message) % L
    return _equal(_mul(s, BASE), _add(r, _mul(h, a)))
