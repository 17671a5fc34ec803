#!/usr/bin/env bash
# Issue 41's check of the symbol compiler against Xcode: rebuilds a three-master template (Ultralight-S, Regular-S,
# Black-S) from the glyphs Xcode 16 compiled into MediaMate's car (logo.bluetooth), compiles it with assetc, and
# compares every one of the 27 glyph renditions with Xcode's: the same keys (weight, size), the same commands, and
# the largest distance between corresponding outline points, in points (Scripts/compare-symbols.py).
# Tolerance: SYMBOL_TOLERANCE points (default 0.001). Skips cleanly when ../shared is not there.
set -euo pipefail
cd "$(dirname "$0")/.."
CAR="${SYMBOL_CAR:-../shared/cars/MrAshCreates+MediaMate.app/Contents__Resources__Assets.car}"
SYMBOL="${SYMBOL_NAME:-logo.bluetooth}"
if [ ! -f "$CAR" ]; then
    echo "compare-symbols: $CAR is not here; skipped"
    exit 0
fi
ASSETC="${ASSETC:-.build/debug/assetc}"
[ -x "$ASSETC" ] || nice -n 10 swift build --product assetc >/dev/null
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$ASSETC" extract "$CAR" --all "$work/xcode" >/dev/null
set_dir="$work/Symbols.xcassets/$SYMBOL.symbolset"
mkdir -p "$set_dir"
echo '{"info":{"author":"xcode","version":1}}' >"$work/Symbols.xcassets/Contents.json"
printf '{"info":{"author":"xcode","version":1},"symbols":[{"filename":"%s.svg","idiom":"universal"}]}\n' "$SYMBOL" >"$set_dir/Contents.json"
python3 Scripts/compare-symbols.py assemble "$work/xcode" "$SYMBOL" "$set_dir/$SYMBOL.svg"
mkdir -p "$work/out"
"$ASSETC" compile "$work/Symbols.xcassets" --platform macosx --minimum-deployment-target 13.0 --compile "$work/out" >/dev/null
"$ASSETC" extract "$work/out/Assets.car" --all "$work/ours" >/dev/null
python3 Scripts/compare-symbols.py compare "$work/ours" "$work/xcode" "$SYMBOL"
