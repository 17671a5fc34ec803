#!/usr/bin/env bash
# Tests assetc's Bazel rules (bazel/, docs/BAZEL.md) with Debian's Bazel, offline, in a copy of bazel/example:
#   1. `bazel build` of assetc_catalog and assetc_swift_accessors in Bazel's default sandbox (linux-sandbox,
#      whose inputs are symbolic links out of the catalog); the car and the partial Info.plist must be
#      byte-identical to what `assetc compile` writes for the same catalog, and the accessors must type-check
#      against the AssetCatalog module; assetc_catalog thinned for one device with an asset pack
#      (on-demand resources): the main car, the pack's car and the plist declared, byte-identical to
#      `assetc compile`'s, the tagged set in the pack only and only the device's scale kept;
#   2. `bazel test` of assetc_audit_test: passing on the example's clean catalog, failing on
#      SampleCatalogs/Broken.xcassets, with SARIF in the test's outputs;
#   3. the remote cache: nginx with WebDAV on 127.0.0.1 as Bazel's HTTP cache; build, `bazel clean --expunge`,
#      build again: the compile must be a remote cache hit.
# Installs bazel-bootstrap and nginx-light with apt-get when missing (as root). Everything runs in a temporary
# folder (Bazel's output root included) and is stopped and removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
repository=$PWD

