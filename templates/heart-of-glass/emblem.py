#!/usr/bin/env python3
"""emblem.py - draws emblem.png, the Heart of Glass card-back emblem: a
heart of red glass (half transparent, so the card shows through) with a
dragon's slit eye in it, rimmed in gold.  Our own artwork, made from a few
shapes; the standard library only (zlib for the PNG).

    python3 emblem.py emblem.png

The PNG is committed; run this again only to change the art."""
import math
import struct
import sys
import zlib

SIZE = 160   # pixels; printed about 34 mm wide, so near 120 dpi
SS = 4       # supersamples per axis, for smooth edges

GOLD = (232, 192, 125)
GLASS = (200, 30, 60)
IRIS_IN = (255, 214, 90)
IRIS_OUT = (214, 110, 20)


def heart(x, y):
    """Inside the heart: (x^2 + y^2 - 1)^3 - x^2 y^3 <= 0, y up."""
    a = x * x + y * y - 1
    return a * a * a - x * x * y * y * y


def lens(x, y, half_w, half_h):
    """Inside a lens of the given half width and half height, centred on 0:
    the intersection of two circles (the almond of an eye)."""
    # circles through (0, +-half_h) and (+-half_w, 0), centres on the x axis
    # for a vertical lens (the pupil) or the y axis for a horizontal one
    if half_h >= half_w:
        c = (half_h * half_h - half_w * half_w) / (2 * half_w)
        r = c + half_w
        return (x - c) ** 2 + y * y <= r * r and (x + c) ** 2 + y * y <= r * r
    c = (half_w * half_w - half_h * half_h) / (2 * half_h)
    r = c + half_h
    return x * x + (y - c) ** 2 <= r * r and x * x + (y + c) ** 2 <= r * r


def sample(x, y):
    """Colour and coverage at one point; x, y in -1.3 .. 1.3, y up."""
    hx, hy = x * 1.0, (y + 0.12) * 1.08
    h = heart(hx, hy)
    inside = h <= 0
    # the gold rim: a band just outside the glass
    h_rim = heart(hx * 0.93, hy * 0.93)
    if not inside:
        if h_rim <= 0:
            return GOLD, 1.0
        return (0, 0, 0), 0.0
    # the eye, over the glass
    ex, ey = x, y + 0.05
    if lens(ex, ey, 0.62, 0.34):
        if lens(ex, ey, 0.09, 0.30):
            return (20, 10, 10), 1.0
        d = math.hypot(ex, ey) / 0.62
        col = tuple(int(IRIS_IN[k] + (IRIS_OUT[k] - IRIS_IN[k]) * d) for k in range(3))
        return col, 1.0
    if lens(ex, ey, 0.70, 0.40):
        return GOLD, 1.0
    # glass: deeper towards the bottom, a pale highlight at the upper left
    t = (1 - y) / 2
    alpha = 0.45 + 0.3 * t
    col = GLASS
    u, v = (x + 0.5) * 0.8 + (y - 0.55) * 0.6, (y - 0.55) * 0.8 - (x + 0.5) * 0.6
    if (u / 0.2) ** 2 + (v / 0.07) ** 2 < 1:
        col, alpha = (255, 235, 240), 0.6
    return col, alpha


def render():
    rows = []
    for j in range(SIZE):
        row = bytearray([0])  # filter: none
        for i in range(SIZE):
            r = g = b = a = 0.0
            for sj in range(SS):
                for si in range(SS):
                    x = ((i + (si + 0.5) / SS) / SIZE * 2 - 1) * 1.3
                    y = (1 - (j + (sj + 0.5) / SS) / SIZE * 2) * 1.3
                    col, cov = sample(x, y)
                    r += col[0] * cov
                    g += col[1] * cov
                    b += col[2] * cov
                    a += cov
            n = SS * SS
            if a > 0:
                row += bytes((int(r / a + 0.5), int(g / a + 0.5), int(b / a + 0.5),
                              int(a / n * 255 + 0.5)))
            else:
                row += bytes(4)
        rows.append(bytes(row))
    return b"".join(rows)


def chunk(kind, data):
    c = kind + data
    return struct.pack(">I", len(data)) + c + struct.pack(">I", zlib.crc32(c) & 0xFFFFFFFF)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "emblem.png"
    png = b"\x89PNG\r\n\x1a\n"
    png += chunk(b"IHDR", struct.pack(">IIBBBBB", SIZE, SIZE, 8, 6, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(render(), 9))
    png += chunk(b"IEND", b"")
    with open(out, "wb") as f:
        f.write(png)


if __name__ == "__main__":
    main()
