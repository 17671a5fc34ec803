#!/usr/bin/env python3
"""Times the reference LZFSE implementation (the `lzfse` package on PyPI, which wraps Apple's C library) on
the streams CARBenchmark --dump wrote, and prints MB/s of decoded output per kind (LZFSE, LZVN)."""
import os, sys, time

try:
    import lzfse
except ImportError:
    print("  reference: the lzfse package is not installed (pip install lzfse): no baseline")
    sys.exit(0)

folder = sys.argv[1]
for kind in ("lzfse", "lzvn"):
    streams = []
    for name in sorted(os.listdir(folder)):
        if name.startswith(kind + "-"):
            with open(os.path.join(folder, name), "rb") as f:
                streams.append((f.read(), int(name.rsplit("-", 1)[1].split(".")[0])))
    if not streams:
        continue
    total = sum(size for _, size in streams)
    rounds = 0
    start = time.perf_counter()
    while True:
        for data, size in streams:
            if len(lzfse.decompress(data)) != size:
                sys.exit("reference decoded a different size")
        rounds += 1
        if time.perf_counter() - start >= 1.0:
            break
    seconds = time.perf_counter() - start
    print("%s reference %.1f MB/s" % (kind.upper(), total * rounds / seconds / 1e6))