need=()
command -v bazel >/dev/null 2>&1 || need+=(bazel-bootstrap)
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || need+=(nginx-light)
if [ ${#need[@]} -gt 0 ]; then
    if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
        echo "Installing ${need[*]} (Bazel rules test)…"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
    else
        echo "error: the Bazel rules test needs ${need[*]}: sudo apt-get install -y ${need[*]}" >&2
        exit 1
    fi
fi
nginx_binary=$(command -v nginx || echo /usr/sbin/nginx)

Scripts/bootstrap.sh
swift build --product assetc
assetc=$repository/.build/debug/assetc

work=$(mktemp -d /tmp/assetc-bazel.XXXXXX)
nginx_pid=""
cleanup() {
    if [ -n "$nginx_pid" ]; then kill "$nginx_pid" 2>/dev/null || true; fi
    if [ -d "$work/bazel/example" ]; then
        (cd "$work/bazel/example" && bazel --output_user_root="$work/root" shutdown >/dev/null 2>&1) || true
    fi
    chmod -R u+w "$work" 2>/dev/null || true
    [ -n "${KEEP_BAZEL_WORK:-}" ] || rm -rf "$work"
}
trap cleanup EXIT

cp -R bazel "$work/bazel"
example=$work/bazel/example
# A broken catalog beside the clean one, for the failing audit test.
mkdir -p "$example/Broken"
cp -R SampleCatalogs/Broken.xcassets "$example/Broken/"
cat >>"$example/BUILD" <<'BUILD'

assetc_audit_test(
    name = "broken_audit",
    # Bazel 4's runfiles cannot hold a file name with a space (Broken.xcassets has "Contents 2.json").
    srcs = glob(["Broken/Broken.xcassets/**"], exclude = ["**/* *"]),
)
BUILD
# `bazel test` offline: the coverage tools Bazel 4 fetches for every test, as empty local targets.
mkdir -p "$work/coverage"
touch "$work/coverage/WORKSPACE"
cat >"$work/coverage/BUILD" <<'BUILD'
filegroup(name = "coverage_report_generator", srcs = [], visibility = ["//visibility:public"])
filegroup(name = "lcov_merger", srcs = [], visibility = ["//visibility:public"])
BUILD

cd "$example"
bazel_run() {
    local command=$1
    shift
    bazel --output_user_root="$work/root" "$command" --repo_env=ASSETC_BINARY="$assetc" --nosandbox_debug \
        --override_repository=remote_coverage_tools="$work/coverage" "$@"
}
fail() {
    echo "error: $*" >&2
    exit 1
}

echo "== bazel build //:catalog //:accessors //:device_catalog (linux-sandbox)"
bazel_run build //:catalog //:accessors //:device_catalog --spawn_strategy=linux-sandbox 2>&1 | tail -n 3
"$assetc" compile App/Assets.xcassets --compile "$work/cli" --platform iphoneos --minimum-deployment-target 17.0 \
    --app-icon AppIcon --accent-color AccentColor --output-partial-info-plist "$work/cli.plist" >/dev/null
cmp bazel-bin/catalog/Assets.car "$work/cli/Assets.car" || fail "the car built by Bazel differs from assetc compile's"
cmp bazel-bin/catalog_partial.plist "$work/cli.plist" || fail "the partial Info.plist built by Bazel differs"
for icon in "$work"/cli/*.png; do
    cmp "bazel-bin/catalog/$(basename "$icon")" "$icon" || fail "icon file $(basename "$icon") differs"
done
echo "car, icon files and partial Info.plist byte-identical to assetc compile's ($(wc -c <bazel-bin/catalog/Assets.car) bytes)"

# The thinned build with an asset pack: every declared output there, each the same as assetc compile's.
pack=bazel-bin/device_catalog_packs/level1.assetpack
[ -s bazel-bin/device_catalog/Assets.car ] && [ -s "$pack/Assets.car" ] && [ -s bazel-bin/device_catalog_partial.plist ] \
    || fail "the device build did not leave its declared outputs"
grep -q "/device_catalog_packs/level1.assetpack</string>" bazel-bin/device_catalog_asset_packs.plist \
    || fail "the asset pack specifications do not name the declared pack folder"
cat >"$work/packs.plist" <<PLIST
<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0"><array><dict><key>bundle-id</key><string>com.example.app.asset-pack-level1</string>
<key>bundle-path</key><string>$work/cli-packs/level1.assetpack</string>
<key>tags</key><array><string>level1</string></array></dict></array></plist>
PLIST
"$assetc" compile App/Assets.xcassets --compile "$work/cli-device" --platform iphoneos --minimum-deployment-target 17.0 \
    --app-icon AppIcon --accent-color AccentColor --target-device iphone --target-device ipad \
    --filter-for-device-model iPhone15,2 --filter-for-device-os-version 17.0 \
    --enable-on-demand-resources YES --asset-pack-output-specifications "$work/packs.plist" \
    --output-partial-info-plist "$work/cli-device.plist" >/dev/null
cmp bazel-bin/device_catalog/Assets.car "$work/cli-device/Assets.car" || fail "the thinned car differs from assetc compile's"
cmp "$pack/Assets.car" "$work/cli-packs/level1.assetpack/Assets.car" || fail "the asset pack's car differs from assetc compile's"
cmp bazel-bin/device_catalog_partial.plist "$work/cli-device.plist" || fail "the thinned partial Info.plist differs"
"$assetc" info bazel-bin/device_catalog/Assets.car >"$work/device-info.txt"
"$assetc" info "$pack/Assets.car" >"$work/pack-info.txt"
grep -q "Levels/LevelOne" "$work/device-info.txt" && fail "the tagged set is in the main car"
grep -q "^  Levels/LevelOne " "$work/pack-info.txt" || fail "the tagged set is not in the asset pack's car"
grep -q "logo@3x" "$work/device-info.txt" || fail "the thinned car lacks the iPhone's 3x logo"
grep -qE "logo@[12]x" "$work/device-info.txt" && fail "the car thinned for an iPhone 14 Pro kept a 1x or 2x logo"
echo "thinned car and asset pack declared, byte-identical to assetc compile's; the tagged set only in the pack"

# The accessors type-check against the AssetCatalog module, used as an app would use them.
build=$repository/.build/debug
triple_build=$(cd "$build" && pwd -P)
cat >"$work/Use.swift" <<'SWIFT'
import AssetCatalog
let images: [ImageName] = [.logo, .onboarding.welcome, .appIcon]
let accent: ColorName = .accent
SWIFT
swiftc -typecheck bazel-bin/accessors.swift "$work/Use.swift" -I "$triple_build/Modules" \
    -Xcc -fmodule-map-file="$repository/Sources/CPNGSupport/include/module.modulemap" \
    -Xcc -fmodule-map-file="$repository/Sources/CPNG/module.modulemap" \
    -Xcc -fmodule-map-file="$repository/Sources/CDeflate/module.modulemap" \
    -Xcc -fmodule-map-file="$triple_build/CLZFSE.build/module.modulemap" \
    -Xcc -fmodule-map-file="$triple_build/CMemoryHints.build/module.modulemap" \
    -Xcc -fmodule-map-file="$triple_build/CCARDecoding.build/module.modulemap" \
    $(pkg-config --cflags-only-I libpng | sed 's/-I/-Xcc -I/g') || fail "the generated accessors do not type-check"
echo "accessors type-check"

echo "== bazel test //:audit (clean catalog: must pass)"
bazel_run test //:audit --test_output=errors 2>&1 | tail -n 3
[ -s bazel-testlogs/audit/test.outputs/outputs.zip ] || [ -s bazel-testlogs/audit/test.outputs/audit.sarif ] \
    || fail "the audit test left no SARIF in its outputs"

echo "== bazel test //:broken_audit (Broken.xcassets: must fail)"
set +e
bazel_run test //:broken_audit >"$work/broken.log" 2>&1
status=$?
set -e
[ "$status" = 3 ] || { cat "$work/broken.log" >&2; fail "bazel test //:broken_audit exited $status, expected 3 (a test failed)"; }
grep -q "error" bazel-testlogs/broken_audit/test.log || fail "the failing audit's log names no error"
echo "failed as it must: $(grep -c ': error: ' bazel-testlogs/broken_audit/test.log) error findings in its log"

echo "== remote cache: nginx WebDAV on 127.0.0.1"
mkdir -p "$work/cache" "$work/nginx/logs"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# As root, nginx hands requests to workers running as `nobody`, who may not write into this private folder.
nginx_user=""
if [ "$(id -u)" = "0" ]; then nginx_user="user root;"; fi
cat >"$work/nginx/nginx.conf" <<NGINX
$nginx_user
daemon off;
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log $work/nginx/logs/error.log;
events { worker_connections 64; }
http {
    access_log $work/nginx/logs/access.log;
    client_body_temp_path $work/nginx/body;
    client_max_body_size 512m;
    server {
        listen 127.0.0.1:$port;
        location / {
            root $work/cache;
            dav_methods PUT;
            create_full_put_path on;
        }
    }
}
NGINX
"$nginx_binary" -p "$work/nginx" -c "$work/nginx/nginx.conf" &
nginx_pid=$!
for _ in $(seq 50); do
    curl -s -o /dev/null "http://127.0.0.1:$port/" && break
    sleep 0.1
done
# From nothing: the first build must run the compile (a local action cache hit would upload nothing).
bazel --output_user_root="$work/root" clean --expunge >/dev/null 2>&1
bazel_run build //:catalog --remote_cache="http://127.0.0.1:$port" >"$work/first.log" 2>&1 || { cat "$work/first.log" >&2; fail "the build with the remote cache failed"; }
grep -E "processes:" "$work/first.log" || true
[ -n "$(find "$work/cache" -type f | head -n 1)" ] || fail "nothing was uploaded to the remote cache"
bazel --output_user_root="$work/root" clean --expunge >/dev/null 2>&1
bazel_run build //:catalog --remote_cache="http://127.0.0.1:$port" >"$work/second.log" 2>&1
grep -E "processes:" "$work/second.log" || true
grep -qE "[1-9][0-9]* remote cache hit" "$work/second.log" || { cat "$work/second.log" >&2; fail "the second build after clean --expunge was not a remote cache hit"; }
cmp bazel-bin/catalog/Assets.car "$work/cli/Assets.car" || fail "the car from the remote cache differs"
echo "the compile was a remote cache hit; the car from the cache is byte-identical"
echo "Bazel rules: all checks passed"
