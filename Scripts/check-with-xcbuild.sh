#!/usr/bin/env bash
# An independent reader's view of assetc's Assets.car output: compiles the sample catalogs (and the real
# catalogs in ../shared/corpora and the heliport source when present) and runs xcbuild's `dump_car` on each
# car, checking that it lists every rendition assetc wrote and counting what it could not decode.
#
#   XCBUILD_DUMP_CAR=/path/to/xcbuild-build/dump_car Scripts/check-with-xcbuild.sh
#
# dump_car comes from a build of facebookarchive/xcbuild (at dbaee552) made outside this repository; see
# docs/CAR-FORMAT.md ("Checked with xcbuild's dump_car"). Not part of Scripts/test.sh: it needs that build.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${XCBUILD_DUMP_CAR:-}" ]; then
  echo "skip: set XCBUILD_DUMP_CAR to the dump_car binary of an xcbuild build"
  exit 0
fi
dump_car="$XCBUILD_DUMP_CAR"
[ -x "$dump_car" ] || { echo "error: $dump_car is not an executable" >&2; exit 2; }
swift build --product assetc >/dev/null
assetc="$PWD/.build/debug/assetc"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# catalog platform [extra compile arguments...]
check() {
  local catalog="$1" platform="$2"
  shift 2
  local name out
  name="$(basename "$(dirname "$catalog")")-$(basename "$catalog" .xcassets)"
  out="$work/$name"
  if ! "$assetc" compile "$catalog" --compile "$out" --platform "$platform" --minimum-deployment-target 17.0 "$@" \
    >/dev/null 2>"$out.log"; then
    echo "skip  $catalog: assetc compile reported input errors ($(head -1 "$out.log"))"
    return
  fi
  local expected listed undecoded
  expected=$("$assetc" info --json "$out/Assets.car" | python3 -c 'import json, sys; print(json.load(sys.stdin)["car"]["renditions"])')
  # Listing on standard output, decoding complaints on standard error: kept apart so lines do not interleave.
  # dump_car writes every image it decodes into the current folder: run it inside the scratch folder.
  (cd "$out" && "$dump_car" Assets.car >"$out.dump" 2>"$out.err") || true
  listed=$(grep -c '^Rendition: ' "$out.dump" || true)
  undecoded=$(grep -c '^warning: failed to get image data' "$out.err" || true)
  local verdict=ok
  [ "$listed" = "$expected" ] || verdict=MISMATCH
  printf '%-8s %s: %s renditions, dump_car lists %s; %s without image data (%s)\n' "$verdict" "$catalog" "$expected" "$listed" \
    "$undecoded" "$(grep '^error' "$out.err" | sort | uniq -c | sort -rn | awk '{$1=$1; print}' | paste -sd ';' - | cut -c1-160)"
  [ "$verdict" = ok ]
}

status=0
for catalog in SampleCatalogs/Showcase.xcassets; do check "$catalog" iphoneos --app-icon AppIcon || status=1; done
check SampleCatalogs/PlainAssets iphoneos || status=1
shared="${SHARED_DIR:-../shared}"
if [ -d "$shared/corpora" ]; then
  while IFS= read -r catalog; do check "$catalog" iphoneos || status=1; done < <(find "$shared/corpora" -name '*.xcassets' -type d -prune | sort)
fi
heliport="$shared/cars/0xMisagi+heliport_icons/src/Assets.xcassets"
if [ -d "$heliport" ]; then check "$heliport" macosx --app-icon AppIcon || status=1; fi
exit "$status"
