#!/usr/bin/env bash
# Proves the ClusterFuzzLite configuration here, without Docker: runs .clusterfuzzlite/build.sh with
# the engine's environment ($SRC, $OUT, $WORK, $SANITIZER, $FUZZING_ENGINE, the compiler and flag
# variables) pointed at temporary folders, then runs each fuzz target found in $OUT for a few seconds
# on its seed corpus with its dictionary, as the engine's runner does. Exits non-zero if the build
# fails, a target is missing its dictionary or corpus, or a target fails.
#
#   Tools/Fuzzing/clusterfuzzlite-local.sh [SECONDS_PER_TARGET]   (default 5)
#   KEEP=1 keeps the temporary folders and prints where they are.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
seconds=${1:-5}
case "$seconds" in ''|*[!0-9]*) echo "usage: $0 [SECONDS_PER_TARGET]" >&2; exit 2 ;; esac

base=$(mktemp -d "${TMPDIR:-/tmp}/cflite-local.XXXXXX")
if [ "${KEEP:-0}" = 1 ]; then echo "folders kept under $base"; else trap 'rm -rf "$base"' EXIT; fi
mkdir -p "$base/src" "$base/out" "$base/work"
ln -s "$root" "$base/src/widgethost"

export SRC=$base/src OUT=$base/out WORK=$base/work
export SANITIZER=${SANITIZER:-address} FUZZING_ENGINE=libfuzzer ARCHITECTURE=x86_64 FUZZING_LANGUAGE=swift
export CC=${CC:-clang} CXX=${CXX:-clang++}
export CFLAGS="-fsanitize=fuzzer-no-link,$SANITIZER" CXXFLAGS="-fsanitize=fuzzer-no-link,$SANITIZER" LIB_FUZZING_ENGINE=-fsanitize=fuzzer
unset SWIFTFLAGS

echo "== build.sh (SANITIZER=$SANITIZER)"
bash "$root/.clusterfuzzlite/build.sh" >"$WORK/build.log" 2>&1 || { tail -n 40 "$WORK/build.log"; echo "build.sh failed" >&2; exit 1; }

found=0
for target in "$OUT"/*; do
  [ -f "$target" ] && [ -x "$target" ] || continue
  name=$(basename "$target")
  found=$((found + 1))
  [ -f "$OUT/$name.dict" ] || { echo "$name has no dictionary in \$OUT" >&2; exit 1; }
  [ -f "$OUT/${name}_seed_corpus.zip" ] || { echo "$name has no seed corpus in \$OUT" >&2; exit 1; }
  corpus=$WORK/corpus/$name
  mkdir -p "$corpus"
  python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])' "$OUT/${name}_seed_corpus.zip" "$corpus"
  echo "== $name for ${seconds}s on $(ls "$corpus" | wc -l) seeds"
  if ! "$target" -max_total_time="$seconds" -dict="$OUT/$name.dict" -print_final_stats=1 "$corpus" >"$WORK/$name.log" 2>&1; then
    tail -n 30 "$WORK/$name.log"
    echo "$name failed" >&2
    exit 1
  fi
  grep -E "stat::number_of_executed_units|stat::average_exec_per_sec" "$WORK/$name.log" | tr '\n' ' '
  echo
done
[ "$found" -gt 0 ] || { echo "no fuzz targets in \$OUT" >&2; exit 1; }
echo "ok: $found targets built by build.sh and run"
