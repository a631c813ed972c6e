#!/usr/bin/env bash
# Installs rsvg-convert if missing (Debian's librsvg2-bin) and runs the animation benchmark in release
# mode: a one-second transition drawn and encoded as APNG against rsvg-convert on the same frames, and
# the plan between two 200-node entries.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
if ! command -v rsvg-convert >/dev/null; then
  echo "installing rsvg-convert (librsvg2-bin)…"
  (apt-get update -qq && apt-get install -y -qq librsvg2-bin) >/dev/null
fi
swift build -c release --package-path "$root/Tools/Benchmarks" --product animation-benchmark >/dev/null
"$root/Tools/Benchmarks/.build/release/animation-benchmark" "$(command -v rsvg-convert)"
