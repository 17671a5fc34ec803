#!/usr/bin/env bash
# Two `assetc serve` replicas behind nginx as a caching reverse proxy (proxy_cache, as a CDN would), all on
# 127.0.0.1 with nginx's own prefix in a temporary folder (docs/SERVING.md, "Scaling out"): clients with DPR 2
# and DPR 3 each get their own bytes through the cache, the second round comes from the cache (X-Cache-Status:
# HIT), an asset without dark artwork is shared by light and dark clients, and losing a replica loses nothing.
# Installs nginx (nginx-light, else nginx) with apt-get when missing. Prints "test-serve-nginx: N passed, M failed".
set -euo pipefail
cd "$(dirname "$0")/.."
source Scripts/serve/common.sh

export PATH="$PATH:/usr/sbin:/sbin"
if ! ensure_package curl curl; then
    echo "test-serve-nginx: skipped: curl cannot be installed here" >&2
    exit 0
fi
if ! ensure_package nginx nginx-light && ! ensure_package nginx nginx; then
    echo "test-serve-nginx: skipped: nginx is not installed and cannot be installed here" >&2
    exit 0
fi
ensure_assetc

work=$(mktemp -d "${TMPDIR:-/tmp}/assetc-serve-nginx.XXXXXX")
pids=()
nginx_pid=""
cleanup() {
    if [ -n "$nginx_pid" ]; then stop_process "$nginx_pid" || true; fi
    for pid in "${pids[@]}"; do stop_process "$pid" || true; done
    rm -rf "$work"
}
trap cleanup EXIT

"$ASSETC" pack SampleCatalogs/Showcase.xcassets -o "$work/Showcase.assetc" >/dev/null
start_serve "$work/replica1" "$work/Showcase.assetc" --log-level debug
pids+=("$SERVE_PID")
replica1=$SERVE_PORT
start_serve "$work/replica2" "$work/Showcase.assetc" --log-level debug
pids+=("$SERVE_PID")
replica2=$SERVE_PORT

port=$(free_port)
mkdir -p "$work/nginx/logs" "$work/nginx/cache" "$work/nginx/temp"
# Started as root, nginx's workers run as an unprivileged user: they must reach the cache and temporary folders.
chmod 755 "$work" "$work/nginx"
chmod 777 "$work/nginx/cache" "$work/nginx/temp"
sed -e "s|@PREFIX@|$work/nginx|g" -e "s|@PORT@|$port|g" -e "s|@REPLICA1@|$replica1|g" -e "s|@REPLICA2@|$replica2|g" \
    docs/examples/nginx-cache.conf >"$work/nginx/nginx.conf"
nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" -g "daemon off; pid $work/nginx/nginx.pid; error_log $work/nginx/logs/error.log;" &
nginx_pid=$!
for _ in $(seq 100); do
    curl -fsS "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break
    sleep 0.1
done
base="http://127.0.0.1:$port"

# fetch NAME DPR SCHEME: the body to $work/body, prints the X-Cache-Status.
fetch() {
    curl -fsS -D "$work/headers" -o "$work/body" -H "Sec-CH-DPR: $2" -H "Sec-CH-Prefers-Color-Scheme: \"$3\"" \
        "$base/assets/$1"
    tr -d '\r' <"$work/headers" | sed -n 's/^[Xx]-[Cc]ache-[Ss]tatus: //p'
}
# expect NAME DPR SCHEME STATUS SCALE APPEARANCE: the cache status and the bytes of extract --scale --appearance.
expect() {
    local got
    got=$(fetch "$1" "$2" "$3") || return 1
    "$ASSETC" extract "$work/Showcase.assetc" "$1" --scale "$5" --appearance "$6" -o - >"$work/want"
    if [ "$got" != "$4" ]; then
        echo "  $1 DPR $2 $3: X-Cache-Status $got, expected $4" >&2
        return 1
    fi
    cmp -s "$work/body" "$work/want"
}

check "round 1: DPR 2 light misses and gets the 2x bytes" expect Hero 2 light MISS 2 light
check "round 1: DPR 3 light misses and gets the 3x bytes" expect Hero 3 light MISS 3 light
check "round 1: DPR 2 dark misses and gets the dark 2x bytes" expect Hero 2 dark MISS 2 dark
check "round 2: DPR 2 light is a hit with the 2x bytes" expect Hero 2 light HIT 2 light
check "round 2: DPR 3 light is a hit with the 3x bytes" expect Hero 3 light HIT 3 light
check "round 2: DPR 2 dark is a hit with the dark 2x bytes" expect Hero 2 dark HIT 2 dark
check "AppLogo (no dark artwork) DPR 3 light misses" expect AppLogo 3 light MISS 3 light
check "AppLogo DPR 3 dark shares the light entry: its Vary does not name the colour scheme" \
    expect AppLogo 3 dark HIT 3 dark
check "both replicas answered misses (stateless, round robin)" bash -c '
    grep -q "variant=" "$0/replica1.err" && grep -q "variant=" "$0/replica2.err"' "$work"
stop_process "${pids[0]}" || true
pids=("${pids[1]}")
check "with one replica gone, a new variant is still served (by the other)" expect Hero 1 light MISS 1 light
check "and the cached ones still hit" expect Hero 3 light HIT 3 light

summary test-serve-nginx
