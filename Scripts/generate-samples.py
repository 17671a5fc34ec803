#!/usr/bin/env python3
"""Regenerate SampleCatalogs/ deterministically.

Usage (from the repository root):

    python3 Scripts/generate-samples.py

Writes (after deleting them first, so the script is idempotent):

    SampleCatalogs/Showcase.xcassets   healthy catalog using every trait
    SampleCatalogs/PlainAssets/        plain folder, traits in file names
    SampleCatalogs/Broken.xcassets     one instance of each kind of mistake
    SampleCatalogs/README.md
    SampleCatalogs/Broken.README.md

Python 3 standard library only. Every PNG is written by hand (struct + zlib,
level 9, filter type 0, no tIME/tEXt chunks); every JSON file is pretty
printed with sorted keys in Xcode's style ("key" : value, 2-space indent).
The output is byte-identical from run to run (with the same zlib build).

Each raster image shows which variant it is: its trait label and scale are
drawn on it with a small built-in 5x7 bitmap font, scaled by the image's
scale, on a background colour that is distinct per variant.
"""

import hashlib
import json
import math
import shutil
import struct
import sys
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "SampleCatalogs"
OWNED = ("Showcase.xcassets", "PlainAssets", "Broken.xcassets")
INFO = {"author": "xcode", "version": 1}

# ---------------------------------------------------------------------------
# 5x7 bitmap font (rows top to bottom, 5 bits each, MSB = leftmost pixel).
# Glyph advance is 6 units (1 unit spacing), line height 8 units.
# ---------------------------------------------------------------------------
FONT_SRC = {
    "A": "01110 10001 10001 10001 11111 10001 10001",
    "B": "11110 10001 10001 11110 10001 10001 11110",
    "C": "01110 10001 10000 10000 10000 10001 01110",
    "D": "11100 10010 10001 10001 10001 10010 11100",
    "E": "11111 10000 10000 11110 10000 10000 11111",
    "F": "11111 10000 10000 11110 10000 10000 10000",
    "G": "01110 10001 10000 10111 10001 10001 01111",
    "H": "10001 10001 10001 11111 10001 10001 10001",
    "I": "01110 00100 00100 00100 00100 00100 01110",
    "J": "00111 00010 00010 00010 00010 10010 01100",
    "K": "10001 10010 10100 11000 10100 10010 10001",
    "L": "10000 10000 10000 10000 10000 10000 11111",
    "M": "10001 11011 10101 10101 10001 10001 10001",
    "N": "10001 10001 11001 10101 10011 10001 10001",
    "O": "01110 10001 10001 10001 10001 10001 01110",
    "P": "11110 10001 10001 11110 10000 10000 10000",
    "Q": "01110 10001 10001 10001 10101 10010 01101",
    "R": "11110 10001 10001 11110 10100 10010 10001",
    "S": "01111 10000 10000 01110 00001 00001 11110",
    "T": "11111 00100 00100 00100 00100 00100 00100",
    "U": "10001 10001 10001 10001 10001 10001 01110",
    "V": "10001 10001 10001 10001 10001 01010 00100",
    "W": "10001 10001 10001 10101 10101 10101 01010",
    "X": "10001 10001 01010 00100 01010 10001 10001",
    "Y": "10001 10001 10001 01010 00100 00100 00100",
    "Z": "11111 00001 00010 00100 01000 10000 11111",
    "a": "00000 00000 01110 00001 01111 10001 01111",
    "b": "10000 10000 10110 11001 10001 10001 11110",
    "c": "00000 00000 01110 10000 10000 10001 01110",
    "d": "00001 00001 01101 10011 10001 10001 01111",
    "e": "00000 00000 01110 10001 11111 10000 01110",
    "f": "00110 01001 01000 11100 01000 01000 01000",
    "g": "00000 01111 10001 10001 01111 00001 01110",
    "h": "10000 10000 10110 11001 10001 10001 10001",
    "i": "00100 00000 01100 00100 00100 00100 01110",
    "j": "00010 00000 00110 00010 00010 10010 01100",
    "k": "10000 10000 10010 10100 11000 10100 10010",
    "l": "01100 00100 00100 00100 00100 00100 01110",
    "m": "00000 00000 11010 10101 10101 10001 10001",
    "n": "00000 00000 10110 11001 10001 10001 10001",
    "o": "00000 00000 01110 10001 10001 10001 01110",
    "p": "00000 00000 11110 10001 11110 10000 10000",
    "q": "00000 00000 01101 10011 01111 00001 00001",
    "r": "00000 00000 10110 11001 10000 10000 10000",
    "s": "00000 00000 01110 10000 01110 00001 11110",
    "t": "01000 01000 11100 01000 01000 01001 00110",
    "u": "00000 00000 10001 10001 10001 10011 01101",
    "v": "00000 00000 10001 10001 10001 01010 00100",
    "w": "00000 00000 10001 10001 10101 10101 01010",
    "x": "00000 00000 10001 01010 00100 01010 10001",
    "y": "00000 00000 10001 10001 01111 00001 01110",
    "z": "00000 00000 11111 00010 00100 01000 11111",
    "0": "01110 10001 10011 10101 11001 10001 01110",
    "1": "00100 01100 00100 00100 00100 00100 01110",
    "2": "01110 10001 00001 00010 00100 01000 11111",
    "3": "11111 00010 00100 00010 00001 10001 01110",
    "4": "00010 00110 01010 10010 11111 00010 00010",
    "5": "11111 10000 11110 00001 00001 10001 01110",
    "6": "00110 01000 10000 11110 10001 10001 01110",
    "7": "11111 00001 00010 00100 01000 01000 01000",
    "8": "01110 10001 10001 01110 10001 10001 01110",
    "9": "01110 10001 10001 01111 00001 00010 01100",
    " ": "00000 00000 00000 00000 00000 00000 00000",
    "-": "00000 00000 00000 11111 00000 00000 00000",
    "_": "00000 00000 00000 00000 00000 00000 11111",
    ".": "00000 00000 00000 00000 00000 01100 01100",
    ",": "00000 00000 00000 00000 01100 00100 01000",
    ":": "00000 01100 01100 00000 01100 01100 00000",
    "/": "00000 00001 00010 00100 01000 10000 00000",
    "!": "00100 00100 00100 00100 00100 00000 00100",
    "?": "01110 10001 00001 00010 00100 00000 00100",
    "@": "01110 10001 00001 01101 10101 10101 01110",
    "~": "00000 00000 01000 10101 00010 00000 00000",
    "(": "00010 00100 01000 01000 01000 00100 00010",
    ")": "01000 00100 00010 00010 00010 00100 01000",
    "+": "00000 00100 00100 11111 00100 00100 00000",
    "=": "00000 00000 11111 00000 11111 00000 00000",
    "<": "00010 00100 01000 10000 01000 00100 00010",
    ">": "01000 00100 00010 00001 00010 00100 01000",
    "'": "01100 00100 01000 00000 00000 00000 00000",
}
FONT = {}
for _ch, _src in FONT_SRC.items():
    _rows = _src.split()
    assert len(_rows) == 7 and all(len(r) == 5 for r in _rows), _ch
    FONT[_ch] = [int(r, 2) for r in _rows]
GLYPH_W, GLYPH_H, ADVANCE, LINE_H = 5, 7, 6, 8


def text_size(label):
    """Size of a (multi-line) label in font units."""
    lines = label.split("\n")
    for ch in label.replace("\n", ""):
        if ch not in FONT:
            raise ValueError("no glyph for %r in label %r" % (ch, label))
    return max(len(l) for l in lines) * ADVANCE - 1, len(lines) * LINE_H - 1


