#!/usr/bin/env bash
# Builds widget-host in release mode, installs rsvg-convert if missing (Debian's librsvg2-bin), and runs
# the render benchmark: in-process PNG rendering and the whole widget-host process, each against
# rsvg-convert on the same scene, in the same run.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
if ! command -v rsvg-convert >/dev/null; then
  echo "installing rsvg-convert (librsvg2-bin)…"
  (apt-get update -qq && apt-get install -y -qq librsvg2-bin) >/dev/null
fi
# widget-host as one would ship a command-line tool: release, with the Swift runtime and Foundation
# linked in (no Swift shared libraries to load and relocate at start-up); the C libraries stay shared.
# (It links no libcurl: the host loads it when it first fetches for an extension. Extensions stay
# dynamically linked: the virtual clock interposes on libc.)
log=$(mktemp)
if ! swift build -c release --static-swift-stdlib --package-path "$root" \
    --scratch-path "$root/.build-static" --product widget-host >"$log" 2>&1; then
  cat "$log"; rm -f "$log"; exit 1
fi
rm -f "$log"
swift build -c release --package-path "$root/Tools/Benchmarks" --product render-benchmark >/dev/null
"$root/Tools/Benchmarks/.build/release/render-benchmark" "$root/.build-static/release/widget-host" "$(command -v rsvg-convert)"
