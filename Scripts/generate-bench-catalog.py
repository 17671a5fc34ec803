#!/usr/bin/env python3
"""Generates a large, deterministic .xcassets catalog for benchmarks.

usage: generate-bench-catalog.py OUTPUT.xcassets [--sets N]

Each image set has a 1x, 2x and 3x PNG (RGB, 8-bit, 24/48/72 pixels square), with pixel data that
compresses about as well as real artwork does (a gradient with low-amplitude noise). The same
arguments always give the same bytes.
"""
import argparse
import json
import os
import random
import shutil
import struct
import zlib


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(width, height, rows):
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    raw = b"".join(b"\x00" + row for row in rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"sRGB", b"\x00")
            + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("output")
    parser.add_argument("--sets", type=int, default=10_000)
    args = parser.parse_args()

    rng = random.Random(20261122)
    noise = bytes(b & 0x0F for b in rng.randbytes(1 << 20))
    if os.path.exists(args.output):
        shutil.rmtree(args.output)
    os.makedirs(args.output)
    info = {"author": "xcode", "version": 1}
    with open(os.path.join(args.output, "Contents.json"), "w") as f:
        json.dump({"info": info}, f, indent=2, sort_keys=True)

    # Gradient rows, precomputed: row k holds ((k + x) & 0xF0) for every byte x of the widest row.
    widest = 72 * 3
    gradients = [bytes(((k + x) & 0xF0) for x in range(widest)) for k in range(512)]
    offset = 0
    for index in range(args.sets):
        name = f"Asset{index:05d}"
        folder = os.path.join(args.output, f"Group{index // 500:02d}", f"{name}.imageset")
        os.makedirs(folder)
        group_contents = os.path.join(os.path.dirname(folder), "Contents.json")
        if not os.path.exists(group_contents):
            with open(group_contents, "w") as f:
                json.dump({"info": info}, f, indent=2, sort_keys=True)
        images = []
        base = (index * 37) % 200
        for scale in (1, 2, 3):
            side = 24 * scale
            rows = []
            for y in range(side):
                start = offset % (len(noise) - side * 3)
                offset += side * 3 + 7
                length = side * 3
                gradient = gradients[base + y][:length]
                # OR the two byte strings as big integers: far faster than a per-byte loop.
                mixed = int.from_bytes(gradient, "big") | int.from_bytes(noise[start:start + length], "big")
                rows.append(mixed.to_bytes(length, "big"))
            filename = f"{name}@{scale}x.png"
            with open(os.path.join(folder, filename), "wb") as f:
                f.write(png(side, side, rows))
            images.append({"filename": filename, "idiom": "universal", "scale": f"{scale}x"})
        with open(os.path.join(folder, "Contents.json"), "w") as f:
            json.dump({"images": images, "info": info}, f, indent=2, sort_keys=True)


if __name__ == "__main__":
    main()