def glyph_runs(label, x, y, px):
    """Yield (x0, y0, x1, y1) rectangles (in units, y down) that draw label
    with its top-left corner at (x, y), each font pixel px units wide; each
    line is centred on the widest line."""
    lines = label.split("\n")
    tw, _ = text_size(label)
    for li, line in enumerate(lines):
        lw = len(line) * ADVANCE - 1
        lx = x + (tw - lw) * px // 2
        ly = y + li * LINE_H * px
        for ci, ch in enumerate(line):
            for gy, bits in enumerate(FONT[ch]):
                gx = 0
                while gx < GLYPH_W:
                    if (bits >> (4 - gx)) & 1:
                        start = gx
                        while gx < GLYPH_W and (bits >> (4 - gx)) & 1:
                            gx += 1
                        yield (lx + (ci * ADVANCE + start) * px, ly + gy * px,
                               lx + (ci * ADVANCE + gx) * px, ly + (gy + 1) * px)
                    else:
                        gx += 1


# ---------------------------------------------------------------------------
# Raster canvas and labelled designs
# ---------------------------------------------------------------------------
class Canvas:
    """Rows of packed pixels; every pixel is `len(fill)` bytes."""

    def __init__(self, w, h, fill):
        self.w, self.h, self.c = w, h, len(fill)
        row = bytes(fill) * w
        self.rows = [bytearray(row) for _ in range(h)]

    def span(self, y, x0, x1, px):
        if 0 <= y < self.h:
            x0, x1 = max(0, x0), min(self.w, x1)
            if x1 > x0:
                self.rows[y][x0 * self.c:x1 * self.c] = px * (x1 - x0)

    def rect(self, x0, y0, x1, y1, px):
        for y in range(max(0, y0), min(self.h, y1)):
            self.span(y, x0, x1, px)


BLACK = (0, 0, 0)
WHITE = (255, 255, 255)
INK_DARK = (0x12, 0x12, 0x16)
INK_LIGHT = (0xFA, 0xFA, 0xFA)


def auto_fg(bg):
    lum = 0.2126 * bg[0] + 0.7152 * bg[1] + 0.0722 * bg[2]
    return INK_DARK if lum > 140 else INK_LIGHT


class Design:
    """A labelled image design in 1x units; rendered at any integer scale.

    label may contain {s} (scale), {W} and {H} (pixel size) placeholders.
    """

    def __init__(self, w, h, label, bg, fg=None, border=0, border_color=None,
                 arrow=None, circle=False, stripe=None, margin=2):
        self.w, self.h, self.label, self.bg = w, h, label, tuple(bg)
        self.fg = tuple(fg) if fg else auto_fg(bg)
        self.border = border
        self.border_color = tuple(border_color) if border_color else self.fg
        self.arrow = arrow          # None, "left" or "right"
        self.circle = circle        # round logo with transparent corners
        self.stripe = stripe        # (colour, height in units) along the bottom
        self.margin = margin


def hue_colour(name, sat=0.42, val=0.96):
    """A deterministic, distinct light colour derived from a name."""
    h = int(hashlib.sha256(name.encode()).hexdigest()[:8], 16) / 0xFFFFFFFF
    i = int(h * 6) % 6
    f = h * 6 - int(h * 6)
    p, q, t = val * (1 - sat), val * (1 - sat * f), val * (1 - sat * (1 - f))
    r, g, b = [(val, t, p), (q, val, p), (p, val, t), (p, q, val), (t, p, val), (val, p, q)][i]
    return (int(round(r * 255)), int(round(g * 255)), int(round(b * 255)))


def render(d, scale, mode="RGB", size=None):
    """Render design d at an integer scale. mode: RGB, RGBA or P1 (1-bit
    palette [bg, fg]). size overrides the pixel size (design stays at the
    top-left, used for deliberately wrong sizes)."""
    s = scale
    W, H = size if size else (d.w * s, d.h * s)
    if mode == "RGB":
        def pix(c):
            return bytes(c[:3])
    elif mode == "RGBA":
        def pix(c):
            return bytes(c) if len(c) == 4 else bytes(c) + b"\xff"
    elif mode == "P1":
        palette = [d.bg, d.fg]

        def pix(c):
            return bytes([palette.index(tuple(c))])
    else:
        raise ValueError(mode)

    x0, y0, x1, y1 = 0, 0, d.w, d.h                 # content box in units
    if d.circle:
        cv = Canvas(W, H, pix((0, 0, 0, 0)))
        cx, cy = d.w * s / 2.0, d.h * s / 2.0
        r = (min(d.w, d.h) / 2.0 - 1) * s
        for y in range(H):
            dy = y + 0.5 - cy
            if abs(dy) < r:
                dx = math.sqrt(r * r - dy * dy)
                cv.span(y, int(math.ceil(cx - dx - 0.5)), int(math.floor(cx + dx - 0.5)) + 1, pix(d.bg))
        side = int(math.floor((min(d.w, d.h) / 2.0 - 1) * math.sqrt(2)))
        x0, y0 = (d.w - side) // 2, (d.h - side) // 2
        x1, y1 = x0 + side, y0 + side
    elif d.border:
        cv = Canvas(W, H, pix(d.border_color))
        b = d.border
        cv.rect(b * s, b * s, (d.w - b) * s, (d.h - b) * s, pix(d.bg))
        x0, y0, x1, y1 = b, b, d.w - b, d.h - b
    else:
        cv = Canvas(W, H, pix(d.bg))
    if d.stripe:
        colour, sh = d.stripe
        cv.rect(x0 * s, (y1 - sh) * s, x1 * s, y1 * s, pix(colour))
        y1 -= sh
    m = d.margin
    x0, y0, x1, y1 = x0 + m, y0 + m, x1 - m, y1 - m
    cw, ch = x1 - x0, y1 - y0

    label = d.label.format(s=s, W=W, H=H)
    tw, th = text_size(label)
    avail_h = ch * 45 // 100 if d.arrow else ch
    px = min(cw // tw, avail_h // th)
    if px < 1:
        raise ValueError("label %r does not fit a %dx%d design" % (label, d.w, d.h))
    tx = x0 + (cw - tw * px) // 2
    if d.arrow:
        ty = y1 - th * px
        draw_arrow(cv, s, x0, y0, x1, ty - max(1, px), d.arrow, pix(d.fg))
    else:
        ty = y0 + (ch - th * px) // 2
    fg = pix(d.fg)
    for rx0, ry0, rx1, ry1 in glyph_runs(label, tx, ty, px):
        cv.rect(rx0 * s, ry0 * s, rx1 * s, ry1 * s, fg)
    return cv


def draw_arrow(cv, s, ax0, ay0, ax1, ay1, direction, px):
    """Arrow filling the unit box, pointing left or right."""
    if ay1 - ay0 < 3:
        raise ValueError("no room for the arrow")
    X0, Y0, X1, Y1 = ax0 * s, ay0 * s, ax1 * s, ay1 * s
    head = min(Y1 - Y0, (X1 - X0) // 2)
    cy = (Y0 + Y1) / 2.0
    half = (Y1 - Y0) / 2.0
    shaft = (Y1 - Y0) // 3

    def put(y, a, b):
        if direction == "left":
            a, b = X0 + X1 - b, X0 + X1 - a
        cv.span(y, a, b, px)

    for y in range(Y0, Y1):
        if Y0 + shaft <= y < Y1 - shaft:
            put(y, X0, X1 - head)
        t = abs(y + 0.5 - cy) / half
        if t < 1:
            put(y, X1 - head, int(round(X1 - head + head * (1 - t))))


# ---------------------------------------------------------------------------
# PNG writer
# ---------------------------------------------------------------------------
PNG_SIG = b"\x89PNG\r\n\x1a\n"
ADAM7 = ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4),
         (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2))


