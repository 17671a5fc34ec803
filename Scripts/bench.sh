#!/usr/bin/env bash
# Benchmarks. Each figure is reported next to a baseline measured in the same run, because absolute
# times on shared machines are not stable. Results and how to read them: docs/PERFORMANCE.md.
#
#   Scripts/bench.sh              everything
#   Scripts/bench.sh resolver     only the resolver benchmark (also: read, pack, audit, car, compile, lookup)
#   Scripts/bench.sh lookup       only the lookup benchmarks: resolver, archive (image/data/colour) and Assets.car
#                                 name lookups from 1 to the core count threads against a Dictionary baseline
#   Scripts/bench.sh optimize     pack --optimize against oxipng level 2 (pyoxipng) and optipng -o2 on the 200
#                                 artwork PNGs of ../shared/bench/gen-artwork.sh, all on every core, same run
#   Scripts/bench.sh serve        assetc serve against nginx serving the same bytes as a static file (wrk, 2 threads,
#                                 64 connections, same run), p99 latency, RSS after 10,000 and 1,000,000 requests
#                                 (Scripts/serve/bench-serve.sh; installs wrk and nginx with apt-get)
#   Scripts/bench.sh diff         assetc diff of two 10,000-set cars (the benchmark catalog compiled, and a copy with
#                                 100 sets removed, 100 added and 100 changed) vs assetc info --json of both cars
#   Scripts/bench.sh scale        time per set and peak RSS at 10,000 and 100,000 sets (SCALE_SMALL, SCALE_LARGE
#                                 pick other sizes; SCALE_BASELINE_BIN=path/to/old/assetc runs it too, interleaved)
#   Scripts/bench.sh compile      compile against pack and tar -cf (XCBUILD_ACTOOL=…/actool adds xcbuild's actool,
#                                 COMPILE_BASELINE_BIN=path/to/old/assetc an earlier build, each interleaved)
#
# `car` needs the Assets.car files of ../shared/cars (CARS_DIR to use another folder) and, for the reference
# LZFSE/LZVN figures, the `lzfse` package from PyPI (pip install lzfse).
#
# BENCH_DIR (default .build-bench) holds the generated 10,000-set catalog and the outputs.
set -euo pipefail
cd "$(dirname "$0")/.."

Scripts/bootstrap.sh
only="${1:-all}"
bench_dir="${BENCH_DIR:-.build-bench}"
runs="${BENCH_RUNS:-5}"
mkdir -p "$bench_dir"

swift build -c release --product assetc
if [ "$only" = compile ] || [ "$only" = optimize ] || [ "$only" = scale ] || [ "$only" = serve ] || [ "$only" = diff ]; then
  : # the assetc binary is all it needs
elif [ "$only" = car ]; then
  swift build -c release --product CARBenchmark
else
  swift build -c release --product ResolverBenchmark
  swift build -c release --product ArchiveBenchmark
fi
if [ "$only" = lookup ]; then swift build -c release --product CARBenchmark; fi
bin=".build/release"

# settle: before each timed run (not timed), writes the data the previous run left dirty in the page cache
# (sync) and waits BENCH_SETTLE_SECONDS (default 1), so that no command is timed in the wake of another on
# the same two cores: a compile timed right after xcbuild's actool otherwise pays for writing back actool's
# 268 MB car (and actool for assetc's 334 MB), and for what the machine does for about a second after a
# 20-second run (measured: a compile or `info` right after actool used 15-25% more CPU time, with 30 to 60
# times the context switches; one second later, none of it; most of those switches were later traced to files
# the host had evicted, below). Each command's own writing is still timed.
#
# Then it reads the benchmark catalog's files back into the page cache (BENCH_WARM_CACHE=0 leaves that out),
# so every timed run, whichever tool's, starts with its inputs cached, as they are when a build has just
# written or checked them out. Some virtual machines evict page cache on their own: on the one of
# docs/PERFORMANCE.md the host's proactive reclaim (DAMON, `pageout` of file pages it samples as idle) evicted
# 317 of the catalog's 40,021 files during one 21-second actool run that read every one of them, and about 60
# a second after; the next run read those from disk, so its time depended on how long the run before it took.
warm_inputs() {
  [ "${BENCH_WARM_CACHE:-1}" = 1 ] && [ -d "${catalog:-}" ] || return 0
  find "$catalog" -type f -print0 | xargs -0 cat > /dev/null
}
settle() {
  sync
  sleep "${BENCH_SETTLE_SECONDS:-1}"
  warm_inputs
}

# median_seconds CMD...: runs CMD $runs times (after one warm-up run) and prints the median wall time.
median_seconds() {
  "$@" >/dev/null 2>&1 || true
  local times=()
  for _ in $(seq "$runs"); do
    local start end
    settle
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1 || true
    end=$(date +%s%N)
    times+=("$(( end - start ))")
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.3f", a[int((NR+1)/2)]/1e9}'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
# fine_ratio A B: A / B to three decimals, for ratios compared with targets like 0.05x (0.052 is not met).
fine_ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }

