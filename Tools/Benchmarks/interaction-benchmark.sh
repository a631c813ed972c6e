#!/usr/bin/env bash
# Builds the bundled extensions in release mode and runs the interaction benchmark against them.
#   interaction-benchmark.sh [--static-extensions]
# --static-extensions links the extensions with the Swift runtime and Foundation inside them
# (`--static-swift-stdlib`, the build option authors can use for a faster launch) and reports their
# cold reload against its absolute target.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=(swift build -c release --package-path "$root")
linked=dynamic
if [ "${1:-}" = "--static-extensions" ]; then
  build+=(--static-swift-stdlib --scratch-path "$root/.build-static-extensions")
  linked=static
elif [ $# -gt 0 ]; then
  echo "usage: interaction-benchmark.sh [--static-extensions]" >&2; exit 2
fi
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for product in ToDoList CaffeineTracker; do
  "${build[@]}" --product $product >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
done
swift build -c release --package-path "$root/Tools/Benchmarks" --product interaction-benchmark >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
WIDGET_EXTENSIONS_LINKED=$linked "$root/Tools/Benchmarks/.build/release/interaction-benchmark" "$("${build[@]}" --show-bin-path)"
