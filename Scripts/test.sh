#!/usr/bin/env bash
# Runs the whole test suite: unit tests of both libraries and end-to-end tests of the built CLI.
set -euo pipefail
cd "$(dirname "$0")/.."

Scripts/bootstrap.sh

swift build --build-tests "$@"
swift test --skip-build "$@"
