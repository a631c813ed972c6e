#!/usr/bin/env bash
# Builds widget-host and the bundled extensions in release mode and runs the host benchmark: a run with
# 1,000 instances over 4 extensions (startup and status latency under hostile connections), and the
# sandbox's cost on a cold reload.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
for product in widget-host ToDoList CaffeineTracker WidgetGallery Misbehaving; do
  swift build -c release --package-path "$root" --product "$product" >/dev/null
done
swift build -c release --package-path "$root/Tools/Benchmarks" --product host-benchmark >/dev/null
"$root/Tools/Benchmarks/.build/release/host-benchmark" "$(swift build -c release --package-path "$root" --show-bin-path)"