def png_chunk(tag, data):
    return (struct.pack(">I", len(data)) + tag + data
            + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF))


def adam7_scanlines(rows, w, h, bpp):
    """Split full rows (bpp bytes per pixel) into the 7 Adam7 pass images;
    every scanline is prefixed with filter type 0. Empty passes are skipped."""
    out = bytearray()
    for xs, ys, dx, dy in ADAM7:
        if w <= xs or h <= ys:
            continue
        for y in range(ys, h, dy):
            row = rows[y]
            out.append(0)
            for x in range(xs, w, dx):
                out += row[x * bpp:(x + 1) * bpp]
    return bytes(out)


def pack_1bit(rows):
    table = bytes.maketrans(b"\x00\x01", b"01")
    cache = {}
    out = []
    for row in rows:
        key = bytes(row)
        if key not in cache:
            bits = key.translate(table).decode("ascii")
            bits += "0" * (-len(bits) % 8)
            cache[key] = int(bits, 2).to_bytes(len(bits) // 8, "big")
        out.append(cache[key])
    return out


def encode_png(cv, mode="RGB", icc=None, srgb=False, interlace=False, level=9,
               sixteen=False, palette=None):
    w, h = cv.w, cv.h
    rows = cv.rows
    if mode == "RGB":
        ctype, bpp = 2, 3
    elif mode == "RGBA":
        ctype, bpp = 6, 4
    elif mode == "P1":
        ctype, bpp = 3, None
    else:
        raise ValueError(mode)
    depth = 8
    if sixteen:
        depth, bpp = 16, bpp * 2
        rows = [bytes(b for v in r for b in (v, v)) for r in rows]
    if mode == "P1":
        depth = 1
        rows = pack_1bit(rows)
        if interlace:
            raise ValueError("interlaced 1-bit not supported")
    if interlace:
        raw = adam7_scanlines(rows, w, h, bpp)
    else:
        raw = b"".join(b"\x00" + bytes(r) for r in rows)
    out = [PNG_SIG, png_chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, depth, ctype, 0, 0, 1 if interlace else 0))]
    if icc is not None:
        out.append(png_chunk(b"iCCP", b"Display P3\x00\x00" + zlib.compress(icc, 9)))
    if srgb:
        out.append(png_chunk(b"sRGB", b"\x00"))
    if palette:
        out.append(png_chunk(b"PLTE", b"".join(bytes(c) for c in palette)))
    out.append(png_chunk(b"IDAT", zlib.compress(raw, level)))
    out.append(png_chunk(b"IEND", b""))
    return b"".join(out)


def png(d, scale, mode="RGB", size=None, **kw):
    cv = render(d, scale, mode, size)
    if mode == "P1":
        kw["palette"] = [d.bg, d.fg]
    return encode_png(cv, mode, **kw)


# ---------------------------------------------------------------------------
# Display P3 ICC profile (v4.0, matrix/TRC display profile)
# ---------------------------------------------------------------------------
def s15f16(v):
    return struct.pack(">i", int(round(v * 65536)))


def icc_mluc(text):
    u = text.encode("utf-16-be")
    return b"mluc\0\0\0\0" + struct.pack(">II", 1, 12) + b"enUS" + struct.pack(">II", len(u), 28) + u


def icc_xyz(x, y, z):
    return b"XYZ \0\0\0\0" + s15f16(x) + s15f16(y) + s15f16(z)


def display_p3_icc():
    srgb_curve = (b"para\0\0\0\0" + struct.pack(">HH", 3, 0)
                  + b"".join(s15f16(v) for v in (2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045)))
    bradford_d65_to_d50 = ((1.0478112, 0.0228866, -0.0501270),
                           (0.0295424, 0.9904844, -0.0170491),
                           (-0.0092345, 0.0150436, 0.7521316))
    chad = b"sf32\0\0\0\0" + b"".join(s15f16(v) for row in bradford_d65_to_d50 for v in row)
    tags = [
        (b"desc", icc_mluc("Display P3")),
        (b"cprt", icc_mluc("No copyright, use freely")),
        (b"wtpt", icc_xyz(0.9642, 1.0, 0.8249)),
        (b"rXYZ", icc_xyz(0.515102, 0.241182, -0.001050)),
        (b"gXYZ", icc_xyz(0.291965, 0.692236, 0.041881)),
        (b"bXYZ", icc_xyz(0.157153, 0.066582, 0.784378)),
        (b"rTRC", srgb_curve),
        (b"gTRC", srgb_curve),   # shares rTRC's data (same offset)
        (b"bTRC", srgb_curve),
        (b"chad", chad),
    ]
    table = bytearray()
    data = bytearray()
    offsets = {}
    base = 128 + 4 + 12 * len(tags)
    for sig, body in tags:
        if body not in offsets:
            offsets[body] = base + len(data)
            data += body + b"\0" * (-len(body) % 4)
        table += sig + struct.pack(">II", offsets[body], len(body))
    size = base + len(data)
    header = (struct.pack(">I", size) + b"appl" + struct.pack(">I", 0x04000000)
              + b"mntr" + b"RGB " + b"XYZ "
              + struct.pack(">6H", 2024, 1, 1, 0, 0, 0)
              + b"acsp" + b"APPL" + struct.pack(">I", 0)          # platform, flags
              + b"\0\0\0\0" + struct.pack(">I", 0)               # manufacturer, model
              + b"\0" * 8 + struct.pack(">I", 0)                 # attributes, intent
              + s15f16(0.9642) + s15f16(1.0) + s15f16(0.8249)    # D50 illuminant
              + b"appl" + b"\0" * 16 + b"\0" * 28)               # creator, ID, reserved
    assert len(header) == 128
    profile = bytearray(header + struct.pack(">I", len(tags)) + table + data)
    profile[84:100] = hashlib.md5(bytes(profile)).digest()    # flags/intent already 0
    return bytes(profile)


P3_ICC = display_p3_icc()

# ---------------------------------------------------------------------------
# Other file formats
# ---------------------------------------------------------------------------


def vector_text_rects(label, x, top, px):
    """Rectangles (x, y_top, w, h) in y-down units for a label."""
    for x0, y0, x1, y1 in glyph_runs(label, x, top, px):
        yield x0, y0, x1 - x0, y1 - y0


def make_pdf(label):
    """A 32x32 pt one-page PDF 1.4: stroked octagon path, a filled
    rectangle and the label drawn as filled rectangles."""
    ops = ["0 0 0 RG", "0 0 0 rg", "1.5 w", "1 j",
           "5 2 m 27 2 l 30 5 l 30 27 l 27 30 l 5 30 l 2 27 l 2 5 l h S",
           "11 18 10 8 re f"]
    tw, th = text_size(label)
    tx = (32 - tw) // 2
    for x, y, w, h in vector_text_rects(label, tx, 16, 1):   # y-down; flip
        ops.append("%d %d %d %d re f" % (x, 32 - y - h, w, h))
    content = ("\n".join(ops) + "\n").encode("ascii")
    objs = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 32 32] /Resources << >> /Contents 4 0 R >>",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"endstream",
    ]
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for i, body in enumerate(objs, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n" % (len(objs) + 1)
    out += b"0000000000 65535 f \n"
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, xref)
    return bytes(out)


