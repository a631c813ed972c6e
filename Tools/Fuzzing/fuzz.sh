#!/usr/bin/env bash
# Builds the libFuzzer harnesses with -sanitize=fuzzer,address, generates a seed corpus from real
# archives, replays Archives/fail-cases in release, and runs each target.
#
#   Tools/Fuzzing/fuzz.sh [SECONDS_PER_TARGET]     (default 60; the issue's soak is 600)
#
# Continuous fuzzing runs on ClusterFuzzLite: .clusterfuzzlite/ (build.sh builds the same targets
# into $OUT with dictionaries and seed corpora) and .github/workflows/cflite_*.yml;
# Tools/Fuzzing/clusterfuzzlite-local.sh proves that configuration here, without Docker.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
seconds=${1:-60}
swift build -c release --package-path "$here" -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library >/dev/null
bin=$(swift build -c release --package-path "$here" --show-bin-path)

# Seed corpora: the golden vectors and the fail cases, in the form each harness reads.
corpus=$here/.corpus
"$here/seed-corpora.sh" "$corpus" "$root"/Archives/golden/*.wgar "$root"/Archives/fail-cases/*.wgar
mkdir -p "$corpus/frame"

# Fail cases in release, through the harnesses (FuzzRender takes whole archives, no option byte).
for f in "$corpus"/with-option/*; do "$bin/FuzzArchive" "$f" >/dev/null 2>&1 || { echo "fail case $f breaks FuzzArchive"; exit 1; }; done
for f in "$root"/Archives/fail-cases/*.wgar; do "$bin/FuzzRender" "$f" >/dev/null 2>&1 || { echo "fail case $f breaks FuzzRender"; exit 1; }; done

for target in FuzzArchive FuzzViewTree FuzzFrame FuzzRender FuzzTimeline; do
  dir=$corpus/with-option
  [ "$target" = FuzzViewTree ] && dir=$corpus/payload
  [ "$target" = FuzzFrame ] && dir=$corpus/frame
  [ "$target" = FuzzRender ] && dir=$corpus/plain
  [ "$target" = FuzzTimeline ] && dir=$corpus/timeline
  echo "== $target for ${seconds}s"
  "$bin/$target" -max_total_time="$seconds" -dict="$here/widget-archive.dict" -print_final_stats=1 "$dir" 2>&1 \
    | grep -E "stat::number_of_executed_units|stat::average_exec_per_sec|cov:|ERROR|SUMMARY" | tail -n 4
done
