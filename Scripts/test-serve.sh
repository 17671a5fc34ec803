#!/usr/bin/env bash
# End-to-end tests of `assetc serve` with curl, against a server started on a free port of 127.0.0.1:
# the bytes equal `assetc extract … -o -` (archive and Assets.car), the cache headers, hostile requests and
# limits, the request timeout, swapping the archive (watched, SIGHUP, a damaged file refused) and graceful
# shutdown. Installs curl with apt-get when missing. Prints "test-serve: N passed, M failed".
#
#   Scripts/test-serve.sh            # builds (debug) first
#   ASSETC=path/to/assetc Scripts/test-serve.sh
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/serve/common.sh

if ! ensure_package curl curl; then
    echo "test-serve: skipped: curl is not installed and cannot be installed here" >&2
    exit 0
fi
ensure_assetc

work=$(mktemp -d "${TMPDIR:-/tmp}/assetc-serve-test.XXXXXX")
SERVE_PID=""
cleanup() {
    if [ -n "$SERVE_PID" ]; then stop_process "$SERVE_PID" || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

"$ASSETC" pack SampleCatalogs/Showcase.xcassets -o "$work/Showcase.assetc" >/dev/null
"$ASSETC" compile SampleCatalogs/Showcase.xcassets --compile "$work/car" --platform iphoneos \
    --minimum-deployment-target 17.0 >/dev/null
start_serve "$work/server" "$work/Showcase.assetc" --watch-interval 0.2 --request-timeout 2 --log-level debug
base="http://127.0.0.1:$SERVE_PORT"

# same_bytes URL CURL-ARGS… -- EXTRACT-ARGS…: the body equals `assetc extract EXTRACT-ARGS… -o -`.
same_bytes() {
    local url=$1
    shift
    local curl_args=()
    while [ "$1" != "--" ]; do curl_args+=("$1"); shift; done
    shift
    curl -fsS "${curl_args[@]}" "$url" -o "$work/got" || return 1
    "$ASSETC" extract "$@" -o - >"$work/want" || return 1
    cmp -s "$work/got" "$work/want"
}

check "device=iphone-portrait + DPR 2 + dark = extract --device iphone-portrait --scale 2 --appearance dark" \
    same_bytes "$base/assets/Hero?device=iphone-portrait" -H "Sec-CH-DPR: 2" -H 'Sec-CH-Prefers-Color-Scheme: "dark"' \
    -- "$work/Showcase.assetc" Hero --device iphone-portrait --scale 2 --appearance dark
for dpr in 1 1.5 3 4; do
    scale=$(python3 -c "import math; print(min(3, math.ceil($dpr)))")
    check "DPR $dpr gets the ${scale}x Hero" \
        same_bytes "$base/assets/Hero" -H "Sec-CH-DPR: $dpr" -- "$work/Showcase.assetc" Hero --scale "$scale"
done
check "a narrow viewport gets the compact-width Banner" \
    same_bytes "$base/assets/Banner?device=ipad" -H "Sec-CH-Viewport-Width: 400" -H "Sec-CH-DPR: 2" \
    -- "$work/Showcase.assetc" Banner --device ipad --width compact --scale 2
check "query overrides beat hints: ?scale=1&appearance=light with DPR 3 and dark" \
    same_bytes "$base/assets/Hero?scale=1&appearance=light" -H "Sec-CH-DPR: 3" -H 'Sec-CH-Prefers-Color-Scheme: "dark"' \
    -- "$work/Showcase.assetc" Hero --scale 1 --appearance light
check "a namespaced SVG, percent-encoded" \
    same_bytes "$base/assets/Icons%2FStar" -- "$work/Showcase.assetc" Icons/Star
check "a data set" same_bytes "$base/assets/Welcome" -- "$work/Showcase.assetc" Welcome

check "Hero: Vary, Critical-CH, Accept-CH, ETag, Cache-Control, Content-Type" bash -c '
    h=$(curl -sS -D - -o /dev/null -H "Sec-CH-DPR: 2" "$0/assets/Hero" | tr -d "\r")
    grep -qix "vary: Sec-CH-DPR, Sec-CH-Prefers-Color-Scheme" <<<"$h" &&
    grep -qix "critical-ch: Sec-CH-DPR, Sec-CH-Prefers-Color-Scheme" <<<"$h" &&
    grep -qix "accept-ch: Sec-CH-DPR, Sec-CH-Prefers-Color-Scheme, Sec-CH-Viewport-Width" <<<"$h" &&
    grep -qix "cache-control: public, max-age=300" <<<"$h" &&
    grep -qix "content-type: image/png" <<<"$h" &&
    grep -qi "^etag: \"" <<<"$h"' "$base"
check "AppLogo has no dark variant: Vary names only Sec-CH-DPR" bash -c '
    curl -sS -D - -o /dev/null "$0/assets/AppLogo" | tr -d "\r" | grep -qix "vary: Sec-CH-DPR"' "$base"
etag=$(curl -sS -D - -o /dev/null -H "Sec-CH-DPR: 3" "$base/assets/Hero" | tr -d '\r' | sed -n 's/^[Ee][Tt][Aa][Gg]: //p')
check "If-None-Match with the ETag: 304, no body" bash -c '
    [ "$(curl -sS -o "$2/body304" -w "%{http_code}" -H "Sec-CH-DPR: 3" -H "If-None-Match: $1" "$0/assets/Hero")" = 304 ] &&
    [ ! -s "$2/body304" ]' "$base" "$etag" "$work"
check "the same ETag for DPR 2 is not a match: 200" bash -c '
    [ "$(curl -sS -o /dev/null -w "%{http_code}" -H "Sec-CH-DPR: 2" -H "If-None-Match: $1" "$0/assets/Hero")" = 200 ]' \
    "$base" "$etag"
check "HEAD: Content-Length of the GET, no body" bash -c '
    length=$(curl -sS "$0/assets/Hero" | wc -c)
    h=$(curl -sS -I "$0/assets/Hero" | tr -d "\r")
    grep -qix "content-length: $length" <<<"$h"' "$base"
check "GET /assets/Hero.json explains the choice" bash -c '
    curl -fsS -H "Sec-CH-DPR: 3" "$0/assets/Hero.json" | python3 -c "
import json, sys
d = json.load(sys.stdin)
assert d[\"chosenSource\"].endswith(\"Hero@3x.png\"), d[\"chosenSource\"]
"' "$base"

check "../ never reaches a file: 404" bash -c '[ "$(curl -sS -o /dev/null -w "%{http_code}" --path-as-is "$0/assets/../../../../etc/passwd")" = 404 ]' "$base"
check "%2e%2e never reaches a file: 404" bash -c '[ "$(curl -sS -o /dev/null -w "%{http_code}" --path-as-is "$0/assets/%2e%2e/%2e%2e/etc/passwd")" = 404 ]' "$base"
check "a NUL in the name: 400" bash -c '[ "$(curl -sS -o /dev/null -w "%{http_code}" "$0/assets/Hero%00")" = 400 ]' "$base"
check "a 20 kB URL is refused (400) and the connection closed" bash -c '
    [ "$(curl -sS -o /dev/null -w "%{http_code}" "$0/assets/$(head -c 20000 /dev/zero | tr "\0" a)")" = 400 ]' "$base"
check "a 40 kB header is refused (400)" bash -c '
    [ "$(curl -sS -o /dev/null -w "%{http_code}" -H "X-Big: $(head -c 40000 /dev/zero | tr "\0" a)" "$0/assets/Hero")" = 400 ]' "$base"
check "an asset name over 1024 bytes: 414" bash -c '
    [ "$(curl -sS -o /dev/null -w "%{http_code}" "$0/assets/$(head -c 1100 /dev/zero | tr "\0" a)")" = 414 ]' "$base"
check "a request sent a byte at a time is cut off after --request-timeout (2 s)" python3 - "$SERVE_PORT" <<'PY'
import socket, sys, time
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
start = time.time()
closed = False
for byte in b"GET /assets/Hero HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 40:
    try:
        s.send(bytes([byte]))
        time.sleep(0.25)
    except OSError:
        closed = True
        break
    s.settimeout(0.01)
    try:
        if s.recv(1) == b"":
            closed = True
            break
    except socket.timeout:
        pass
    except OSError:
        closed = True
        break
elapsed = time.time() - start
sys.exit(0 if closed and 1.5 <= elapsed <= 6 else 1)
PY
check "an idle keep-alive connection is closed after the timeout" python3 - "$SERVE_PORT" <<'PY'
import socket, sys, time
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])))
s.settimeout(8)
start = time.time()
data = s.recv(1)
sys.exit(0 if data == b"" and 1.5 <= time.time() - start <= 6 else 1)
PY
check "/healthz" bash -c 'curl -fsS "$0/healthz" | grep -q "^ok: 1 catalogs, 13 assets, generation 1"' "$base"
check "/metrics counts requests by status, 304s and bytes" bash -c '
    m=$(curl -fsS "$0/metrics")
    grep -q "^assetc_http_requests_total{status=\"200\"} [1-9]" <<<"$m" &&
    grep -q "^assetc_http_not_modified_total 1$" <<<"$m" &&
    grep -q "^assetc_http_response_bytes_total [1-9]" <<<"$m" &&
    grep -q "^assetc_http_request_duration_seconds_count [1-9]" <<<"$m"' "$base"

