#!/usr/bin/env bash
# Runs one libFuzzer target for a number of seconds, seeded from the committed corpus (Fuzz/Corpus)
# plus files from SampleCatalogs; prints libFuzzer's final statistics. A crash leaves its input in
# .build-fuzz/findings/TARGET/ and makes the script exit non-zero; keep every such input as a
# regression test (Tests/*/Hostile) once fixed.
#
#   Scripts/fuzz.sh FuzzArchive 600
#   Scripts/fuzz.sh list
#
# Targets: FuzzArchive FuzzContentsJSON FuzzPlainFileName FuzzConfig FuzzImage FuzzBatchRequest FuzzCAR FuzzDeepmap FuzzLZ
# FuzzSymbolTemplate FuzzIconDocument FuzzCompileCache.
# Builds with `-sanitize=fuzzer,address` into .build-fuzz (gitignored), only with ASSETC_FUZZ=1, so
# the normal build never sees the fuzz targets. Needs a Swift toolchain with libFuzzer (Linux).
# FuzzLZ is the C LZFSE and LZVN decoders alone (Fuzz/FuzzLZ/fuzz_lz.c), built with the toolchain's clang under
# `-fsanitize=fuzzer,address,undefined`: UndefinedBehaviorSanitizer too, which swiftc cannot give on Linux.
set -euo pipefail
cd "$(dirname "$0")/.."

targets="FuzzArchive FuzzContentsJSON FuzzPlainFileName FuzzConfig FuzzImage FuzzBatchRequest FuzzCAR FuzzDeepmap FuzzLZ FuzzSymbolTemplate FuzzIconDocument FuzzCompileCache"
target="${1:-}"
seconds="${2:-60}"
if [[ -z "$target" || "$target" == "list" ]]; then
    echo "usage: Scripts/fuzz.sh TARGET SECONDS"
    echo "targets: $targets"
    exit 2
fi
if [[ " $targets " != *" $target "* ]]; then
    echo "error: unknown target '$target'; targets: $targets" >&2
    exit 2
fi

if [[ "$target" == FuzzLZ ]]; then
    mkdir -p .build-fuzz/c
    binary=".build-fuzz/c/$target"
    clang -fuse-ld=lld -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -I Sources/CLZFSE/include \
        Sources/CLZFSE/lzfse.c Sources/CLZFSE/lzvn.c Fuzz/FuzzLZ/fuzz_lz.c -o "$binary" >&2
else
    ASSETC_FUZZ=1 swift build -c debug -Xswiftc -sanitize=fuzzer,address --build-path .build-fuzz --product "$target" >&2
    binary=".build-fuzz/debug/$target"
fi

corpus=".build-fuzz/corpus/$target"
findings=".build-fuzz/findings/$target"
mkdir -p "$corpus" "$findings"
cp Fuzz/Corpus/"$target"/* "$corpus"/ 2>/dev/null || true
case "$target" in
    FuzzContentsJSON) find SampleCatalogs -name Contents.json -size -64k | while read -r f; do cp "$f" "$corpus/sample-$(echo "$f" | cksum | cut -d' ' -f1)"; done ;;
    FuzzImage) find SampleCatalogs \( -name '*.png' -o -name '*.jpg' \) -size -64k | while read -r f; do cp "$f" "$corpus/sample-$(echo "$f" | cksum | cut -d' ' -f1)"; done ;;
    FuzzPlainFileName) find SampleCatalogs/PlainAssets -type f | while read -r f; do printf '%s' "$(basename "$f")" > "$corpus/sample-$(echo "$f" | cksum | cut -d' ' -f1)"; done ;;
    *) ;;
esac

# -rss_limit_mb bounds memory (a leak or an unbounded allocation is a finding too); -timeout makes a
# slow input (a hang) a finding.
"$binary" "$corpus" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -artifact_prefix="$findings/" -print_final_stats=1
