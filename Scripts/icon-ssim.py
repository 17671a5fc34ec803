#!/usr/bin/env python3
"""SSIM of two square RGBA PNGs (8-bit, non-interlaced, as `assetc extract --png` writes them), standard library only.

Each picture is composited on white and on black, turned into luminance (Rec. 601 weights), reduced to 256 x 256 by
a box average, and compared with the usual SSIM (11-tap Gaussian window, sigma 1.5, K1 0.01, K2 0.03, valid region).
Prints one line per background; with --diff OUT.png also writes a heatmap of |ours - theirs| luminance on white
(black = equal, white = 64 levels or more apart).

Usage: icon-ssim.py OURS.png THEIRS.png [--diff OUT.png]
"""
import math
import struct
import sys
import zlib


def read_png(path):
    data = open(path, 'rb').read()
    if data[:8] != b'\x89PNG\r\n\x1a\n':
        sys.exit(f'{path}: not a PNG')
    pos, idat, width, height = 8, b'', 0, 0
    while pos < len(data):
        length, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b'IHDR':
            width, height, depth, color, _, _, interlace = struct.unpack('>IIBBBBB', body)
            if (depth, color, interlace) != (8, 6, 0):
                sys.exit(f'{path}: only 8-bit RGBA non-interlaced PNGs are read (assetc extract --png writes them)')
        elif kind == b'IDAT':
            idat += body
        elif kind == b'IEND':
            break
    raw = zlib.decompress(idat)
    stride = width * 4
    out = bytearray(height * stride)
    prev = bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        if kind == 1:
            for i in range(4, stride):
                line[i] = (line[i] + line[i - 4]) & 255
        elif kind == 2:
            for i in range(stride):
                line[i] = (line[i] + prev[i]) & 255
        elif kind == 3:
            for i in range(stride):
                left = line[i - 4] if i >= 4 else 0
                line[i] = (line[i] + ((left + prev[i]) >> 1)) & 255
        elif kind == 4:
            for i in range(stride):
                a = line[i - 4] if i >= 4 else 0
                b = prev[i]
                c = prev[i - 4] if i >= 4 else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else (b if pb <= pc else c))) & 255
        out[y * stride:(y + 1) * stride] = line
        prev = line
    return width, height, out


def luminance(path, background, size=256):
    width, height, pixels = read_png(path)
    if width != height or width % size:
        sys.exit(f'{path}: {width}x{height} is not a square multiple of {size}')
    step = width // size
    lum = [0.0] * (width * height)
    for i in range(width * height):
        r, g, b, a = pixels[i * 4:i * 4 + 4]
        alpha = a / 255
        lum[i] = (0.299 * r + 0.587 * g + 0.114 * b) * alpha + background * (1 - alpha)
    small = []
    for y in range(size):
        for x in range(size):
            total = 0.0
            for dy in range(step):
                row = (y * step + dy) * width + x * step
                total += sum(lum[row:row + step])
            small.append(total / (step * step))
    return small


def gaussian_valid(plane, size, taps):
    half = len(taps) // 2
    inner = size - 2 * half
    rows = [[sum(plane[y * size + x + k] * taps[k] for k in range(len(taps))) for x in range(inner)] for y in range(size)]
    return [[sum(rows[y + k][x] * taps[k] for k in range(len(taps))) for x in range(inner)] for y in range(inner)]


def ssim(a, b, size=256):
    taps = [math.exp(-((i - 5) ** 2) / (2 * 1.5 ** 2)) for i in range(11)]
    norm = sum(taps)
    taps = [t / norm for t in taps]
    mu_a = gaussian_valid(a, size, taps)
    mu_b = gaussian_valid(b, size, taps)
    aa = gaussian_valid([v * v for v in a], size, taps)
    bb = gaussian_valid([v * v for v in b], size, taps)
    ab = gaussian_valid([x * y for x, y in zip(a, b)], size, taps)
    c1, c2 = (0.01 * 255) ** 2, (0.03 * 255) ** 2
    total, count = 0.0, 0
    for y in range(len(mu_a)):
        for x in range(len(mu_a)):
            ma, mb = mu_a[y][x], mu_b[y][x]
            va, vb, cov = aa[y][x] - ma * ma, bb[y][x] - mb * mb, ab[y][x] - ma * mb
            total += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2))
            count += 1
    return total / count


def write_grey_png(path, plane, size):
    rows = b''.join(b'\x00' + bytes(plane[y * size:(y + 1) * size]) for y in range(size))
    def chunk(kind, body):
        return struct.pack('>I', len(body)) + kind + body + struct.pack('>I', zlib.crc32(kind + body) & 0xffffffff)
    data = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', size, size, 8, 0, 0, 0, 0))
    data += chunk(b'IDAT', zlib.compress(rows, 9)) + chunk(b'IEND', b'')
    open(path, 'wb').write(data)


def main():
    args = sys.argv[1:]
    diff = None
    if '--diff' in args:
        at = args.index('--diff')
        diff = args[at + 1]
        del args[at:at + 2]
    if len(args) != 2:
        sys.exit(__doc__)
    ours, theirs = args
    for name, background in (('white', 255.0), ('black', 0.0)):
        a, b = luminance(ours, background), luminance(theirs, background)
        print(f'SSIM on {name}: {ssim(a, b):.4f}')
        if diff and name == 'white':
            write_grey_png(diff, [min(255, int(abs(x - y) * 4)) for x, y in zip(a, b)], 256)


if __name__ == '__main__':
    main()