# interleaved_medians "CMD A" "CMD B": runs A and B alternately $runs times each (after one warm-up
# of each) and prints "median_A median_B". Alternating spreads the machine's slow spells over both.
interleaved_medians() {
  sh -c "$1" >/dev/null 2>&1 || true
  sh -c "$2" >/dev/null 2>&1 || true
  local a=() b=()
  for _ in $(seq "$runs"); do
    for which in a b; do
      local command start end
      if [ "$which" = a ]; then command="$1"; else command="$2"; fi
      settle
      start=$(date +%s%N)
      sh -c "$command" >/dev/null 2>&1 || true
      end=$(date +%s%N)
      if [ "$which" = a ]; then a+=("$(( end - start ))"); else b+=("$(( end - start ))"); fi
    done
  done
  local median_a median_b
  median_a=$(printf '%s\n' "${a[@]}" | sort -n | awk '{v[NR]=$1} END {printf "%.3f", v[int((NR+1)/2)]/1e9}')
  median_b=$(printf '%s\n' "${b[@]}" | sort -n | awk '{v[NR]=$1} END {printf "%.3f", v[int((NR+1)/2)]/1e9}')
  echo "$median_a $median_b"
}

catalog="$bench_dir/Bench.xcassets"
stamp="$bench_dir/.generator-$(sha256sum Scripts/generate-bench-catalog.py | cut -c1-16)"
if [ ! -e "$stamp" ] && [ "$only" != "resolver" ] && [ "$only" != "car" ] && [ "$only" != "lookup" ] && [ "$only" != "optimize" ] && [ "$only" != "scale" ] && [ "$only" != "serve" ]; then
  echo "generating $catalog (10,000 image sets x 3 PNG scales)…"
  rm -f "$bench_dir"/.generator-*
  python3 Scripts/generate-bench-catalog.py "$catalog" --sets 10000
  touch "$stamp"
fi

if [ "$only" = all ] || [ "$only" = resolver ]; then
  echo
  echo "== Resolver: lookup + resolve vs Dictionary<String, Int> (target <= 3x)"
  "$bin/ResolverBenchmark"
fi

if [ "$only" = all ] || [ "$only" = read ]; then
  echo
  echo "== Reading: assetc info --json (full PNG decode) vs pngcheck -q, same files, 2 cores"
  if ! command -v pngcheck >/dev/null 2>&1; then
    if [ "$(id -u)" -eq 0 ]; then apt-get install -y -qq pngcheck >/dev/null || true; fi
  fi
  find "$catalog" -name '*.png' | sort > "$bench_dir/pngs.txt"
  png_bytes=$(tr '\n' '\0' < "$bench_dir/pngs.txt" | du -cb --files0-from=- | tail -1 | cut -f1)
  png_mb=$(awk -v b="$png_bytes" 'BEGIN { printf "%.1f", b / 1e6 }')
  echo "  PNG input: $(wc -l < "$bench_dir/pngs.txt") files, $png_mb MB"
  if command -v pngcheck >/dev/null 2>&1; then
    read -r info_s pngcheck_s < <(interleaved_medians "'$bin/assetc' info --json '$catalog'" \
      "xargs -a '$bench_dir/pngs.txt' -d '\n' -n 500 -P 2 pngcheck -q")
    echo "  assetc info --json      ${info_s}s  $(awk -v m="$png_mb" -v s="$info_s" 'BEGIN { printf "%.0f", m / s }') MB/s"
    echo "  pngcheck -q (2 workers) ${pngcheck_s}s  $(awk -v m="$png_mb" -v s="$pngcheck_s" 'BEGIN { printf "%.0f", m / s }') MB/s"
    echo "  assetc info / pngcheck time: $(ratio "$info_s" "$pngcheck_s")x (target <= 1.00x; medians of $runs interleaved runs)"
  else
    info_s=$(median_seconds "$bin/assetc" info --json "$catalog")
    echo "  assetc info --json      ${info_s}s  $(awk -v m="$png_mb" -v s="$info_s" 'BEGIN { printf "%.0f", m / s }') MB/s"
    echo "  pngcheck is not installed (apt-get install pngcheck): no baseline"
  fi
fi

if [ "$only" = all ] || [ "$only" = pack ]; then
  echo
  echo "== Packing 10,000 sets x 3 scales vs tar -cf of the same folder"
  archive="$bench_dir/Bench.assetc"
  tar_s=$(median_seconds tar -cf "$bench_dir/bench.tar" -C "$bench_dir" Bench.xcassets)
  pack_s=$(median_seconds "$bin/assetc" pack "$catalog" -o "$archive" --no-cache --quiet)
  verify_s=$(median_seconds "$bin/assetc" pack "$catalog" -o "$archive" --no-cache --verify-pixels --quiet)
  optimize_out="$bench_dir/Bench-optimized.assetc"
  "$bin/assetc" pack "$catalog" -o "$optimize_out" --no-cache --optimize --quiet
  "$bin/assetc" pack "$catalog" -o "$archive" --no-cache --quiet
  rm -rf "$bench_dir/cache"
  cold_s=$(median_seconds sh -c "rm -rf '$bench_dir/cache'; '$bin/assetc' pack '$catalog' -o '$archive' --cache '$bench_dir/cache' --quiet")
  "$bin/assetc" pack "$catalog" -o "$archive" --cache "$bench_dir/cache" --quiet
  warm_s=$(median_seconds "$bin/assetc" pack "$catalog" -o "$archive" --cache "$bench_dir/cache" --quiet)
  input_bytes=$(find "$catalog" -type f ! -name Contents.json -print0 | du -cb --files0-from=- | tail -1 | cut -f1)
  archive_bytes=$(stat -c %s "$archive")
  optimized_bytes=$(stat -c %s "$optimize_out")
  echo "  tar -cf                         ${tar_s}s"
  echo "  assetc pack (default)           ${pack_s}s  $(ratio "$pack_s" "$tar_s")x tar (target <= 2x)"
  echo "  assetc pack --verify-pixels     ${verify_s}s  $(ratio "$verify_s" "$tar_s")x tar"
  echo "  sum of input payloads           $input_bytes bytes"
  echo "  archive (default)               $archive_bytes bytes  $(awk -v a="$archive_bytes" -v b="$input_bytes" 'BEGIN { printf "%+.2f%%", (a / b - 1) * 100 }') (target <= +1%)"
  echo "  archive (--optimize)            $optimized_bytes bytes  $(awk -v a="$optimized_bytes" -v b="$input_bytes" 'BEGIN { printf "%+.2f%%", (a / b - 1) * 100 }') (target < 0%)"
  echo "  cold pack with cache            ${cold_s}s"
  echo "  no-change repack                ${warm_s}s  $(awk -v a="$warm_s" -v b="$cold_s" 'BEGIN { printf "%.1f%%", a / b * 100 }') of cold (target <= 10%)"
  "$bin/ArchiveBenchmark" "$archive"
