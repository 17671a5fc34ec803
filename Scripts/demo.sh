#!/usr/bin/env bash
# The main job on the sample catalogs: read and check them, resolve images for devices, pack an
# archive, show the device matrix, extract images, and audit — what a user would do first.
set -euo pipefail
cd "$(dirname "$0")/.."

Scripts/bootstrap.sh
swift build -c release --product assetc
assetc="$PWD/.build/release/assetc"
out="${DEMO_OUT:-.build/demo}"
mkdir -p "$out"

# Bold and dim headings only on a terminal (and never with NO_COLOR): a log or a pipe gets plain text.
if [[ -t 1 && -z "${NO_COLOR:-}" ]]; then
  bold=$'\033[1m' dim=$'\033[2m' plain=$'\033[0m'
else
  bold='' dim='' plain=''
fi
section() { printf '\n%s== %s%s\n' "$bold" "$1" "$plain"; }
show() { printf '%s$ %s%s\n' "$dim" "$*" "$plain"; "$@"; }

section "Device presets"
show "$assetc" presets

section "Reading the sample catalogs"
show "$assetc" info SampleCatalogs/Showcase.xcassets
show "$assetc" info SampleCatalogs/PlainAssets

section "Which variant does each device get?"
show "$assetc" resolve SampleCatalogs/Showcase.xcassets Hero --device iphone-portrait
show "$assetc" resolve SampleCatalogs/Showcase.xcassets Hero --device iphone-portrait --appearance dark
show "$assetc" resolve SampleCatalogs/Showcase.xcassets Banner --device ipad-slide-over --explain
show "$assetc" resolve SampleCatalogs/Showcase.xcassets WideGamutPhoto --device iphone-legacy-portrait --json
show "$assetc" resolve SampleCatalogs/PlainAssets hero --device ipad --appearance dark

section "Packing Showcase.xcassets into one archive"
show "$assetc" pack SampleCatalogs/Showcase.xcassets -o "$out/Showcase.assetc"
show "$assetc" info "$out/Showcase.assetc"
show "$assetc" verify "$out/Showcase.assetc"

section "The device matrix: which variant every preset gets"
show "$assetc" matrix "$out/Showcase.assetc"

section "Extracting one image for two devices (look at them: each says which variant it is)"
show "$assetc" extract "$out/Showcase.assetc" Banner --device iphone-portrait -o "$out/Banner-iphone.png"
show "$assetc" extract "$out/Showcase.assetc" Banner --device ipad -o "$out/Banner-ipad.png"

section "Compiling Showcase.xcassets into Apple's Assets.car, and reading it back"
show "$assetc" compile SampleCatalogs/Showcase.xcassets --compile "$out/Showcase.app" --platform iphoneos \
  --minimum-deployment-target 17.0 --app-icon AppIcon --output-partial-info-plist "$out/Showcase-Info.plist"
show "$assetc" verify "$out/Showcase.app/Assets.car"
show "$assetc" resolve "$out/Showcase.app/Assets.car" Banner --device ipad

section "The same compile as Xcode's build engine calls actool (docs/ACTOOL.md), with its dependency file"
show "$assetc" actool SampleCatalogs/Showcase.xcassets --compile "$out/Xcode.app" --output-format human-readable-text \
  --notices --warnings --export-dependency-info "$out/assetcatalog_dependencies" \
  --output-partial-info-plist "$out/assetcatalog_generated_info.plist" --app-icon AppIcon --compress-pngs \
  --enable-on-demand-resources YES --development-region en --target-device iphone --target-device ipad \
  --minimum-deployment-target 17.0 --platform iphoneos
echo "dependency file: $(tr '\0' '\n' < "$out/assetcatalog_dependencies" | grep -c .) records (version, inputs, outputs)"

section "Typed Swift accessors for Showcase.xcassets"
show "$assetc" generate swift SampleCatalogs/Showcase.xcassets -o "$out/Showcase+Assets.swift"
sed -n '1,20p' "$out/Showcase+Assets.swift"

section "Auditing the sample catalogs"
show "$assetc" audit SampleCatalogs/Showcase.xcassets
# Broken.xcassets is broken on purpose: the audit exits 1, which is what CI would see.
if show "$assetc" audit SampleCatalogs/Broken.xcassets; then
  echo "unexpected: the broken catalog passed the audit" >&2
  exit 1
fi

section "HTML report"
show "$assetc" report SampleCatalogs/Broken.xcassets -o "$out/Broken-report.html"
show "$assetc" report SampleCatalogs/Showcase.xcassets -o "$out/Showcase-report.html"
echo
echo "Outputs are in $out/: the archive, two extracted images, Showcase.app/Assets.car, the Swift accessors and two HTML reports."
