# Shared by the `assetc serve` test scripts and `Scripts/bench.sh serve`: install a Debian package when missing,
# start a server on a free port of 127.0.0.1 and wait for it, and count checks. Source it; do not run it.

# ensure_package COMMAND PACKAGE: installs PACKAGE with apt-get (as Scripts/bootstrap.sh does) when COMMAND is
# missing; returns 1, after saying why, when that is impossible (not root, no apt-get, no network).
ensure_package() {
    local command=$1 package=$2
    if command -v "$command" >/dev/null 2>&1; then return 0; fi
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "$package is not installed and this is not a Debian-like system" >&2
        return 1
    fi
    local sudo=()
    if [ "$(id -u)" -ne 0 ]; then
        if ! command -v sudo >/dev/null 2>&1; then
            echo "$package is not installed; run as root: apt-get install -y $package" >&2
            return 1
        fi
        sudo=(sudo)
    fi
    echo "installing $package with apt-get" >&2
    if ! "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >/dev/null 2>&1; then
        "${sudo[@]}" apt-get update -qq >/dev/null 2>&1 || true
        "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >/dev/null 2>&1 || {
            echo "could not install $package with apt-get" >&2
            return 1
        }
    fi
    command -v "$command" >/dev/null 2>&1
}

# free_port: a TCP port on 127.0.0.1 that nothing listens on now.
free_port() {
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# start_serve LOG_PREFIX ARGS…: starts `$ASSETC serve ARGS… --port 0` in the background, waits for its
# "serving … on http://127.0.0.1:PORT/" line, and sets SERVE_PID and SERVE_PORT. stdout and stderr go to
# LOG_PREFIX.out and LOG_PREFIX.err.
start_serve() {
    local prefix=$1
    shift
    "$ASSETC" serve "$@" --port 0 >"$prefix.out" 2>"$prefix.err" &
    SERVE_PID=$!
    local waited=0
    while ! grep -q "^serving .* on http://" "$prefix.out" 2>/dev/null; do
        if ! kill -0 "$SERVE_PID" 2>/dev/null; then
            echo "assetc serve exited before it listened:" >&2
            cat "$prefix.err" >&2
            return 1
        fi
        sleep 0.1
        waited=$((waited + 1))
        if [ "$waited" -gt 600 ]; then
            echo "assetc serve did not start in 60 s" >&2
            return 1
        fi
    done
    SERVE_PORT=$(sed -n 's|^serving .* on http://[^:]*:\([0-9]*\)/.*|\1|p' "$prefix.out" | head -n 1)
}

# stop_process PID: SIGTERM, then wait up to 10 s, then SIGKILL. Returns the process's exit status.
stop_process() {
    local pid=$1
    kill -TERM "$pid" 2>/dev/null || return 0
    local waited=0
    while kill -0 "$pid" 2>/dev/null && [ "$waited" -lt 100 ]; do
        sleep 0.1
        waited=$((waited + 1))
    done
    if kill -0 "$pid" 2>/dev/null; then
        kill -KILL "$pid" 2>/dev/null
        wait "$pid" 2>/dev/null
        return 137
    fi
    wait "$pid" 2>/dev/null
}

PASSED=0
FAILED=0
# check DESCRIPTION COMMAND…: runs COMMAND; counts and prints a pass or a failure.
check() {
    local description=$1
    shift
    if "$@"; then
        PASSED=$((PASSED + 1))
        echo "ok: $description"
    else
        FAILED=$((FAILED + 1))
        echo "FAILED: $description" >&2
    fi
}

# summary NAME: prints "NAME: N passed, M failed" (the closing line CI reads) and returns 1 on a failure.
summary() {
    echo "$1: $PASSED passed, $FAILED failed"
    [ "$FAILED" -eq 0 ]
}

# ensure_assetc: unless ASSETC names one already, builds assetc and assetc-serve (debug) and sets ASSETC.
ensure_assetc() {
    if [ -n "${ASSETC:-}" ]; then return 0; fi
    Scripts/bootstrap.sh
    swift build --product assetc >/dev/null
    swift build --product assetc-serve >/dev/null
    ASSETC="$PWD/.build/debug/assetc"
}
