#!/usr/bin/env bash
# Runs the whole test suite: unit tests of both libraries and end-to-end tests of the built CLI.
#
#   Scripts/test.sh                       # everything
#   Scripts/test.sh --sanitize=address    # the whole suite under AddressSanitizer
#   Scripts/test.sh --sanitize=undefined  # the whole suite under UndefinedBehaviorSanitizer
#   Scripts/test.sh --sanitize=thread     # the concurrency tests under ThreadSanitizer
#
# Sanitized builds go to .build-<sanitizer> (gitignored) so they never mix with the normal build.
# Other arguments are passed to `swift build` and `swift test`.
set -euo pipefail
cd "$(dirname "$0")/.."

Scripts/bootstrap.sh

sanitizer=""
arguments=()
for argument in "$@"; do
    case "$argument" in
        --sanitize=*) sanitizer="${argument#--sanitize=}" ;;
        *) arguments+=("$argument") ;;
    esac
done

if [[ -z "$sanitizer" ]]; then
    swift build --build-tests ${arguments[@]+"${arguments[@]}"}
    # The tests that count retains install process-wide runtime hooks (Tests/AssetCatalogTests/Lookup/
    # RetainCounter.swift): they run in a process of their own, one at a time, so no other test's threads
    # pass through them.
    swift test --skip-build --skip UnderRetainHooks ${arguments[@]+"${arguments[@]}"}
    swift test --skip-build --no-parallel --filter UnderRetainHooks ${arguments[@]+"${arguments[@]}"}
    # The example package (about 70 s from clean): the SwiftPM build-tool plugin packs its catalog into a
    # bundle resource and compiles typed accessors; its test looks an asset up through one.
    swift build --build-tests --package-path Examples/PluginExample
    swift test --skip-build --package-path Examples/PluginExample
    # The command plugin audits the example's catalog as a user's `swift package assetc-audit` would.
    audit_output=$(swift package --package-path Examples/PluginExample assetc-audit 2>&1) || {
        echo "$audit_output" >&2
        echo "error: swift package assetc-audit failed on Examples/PluginExample" >&2
        exit 1
    }
    if ! grep -q "in 1 catalog (1 asset)" <<<"$audit_output"; then
        echo "$audit_output" >&2
        echo "error: swift package assetc-audit did not audit the example's catalog" >&2
        exit 1
    fi
    echo "swift package assetc-audit: $(tail -n 1 <<<"$audit_output")"
    exit 0
fi

case "$sanitizer" in
    address | undefined) filter=() ;;
    # The tests that run many threads at once: concurrent lookups on one archive, parallel reading,
    # auditing and packing.
    thread) filter=(--filter "concurrentLookups|jobsDoNotMatter|parallelMapOrder|deterministic|determinism") ;;
    *)
        echo "error: --sanitize takes address, undefined or thread, not '$sanitizer'" >&2
        exit 2
        ;;
esac
build=(--sanitize="$sanitizer" --build-path ".build-$sanitizer")
if [[ "$sanitizer" == "undefined" ]]; then
    # swiftc has no -sanitize=undefined on Linux (Swift code traps on overflow and bad conversions by
    # itself); UBSan instruments the C layer (CPNGSupport), where undefined behaviour can hide.
    build=(-Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined
        -Xswiftc -Xclang-linker -Xswiftc -fsanitize=undefined --build-path ".build-undefined")
fi
swift build --build-tests "${build[@]}" ${arguments[@]+"${arguments[@]}"}
swift test --skip-build "${build[@]}" ${filter[@]+"${filter[@]}"} ${arguments[@]+"${arguments[@]}"}
