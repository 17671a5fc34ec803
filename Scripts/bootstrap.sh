#!/usr/bin/env bash
# Installs what building assetc needs on Debian/Ubuntu: libpng, zlib, libdeflate and pkg-config, and for
# `assetc compile`'s vector image sets poppler (PDF) and librsvg (SVG), both drawing with cairo. On Debian 12
# the two vector libraries with their headers add about 70 MB and take about 80 s to install
# (libpoppler-glib-dev: 38 packages, ~60 MB, ~55 s; librsvg2-dev then: ~12 MB, ~25 s).
# Safe to run again: it installs only what is missing.
set -euo pipefail

packages=(libpng-dev zlib1g-dev libdeflate-dev pkg-config libpoppler-glib-dev libcairo2-dev librsvg2-dev)
missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if ! command -v swift >/dev/null 2>&1; then
  echo "bootstrap: 'swift' is not on PATH. Install Swift 6 from swift.org, then run this again." >&2
  exit 1
fi

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "bootstrap: missing ${missing[*]}, and this is not a Debian-like system." >&2
  echo "bootstrap: install libpng (with headers), zlib, libdeflate, pkg-config, poppler-glib, cairo and librsvg with your package manager." >&2
  exit 1
fi

if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    echo "bootstrap: installing ${missing[*]} with sudo" >&2
    sudo apt-get update -qq && sudo apt-get install -y -qq "${missing[@]}"
    exit 0
  fi
  echo "bootstrap: missing ${missing[*]}. Run as root:" >&2
  echo "  apt-get update && apt-get install -y ${missing[*]}" >&2
  exit 1
fi

echo "bootstrap: installing ${missing[*]}" >&2
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
