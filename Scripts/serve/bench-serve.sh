#!/usr/bin/env bash
# `Scripts/bench.sh serve`: `assetc serve` against nginx serving the same bytes as a static file, same run, with
# wrk (Debian's) at 2 threads and 64 connections on 127.0.0.1; then the server's RSS after 10,000 and after
# 1,000,000 requests, half of them for distinct unknown names. Prints requests/s of both and their ratio (target
# >= 0.8), p99 latencies, and the RSS growth (target within 10%). Expects a release build of assetc.
#
#   SERVE_BENCH_SECONDS (default 10) per timed wrk run; SERVE_BENCH_ROUNDS (default 3) alternating rounds;
#   SERVE_BENCH_REQUESTS (default 1000000) for the RSS check.
set -euo pipefail
cd "$(dirname "$0")/../.."
source Scripts/serve/common.sh
export PATH="$PATH:/usr/sbin:/sbin"

for tool in "wrk wrk" "nginx nginx-light" "curl curl"; do
    set -- $tool
    if ! ensure_package "$1" "$2"; then
        if [ "$1" = nginx ] && ensure_package nginx nginx; then continue; fi
        echo "serve benchmark: skipped: $2 cannot be installed here" >&2
        exit 0
    fi
done
ASSETC="${ASSETC:-$PWD/.build/release/assetc}"
# Benchmarks/ServeBaseline (optional: without it the floor is not measured).
BASELINE="${BASELINE:-$(dirname "$ASSETC")/ServeBaseline}"
seconds="${SERVE_BENCH_SECONDS:-10}"
rounds="${SERVE_BENCH_ROUNDS:-3}"
total="${SERVE_BENCH_REQUESTS:-1000000}"

work=$(mktemp -d "${TMPDIR:-/tmp}/assetc-serve-bench.XXXXXX")
SERVE_PID=""
nginx_pid=""
cleanup() {
    if [ -n "$SERVE_PID" ]; then stop_process "$SERVE_PID" || true; fi
    if [ -n "$nginx_pid" ]; then stop_process "$nginx_pid" || true; fi
    if [ -n "${baseline_pid:-}" ]; then stop_process "$baseline_pid" || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

"$ASSETC" pack SampleCatalogs/Showcase.xcassets -o "$work/Showcase.assetc" >/dev/null
mkdir -p "$work/static/assets" "$work/nginx/logs" "$work/nginx/temp"
# Started as root, nginx's workers run as an unprivileged user: they must read the static file.
chmod 755 "$work" "$work/static" "$work/static/assets"
chmod 777 "$work/nginx/temp"
# The same bytes a DPR 2 light client gets from the server.
"$ASSETC" extract "$work/Showcase.assetc" Hero --scale 2 -o "$work/static/assets/Hero"
chmod 644 "$work/static/assets/Hero"
port=$(free_port)
cat >"$work/nginx/nginx.conf" <<CONF
worker_processes auto;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path $work/nginx/temp/body;
    proxy_temp_path $work/nginx/temp/proxy;
    fastcgi_temp_path $work/nginx/temp/fastcgi;
    uwsgi_temp_path $work/nginx/temp/uwsgi;
    scgi_temp_path $work/nginx/temp/scgi;
    sendfile on;
    keepalive_requests 10000000;
    server {
        listen 127.0.0.1:$port;
        root $work/static;
        location /assets/ { default_type image/png; add_header Cache-Control "public, max-age=300"; }
    }
}
CONF
nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" -g "daemon off; pid $work/nginx/nginx.pid; error_log $work/nginx/logs/error.log;" &
nginx_pid=$!
start_serve "$work/server" "$work/Showcase.assetc" --log-level warning
# The framework's floor: Hummingbird answering the same bytes and headers from memory, resolving nothing.
baseline_pid=""
if [ -x "$BASELINE" ]; then
    baseline_port=$(free_port)
    "$BASELINE" "$work/static/assets/Hero" "$baseline_port" >"$work/baseline.out" 2>"$work/baseline.err" &
    baseline_pid=$!
    for _ in $(seq 100); do grep -q "^serving on" "$work/baseline.out" 2>/dev/null && break; sleep 0.1; done
fi
for _ in $(seq 50); do curl -fsS "http://127.0.0.1:$port/assets/Hero" -o /dev/null 2>/dev/null && break; sleep 0.1; done
curl -fsS -H "Sec-CH-DPR: 2" "http://127.0.0.1:$SERVE_PORT/assets/Hero" -o "$work/served"
cmp -s "$work/served" "$work/static/assets/Hero" || { echo "the server's bytes differ from the static file" >&2; exit 1; }

# run_wrk URL: one timed run; prints "requests_per_second p99_milliseconds".
run_wrk() {
    wrk -t2 -c64 -d"${seconds}s" --latency -H "Sec-CH-DPR: 2" "$1" >"$work/wrk.txt"
    local rps p99
    rps=$(awk '/^Requests\/sec:/ {print $2}' "$work/wrk.txt")
    p99=$(awk '$1 == "99%" {v = $2; if (v ~ /us$/) {sub(/us$/, "", v); v /= 1000} else if (v ~ /ms$/) {sub(/ms$/, "", v)} else if (v ~ /s$/) {sub(/s$/, "", v); v *= 1000}; print v}' "$work/wrk.txt")
    if grep -q "Non-2xx" "$work/wrk.txt"; then echo "non-2xx answers from $1" >&2; cat "$work/wrk.txt" >&2; exit 1; fi
    echo "$rps $p99"
}

