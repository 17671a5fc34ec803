#!/usr/bin/env bash
# Compares assetc's flat drawing of an Icon Composer icon with Xcode's: compiles the cubeSQL sample's App.icon (and
# Assets.xcassets) from ../shared/cars as Xcode built it (macOS 10.14), extracts the 1024 x 1024 App icon of both cars
# with `assetc extract --png`, and prints the SSIM of the two (256 x 256 luminance, on white and on black;
# Scripts/icon-ssim.py, Python 3 standard library only). Skips cleanly when ../shared (or $SHARED_DIR) is absent.
#
# Usage: Scripts/icon-ssim.sh [--diff OUT.png] [--keep DIR]   (docs/ICON-RENDERING.md records the numbers)
set -euo pipefail
cd "$(dirname "$0")/.."
shared="${SHARED_DIR:-../shared}"
sample="$shared/cars/cubesql+cubeSQLAdmin"
if [ ! -f "$sample/Resources__Assets.car" ]; then
  echo "skip: $sample is not here (set SHARED_DIR)"
  exit 0
fi
command -v python3 >/dev/null || { echo "icon-ssim: python3 is needed (apt-get install python3)" >&2; exit 1; }
diff_args=()
keep=""
while [ $# -gt 0 ]; do
  case "$1" in
    --diff) diff_args=(--diff "$2"); shift 2 ;;
    --keep) keep="$2"; shift 2 ;;
    *) echo "usage: $0 [--diff OUT.png] [--keep DIR]" >&2; exit 2 ;;
  esac
done
nice -n 10 swift build --product assetc >/dev/null 2>&1 || { echo "icon-ssim: swift build failed" >&2; exit 1; }
assetc="$(swift build --show-bin-path 2>/dev/null)/assetc"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
source="$sample/src/Resources/Assets"
"$assetc" compile "$source/Assets.xcassets" "$source/App.icon" --platform macosx --minimum-deployment-target 10.14 \
  --app-icon App --compile "$work/ours" >/dev/null
"$assetc" extract "$work/ours/Assets.car" --all "$work/ours-x" --png >/dev/null
"$assetc" extract "$sample/Resources__Assets.car" --all "$work/xcode-x" --png >/dev/null
ours="$(ls "$work"/ours-x/App/App1024x1024_*.png)"
theirs="$(ls "$work"/xcode-x/App/App1024x1024_*.png)"
echo "cubeSQL App.icon, 1024 x 1024 (assetc vs Xcode 26.2):"
python3 Scripts/icon-ssim.py "$ours" "$theirs" "${diff_args[@]}"
if [ -n "$keep" ]; then mkdir -p "$keep" && cp "$ours" "$keep/cubesql-assetc-1024.png"; fi
# sudoku's car (jo-tools+sudoku) holds no pre-rendered images from its .icon (its App part 220 images are its
# App.iconset's), so there is nothing of Xcode's to compare it with.
echo "sudoku App.icon: no Xcode drawing in its car (its App images come from App.iconset); not compared"
