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
# widget-host as one would ship a command-line tool: release, one fully static executable (Swift runtime,
# Foundation and libc linked in), so start-up needs no dynamic loader and no relocation of shared
# libraries. glibc warns that its user-database calls then need the same glibc at run time; render
# makes none. (Extensions stay dynamically linked: the virtual clock interposes on libc.)
log=$(mktemp)
if ! swift build -c release --static-swift-stdlib -Xswiftc -static-executable --package-path "$root" \
    --scratch-path "$root/.build-static" --product widget-host >"$log" 2>&1; then
  grep -v "statically linked applications requires at runtime" "$log"; rm -f "$log"; exit 1
fi
rm -f "$log"
swift build -c release --package-path "$root/Tools/Benchmarks" --product render-benchmark >/dev/null
"$root/Tools/Benchmarks/.build/release/render-benchmark" "$root/.build-static/release/widget-host" "$(command -v rsvg-convert)"