# Swapping: a new archive renamed over the path (what `assetc pack` does) is picked up by the watcher.
mkdir -p "$work/plain"
"$ASSETC" pack SampleCatalogs/PlainAssets -o "$work/plain/Plain.assetc" >/dev/null
cp "$work/plain/Plain.assetc" "$work/next.assetc" && mv "$work/next.assetc" "$work/Showcase.assetc"
check "a new archive renamed into place is served (watched)" bash -c '
    base=$0
    for i in $(seq 100); do curl -fsS "$base/healthz" | grep -q "generation 2$" && break; sleep 0.1; done
    [ "$(curl -sS -o /dev/null -w "%{http_code}" "$base/assets/hero")" = 200 ] &&
    [ "$(curl -sS -o /dev/null -w "%{http_code}" "$base/assets/Hero")" = 404 ]' "$base"
printf 'not an archive' >"$work/next.assetc" && mv "$work/next.assetc" "$work/Showcase.assetc"
sleep 1
check "a damaged new archive is refused with a log line naming it; the old one keeps serving" bash -c '
    grep -q "refused new catalog" "$1/server.err" && grep -q "Showcase.assetc" "$1/server.err" &&
    [ "$(curl -sS -o /dev/null -w "%{http_code}" "$0/assets/hero")" = 200 ] &&
    curl -fsS "$0/healthz" | grep -q "generation 2$"' "$base" "$work"
