#!/usr/bin/env bash
# LZFSE bytes: assetc's encoder against the reference encoder (PyPI `lzfse`, Apple's open-source lzfse) and against
# Xcode's own streams, on every LZFSE stream of the cars given (default: ../shared/cars/*/*.car). Issue 42's target:
# within 2% of the reference. docs/PERFORMANCE.md, "LZFSE bytes".
#
#   Scripts/lzfse-sizes.sh [FILE.car...]
set -euo pipefail
cd "$(dirname "$0")/.."
cars=("$@")
if [ ${#cars[@]} -eq 0 ]; then
  shopt -s nullglob
  cars=(../shared/cars/*/*.car)
  if [ ${#cars[@]} -eq 0 ]; then echo "no cars given and ../shared/cars holds none: nothing to compare"; exit 0; fi
fi
python3 -c "import lzfse" 2>/dev/null || python3 -m pip install --quiet lzfse
swift build -c release --product CARBenchmark >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
.build/release/CARBenchmark --lzfse-sizes "$work" "${cars[@]}"
python3 - "$work" <<'PY'
import collections, lzfse, os, sys
work = sys.argv[1]
totals = collections.defaultdict(lambda: [0, 0, 0, 0, 0])
for line in open(os.path.join(work, "sizes.txt")):
    if not line.strip():
        continue
    name, car, raw, xcode, ours = line.split()
    data = open(os.path.join(work, name), "rb").read()
    reference = len(lzfse.compress(data))
    for key in (car, "total"):
        t = totals[key]
        t[0] += 1; t[1] += int(raw); t[2] += int(xcode); t[3] += reference; t[4] += int(ours)
for key in sorted(k for k in totals if k != "total") + ["total"]:
    n, raw, xcode, reference, ours = totals[key]
    print(f"{key:40} {n:5} streams {raw:10} bytes raw: Xcode {xcode:9}, reference {reference:9}, assetc {ours:9} "
          f"({ours / reference:.3f}x the reference, {ours / xcode:.3f}x Xcode's)")
PY