def make_svg(label, star=True):
    """A 32x32 SVG: a five-pointed star and the label as a rect path."""
    parts = []
    if star:
        pts = []
        for i in range(10):
            r = 11.0 if i % 2 == 0 else 4.6
            a = math.pi / 2 + i * math.pi / 5
            pts.append("%.2f,%.2f" % (16 + r * math.cos(a), 13 - r * math.sin(a)))
        parts.append('  <polygon points="%s" fill="#000000"/>' % " ".join(pts))
    tw, th = text_size(label)
    d = " ".join("M%d %dh%dv%dh-%dz" % (x, y, w, h, w)
                 for x, y, w, h in vector_text_rects(label, (32 - tw) // 2, 24, 1))
    parts.append('  <path d="%s" fill="#000000"/>' % d)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">\n'
            + "\n".join(parts) + "\n</svg>\n").encode("ascii")


class BitWriter:
    """LSB-first bit writer (WebP lossless bit order)."""

    def __init__(self):
        self.acc, self.n, self.out = 0, 0, bytearray()

    def put(self, value, nbits):
        self.acc |= (value & ((1 << nbits) - 1)) << self.n
        self.n += nbits
        while self.n >= 8:
            self.out.append(self.acc & 0xFF)
            self.acc >>= 8
            self.n -= 8

    def finish(self):
        if self.n:
            self.out.append(self.acc & 0xFF)
        return bytes(self.out)


def make_webp(d, scale=1):
    """A real lossless (VP8L) WebP of a two-colour design. The two colours
    differ only in green, so green uses a 2-symbol simple prefix code (1 bit
    per pixel) and red/blue/alpha/distance are single-symbol (0-bit) codes."""
    bg, fg = d.bg, d.fg
    assert bg[0] == fg[0] and bg[2] == fg[2] and bg[1] < fg[1]
    cv = render(d, scale, "P1")
    bw = BitWriter()
    bw.put(cv.w - 1, 14)
    bw.put(cv.h - 1, 14)
    bw.put(0, 1)            # alpha_is_used
    bw.put(0, 3)            # version
    bw.put(0, 1)            # no transform
    bw.put(0, 1)            # no colour cache
    bw.put(0, 1)            # no meta prefix codes
    # green: simple code, 2 symbols, 8-bit first symbol (smaller gets code 0)
    bw.put(1, 1); bw.put(1, 1); bw.put(1, 1); bw.put(bg[1], 8); bw.put(fg[1], 8)
    for v in (bg[0], bg[2], 255):        # red, blue, alpha: one 8-bit symbol
        bw.put(1, 1); bw.put(0, 1); bw.put(1, 1); bw.put(v, 8)
    bw.put(1, 1); bw.put(0, 1); bw.put(0, 1); bw.put(0, 1)   # distance: symbol 0
    for row in cv.rows:
        for v in row:
            bw.put(v, 1)
    vp8l = b"\x2f" + bw.finish()
    chunk = b"VP8L" + struct.pack("<I", len(vp8l)) + vp8l + (b"\0" if len(vp8l) % 2 else b"")
    return b"RIFF" + struct.pack("<I", 4 + len(chunk)) + b"WEBP" + chunk


def make_psd(d, scale=1):
    """A minimal valid 8-bit RGB Photoshop file (raw planar image data)."""
    cv = render(d, scale, "RGB")
    planes = b"".join(bytes(row[c::3]) for c in range(3) for row in cv.rows)
    return (b"8BPS" + struct.pack(">H", 1) + b"\0" * 6
            + struct.pack(">HIIHH", 3, cv.h, cv.w, 8, 3)
            + struct.pack(">III", 0, 0, 0)      # colour mode data, resources, layers
            + struct.pack(">H", 0) + planes)    # raw compression


# ---------------------------------------------------------------------------
# File writing helpers
# ---------------------------------------------------------------------------
WRITTEN = []


def write(path, data):
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        data = data.encode("utf-8")
    path.write_bytes(data)
    WRITTEN.append(path)


def dumps(obj):
    return json.dumps(obj, indent=2, sort_keys=True, separators=(",", " : ")) + "\n"


def contents(folder, obj):
    write(folder / "Contents.json", dumps(obj))


def group(folder, namespace=False):
    obj = {"info": INFO}
    if namespace:
        obj["properties"] = {"provides-namespace": True}
    contents(folder, obj)


def entry(filename=None, idiom="universal", scale=None, dark=False, light=False, hc=False,
          gamut=None, width=None, height=None, direction=None, **extra):
    e = {"idiom": idiom}
    if filename is not None:
        e["filename"] = filename
    if scale:
        e["scale"] = "%dx" % scale if isinstance(scale, int) else scale
    apps = []
    if dark:
        apps.append({"appearance": "luminosity", "value": "dark"})
    if light:
        apps.append({"appearance": "luminosity", "value": "light"})
    if hc:
        apps.append({"appearance": "contrast", "value": "high"})
    if apps:
        e["appearances"] = apps
    if gamut:
        e["display-gamut"] = gamut
    if width:
        e["width-class"] = width
    if height:
        e["height-class"] = height
    if direction:
        e["language-direction"] = direction
    e.update(extra)
    return e


def at(s):
    return "" if s == 1 else "@%dx" % s


def imageset(folder, items, properties=None, images_value=None):
    """items: list of (entry dict, bytes or None). Writes files + Contents."""
    for e, data in items:
        if data is not None:
            write(folder / e["filename"], data)
    obj = {"images": [e for e, _ in items] if images_value is None else images_value, "info": INFO}
    if properties:
        obj["properties"] = properties
    contents(folder, obj)


def variants(base, design, scales=(1, 2, 3), mode="RGB", png_kw=None, **traits):
    """(entry, png) for design at each scale; file base + @Nx.png."""
    return [(entry("%s%s.png" % (base, at(s)), scale=s, **traits),
             png(design, s, mode, **(png_kw or {}))) for s in scales]


def vector_properties():
    return {"preserves-vector-representation": True, "template-rendering-intent": "template"}


# ---------------------------------------------------------------------------
# (1) Showcase.xcassets
# ---------------------------------------------------------------------------
P3_RED, P3_GREEN = (255, 0, 0), (0, 255, 0)

HERO = [  # (file suffix, traits, design)
    ("", {}, Design(60, 40, "any\n{s}x", (0xFF, 0xD8, 0x6B))),
    ("-dark", {"dark": True}, Design(60, 40, "dark\n{s}x", (0x1B, 0x1F, 0x3A), fg=(0xE8, 0xEC, 0xFF))),
    ("-hc", {"hc": True}, Design(60, 40, "HC\n{s}x", WHITE, fg=BLACK, border=3)),
    ("-dark-hc", {"dark": True, "hc": True}, Design(60, 40, "dark HC\n{s}x", BLACK, fg=WHITE, border=3)),
]

IDIOMS = [  # (idiom, label, colour, scales)
    ("iphone", "iPhone", (0x00, 0x7A, 0xFF), (2, 3)),
    ("ipad", "iPad", (0xAF, 0x52, 0xDE), (1, 2)),
    ("tv", "TV", (0x2C, 0x2C, 0x2E), (1, 2)),
    ("watch", "Watch", (0xFF, 0x3B, 0x30), (2,)),
    ("mac", "Mac", (0x8E, 0x8E, 0x93), (1, 2)),
    ("vision", "Vision", (0x5A, 0xC8, 0xFA), (2,)),
    # No "car" entry: CarPlay falls back to the universal artwork, which keeps the universal
    # variants reachable (with all seven idioms they could never be chosen: unreachable-variant).
    ("universal", "universal", (0xFF, 0xCC, 0x00), (1, 2, 3)),
]


def showcase(root):
    group(root)

    # AppLogo: round logo, RGBA with transparent corners
    logo = Design(40, 40, "Logo\n{s}x", (0x1F, 0x8A, 0x70), circle=True, margin=0)
    imageset(root / "AppLogo.imageset", variants("AppLogo", logo, mode="RGBA"))

    # Hero: appearance (luminosity) x contrast
    items = []
    for suffix, traits, d in HERO:
        items += variants("Hero" + suffix, d, **traits)
    imageset(root / "Hero.imageset", items)

    # Banner: size classes
    items = []
    items += variants("Banner", Design(80, 40, "any\n{s}x", (0xC8, 0xD8, 0xF0)))
    items += variants("Banner-wC", Design(80, 40, "wC\n{s}x", (0xFF, 0x95, 0x00)), width="compact")
    items += variants("Banner-iPad-wR-hR", Design(80, 40, "iPad wR hR\n{s}x", (0x7B, 0x3F, 0xE4)),
                      scales=(1, 2), idiom="ipad", width="regular", height="regular")
    imageset(root / "Banner.imageset", items)

    # WideGamutPhoto: sRGB (sRGB chunk) and Display P3 (iCCP, out-of-sRGB pixels)
    srgb_d = Design(60, 40, "sRGB\n{s}x", (0x1E, 0x5A, 0xC8), stripe=((0xFF, 0x9F, 0x0A), 8))
    p3_d = Design(60, 40, "P3\n{s}x", P3_RED, fg=WHITE, stripe=(P3_GREEN, 8))
    items = variants("photo-srgb", srgb_d, gamut="sRGB", png_kw={"srgb": True})
    items += variants("photo-p3", p3_d, gamut="display-P3", png_kw={"icc": P3_ICC})
    imageset(root / "WideGamutPhoto.imageset", items)

    # BackArrow: layout direction
    items = variants("BackArrow-ltr", Design(48, 40, "LTR {s}x", (0x0A, 0x84, 0x5C), arrow="right"),
                     direction="left-to-right")
    items += variants("BackArrow-rtl", Design(48, 40, "RTL {s}x", (0xC2, 0x18, 0x5B), arrow="left"),
                      direction="right-to-left")
    imageset(root / "BackArrow.imageset", items)

    # DeviceBadge: every idiom + universal fallback
    items = []
    for idiom, label, colour, scales in IDIOMS:
        items += variants("DeviceBadge-" + idiom, Design(60, 40, label + "\n{s}x", colour),
                          scales=scales, idiom=idiom)
    imageset(root / "DeviceBadge.imageset", items)

    # Icons/: namespaced group with vector PDF and SVG
    icons = root / "Icons"
    group(icons, namespace=True)
    imageset(icons / "Settings.imageset", [(entry("Settings.pdf"), make_pdf("PDF"))],
             properties=vector_properties())
    imageset(icons / "Star.imageset", [(entry("Star.svg"), make_svg("SVG"))],
             properties=vector_properties())

    # Colors/: plain group with colour sets
    colors = root / "Colors"
    group(colors)
    contents(colors / "Accent.colorset", {"colors": [
        {"idiom": "universal", "color": {"color-space": "srgb", "components": {
            "red": "0.351", "green": "0.620", "blue": "0.980", "alpha": "1.000"}}},
        {"idiom": "universal", "appearances": [{"appearance": "luminosity", "value": "dark"}],
         "color": {"color-space": "srgb", "components": {
             "red": "0x5E", "green": "0xA8", "blue": "0xF7", "alpha": "1.000"}}},
        {"idiom": "universal", "display-gamut": "display-P3",
         "color": {"color-space": "display-p3", "components": {
             "red": "38", "green": "148", "blue": "255", "alpha": "1.000"}}},
    ], "info": INFO})
    contents(colors / "Background.colorset", {"colors": [
        {"idiom": "universal", "color": {"color-space": "extended-srgb", "components": {
            "red": "1.100", "green": "1.050", "blue": "0.980", "alpha": "1.000"}}},
        {"idiom": "universal", "appearances": [{"appearance": "luminosity", "value": "dark"}],
         "color": {"color-space": "extended-srgb", "components": {
             "red": "-0.020", "green": "0.050", "blue": "0.120", "alpha": "1.000"}}},
    ], "info": INFO})
    contents(colors / "Label.colorset", {"colors": [
        {"idiom": "universal", "color": {"platform": "ios", "reference": "labelColor"}},
    ], "info": INFO})

    # Welcome.dataset
    ds = root / "Welcome.dataset"
    write(ds / "welcome.json", dumps({"message": "Welcome to assetc!", "steps": ["open", "resolve", "audit"]}))
    contents(ds, {"data": [{"idiom": "universal", "filename": "welcome.json",
                            "universal-type-identifier": "public.json"}], "info": INFO})

    # AppIcon.appiconset: single-size iOS icon + complete macOS set (opaque RGB)
    icon = root / "AppIcon.appiconset"
    images = [{"idiom": "universal", "platform": "ios", "size": "1024x1024", "filename": "AppIcon.png"}]
    write(icon / "AppIcon.png", png(Design(1024, 1024, "iOS\n1024", (0x58, 0x56, 0xD6), margin=96), 1))
    mac_colours = {16: (0xE8, 0x5D, 0x04), 32: (0xF4, 0x8C, 0x06), 128: (0x37, 0x86, 0xC8),
                   256: (0x2A, 0x9D, 0x8F), 512: (0x6A, 0x4C, 0x93)}
    for pt in (16, 32, 128, 256, 512):
        for s in (1, 2):
            n = pt * s
            name = "mac%d%s.png" % (pt, at(s))
            text = "%d%s" % (pt, at(s))
            if n >= 128:
                text = "mac\n" + text
            d = Design(n, n, text, mac_colours[pt], margin=n // 32)
            write(icon / name, png(d, 1))
            images.append({"idiom": "mac", "scale": "%dx" % s, "size": "%dx%d" % (pt, pt), "filename": name})
    contents(icon, {"images": images, "info": INFO})


# ---------------------------------------------------------------------------
# (2) PlainAssets/
# ---------------------------------------------------------------------------
def plain(root):
    def put(name, d, scales=(1, 2, 3), **kw):
        for s in scales:
            write(root / ("%s%s.png" % (name, at(s))), png(d, s, **kw))

    # appearance, contrast, idiom combos
    for suffix, _traits, d in HERO:
        token = {"": "", "-dark": "~dark", "-hc": "~highcontrast", "-dark-hc": "~dark~highcontrast"}[suffix]
        put("hero" + token, d)
    put("hero~ipad", Design(60, 40, "iPad\n{s}x", (0xAF, 0x52, 0xDE)), scales=(1, 2))
    put("hero~ipad~dark", Design(60, 40, "iPad dark\n{s}x", (0x2B, 0x12, 0x3D), fg=(0xF0, 0xE0, 0xFF)),
        scales=(1, 2))
    put("theme~light", Design(40, 40, "light\n{s}x", (0xF2, 0xF2, 0xF7)))
    put("theme~dark", Design(40, 40, "dark\n{s}x", (0x1C, 0x1C, 0x1E), fg=(0xF2, 0xF2, 0xF7)))
    # size classes
    put("badge", Design(80, 40, "any\n{s}x", (0xC8, 0xD8, 0xF0)))
    put("badge~wC", Design(80, 40, "wC\n{s}x", (0xFF, 0x95, 0x00)))
    put("badge~wC~hC", Design(80, 40, "wC hC\n{s}x", (0xFF, 0x60, 0x40)))
    put("badge~wR~hR", Design(80, 40, "wR hR\n{s}x", (0x7B, 0x3F, 0xE4)))
    # layout direction
    put("arrow", Design(48, 40, "any {s}x", (0x8A, 0x9B, 0xA8), arrow="right"))
    put("arrow~rtl", Design(48, 40, "RTL {s}x", (0xC2, 0x18, 0x5B), arrow="left"))
    put("chevron~ltr", Design(48, 40, "LTR {s}x", (0x0A, 0x84, 0x5C), arrow="right"))
    put("chevron~rtl", Design(48, 40, "RTL {s}x", (0xD9, 0x48, 0x0F), arrow="left"))
    # display gamut
    put("photo~srgb", Design(60, 40, "sRGB\n{s}x", (0x1E, 0x5A, 0xC8), stripe=((0xFF, 0x9F, 0x0A), 8)),
        srgb=True)
    put("photo~p3", Design(60, 40, "P3\n{s}x", P3_RED, fg=WHITE, stripe=(P3_GREEN, 8)), icc=P3_ICC)
    # idioms
    for idiom, label, colour, scales in IDIOMS:
        put("device" if idiom == "universal" else "device~" + idiom, Design(60, 40, label + "\n{s}x", colour),
            scales=scales)
    # subfolder = namespace
    put("onboarding/step1", Design(60, 40, "step1\n{s}x", (0xA0, 0xE0, 0xC0)))
    # vectors
    write(root / "logo.pdf", make_pdf("PDF"))
    write(root / "star.svg", make_svg("SVG"))


# ---------------------------------------------------------------------------
# (3) Broken.xcassets
# ---------------------------------------------------------------------------
BROKEN = []   # (set path, rule id, what is wrong, possible side effects)


def bdesign(name, label, w=64, h=32, **kw):
    return Design(w, h, label + "\n{s}x", hue_colour(name), **kw)


def broken(root):
    group(root)

    def note(path, rule, what, side=""):
        BROKEN.append((path, rule, what, side))

    def std(base, label, scales=(1, 2, 3), **kw):
        return variants(base, bdesign(base, label), scales=scales, **kw)

    # missing-file
    items = std("missing", "Missing")
    items[1] = (items[1][0], None)                       # missing@2x.png is not written
    imageset(root / "MissingFile.imageset", items)
    note("MissingFile.imageset", "missing-file", "Contents.json names `missing@2x.png`, which does not exist.")

    # unassigned-file
    folder = root / "Leftovers.imageset"
    imageset(folder, std("Leftovers", "Leftover"))
    write(folder / "icon 2.png", png(bdesign("icon 2", "icon 2"), 1))
    write(folder / "Contents 2.json", (folder / "Contents.json").read_bytes())
    note("Leftovers.imageset", "unassigned-file",
         "Valid set plus `icon 2.png` and a stray `Contents 2.json` that no entry names (Finder duplicates).")

    # invalid-contents
    write(root / "NotJSON.imageset" / "Contents.json",
          '{\n  "images" : [\n<<<<<<< HEAD\n    {\n      "filename" : "a.png",\n'
          '      "idiom" : "universal",\n      "scale" : "1x"\n    }\n=======\n'
          '    { "filename" : "b.png", "idiom" : "universal", }\n>>>>>>> feature\n'
          '  ],\n  "info" : {\n    "author" : "xcode",\n    "version" : 1\n  }\n')
    note("NotJSON.imageset", "invalid-contents",
         "Contents.json is not JSON (unresolved merge conflict, trailing comma). No image files.")
    contents(root / "WrongTypes.imageset", {"images": "oops", "info": INFO})
    note("WrongTypes.imageset", "invalid-contents", '`"images" : "oops"` (string instead of array). No image files.')
    items = std("WrongScaleType", "ScaleType")
    items[1][0]["scale"] = 2
    imageset(root / "WrongScaleType.imageset", items)
    note("WrongScaleType.imageset", "invalid-contents",
         '2x entry has `"scale" : 2` (number instead of "2x"); files exist.',
         "if only that entry is dropped, `WrongScaleType@2x.png` may also be `unassigned-file`")

    # unknown-key
    items = std("UnknownKey", "UnknownKey")
    items[1][0]["resolution"] = "high"
    imageset(root / "UnknownKey.imageset", items)
    note("UnknownKey.imageset", "unknown-key", 'The 2x entry has an unknown key `"resolution" : "high"`.')
    items = std("UnknownIdiom", "Idiom")
    items += variants("toaster", bdesign("toaster", "toaster"), scales=(2,), idiom="toaster")
    imageset(root / "UnknownIdiom.imageset", items)
    note("UnknownIdiom.imageset", "unknown-key", 'Extra entry with unknown idiom value `"idiom" : "toaster"` (2x).',
         "if the entry is dropped, `toaster@2x.png` may also be `unassigned-file`")

    # wrong-content-type
    items = std("photo", "WebP")
    web_d = Design(64, 32, "WebP\n1x", (0x30, 0x30, 0x60), fg=(0x30, 0xF0, 0x60))
    items[0] = (items[0][0], make_webp(web_d))
    imageset(root / "WebPAsPNG.imageset", items)
    note("WebPAsPNG.imageset", "wrong-content-type",
         "`photo.png` (1x) is a real lossless WebP (RIFF/WEBP/VP8L, 64x32).")
    items = std("layers", "PSD")
    items[0] = (items[0][0], make_psd(bdesign("PSD", "PSD")))
    imageset(root / "PSDAsPNG.imageset", items)
    note("PSDAsPNG.imageset", "wrong-content-type", "`layers.png` (1x) is a Photoshop file (`8BPS`, 64x32 RGB).")

    # lfs-pointer
    items = std("image", "LFS")
    real = items[1][1]
    pointer = "version https://git-lfs.github.com/spec/v1\noid sha256:%s\nsize %d\n" % (
        hashlib.sha256(real).hexdigest(), len(real))
    items[1] = (items[1][0], pointer.encode("ascii"))
    imageset(root / "LFSPointer.imageset", items)
    note("LFSPointer.imageset", "lfs-pointer", "`image@2x.png` is a Git LFS pointer text file.")

    # corrupt-image
    items = std("Corrupt", "Corrupt")
    data = bytearray(items[1][1])
    idat = data.index(b"IDAT")
    length = struct.unpack(">I", data[idat - 4:idat])[0]
    data[idat + 4 + length // 2] ^= 0xFF                  # CRC no longer matches
    items[1] = (items[1][0], bytes(data))
    imageset(root / "Corrupt.imageset", items)
    note("Corrupt.imageset", "corrupt-image", "`Corrupt@2x.png` has one flipped byte inside IDAT (IDAT CRC mismatch; the zlib stream "
         "is damaged too).")
    items = std("Truncated", "Truncated")
    items[1] = (items[1][0], items[1][1][:len(items[1][1]) // 2])
    imageset(root / "Truncated.imageset", items)
    note("Truncated.imageset", "corrupt-image", "`Truncated@2x.png` is cut in half (no IEND).")

    # scale-size-mismatch
    d = Design(32, 32, "{W}x\n{H}", hue_colour("ScaleMismatch"), margin=1)
    imageset(root / "ScaleMismatch.imageset", [
        (entry("Scale.png", scale=1), png(d, 1)),
        (entry("Scale@2x.png", scale=2), png(d, 2)),
        (entry("Scale@3x.png", scale=3), png(d, 4, size=(128, 129))),
    ])
    note("ScaleMismatch.imageset", "scale-size-mismatch", "1x 32x32, 2x 64x64, 3x 128x129 (should be 96x96).")

    # app-icon-size
    folder = root / "BadAppIcon.appiconset"
    write(folder / "Icon-60@2x.png", png(Design(100, 100, "60@2x\nis\n100px", (0xD0, 0x30, 0x30), margin=6), 1))
    write(folder / "Icon-60@3x.png", png(Design(180, 180, "60@3x\n180px", (0x30, 0x90, 0x50), margin=10), 1))
    store_icon = png(Design(1024, 1024, "App\nStore", (0x30, 0x60, 0xA0), margin=40), 1)
    write(folder / "AppStore.png", store_icon)
    contents(folder, {"images": [
        {"idiom": "iphone", "size": "60x60", "scale": "2x", "filename": "Icon-60@2x.png"},
        {"idiom": "iphone", "size": "60x60", "scale": "3x", "filename": "Icon-60@3x.png"},
        {"idiom": "ios-marketing", "size": "1024x1024", "scale": "1x", "filename": "AppStore.png"},
    ], "info": INFO})
    note("BadAppIcon.appiconset", "app-icon-size",
         "`60x60` `2x` entry's PNG is 100x100 (should be 120x120); the 3x one is a correct 180x180.")

    # app-icon-missing-size
    folder = root / "IconMissingSlot.appiconset"
    write(folder / "Icon-60@3x.png", png(Design(180, 180, "60@3x\n180px", (0x30, 0x90, 0x50), margin=10), 1))
    write(folder / "AppStore.png", store_icon)
    contents(folder, {"images": [
        {"idiom": "iphone", "size": "60x60", "scale": "2x"},
        {"idiom": "iphone", "size": "60x60", "scale": "3x", "filename": "Icon-60@3x.png"},
        {"idiom": "ios-marketing", "size": "1024x1024", "scale": "1x", "filename": "AppStore.png"},
    ], "info": INFO})
    note("IconMissingSlot.appiconset", "app-icon-missing-size",
         "The iPhone `60x60` `2x` slot is empty (actool: \"A 120x120 app icon is required for iPhone apps\").")

    # app-icon-alpha
    folder = root / "StoreIconAlpha.appiconset"
    write(folder / "Icon.png", png(Design(1024, 1024, "RGBA\nicon", (0x90, 0x40, 0xA0), margin=40), 1, mode="RGBA"))
    contents(folder, {"images": [
        {"idiom": "universal", "platform": "ios", "size": "1024x1024", "filename": "Icon.png"},
    ], "info": INFO})
    note("StoreIconAlpha.appiconset", "app-icon-alpha",
         "Single-size iOS icon saved as RGBA (every pixel opaque): App Store Connect rejects an alpha channel.")

    # missing-scale / upscaled-on-device
    imageset(root / "MissingScale.imageset", std("MissingScale", "NoPhone3x", scales=(2,), idiom="iphone"))
    note("MissingScale.imageset", "missing-scale", "`iphone` idiom with only a 2x image (no 3x).",
         "no universal fallback, so non-iPhone devices get nothing")
    imageset(root / "UpscaledOnDevice.imageset", std("Upscaled", "Only1x", scales=(1,)))
    note("UpscaledOnDevice.imageset", "upscaled-on-device",
         "universal with only a 1x image: 2x/3x devices must upscale it.",
         "a strict missing-scale check for universal may fire too")

    # ambiguous-variant
    items = std("Ambiguous", "Ambiguous")
    items.insert(2, (entry("Ambiguous-other@2x.png", scale=2), png(bdesign("other", "Other"), 2)))
    imageset(root / "Ambiguous.imageset", items)
    note("Ambiguous.imageset", "ambiguous-variant",
         "Two universal 2x entries with identical traits (`Ambiguous@2x.png`, `Ambiguous-other@2x.png`).",
         "the second one can never win (tie goes to the earlier entry), so it may also be reported unreachable")

    # unreachable
    items = std("any", "A: any")
    items += variants("p3", Design(64, 32, "B: P3\n{s}x", P3_RED, fg=WHITE), gamut="display-P3",
                      png_kw={"icc": P3_ICC})
    items += variants("srgb", bdesign("C sRGB", "C: sRGB"), gamut="sRGB", png_kw={"srgb": True})
    imageset(root / "Unreachable.imageset", items)
    note("Unreachable.imageset", "unreachable-variant",
         "A = universal any-gamut (`any*.png`, 1x/2x/3x), B = `display-P3`, C = `sRGB`. Every request "
         "specifies a gamut, and exact beats any, so A is never chosen. **A is the unreachable one.**")

    # gamut-profile-mismatch
    p3_slot = Design(64, 32, "P3 slot\nno ICC\n{s}x", (0xFF, 0x20, 0x00), fg=WHITE)
    srgb_slot = Design(64, 32, "sRGB slot\nP3 ICC\n{s}x", P3_GREEN, fg=BLACK)
    items = variants("p3-untagged", p3_slot, gamut="display-P3", png_kw={"srgb": True})
    items += variants("srgb-p3tagged", srgb_slot, gamut="sRGB", png_kw={"icc": P3_ICC})
    imageset(root / "P3WithoutProfile.imageset", items)
    note("P3WithoutProfile.imageset", "gamut-profile-mismatch",
         "`display-P3` slot PNGs carry only an sRGB chunk (no ICC); `sRGB` slot PNGs carry the Display P3 "
         "profile (all scales).")

    # wide-gamut-unused
    grey = Design(64, 32, "grey P3\n{s}x", (0x80, 0x80, 0x80), fg=WHITE)
    items = variants("grey-srgb", Design(64, 32, "sRGB\n{s}x", (0xA0, 0xA0, 0xA0)), gamut="sRGB",
                     png_kw={"srgb": True})
    items += variants("grey-p3", grey, gamut="display-P3", png_kw={"icc": P3_ICC})
    imageset(root / "SRGBColoursInP3.imageset", items)
    note("SRGBColoursInP3.imageset", "wide-gamut-unused",
         "`display-P3` images are Display P3-tagged but every pixel is grey/white (inside sRGB).")

    # duplicate-name / invalid-name
    imageset(root / "Dup.imageset", std("Dup", "Dup root"))
    group(root / "Nested")
    imageset(root / "Nested" / "Dup.imageset", std("Dup", "Dup nest"))
    note("Dup.imageset + Nested/Dup.imageset", "duplicate-name",
         "`Nested/` does not provide a namespace, so both sets are named `Dup`.")
    imageset(root / "Invalid-Name!.imageset", std("InvalidName", "Name!"))
    note("Invalid-Name!.imageset", "invalid-name", "`!` is not allowed in an asset name.")

    # oversized-image (1-bit palette so that 25 Mpx compress to a few KB)
    huge = Design(1680, 1680, "Huge\n{s}x\n{W}px", (0x20, 0x40, 0x80), fg=(0xFF, 0xE0, 0x40), margin=80)
    imageset(root / "Huge.imageset", variants("Huge", huge, mode="P1"))
    note("Huge.imageset", "oversized-image",
         "1x 1680x1680, 2x 3360x3360, 3x 5040x5040 (25.4 Mpx); 1-bit palette so each file is a few KB.",
         "depending on the threshold, the 2x (11.3 Mpx) may fire too")

    # PNG encoding issues (each at 1x/2x/3x)
    imageset(root / "OpaqueAlpha.imageset", variants("OpaqueAlpha", bdesign("OpaqueAlpha", "RGBA a=255"), mode="RGBA"))
    note("OpaqueAlpha.imageset", "opaque-alpha", "RGBA PNGs whose alpha is 255 everywhere.")
    imageset(root / "SixteenBit.imageset",
             variants("SixteenBit", bdesign("SixteenBit", "16-bit"), png_kw={"sixteen": True}))
    note("SixteenBit.imageset", "sixteen-bit", "16 bits per channel RGB PNGs.")
    imageset(root / "Interlaced.imageset",
             variants("Interlaced", bdesign("Interlaced", "Adam7"), png_kw={"interlace": True}))
    note("Interlaced.imageset", "interlaced-png", "Adam7-interlaced PNGs.")
    imageset(root / "Unoptimized.imageset",
             variants("Unoptimized", bdesign("Unoptimized", "zlib 0"), png_kw={"level": 0}))
    note("Unoptimized.imageset", "unoptimized-png", "PNGs whose IDAT is zlib level 0 (stored, uncompressed blocks).")

    # unsupported set types
    folder = root / "Launch.launchimage"
    write(folder / "Default-568h@2x.png", png(Design(320, 568, "Launch\n568h@2x", (0x10, 0x10, 0x10), margin=40), 2))
    contents(folder, {"images": [{"extent": "full-screen", "filename": "Default-568h@2x.png", "idiom": "iphone",
                                  "minimum-system-version": "7.0", "orientation": "portrait", "scale": "2x",
                                  "subtype": "retina4"}], "info": INFO})
    folder = root / "Stack.imagestack"
    layers = [("Front", (0xFF, 0xD6, 0x0A)), ("Middle", (0x64, 0xD2, 0xFF)), ("Back", (0x1D, 0x35, 0x57))]
    contents(folder, {"info": INFO, "layers": [{"filename": "%s.imagestacklayer" % n} for n, _ in layers]})
    for n, colour in layers:
        group(folder / ("%s.imagestacklayer" % n))
        imageset(folder / ("%s.imagestacklayer" % n) / "Content.imageset",
                 variants(n, Design(60, 36, n + "\n{s}x", colour), scales=(1, 2), idiom="tv"))
    folder = root / "Symbol.symbolset"
    write(folder / "Symbol.svg", make_svg("SYM"))
    contents(folder, {"info": INFO, "symbols": [{"filename": "Symbol.svg", "idiom": "universal"}]})
    # Stack.imagestack is read (a healthy tvOS layered image: 3 layers, each a tv 1x/2x Content.imageset),
    # so it has no row; the symbol set's SVG is a plain drawing, not a symbol template.
    note("Launch.launchimage", "unsupported-set-type (note)", "launch image set (iPhone retina4 portrait 640x1136)")
    note("Symbol.symbolset", "wrong-content-type",
         "symbol set whose SVG is a plain drawing, not an SF Symbols template (no `Symbols` group)")

    # path escape
    items = std("Escape", "Escape")
    items.append((entry("../MissingFile.imageset/missing.png", idiom="iphone", scale=2), None))
    items.append((entry("/etc/passwd", idiom="iphone", scale=3), None))
    imageset(root / "Escape.imageset", items)
    note("Escape.imageset", "unsafe-path",
         'iphone 2x entry `"filename" : "../MissingFile.imageset/missing.png"` (an existing file outside the '
         'set) and iphone 3x entry `"filename" : "/etc/passwd"`; must be refused. The universal 1x/2x/3x '
         "entries are valid.")


# ---------------------------------------------------------------------------
# READMEs
# ---------------------------------------------------------------------------
def readmes():
    def rule(r):
        rid, _, rest = r.partition(" ")
        return "`%s`%s" % (rid, " " + rest if rest else "")
    rows = "\n".join("| `%s` | %s | %s | %s |" % (p, rule(r), w, s or "") for p, r, w, s in BROKEN)
    write(OUT / "Broken.README.md", """# Broken.xcassets

Generated by `python3 Scripts/generate-samples.py` -- do not edit by hand.

Every set holds exactly one kind of mistake; everything else in it is valid
(universal 1x/2x/3x unless the mistake is about scales). Each image shows its
set and scale as text.

| Set | Intended audit rule | Mistake | Possible side effects |
|---|---|---|---|
%s

The catalog root and `Nested/` have valid `Contents.json` files.
""" % rows)
    write(OUT / "README.md", """# Sample catalogs

Generated by `python3 Scripts/generate-samples.py` (run from the repository
root; Python 3 standard library only). The script deletes and rewrites
`Showcase.xcassets`, `PlainAssets/` and `Broken.xcassets`, and rewrites this
file and `Broken.README.md`. Output is deterministic: no timestamps, no
tIME/tEXt chunks, zlib level 9, sorted JSON keys in Xcode's format.

Every raster image has its variant (traits and scale) drawn on it in a 5x7
pixel font scaled by the image scale, on a background colour distinct per
variant: dark variants are dark with light text, high contrast ones are
black/white with a thick border, RTL/LTR ones have an arrow pointing left/right.

## Showcase.xcassets

A healthy catalog (a strict audit should report nothing) that uses every trait:

| Asset | Traits |
|---|---|
| `AppLogo` | universal 1x/2x/3x, RGBA round logo with transparent corners (40, 80, 120 px) |
| `Hero` | appearance: any, dark, high contrast, dark + high contrast; 1x/2x/3x each (60x40 @1x) |
| `Banner` | size classes: iPad `wR hR` (1x/2x), universal `wC` and any (1x/2x/3x) |
| `WideGamutPhoto` | display gamut: `sRGB` (sRGB chunk) and `display-P3` (embedded Display P3 ICC v4 profile, pixels outside sRGB) |
| `BackArrow` | layout direction: left-to-right and right-to-left |
| `DeviceBadge` | idioms iphone (2x/3x), ipad (1x/2x), tv (1x/2x), watch (2x), mac (1x/2x), vision (2x), universal (1x/2x/3x): CarPlay gets the universal artwork |
| `Icons/Settings` | namespaced group; single-scale vector PDF, template rendering |
| `Icons/Star` | namespaced group; single-scale SVG, template rendering |
| `Colors/Accent` | colour set: sRGB floats, dark appearance with hex components, display-P3 with 0-255 integers |
| `Colors/Background` | colour set: extended-sRGB components (outside 0...1) + dark |
| `Colors/Label` | colour set: system colour reference `labelColor` |
| `Welcome` | data set with a JSON file (`public.json`) |
| `AppIcon` | app icon: single-size iOS 1024x1024 + complete macOS set (16...512 @1x/@2x), opaque RGB |

## PlainAssets/

A plain folder without any `Contents.json`; traits are in file names,
`name[~token...][@Nx].ext` (no `@Nx` = 1x) with tokens `iphone ipad tv watch
mac car vision`, `dark light`, `highcontrast`, `p3 srgb`, `wC wR hC hR`,
`ltr rtl`. Subfolders are namespaces (`onboarding/step1`). Assets: `hero`
(appearance, contrast, iPad), `theme` (light/dark), `badge` (size classes),
`arrow`/`chevron` (direction), `photo` (gamut, real P3 profile), `device`
(idioms), `onboarding/step1`, vectors `logo.pdf` and `star.svg`.

## Broken.xcassets

One instance of each kind of mistake, one per set; see
[`Broken.README.md`](Broken.README.md) for the set -> rule id table.
""")


def main():
    OUT.mkdir(exist_ok=True)
    for name in OWNED:
        shutil.rmtree(OUT / name, ignore_errors=True)
    showcase(OUT / "Showcase.xcassets")
    plain(OUT / "PlainAssets")
    broken(OUT / "Broken.xcassets")
    readmes()
    total = sum(p.stat().st_size for p in WRITTEN)
    print("wrote %d files, %d bytes, under %s" % (len(WRITTEN), total, OUT.relative_to(ROOT)))


if __name__ == "__main__":
    sys.exit(main())
