#!/usr/bin/env bash
# The fuzzers' speed and what they reach of the archive decoder: FuzzViewTree (payloads behind a valid
# header, so every input reaches the tree decoder, decoded, encoded and decoded again) against
# FuzzArchive (whole files) in the same run, each for SECONDS (default 60) from the same seeds, built
# as Tools/Fuzzing/fuzz.sh builds them (release, libFuzzer and AddressSanitizer). FuzzViewTree is also
# built and run without AddressSanitizer (coverage only, in Tools/Fuzzing/.build-coverage-only).
#
# Prints each run's executions per second and the share of the tree decoder's edges it covered
# (libFuzzer's -print_coverage, summed over `NodeReader`'s functions in
# Sources/WidgetArchive/Codec/ArchiveDecoder.swift), and the functions with the most edges left.
# Of those edges, the ones that start a block ending only in a trap or a sanitizer report (Swift's
# overflow, bounds and unwrap traps; AddressSanitizer's report calls; counted in the binary with
# objdump) are reached only by a bug, so the share of the others is reported beside the raw one. The
# target is judged on the build without AddressSanitizer: its edges are the decoder's own, while the
# sanitizer's build adds blocks of its checks (a partial-granule comparison, say) that only an
# access at the edge of an allocation enters.
#
#   Tools/Benchmarks/fuzz-benchmark.sh [SECONDS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
fuzz=$root/Tools/Fuzzing
seconds=${1:-60}
case "$seconds" in ''|*[!0-9]*) echo "usage: fuzz-benchmark.sh [SECONDS]" >&2; exit 2 ;; esac
work=$(mktemp -d -t widget-host-fuzz-benchmark.XXXXXX)
trap 'rm -rf "$work"' EXIT
if ! swift build -c release --package-path "$fuzz" -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library >"$work/build.log" 2>&1; then
  cat "$work/build.log" >&2; exit 1