check "the debug log names the variant each request got" grep -q 'variant=Hero.imageset/Hero-dark@2x.png' "$work/server.err"
stop_status=0
stop_process "$SERVE_PID" || stop_status=$?
SERVE_PID=""
check "SIGTERM stops the server gracefully (exit 0 within 10 s)" test "$stop_status" = 0

# SIGHUP with the watcher off; then an Assets.car served like an archive.
"$ASSETC" pack SampleCatalogs/Showcase.xcassets -o "$work/Showcase.assetc" >/dev/null
start_serve "$work/hup" "$work/Showcase.assetc" --watch-interval 0
base="http://127.0.0.1:$SERVE_PORT"
cp "$work/plain/Plain.assetc" "$work/next.assetc" && mv "$work/next.assetc" "$work/Showcase.assetc"
sleep 0.5
check "without the watcher nothing changes before SIGHUP" bash -c 'curl -fsS "$0/healthz" | grep -q "generation 1$"' "$base"
kill -HUP "$SERVE_PID"
check "SIGHUP reloads" bash -c '
    for i in $(seq 100); do curl -fsS "$0/healthz" | grep -q "generation 2$" && exit 0; sleep 0.1; done; exit 1' "$base"
stop_process "$SERVE_PID" || true
SERVE_PID=""

start_serve "$work/car" "$work/car/Assets.car"
base="http://127.0.0.1:$SERVE_PORT"
check "Assets.car: DPR 3 + dark = extract Assets.car Hero --scale 3 --appearance dark" \
    same_bytes "$base/assets/Hero" -H "Sec-CH-DPR: 3" -H 'Sec-CH-Prefers-Color-Scheme: "dark"' \
    -- "$work/car/Assets.car" Hero --scale 3 --appearance dark
check "Assets.car: the second request is the same bytes (from the made-file cache)" \
    same_bytes "$base/assets/Hero" -H "Sec-CH-DPR: 3" -H 'Sec-CH-Prefers-Color-Scheme: "dark"' \
    -- "$work/car/Assets.car" Hero --scale 3 --appearance dark
check "Assets.car: a namespaced vector image" \
    same_bytes "$base/assets/Icons/Settings" -- "$work/car/Assets.car" Icons/Settings
stop_process "$SERVE_PID" || true
SERVE_PID=""

check "a missing archive is an error naming it, exit 2" bash -c '
    out=$("$0" serve "$1/none.assetc" --port 0 2>&1); status=$?
    [ "$status" = 2 ] && grep -q "none.assetc" <<<"$out"' "$ASSETC" "$work"
check "a damaged archive is refused at start, exit 1, naming it" bash -c '
    printf garbage >"$1/bad.assetc"; out=$("$0" serve "$1/bad.assetc" --port 0 2>&1); status=$?
    [ "$status" = 1 ] && grep -q "bad.assetc" <<<"$out"' "$ASSETC" "$work"

summary test-serve