fi

if [ "$only" = all ] || [ "$only" = audit ]; then
  echo
  echo "== Audit vs info on the same catalog (target <= 1.5x)"
  read -r info_s audit_s < <(interleaved_medians "'$bin/assetc' info --json '$catalog'" \
    "'$bin/assetc' audit '$catalog' --format json")
  echo "  assetc info --json   ${info_s}s"
  echo "  assetc audit         ${audit_s}s  $(ratio "$audit_s" "$info_s")x info (medians of $runs interleaved runs)"
fi

if [ "$only" = car ]; then
  echo
  echo "== Assets.car: info --json and extract --all on every file vs cat of the same bytes; LZFSE/LZVN vs reference; deepmap2 vs libpng"
  cars_dir="${CARS_DIR:-../shared/cars}"
  [ -d "$cars_dir" ] || cars_dir=/work/shared/cars
  find "$cars_dir" -name '*.car' | sort > "$bench_dir/cars.txt"
  if [ ! -s "$bench_dir/cars.txt" ]; then
    echo "  no .car files in $cars_dir: skipped"
  else
    car_bytes=$(tr '\n' '\0' < "$bench_dir/cars.txt" | du -cb --files0-from=- | tail -1 | cut -f1)
    echo "  input: $(wc -l < "$bench_dir/cars.txt") files, $car_bytes bytes"
    read -r info_s cat_s < <(interleaved_medians \
      "while read -r f; do '$bin/assetc' info --json \"\$f\"; done < '$bench_dir/cars.txt'" \
      "while read -r f; do cat \"\$f\"; done < '$bench_dir/cars.txt'")
    echo "  cat                   ${cat_s}s"
    echo "  assetc info --json    ${info_s}s  $(ratio "$info_s" "$cat_s")x cat"
    read -r extract_s cat_s < <(interleaved_medians \
      "n=0; while read -r f; do n=\$((n+1)); rm -rf '$bench_dir/car-out'-\$n; '$bin/assetc' extract --all '$bench_dir/car-out'-\$n \"\$f\"; done < '$bench_dir/cars.txt'" \
      "while read -r f; do cat \"\$f\"; done < '$bench_dir/cars.txt'")
    echo "  assetc extract --all  ${extract_s}s  $(ratio "$extract_s" "$cat_s")x cat (writes every decodable variant as PNG)"
    echo "  name lookups on the opened files (CARBenchmark --lookups):"
    xargs -a "$bench_dir/cars.txt" -d '\n' "$bin/CARBenchmark" --lookups
    rm -rf "$bench_dir/lz-streams"
    xargs -a "$bench_dir/cars.txt" -d '\n' "$bin/CARBenchmark" --dump "$bench_dir/lz-streams" | tee "$bench_dir/lz-assetc.txt" | sed 's/^/  /'
    python3 Scripts/bench-lz-reference.py "$bench_dir/lz-streams" | tee "$bench_dir/lz-reference.txt" | sed 's/^/  /'
    # The ratio of rates on the same streams (target: LZFSE at least 1x the reference).
    for kind in LZFSE LZVN; do
      ours=$(awk -v k="$kind" '$1 == k { for (i = 1; i <= NF; i++) if ($i == "MB/s") print $(i - 1) }' "$bench_dir/lz-assetc.txt")
      reference=$(awk -v k="$kind" '$1 == k && $2 == "reference" { print $3 }' "$bench_dir/lz-reference.txt")
      if [ -n "$ours" ] && [ -n "$reference" ]; then
        echo "  $kind: assetc $(awk -v a="$ours" -v b="$reference" 'BEGIN { printf "%.2f", a / b }')x as fast as the reference C decoder"
      fi
    done
    echo "  deepmap2 decode vs libpng on the same pixels (the cars' deepmap2 renditions; target <= 0.5x):"
    xargs -a "$bench_dir/cars.txt" -d '\n' "$bin/CARBenchmark" --deepmap | sed 's/^/  /'
  fi
fi