echo "== Serving: assetc serve vs nginx (static file, same bytes), wrk -t2 -c64 -d${seconds}s, $rounds alternating rounds"
wrk -t2 -c64 -d2s "http://127.0.0.1:$port/assets/Hero" >/dev/null
wrk -t2 -c64 -d2s -H "Sec-CH-DPR: 2" "http://127.0.0.1:$SERVE_PORT/assets/Hero" >/dev/null
nginx_runs=()
serve_runs=()
baseline_runs=()
for round in $(seq "$rounds"); do
    nginx_runs+=("$(run_wrk "http://127.0.0.1:$port/assets/Hero")")
    if [ -n "$baseline_pid" ]; then baseline_runs+=("$(run_wrk "http://127.0.0.1:$baseline_port/assets/Hero")"); fi
    serve_runs+=("$(run_wrk "http://127.0.0.1:$SERVE_PORT/assets/Hero")")
    line="  round $round: nginx ${nginx_runs[-1]% *} req/s (p99 ${nginx_runs[-1]#* } ms)"
    if [ -n "$baseline_pid" ]; then line+=", bare Hummingbird ${baseline_runs[-1]% *} req/s (p99 ${baseline_runs[-1]#* } ms)"; fi
    echo "$line, assetc serve ${serve_runs[-1]% *} req/s (p99 ${serve_runs[-1]#* } ms)"
done
median() { sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
nginx_rps=$(printf '%s\n' "${nginx_runs[@]}" | cut -d' ' -f1 | median)
serve_rps=$(printf '%s\n' "${serve_runs[@]}" | cut -d' ' -f1 | median)
nginx_p99=$(printf '%s\n' "${nginx_runs[@]}" | cut -d' ' -f2 | median)
serve_p99=$(printf '%s\n' "${serve_runs[@]}" | cut -d' ' -f2 | median)
echo "  median: nginx $nginx_rps req/s (p99 $nginx_p99 ms), assetc serve $serve_rps req/s (p99 $serve_p99 ms)"
echo "  assetc serve / nginx: $(awk -v a="$serve_rps" -v b="$nginx_rps" 'BEGIN {printf "%.2f", a / b}')x requests/s (target >= 0.8x)"
if [ -n "$baseline_pid" ]; then
    baseline_rps=$(printf '%s\n' "${baseline_runs[@]}" | cut -d' ' -f1 | median)
    baseline_p99=$(printf '%s\n' "${baseline_runs[@]}" | cut -d' ' -f2 | median)
    echo "  bare Hummingbird (fixed bytes, no resolving): $baseline_rps req/s (p99 $baseline_p99 ms);" \
        "/ nginx $(awk -v a="$baseline_rps" -v b="$nginx_rps" 'BEGIN {printf "%.2f", a / b}')x;" \
        "assetc serve / bare Hummingbird $(awk -v a="$serve_rps" -v b="$baseline_rps" 'BEGIN {printf "%.2f", a / b}')x"
    stop_process "$baseline_pid" || true
    baseline_pid=""
fi

# RSS: a fresh server, 10,000 requests, then the rest up to $total; half for distinct unknown names (404), half
# for Hero with DPRs 1 to 3 and both colour schemes.
stop_process "$SERVE_PID" || true
start_serve "$work/rss" "$work/Showcase.assetc" --log-level warning
cat >"$work/mixed.lua" <<'LUA'
local counter = 0
local limit = 0
local thread_id = 0
local threads = {}
function setup(thread)
  thread:set("thread_id", #threads)
  table.insert(threads, thread)
end
function init(args)
  limit = tonumber(args[1])
end
function request()
  counter = counter + 1
  if counter % 2 == 0 then
    return wrk.format("GET", "/assets/flood-" .. thread_id .. "-" .. counter)
  end
  local dpr = (counter % 3) + 1
  local scheme = (counter % 4 < 2) and '"dark"' or '"light"'
  return wrk.format("GET", "/assets/Hero", { ["Sec-CH-DPR"] = tostring(dpr), ["Sec-CH-Prefers-Color-Scheme"] = scheme })
end
local answered = 0
function response(status, headers, body)
  answered = answered + 1
  if answered >= limit then wrk.thread:stop() end
end
LUA
rss_kb() { awk '/^VmRSS:/ {print $2}' "/proc/$SERVE_PID/status"; }
answered() {
    curl -fsS "http://127.0.0.1:$SERVE_PORT/metrics" | awk '/^assetc_http_requests_total\{status="(200|404)"\}/ {s += $2} END {print s + 0}'
}
# drive_to N: requests until the server has answered at least N. A wrk thread that reaches its share stops
# sending, but wrk itself runs for its whole -d, so the runs are short and repeated.
drive_to() {
    local target=$1 done share
    done=$(answered)
    while [ "$done" -lt "$target" ]; do
        share=$(((target - done + 1) / 2))
        wrk -t2 -c64 -d3s -s "$work/mixed.lua" "http://127.0.0.1:$SERVE_PORT" -- "$share" >/dev/null
        done=$(answered)
    done
}
drive_to 10000
rss_small=$(rss_kb)
small=$(answered)
drive_to "$total"
rss_large=$(rss_kb)
large=$(answered)
echo "== Memory: RSS after $small requests $((rss_small / 1024)) MB, after $large requests $((rss_large / 1024)) MB" \
    "($(awk -v a="$rss_large" -v b="$rss_small" 'BEGIN {printf "%+.1f", (a / b - 1) * 100}')%, target within 10%; half were distinct unknown names)"
