#!/usr/bin/env bash
# Builds the bundled extensions in release mode and runs the interaction benchmark against them.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
swift build -c release --package-path "$root" --product ToDoList >/dev/null
swift build -c release --package-path "$root" --product CaffeineTracker >/dev/null
swift build -c release --package-path "$root/Tools/Benchmarks" --product interaction-benchmark >/dev/null
"$root/Tools/Benchmarks/.build/release/interaction-benchmark" "$(swift build -c release --package-path "$root" --show-bin-path)"
