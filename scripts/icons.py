"""Tapete's icons, drawn in Python and written as PNG by a small encoder (standard library only).

Two playing cards on the green felt: a blue one tilted behind, a cream one in front with a
vermillion suit mark (Okabe–Ito colours, as the cards in the app). Shapes are rounded rectangles
and a circle, sampled 3×3 per pixel for smooth edges. ``write_icons(folder)`` writes every size the
manifest and index.html name and returns their paths; scripts/build.py copies them to
dist/static/icons/. Redrawn only when this file changes (a hash of it names the cached set).

Maskable icons (Android's adaptive shapes) are full-bleed felt with the cards inside the central
safe circle (80% of the width); the others are a rounded square on transparency.
"""

from __future__ import annotations

import hashlib
import math
import struct
import zlib
from pathlib import Path

FELT = (0x1F, 0x6F, 0x4A)
FELT_EDGE = (0x17, 0x57, 0x3A)
CREAM = (0xFD, 0xFA, 0xF3)
BLUE = (0x00, 0x72, 0xB2)
VERMILLION = (0xD5, 0x5E, 0x00)
INK = (0x1A, 0x1A, 0x1A)
# name -> (pixels, maskable)
ICONS = {
    "icon-192.png": (192, False),
    "icon-512.png": (512, False),
    "icon-maskable-512.png": (512, True),
    "apple-touch-icon.png": (180, True),
    "favicon-32.png": (32, False),
}
SAMPLES = 3


def png(width: int, height: int, rows: list[bytes]) -> bytes:
    """An RGBA PNG (colour type 6, 8 bits) from ``rows`` of width*4 bytes each."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = b"".join(b"\0" + row for row in rows)   # filter type 0 (none) on every row
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def rounded_rect(x: float, y: float, cx: float, cy: float, w: float, h: float, r: float, angle: float = 0.0) -> bool:
    """Is (x, y) inside a w×h rectangle centred on (cx, cy), corners of radius r, turned by angle?"""
    dx, dy = x - cx, y - cy
    if angle:
        c, s = math.cos(angle), math.sin(angle)
        dx, dy = c * dx + s * dy, -s * dx + c * dy
    qx, qy = abs(dx) - (w / 2 - r), abs(dy) - (h / 2 - r)
    if qx > r or qy > r:
        return False
    if qx <= 0 or qy <= 0:
        return True
    return qx * qx + qy * qy <= r * r


def colour_at(x: float, y: float, maskable: bool) -> tuple[int, int, int, int] | None:
    """The colour of the point (x, y) of a unit square, or None for transparent."""
    if maskable:
        background = FELT
    elif rounded_rect(x, y, 0.5, 0.5, 1.0, 1.0, 0.22):
        background = FELT if rounded_rect(x, y, 0.5, 0.5, 0.94, 0.94, 0.19) else FELT_EDGE
    else:
        return None
    scale = 0.78 if maskable else 1.0                  # keep the cards in the safe circle
    x, y = 0.5 + (x - 0.5) / scale, 0.5 + (y - 0.5) / scale
    w, h, r = 0.38, 0.54, 0.05
    if rounded_rect(x, y, 0.60, 0.50, w, h, r, math.radians(-14)):       # the front card
        if not rounded_rect(x, y, 0.60, 0.50, w - 0.035, h - 0.035, r * 0.6, math.radians(-14)):
            return (*INK, 255)
        if (x - 0.60) ** 2 + (y - 0.50) ** 2 <= 0.085 ** 2:
            return (*VERMILLION, 255)
        return (*CREAM, 255)
    if rounded_rect(x, y, 0.40, 0.47, w, h, r, math.radians(12)):        # the blue card behind
        if not rounded_rect(x, y, 0.40, 0.47, w - 0.035, h - 0.035, r * 0.6, math.radians(12)):
            return (*CREAM, 255)
        return (*BLUE, 255)
    return (*background, 255)


def draw(size: int, maskable: bool) -> bytes:
    rows = []
    offsets = [(i + 0.5) / SAMPLES for i in range(SAMPLES)]
    n = SAMPLES * SAMPLES
    for py in range(size):
        row = bytearray()
        for px in range(size):
            acc = [0, 0, 0, 0]
            for oy in offsets:
                for ox in offsets:
                    c = colour_at((px + ox) / size, (py + oy) / size, maskable)
                    if c is not None:
                        acc[0] += c[0] * c[3]
                        acc[1] += c[1] * c[3]
                        acc[2] += c[2] * c[3]
                        acc[3] += c[3]
            alpha = acc[3] / n
            if acc[3]:
                row += bytes((round(acc[0] / acc[3]), round(acc[1] / acc[3]), round(acc[2] / acc[3]), round(alpha)))
            else:
                row += b"\0\0\0\0"
        rows.append(bytes(row))
    return png(size, size, rows)


def write_icons(folder: Path) -> list[Path]:
    """Draw every icon into ``folder`` (reused while this file is unchanged); return their paths."""
    key = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:16]
    stamp = folder / ".key"
    paths = [folder / name for name in ICONS]
    if not (stamp.exists() and stamp.read_text() == key and all(p.exists() for p in paths)):
        folder.mkdir(parents=True, exist_ok=True)
        for path, (size, maskable) in zip(paths, ICONS.values()):
            path.write_bytes(draw(size, maskable))
        stamp.write_text(key)
    return paths


if __name__ == "__main__":
    import sys
    for p in write_icons(Path(sys.argv[1] if len(sys.argv) > 1 else "build/icons")):
        print(p, p.stat().st_size)
