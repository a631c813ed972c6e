#!/usr/bin/env bash
# Runs every benchmark, one after another, and prints one table: each hot path's figure, the peer or
# floor measured in the same run, their ratio and the target it is held to. Each benchmark's own
# output (with its breakdown of where the time goes) is kept in a folder, named at the end.
# Takes about 25 minutes on 2 cores; the first run also builds a static widget-host, static extensions
# and the libFuzzer harnesses.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
logs=${BENCHMARK_LOGS:-$(mktemp -d -t widget-host-benchmarks.XXXXXX)}
mkdir -p "$logs"
order=(codec render animation interaction interaction-static simulate host fuzz)

echo "building the benchmarks (release)…" >&2
swift build -c release --package-path "$here" >"$logs/build.log" 2>&1 || { cat "$logs/build.log" >&2; exit 1; }

run() {
  local name=$1; shift
  echo "== $name" >&2
  "$@" >"$logs/$name.log" 2>&1
  local status=$?
  grep -v "^summary	" "$logs/$name.log" >&2
  [ $status -eq 0 ] || echo "($name exited with status $status: a target it checks itself is not met, or it failed)" >&2
}

run codec "$here/.build/release/codec-benchmark"
run render "$here/render-benchmark.sh"
run animation "$here/animation-benchmark.sh"
run interaction "$here/interaction-benchmark.sh"
run interaction-static "$here/interaction-benchmark.sh" --static-extensions
run simulate "$here/.build/release/simulate-benchmark"
run host "$here/host-benchmark.sh"
run fuzz "$here/fuzz-benchmark.sh" 60

echo
echo "| path | figure | peer or floor, same run | ratio | target | |"
echo "|---|---|---|---|---|---|"
for name in "${order[@]}"; do
  grep "^summary	" "$logs/$name.log" | awk -F'\t' '{ printf "| %s | %s | %s | %s | %s | %s |\n", $2, $3, $4, $5, $6, $7 }'
done
echo
echo "each benchmark's whole output: $logs" >&2