if [ "$only" = diff ]; then
  echo
  echo "== assetc diff of two 10,000-set cars vs assetc info --json of the same two cars (target: diff under 1 s)"
  changed="$bench_dir/BenchChanged.xcassets"
  # The cars are rebuilt when the generator or the assetc that writes them changes (size and mtime of the binary):
  # a benchmark of cars an older writer built measures another decoder's input.
  diff_stamp="$bench_dir/.diff-$(basename "$stamp")-$(stat -c '%s-%Y' "$bin/assetc")"
  if [ ! -e "$diff_stamp" ] || [ ! -f "$bench_dir/diff-old/Assets.car" ] || [ ! -f "$bench_dir/diff-new/Assets.car" ]; then
    # The copy shares the catalog's files (hard links); every change replaces a file, never edits one.
    rm -rf "$changed" "$bench_dir/diff-old" "$bench_dir/diff-new" "$bench_dir"/.diff-*
    cp -al "$catalog" "$changed"
    for i in $(seq 0 99); do
      n=$(printf '%05d' "$i")
      rm -rf "$changed/Group00/Asset$n.imageset"                                   # 100 sets removed
      cp -r "$catalog/Group01/Asset$(printf '%05d' $((500 + i))).imageset" "$changed/Group01/Added$n.imageset"  # 100 added
      m=$(printf '%05d' $((1000 + i)))
      rm "$changed/Group02/Asset$m.imageset/Asset$m@3x.png"                        # 100 changed: another 3x image
      cp "$catalog/Group03/Asset$(printf '%05d' $((1500 + i))).imageset/Asset$(printf '%05d' $((1500 + i)))@3x.png" \
        "$changed/Group02/Asset$m.imageset/Asset$m@3x.png"
    done
    "$bin/assetc" compile "$catalog" --compile "$bench_dir/diff-old" --platform iphoneos --minimum-deployment-target 17.0 >/dev/null
    "$bin/assetc" compile "$changed" --compile "$bench_dir/diff-new" --platform iphoneos --minimum-deployment-target 17.0 >/dev/null
    touch "$diff_stamp"
  fi
  old_car="$bench_dir/diff-old/Assets.car"
  new_car="$bench_dir/diff-new/Assets.car"
  # diff exits 1 when the cars differ (as they do here): not a failure of the benchmark.
  { "$bin/assetc" diff "$old_car" "$new_car" || true; } | sed -n '3,4p;5{/^unchanged/p}' | sed 's/^/  /'
  read -r diff_s info_s < <(interleaved_medians "'$bin/assetc' diff '$old_car' '$new_car'" \
    "'$bin/assetc' info --json '$old_car'; '$bin/assetc' info --json '$new_car'")
  read -r json_s _ < <(interleaved_medians "'$bin/assetc' diff --json '$old_car' '$new_car'" "true")
  # The floor: the old car against itself decodes nothing (every packed image's first checksum agrees), so this is
  # what the diff costs apart from decoding atlases: opening both cars, their size inventories, the comparison.
  read -r self_s one_info_s < <(interleaved_medians "'$bin/assetc' diff '$old_car' '$old_car'" \
    "'$bin/assetc' info --json '$old_car'")
  echo "  cars: $(stat -c %s "$old_car") and $(stat -c %s "$new_car") bytes"
  echo "  assetc info --json of both   ${info_s}s"
  echo "  assetc diff                  ${diff_s}s  $(ratio "$diff_s" "$info_s")x info (target: under 1 s)"
  echo "  assetc diff --json           ${json_s}s  $(ratio "$json_s" "$info_s")x info"
  echo "  assetc diff OLD OLD          ${self_s}s  (nothing decoded: the diff's floor)"
  echo "  assetc info --json OLD       ${one_info_s}s"
  # Peak RSS of one diff, and how much of it is anonymous memory (what the diff allocates) rather than the two
  # cars' mapped file pages, which it reads whole to checksum every rendition (sampled from /proc every 20 ms).
  if [ -x /usr/bin/time ]; then
    "$bin/assetc" diff "$old_car" "$new_car" >/dev/null &
    diff_pid=$!
    anon_kb=0
    while kill -0 "$diff_pid" 2>/dev/null; do
      now=$(awk '/^RssAnon/ { print $2 }' "/proc/$diff_pid/status" 2>/dev/null || true)
      if [ -n "$now" ] && [ "$now" -gt "$anon_kb" ]; then anon_kb=$now; fi
      sleep 0.02
    done
    wait "$diff_pid" || true
    /usr/bin/time -o "$bench_dir/diff-rss.txt" -f %M "$bin/assetc" diff "$old_car" "$new_car" >/dev/null || true
    echo "  assetc diff peak RSS         $(awk 'END { printf "%.0f", $1 / 1024 }' "$bench_dir/diff-rss.txt") MiB" \
      "(anonymous: $((anon_kb / 1024)) MiB; the rest is the cars' mapped pages)"
  fi
fi