fi
bin=$(swift build -c release --package-path "$fuzz" -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library --show-bin-path)
# Seeds: the golden archives and 256 generated ones (`widget-host fuzz --write-seeds`, every kind of
# node), in the form each harness reads (Tools/Fuzzing/seed-corpora.sh).
swift build -c release --package-path "$root" --product widget-host >"$work/build.log" 2>&1 || { cat "$work/build.log" >&2; exit 1; }
"$(swift build -c release --package-path "$root" --show-bin-path)/widget-host" fuzz --write-seeds "$work/generated" --count 256 >/dev/null
"$fuzz/seed-corpora.sh" "$work/seeds" "$root"/Archives/golden/*.wgar "$work"/generated/*.bin

# treeCoverage LOG BINARY: "covered total traps" over the tree decoder's functions. A trap block is
# one that, after its coverage counter (`incb __sancov_cntrs`), reaches a call to `__asan_report_*`
# or a `ud2` before any jump.
treeCoverage() {
  read -r covered total < <(awk '/^(COVERED|UNCOVERED)_FUNC:/ && /WidgetArchive10NodeReader/ && /WidgetArchive\/Codec\/ArchiveDecoder\.swift/ {
      for (i = 1; i <= NF; i++) if ($i == "edges:") { split($(i + 1), e, "/"); covered += e[1]; total += e[2] }
    } END { printf "%d %d\n", covered, total }' "$1")
  read -r counted traps < <(objdump -d --no-show-raw-insn "$2" | awk '
    /^[0-9a-f]+ <.*>:$/ { open = 0; inside = ($0 ~ /WidgetArchive10NodeReaderV[0-9]/); next }
    inside && /__sancov_cntrs/ { counters++; open = 1; next }
    inside && open && /__asan_report|ud2|__asan_handle_no_return/ { traps++; open = 0; next }
    inside && open && /\tj[a-z]+ |\tret/ { open = 0 }
    END { printf "%d %d\n", counters, traps }')
  [ "$counted" = "$total" ] || echo "warning: objdump counted $counted coverage counters in the tree decoder of $2, libFuzzer $total" >&2
  echo "$covered $total $traps"
}
percentOf() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", (b > 0 ? 100 * a / b : 0) }'; }

declare -A rate
for target in FuzzArchive FuzzViewTree; do
  mkdir -p "$work/$target"
  seeds=$work/seeds/with-option
  [ "$target" = FuzzViewTree ] && seeds=$work/seeds/payload
  cp "$seeds"/* "$work/$target/"
  # -print_coverage names each function's file through llvm-symbolizer (Debian's, or the toolchain's).
  "$bin/$target" -max_total_time="$seconds" -dict="$fuzz/widget-archive.dict" -print_final_stats=1 -print_coverage=1 \
    "$work/$target" >"$work/$target.log" 2>&1 || { tail -n 30 "$work/$target.log" >&2; exit 1; }
  rate[$target]=$(awk '/stat::average_exec_per_sec:/ { print $2 }' "$work/$target.log")
  read -r covered total traps < <(treeCoverage "$work/$target.log" "$bin/$target")
  echo "$target with AddressSanitizer: ${rate[$target]} execs/s over ${seconds} s; tree decoder edges covered: $covered of $total" \
    "($(percentOf "$covered" "$total") %), $(percentOf "$covered" $((total - traps))) % of the $((total - traps)) not ending in a report or trap"
done
# The same harness without AddressSanitizer, from the same seeds, for the same time.
plain=$fuzz/.build-coverage-only
if ! swift build -c release --package-path "$fuzz" --scratch-path "$plain" --product FuzzViewTree -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library \
    >"$work/build-plain.log" 2>&1; then
  cat "$work/build-plain.log" >&2; exit 1
fi
mkdir -p "$work/plain"
cp "$work/seeds/payload"/* "$work/plain/"
"$plain/release/FuzzViewTree" -max_total_time="$seconds" -dict="$fuzz/widget-archive.dict" -print_final_stats=1 -print_coverage=1 "$work/plain" \
  >"$work/plain.log" 2>&1 || { tail -n 30 "$work/plain.log" >&2; exit 1; }
plainRate=$(awk '/stat::average_exec_per_sec:/ { print $2 }' "$work/plain.log")
counters() { awk '/inline 8-bit counters/ { sub(/.*\(/, ""); print $1; exit }' "$1"; }
echo "FuzzViewTree without AddressSanitizer: $plainRate execs/s over ${seconds} s;" \
  "libFuzzer reads the binary's $(counters "$work/plain.log") coverage counters after every input ($(counters "$work/FuzzViewTree.log") with the sanitizer)"
read -r covered total traps < <(treeCoverage "$work/plain.log" "$plain/release/FuzzViewTree")
reachable=$((total - traps))
ofReachable=$(percentOf "$covered" "$reachable")
echo "of the tree decoder's $total edges in that build, $traps start a block that ends only in a trap:" \
  "a run that finds no bug reaches at most $reachable ($(percentOf "$reachable" "$total") %); it covered $covered, $ofReachable % of those"
echo "the tree decoder's functions with the most edges it left uncovered:"
awk '/^(COVERED|UNCOVERED)_FUNC:/ && /WidgetArchive10NodeReader/ {
    for (i = 1; i <= NF; i++) if ($i == "edges:") { split($(i + 1), e, "/"); printf "%6d of %5d  %s\n", e[2] - e[1], e[2], $(NF) }
  }' "$work/plain.log" | sort -rn | head -n 6
# The same run's corpus replayed through a build with source-based coverage (what OSS-Fuzz's coverage
# reports show): the share of the tree decoder's code regions the run reached. Machine edges the
# compiler adds (cleanups of partly made values, outlined copies) have no region of their own.
sourceBuild=$fuzz/.build-source-coverage
if ! swift build -c release --package-path "$fuzz" --scratch-path "$sourceBuild" --product FuzzViewTree -Xswiftc -sanitize=fuzzer \
    -Xswiftc -parse-as-library -Xswiftc -profile-generate -Xswiftc -profile-coverage-mapping >"$work/build-source.log" 2>&1; then
  cat "$work/build-source.log" >&2; exit 1
fi
toolchain=$(dirname "$(readlink -f "$(command -v swift)")")
LLVM_PROFILE_FILE=$work/replay.profraw "$sourceBuild/release/FuzzViewTree" -runs=0 "$work/plain" >"$work/replay.log" 2>&1 \
  || { tail -n 30 "$work/replay.log" >&2; exit 1; }
"$toolchain/llvm-profdata" merge -o "$work/replay.profdata" "$work/replay.profraw"
read -r regions missed < <("$toolchain/llvm-cov" report -show-functions "$sourceBuild/release/FuzzViewTree" -instr-profile="$work/replay.profdata" \
    "$root/Sources/WidgetArchive/Codec/ArchiveDecoder.swift" | awk '/WidgetArchive10NodeReader/ { r += $2; m += $3 } END { printf "%d %d\n", r, m }')
regionShare=$(percentOf $((regions - missed)) "$regions")
echo "the same corpus, source-based: the tree decoder's code regions reached: $((regions - missed)) of $regions ($regionShare %)"
ratio=$(awk -v a="${rate[FuzzViewTree]}" -v b="${rate[FuzzArchive]}" 'BEGIN { printf "%.2f", a / b }')
echo "FuzzViewTree runs at ${ratio}× FuzzArchive's rate (it decodes, encodes and decodes each input again)"
met() { awk -v x="$1" -v t="$2" 'BEGIN { print (x >= t ? "met" : "not yet") }'; }
printf 'summary\tlibFuzzer FuzzViewTree, %s s\t%s execs/s\tFuzzArchive %s execs/s\t%s× its rate\t≥ 150000 execs/s\t%s\n' \
  "$seconds" "${rate[FuzzViewTree]}" "${rate[FuzzArchive]}" "$ratio" "$(met "${rate[FuzzViewTree]}" 150000)"
printf 'summary\tFuzzViewTree without ASan, %s s\t%s execs/s\twith it %s execs/s\t%s× faster\t≥ 150000 execs/s\t%s\n' \
  "$seconds" "$plainRate" "${rate[FuzzViewTree]}" "$(awk -v a="$plainRate" -v b="${rate[FuzzViewTree]}" 'BEGIN { printf "%.2f", a / b }')" "$(met "$plainRate" 150000)"
printf 'summary\tdecoder edges covered, of reachable\t%s %%\t%s of %s edges, no ASan\t—\t≥ 95 %%\t%s\n' \
  "$ofReachable" "$covered" "$reachable" "$(met "$ofReachable" 95)"
printf 'summary\ttree decoder source regions reached\t%s %%\t%s of %s (llvm-cov)\t—\t≥ 95 %%\t%s\n' \
  "$regionShare" "$((regions - missed))" "$regions" "$(met "$regionShare" 95)"
