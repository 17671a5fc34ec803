#!/usr/bin/env bash
# The gallery page of `assetc serve` in a real headless Chromium (Debian's `chromium`) at device scale factors
# 1, 2 and 3 and in dark mode: Chromium sends the client hints the page asks for (Accept-CH, Critical-CH), and
# each image request must receive the variant made for it. Checked twice: in the server's log (the variant each
# /assets/ request got) and in the page (the caption each figure fills in from /assets/{name}.json).
# Screenshots are kept in .build/serve-gallery-*.png for a person to look at.
# Installs chromium with apt-get when missing. Prints "test-serve-chromium: N passed, M failed".
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/serve/common.sh

browser=""
for candidate in chromium chromium-browser; do
    if command -v "$candidate" >/dev/null 2>&1; then browser=$candidate; break; fi
done
if [ -z "$browser" ]; then
    if ensure_package chromium chromium; then
        browser=chromium
    else
        echo "test-serve-chromium: skipped: chromium is not installed and cannot be installed here" >&2
        exit 0
    fi
fi
ensure_assetc

work=$(mktemp -d "${TMPDIR:-/tmp}/assetc-serve-chromium.XXXXXX")
SERVE_PID=""
cleanup() {
    if [ -n "$SERVE_PID" ]; then stop_process "$SERVE_PID" || true; fi
    rm -rf "$work"
}
trap cleanup EXIT
mkdir -p .build

"$ASSETC" pack SampleCatalogs/Showcase.xcassets -o "$work/Showcase.assetc" >/dev/null
start_serve "$work/server" "$work/Showcase.assetc" --log-level debug
base="http://127.0.0.1:$SERVE_PORT/"

# browse NAME SCALE DARK: loads the gallery, dumps its DOM to $work/NAME.html and takes a screenshot; the log
# lines the visit added go to $work/NAME.log.
browse() {
    local name=$1 scale=$2 dark=$3
    local flags=(--headless --disable-gpu --no-sandbox --no-first-run --disable-dev-shm-usage
        --user-data-dir="$work/profile-$name" --force-device-scale-factor="$scale" --hide-scrollbars
        --window-size=1200,1400 --virtual-time-budget=8000)
    if [ "$dark" = dark ]; then flags+=(--force-dark-mode --blink-settings=preferredColorScheme=0); fi
    local before
    before=$(wc -l <"$work/server.err")
    timeout 120 "$browser" "${flags[@]}" --dump-dom "$base" >"$work/$name.html" 2>/dev/null || true
    timeout 120 "$browser" "${flags[@]}" --screenshot=".build/serve-gallery-$name.png" "$base" >/dev/null 2>&1 || true
    tail -n +"$((before + 1))" "$work/server.err" >"$work/$name.log"
}

# got NAME ASSET FILE: every image request for ASSET during the visit got FILE (and there was at least one).
got() {
    local lines
    lines=$(grep "name=$2 " "$work/$1.log" || true)
    [ -n "$lines" ] || { echo "  no request for $2 in the log of $1" >&2; return 1; }
    if grep -v "variant=$2.imageset/$3" <<<"$lines" | grep -q .; then
        echo "  $2 during $1 got: $(grep -o 'variant=[^ ]*' <<<"$lines" | sort -u | tr '\n' ' ')" >&2
        return 1
    fi
}
# caption NAME ASSET FILE: the page says the asset gave this browser FILE.
caption() {
    grep -q "data-name=\"$2\"[^>]*data-chosen=\"$2.imageset/$3\"" "$work/$1.html" ||
        grep -q "data-chosen=\"$2.imageset/$3\"[^>]*data-name=\"$2\"" "$work/$1.html" || {
        echo "  the page of $1 does not say $2 got $3" >&2
        return 1
    }
}

browse dpr1 1 light
browse dpr2 2 light
browse dpr3 3 light
browse dark2 2 dark

for run in "dpr1 Hero.png" "dpr2 Hero@2x.png" "dpr3 Hero@3x.png" "dark2 Hero-dark@2x.png"; do
    set -- $run
    check "$1: the Hero image request got $2" got "$1" Hero "$2"
    check "$1: the page's caption says Hero gave $2" caption "$1" Hero "$2"
done
for run in "dpr1 AppLogo.png" "dpr2 AppLogo@2x.png" "dpr3 AppLogo@3x.png" "dark2 AppLogo@2x.png"; do
    set -- $run
    check "$1: the AppLogo image request got $2" got "$1" AppLogo "$2"
done
check "the hints reached the server: the page shows the DPR 3 request as 3x" grep -q "This page's request: .*3x" "$work/dpr3.html"
check "a screenshot of each visit" bash -c 'for n in dpr1 dpr2 dpr3 dark2; do [ -s ".build/serve-gallery-$n.png" ] || exit 1; done'

summary test-serve-chromium