if [ "$only" = all ] || [ "$only" = compile ]; then
  echo
  echo "== Compiling 10,000 sets x 3 scales to Assets.car vs assetc pack and tar -cf of the same folder"
  compiled="$bench_dir/compiled"
  compile_cache="$bench_dir/.compiled.assetc-cache"
  # A cold compile: the compile cache (on by default) emptied first, so the whole catalog is compiled and recorded.
  cold_compile="rm -rf '$compile_cache'; '$bin/assetc' compile '$catalog' --compile '$compiled' --platform iphoneos --minimum-deployment-target 17.0"
  input_bytes=$(find "$catalog" -type f ! -name Contents.json -print0 | du -cb --files0-from=- | tail -1 | cut -f1)
  input_mb=$(awk -v b="$input_bytes" 'BEGIN { printf "%.1f", b / 1e6 }')
  tar_s=$(median_seconds tar -cf "$bench_dir/bench.tar" -C "$bench_dir" Bench.xcassets)
  read -r compile_s pack_s < <(interleaved_medians "$cold_compile" \
    "'$bin/assetc' pack '$catalog' -o '$bench_dir/Bench.assetc' --no-cache --quiet")
  car_bytes=$(stat -c %s "$compiled/Assets.car")
  echo "  input PNGs                      $input_mb MB"
  echo "  tar -cf                         ${tar_s}s"
  echo "  assetc pack                     ${pack_s}s"
  echo "  assetc compile                  ${compile_s}s  $(awk -v m="$input_mb" -v s="$compile_s" 'BEGIN { printf "%.0f", m / s }') MB/s of PNG input"
  echo "  compile / pack: $(ratio "$compile_s" "$pack_s")x (target <= 2x, issue 24); compile / tar: $(ratio "$compile_s" "$tar_s")x"
  echo "  Assets.car                      $car_bytes bytes ($(awk -v a="$car_bytes" -v b="$input_bytes" 'BEGIN { printf "%.2f", a / b }')x the PNG input)"
  # Peak memory of one more compile (untimed): the car is streamed, so it stays far below the car's size.
  settle
  rm -rf "$compile_cache"
  /usr/bin/time -o "$bench_dir/compile-rss.txt" -f %M \
    "$bin/assetc" compile "$catalog" --compile "$compiled" --platform iphoneos --minimum-deployment-target 17.0 >/dev/null 2>&1 || true
  echo "  assetc compile peak RSS         $(awk '{ printf "%.1f", $1 / 1024 }' "$bench_dir/compile-rss.txt") MiB (target < 100 MB, issue 24)"

  # Rebuilds with the compile cache (issue 43, docs/COMPILE-CACHE.md), each timed after its change (untimed): nothing
  # changed; one image's bytes changed; 100 sets of one folder changed (all three scales). A change swaps a file's bytes
  # with those of another file of the same size and back, so every run sees a change.
  warm_compile="'$bin/assetc' compile '$catalog' --compile '$compiled' --platform iphoneos --minimum-deployment-target 17.0"
  originals="$bench_dir/rebuild-originals"
  rm -rf "$originals"; mkdir -p "$originals"
  one_image="$catalog/Group03/Asset01500.imageset/Asset01500@2x.png"
  cp "$one_image" "$originals/one.png"
  cp "$catalog/Group07/Asset03500.imageset/Asset03500@2x.png" "$originals/one-alternate.png"
  group_sets=$(seq -f '%05g' 2500 2599)  # Group05 holds sets 2500-2999, Group06 3000-3499
  for set in $group_sets; do
    for scale in 1 2 3; do
      cp "$catalog/Group05/Asset$set.imageset/Asset$set@${scale}x.png" "$originals/g-$set-$scale.png"
      alternate=$(printf '%05d' $((10#$set + 500)))
      cp "$catalog/Group06/Asset$alternate.imageset/Asset$alternate@${scale}x.png" "$originals/g-$set-$scale-alternate.png"
    done
  done
  toggle=0
  change_none() { :; }
  change_one() {
    toggle=$((1 - toggle))
    if [ "$toggle" = 1 ]; then cp "$originals/one-alternate.png" "$one_image"; else cp "$originals/one.png" "$one_image"; fi
  }
  change_group() {
    toggle=$((1 - toggle))
    for set in $group_sets; do
      for scale in 1 2 3; do
        if [ "$toggle" = 1 ]; then suffix=-alternate; else suffix=; fi
        cp "$originals/g-$set-$scale$suffix.png" "$catalog/Group05/Asset$set.imageset/Asset$set@${scale}x.png"
      done
    done
  }
  # median_after CHANGE: after one untimed warm compile, $runs times: settle, CHANGE (untimed), the compile (timed).
  median_after() {
    sh -c "$warm_compile" >/dev/null 2>&1 || true
    local times=()
    for _ in $(seq "$runs"); do
      settle
      "$1"
      local start end
      start=$(date +%s%N)
      sh -c "$warm_compile" >/dev/null 2>&1 || true
      end=$(date +%s%N)
      times+=("$(( end - start ))")
    done
    printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.3f", a[int((NR+1)/2)]/1e9}'
  }
  none_s=$(median_after change_none)
  one_s=$(median_after change_one)
  group_s=$(median_after change_group)
  toggle=1; change_one; toggle=1; change_group  # the catalog as generated again
  # The rebuilt car against a compile without the cache (untimed): the same bytes, or the figures mean nothing.
  sh -c "$warm_compile" >/dev/null 2>&1
  "$bin/assetc" compile "$catalog" --compile "$bench_dir/compiled-no-cache" --no-cache --platform iphoneos --minimum-deployment-target 17.0 >/dev/null 2>&1
  if cmp -s "$compiled/Assets.car" "$bench_dir/compiled-no-cache/Assets.car"; then same="byte-identical to --no-cache"; else same="DIFFERS from --no-cache"; fi
  echo "  rebuild, nothing changed        ${none_s}s  $(fine_ratio "$none_s" "$compile_s")x the cold compile (target <= 0.05x)"
  echo "  rebuild, one image changed      ${one_s}s  $(fine_ratio "$one_s" "$compile_s")x the cold compile (target <= 0.10x)"
  echo "  rebuild, 100 sets of one folder ${group_s}s  $(fine_ratio "$group_s" "$compile_s")x the cold compile (target <= 0.25x)"
  echo "  the rebuilt car: $same"
  # Another build of assetc (an earlier commit's release binary) on the same catalog, alternated, when given.
  if [ -n "${COMPILE_BASELINE_BIN:-}" ] && [ -x "$COMPILE_BASELINE_BIN" ]; then
    baseline_out="$bench_dir/compiled-baseline"
    read -r baseline_s assetc_s < <(interleaved_medians \
      "rm -rf '$bench_dir/.compiled-baseline.assetc-cache'; '$COMPILE_BASELINE_BIN' compile '$catalog' --compile '$baseline_out' --platform iphoneos --minimum-deployment-target 17.0" \
      "$cold_compile")
    echo "  baseline compile ($COMPILE_BASELINE_BIN)  ${baseline_s}s, $(stat -c %s "$baseline_out/Assets.car") bytes of Assets.car"
    echo "  this compile / baseline: $(ratio "$assetc_s" "$baseline_s")x (this build ${assetc_s}s in the same pairs)"
  fi
  # xcbuild's actool (facebookarchive/xcbuild, a build of your own on Linux; docs/CAR-FORMAT.md) when given.
  if [ -n "${XCBUILD_ACTOOL:-}" ] && [ -x "$XCBUILD_ACTOOL" ]; then
    mkdir -p "$bench_dir/xcbuild-compiled"  # xcbuild's actool does not create it
    read -r actool_s assetc_s < <(interleaved_medians \
      "'$XCBUILD_ACTOOL' --compile '$bench_dir/xcbuild-compiled' --platform iphoneos --minimum-deployment-target 17.0 '$catalog'" \
      "$cold_compile")
    echo "  xcbuild actool                  ${actool_s}s  ($(stat -c %s "$bench_dir/xcbuild-compiled/Assets.car" 2>/dev/null || echo no) bytes of Assets.car)"
    echo "  actool / assetc compile: $(ratio "$actool_s" "$assetc_s")x (goal >= 20x); assetc in this pair ${assetc_s}s"
    echo "  actool / rebuild: nothing changed $(ratio "$actool_s" "$none_s")x, one image $(ratio "$actool_s" "$one_s")x, 100 sets $(ratio "$actool_s" "$group_s")x"
    # What reading the PNGs and writing them out again costs, without decoding any: tar, and assetc pack (which
    # reads in one call per file and writes less per file than tar's 512-byte headers, so it is the lower floor).
    echo "  actool / tar -cf: $(ratio "$actool_s" "$tar_s")x; actool / assetc pack: $(ratio "$actool_s" "$pack_s")x (what reading and writing alone allow)"
  else
    echo "  (set XCBUILD_ACTOOL=/path/to/xcbuild/actool to time xcbuild's actool on the same catalog)"
  fi
fi

if [ "$only" = lookup ]; then
  echo
  echo "== Lookups from 1 to $(nproc) threads vs Dictionary<String, Int> in the same run (docs/PERFORMANCE.md, \"Lookups scale with threads\")"
  echo "   (medians of ${LOOKUP_ROUNDS:-9} interleaved rounds; on a shared machine only the ratios mean anything)"
  "$bin/ResolverBenchmark" --rounds "${LOOKUP_ROUNDS:-9}" --lookups 1000000 | sed 's/^/  /'
  echo "  archive lookups:"
  archive="$bench_dir/Bench.assetc"
  if [ -f "$archive" ]; then
    "$bin/ArchiveBenchmark" "$archive" --rounds "${LOOKUP_ROUNDS:-9}"
  else
    echo "  ($archive not built yet: Scripts/bench.sh pack builds it; images from an in-memory archive)"
    "$bin/ArchiveBenchmark" --rounds "${LOOKUP_ROUNDS:-9}"
  fi
  cars_dir="${CARS_DIR:-../shared/cars}"
  [ -d "$cars_dir" ] || cars_dir=/work/shared/cars
  find "$cars_dir" -name '*.car' | sort > "$bench_dir/cars.txt"
  if [ -s "$bench_dir/cars.txt" ]; then
    echo "  Assets.car lookups:"
    xargs -a "$bench_dir/cars.txt" -d '\n' "$bin/CARBenchmark" --lookups --rounds "${LOOKUP_ROUNDS:-9}"
  else
    echo "  no .car files in $cars_dir: Assets.car lookups skipped"
  fi
fi

if [ "$only" = optimize ]; then
  echo
  echo "== pack --optimize vs oxipng -o2 and optipng -o2 on the same 200 artwork PNGs, $(nproc) cores each"
  generator="${SHARED_DIR:-../shared}/bench/gen-artwork.sh"
  if [ ! -x "$generator" ] && [ ! -f "$generator" ]; then
    echo "  skipped: $generator is missing (it comes with ../shared)"
    exit 0
  fi
  command -v convert >/dev/null || { sudo_apt=""; [ "$(id -u)" = 0 ] || sudo_apt=sudo; $sudo_apt apt-get install -y -qq imagemagick >/dev/null; }
  command -v optipng >/dev/null || { sudo_apt=""; [ "$(id -u)" = 0 ] || sudo_apt=sudo; $sudo_apt apt-get install -y -qq optipng >/dev/null; }
  python3 -c 'import oxipng' 2>/dev/null || python3 -m pip install -q pyoxipng 2>/dev/null \
    || python3 -m pip install -q --break-system-packages pyoxipng
  artwork="$bench_dir/artwork/Art"
  if [ ! -e "$bench_dir/artwork/.done" ]; then
    rm -rf "$bench_dir/artwork"
    bash "$generator" "$artwork" >/dev/null
    touch "$bench_dir/artwork/.done"
  fi
  input_bytes=$(du -cb "$artwork"/*.png | tail -1 | cut -f1)
  cores=$(nproc)
  elapsed() { local start end; start=$(date +%s%N); "$@" >/dev/null 2>&1; end=$(date +%s%N); awk -v n=$((end - start)) 'BEGIN { printf "%.1f", n / 1e9 }'; }

  rm -rf "$bench_dir/oxipng" && mkdir -p "$bench_dir/oxipng"
  oxipng_s=$(elapsed python3 - "$artwork" "$bench_dir/oxipng" "$cores" <<'PY'
import multiprocessing, os, sys
import oxipng
source, target, cores = sys.argv[1], sys.argv[2], int(sys.argv[3])
def one(name):
    oxipng.optimize(os.path.join(source, name), os.path.join(target, name), level=2)
with multiprocessing.Pool(cores) as pool:
    pool.map(one, sorted(n for n in os.listdir(source) if n.endswith(".png")))
PY
)
  oxipng_bytes=$(du -cb "$bench_dir/oxipng"/*.png | tail -1 | cut -f1)

  rm -rf "$bench_dir/optipng" && mkdir -p "$bench_dir/optipng"
  optipng_s=$(elapsed sh -c "ls '$artwork' | xargs -P $cores -I{} optipng -quiet -o2 -out '$bench_dir/optipng/{}' '$artwork/{}'")
  optipng_bytes=$(du -cb "$bench_dir/optipng"/*.png | tail -1 | cut -f1)

  start=$(date +%s%N)
  "$bin/assetc" pack "$artwork" -o "$bench_dir/artwork.assetc" --optimize --no-cache --json > "$bench_dir/optimize.json"
  end=$(date +%s%N)
  assetc_s=$(awk -v n=$((end - start)) 'BEGIN { printf "%.1f", n / 1e9 }')
  assetc_bytes=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["bytesOut"])' "$bench_dir/optimize.json")

  printf '  %-34s %9s %12s bytes\n' "input" "" "$input_bytes"
  printf '  %-34s %8ss %12s bytes\n' "oxipng level 2 ($cores processes)" "$oxipng_s" "$oxipng_bytes"
  printf '  %-34s %8ss %12s bytes\n' "optipng -o2 ($cores processes)" "$optipng_s" "$optipng_bytes"
  printf '  %-34s %8ss %12s bytes\n' "assetc pack --optimize" "$assetc_s" "$assetc_bytes"
  echo "  assetc / oxipng: bytes $(ratio "$assetc_bytes" "$oxipng_bytes")x (target <= 1), time $(ratio "$assetc_s" "$oxipng_s")x (target <= 1)"
fi

if [ "$only" = serve ]; then
  swift build -c release --product assetc-serve && swift build -c release --product ServeBaseline
  echo
  ASSETC="$PWD/$bin/assetc" Scripts/serve/bench-serve.sh
fi

if [ "$only" = scale ]; then
  # Cost must grow in a straight line: the same commands on the generated catalog at two sizes, time per set
  # (median of SCALE_RUNS runs, page cache warmed first) and peak RSS (/usr/bin/time -v, the largest of the runs).
  small="${SCALE_SMALL:-10000}"
  large="${SCALE_LARGE:-100000}"
  scale_runs="${SCALE_RUNS:-3}"
  scale_dir="$bench_dir/scale"
  baseline_bin="${SCALE_BASELINE_BIN:-}"
  mkdir -p "$scale_dir"
  echo
  echo "== Scale: $small and $large sets x 3 PNG scales; time per set (target: ratio <= 1.15) and peak RSS"
  if [ ! -x /usr/bin/time ]; then
    if [ "$(id -u)" -eq 0 ]; then apt-get install -y -qq time >/dev/null || true; fi
    if [ ! -x /usr/bin/time ]; then echo "  /usr/bin/time is missing (apt-get install time): scale skipped"; exit 1; fi
  fi
  generator_hash=$(sha256sum Scripts/generate-bench-catalog.py | cut -c1-16)
  # About 36 KB a set for the catalog, as much again for the archives and the cache.
  for sets in "$small" "$large"; do
    if [ ! -e "$scale_dir/.generator-$generator_hash-$sets" ]; then
      need_kb=$(( sets * 80 ))
      free_kb=$(df -Pk "$scale_dir" | awk 'NR == 2 { print $4 }')
      if [ "$free_kb" -lt "$need_kb" ]; then
        echo "  $sets sets need about $(( need_kb / 1024 )) MB free under $scale_dir, only $(( free_kb / 1024 )) MB are:"
        echo "  free some space, point BENCH_DIR elsewhere, or pick a smaller size (SCALE_LARGE=30000)"
        exit 1
      fi
      echo "  generating $scale_dir/Bench-$sets.xcassets…"
      rm -f "$scale_dir"/.generator-*-"$sets"
      python3 Scripts/generate-bench-catalog.py "$scale_dir/Bench-$sets.xcassets" --sets "$sets"
      touch "$scale_dir/.generator-$generator_hash-$sets"
    fi
    # 1,000 names spread over the whole catalog, for the open + lookup figure.
    awk -v n="$sets" 'BEGIN { for (i = 0; i < 1000; i++) printf "{\"name\": \"Asset%05d\", \"device\": \"iphone-portrait\"}\n", int(i * n / 1000) }' \
      > "$scale_dir/lookups-$sets.jsonl"
  done
  if [ -n "$baseline_bin" ]; then echo "  baseline: $baseline_bin (same runs, alternating run by run)"; fi
  echo "  (the machine may be shared: compare the ratios and the baseline from this run, not absolute times)"

  whiches=(new)
  if [ -n "$baseline_bin" ]; then whiches+=(base); fi
  # measure LABEL SETS ARGS...: runs assetc ARGS $scale_runs times, and the baseline binary as often,
  # alternating run by run (so the machine's slow spells hit both); @WHICH@ in ARGS becomes new or base.
  # Appends "WHICH:LABEL SETS median_seconds max_rss_kb" for each binary.
  measure() {
    local label="$1" sets="$2"
    shift 2
    local which binary seconds kb
    local -a args
    local -A times=() rss=()
    for _ in $(seq "$scale_runs"); do
      for which in "${whiches[@]}"; do
        binary="$bin/assetc"
        if [ "$which" = base ]; then binary="$baseline_bin"; fi
        args=("${@//@WHICH@/$which}")
        # Each run starts with no dirty pages: otherwise a pack pays for writing back the previous
        # run's archive (3.5 GB at 100,000 sets), which is the disk's speed, not the command's.
        sync
        /usr/bin/time -f '%e %M' -o "$scale_dir/time.txt" "$binary" "${args[@]}" >/dev/null 2>&1 || true
        read -r seconds kb < <(tail -1 "$scale_dir/time.txt")
        times[$which]="${times[$which]:-} $seconds"
        if [ "$kb" -gt "${rss[$which]:-0}" ]; then rss[$which]=$kb; fi
      done
    done
    for which in "${whiches[@]}"; do
      echo "$which:$label $sets $(printf '%s\n' ${times[$which]} | sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}') ${rss[$which]}" \
        >> "$scale_dir/results.txt"
    done
  }
  : > "$scale_dir/results.txt"
  for sets in "$small" "$large"; do
    catalog_n="$scale_dir/Bench-$sets.xcassets"
    # Warm the page cache (GNU tar skips reading when the archive is /dev/null itself, hence the pipe).
    tar -cf - -C "$scale_dir" "Bench-$sets.xcassets" | cat > /dev/null
    measure info "$sets" info --json "$catalog_n"
    measure audit "$sets" audit "$catalog_n"
    measure pack "$sets" pack "$catalog_n" -o "$scale_dir/Bench-$sets-@WHICH@.assetc" --no-cache --quiet
    for which in "${whiches[@]}"; do
      binary="$bin/assetc"
      if [ "$which" = base ]; then binary="$baseline_bin"; fi
      rm -rf "$scale_dir/cache-$sets-$which"
      "$binary" pack "$catalog_n" -o "$scale_dir/Bench-$sets-$which.assetc" --cache "$scale_dir/cache-$sets-$which" --quiet
    done
    measure repack "$sets" pack "$catalog_n" -o "$scale_dir/Bench-$sets-@WHICH@.assetc" --cache "$scale_dir/cache-$sets-@WHICH@" --quiet
    measure lookup "$sets" resolve "$scale_dir/Bench-$sets-@WHICH@.assetc" --batch "$scale_dir/lookups-$sets.jsonl"
  done
  archive_mb() { awk -v b="$(stat -c %s "$scale_dir/Bench-$1-new.assetc")" 'BEGIN { printf "%.0f", b / 1e6 }'; }
  echo "  archives: $small sets $(archive_mb "$small") MB, $large sets $(archive_mb "$large") MB"
  printf '  %-13s %9s %9s %7s %11s %11s %10s\n' command "us/set@S" "us/set@L" "L/S" "RSS@S MiB" "RSS@L MiB" "RSS target"
  for label in info audit pack repack lookup; do
    for which in new base; do
      grep -q "^$which:$label " "$scale_dir/results.txt" || continue
      awk -v label="$label" -v which="$which" -v small="$small" -v large="$large" '
        $1 == which ":" label && $2 == small { ts = $3; rs = $4 }
        $1 == which ":" label && $2 == large { tl = $3; rl = $4 }
        END {
          us = ts / small * 1e6; ul = tl / large * 1e6
          # Lookup: 1,000 names whatever the size, so per name (open included), not per set.
          if (label == "lookup") { us = ts / 1000 * 1e6; ul = tl / 1000 * 1e6 }
          if (label == "lookup") target = "same"; else target = sprintf("%.0f", 64 + large / 1024)
          name = (which == "base") ? label " (base)" : label
          verdict = ""
          if (label != "lookup" && rl / 1024 > 64 + large / 1024) verdict = " over"
          if (label == "lookup" && rl > rs * 1.15) verdict = " grows"
          printf "  %-13s %9.1f %9.1f %7.2f %11.1f %11.1f %10s%s\n", name, us, ul, ul / us, rs / 1024, rl / 1024, target, verdict
        }' "$scale_dir/results.txt"
    done
  done
  echo "  (us/set: median wall time / sets; L/S target <= 1.15; RSS target for info, audit, pack: 64 MiB + 1 KiB a set"
  echo "   at the large size; lookup = open the archive + resolve 1,000 names, its figures per name, open included;"
  echo "   its RSS must not grow with the payloads)"
fi
