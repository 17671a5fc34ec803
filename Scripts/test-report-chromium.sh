#!/usr/bin/env bash
# Runs the HTML report test in headless Chromium (Tests/AssetcEndToEndTests/AuditReportChromiumTests.swift),
# installing Debian's `chromium` first when it is missing and we are root (CI). The screenshots are kept at
# .build/report-screenshot.png (or $ASSETC_REPORT_SCREENSHOT) and, for a compiled car's treemap of where the
# bytes go, .build/treemap-screenshot.png (or $ASSETC_TREEMAP_SCREENSHOT), for a person to look at.
#
# Scripts/test.sh runs the same test whenever `chromium` is on PATH; this script makes sure it is.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null 2>&1 && ! command -v chromium-browser >/dev/null 2>&1; then
    if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
        echo "Installing chromium (headless browser for the HTML report test)…"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    else
        echo "chromium is not installed; run: sudo apt-get install -y chromium" >&2
        exit 1
    fi
fi

Scripts/bootstrap.sh
mkdir -p .build
export ASSETC_REPORT_SCREENSHOT="${ASSETC_REPORT_SCREENSHOT:-$PWD/.build/report-screenshot.png}"
export ASSETC_TREEMAP_SCREENSHOT="${ASSETC_TREEMAP_SCREENSHOT:-$PWD/.build/treemap-screenshot.png}"
swift build --build-tests "$@"
swift test --skip-build --filter AuditReportChromiumTests "$@"
echo "Screenshots: $ASSETC_REPORT_SCREENSHOT $ASSETC_TREEMAP_SCREENSHOT"
