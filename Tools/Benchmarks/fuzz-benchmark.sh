#!/usr/bin/env bash
# The fuzzers' speed and what they reach of the archive decoder: FuzzViewTree (payloads behind a valid
# header, so every input reaches the tree decoder, decoded, encoded and decoded again) against
# FuzzArchive (whole files) in the same run, each for SECONDS (default 60) from the same seeds, built
# as Tools/Fuzzing/fuzz.sh builds them (release, libFuzzer and AddressSanitizer). Prints each one's
# executions per second and the share of the tree decoder's edges the run covered (libFuzzer's
# -print_coverage, summed over `NodeReader`'s functions in Sources/WidgetArchive/Codec/ArchiveDecoder.swift),
# and the tree decoder's functions with the most edges left uncovered. Of those edges, the ones that
# start a block ending only in a sanitizer report or a trap (AddressSanitizer's checks, Swift's overflow
# and bounds traps; counted in the binary with objdump) are reached only by a bug: the share a clean run
# can reach is reported beside the raw one, and the target is judged on it. FuzzViewTree is also built
# and run without AddressSanitizer (coverage only, in Tools/Fuzzing/.build-coverage-only), for the rate
# the harness and libFuzzer reach without the sanitizer's checks.
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

declare -A rate coverage
for target in FuzzArchive FuzzViewTree; do
  mkdir -p "$work/$target"
  seeds=$work/seeds/with-option
  [ "$target" = FuzzViewTree ] && seeds=$work/seeds/payload
  cp "$seeds"/* "$work/$target/"
  # -print_coverage names each function's file through llvm-symbolizer (Debian's, or the toolchain's).
  "$bin/$target" -max_total_time="$seconds" -dict="$fuzz/widget-archive.dict" -print_final_stats=1 -print_coverage=1 \
    "$work/$target" >"$work/$target.log" 2>&1 || { tail -n 30 "$work/$target.log" >&2; exit 1; }
  rate[$target]=$(awk '/stat::average_exec_per_sec:/ { print $2 }' "$work/$target.log")
  coverage[$target]=$(awk '/^(COVERED|UNCOVERED)_FUNC:/ && /WidgetArchive10NodeReader/ && /WidgetArchive\/Codec\/ArchiveDecoder\.swift/ {
      for (i = 1; i <= NF; i++) if ($i == "edges:") { split($(i + 1), e, "/"); covered += e[1]; total += e[2] }
    } END { if (total > 0) printf "%.1f %d %d", 100 * covered / total, covered, total; else print "0 0 0" }' "$work/$target.log")
  read -r percent covered total <<<"${coverage[$target]}"
  echo "$target: ${rate[$target]} execs/s over ${seconds} s; tree decoder edges covered: $covered of $total ($percent %)"
done
# The same harness without AddressSanitizer, from the same seeds, for the same time.
plain=$fuzz/.build-coverage-only
if ! swift build -c release --package-path "$fuzz" --scratch-path "$plain" --product FuzzViewTree -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library \
    >"$work/build-plain.log" 2>&1; then
  cat "$work/build-plain.log" >&2; exit 1
fi
mkdir -p "$work/plain"
cp "$work/seeds/payload"/* "$work/plain/"
"$plain/release/FuzzViewTree" -max_total_time="$seconds" -dict="$fuzz/widget-archive.dict" -print_final_stats=1 "$work/plain" >"$work/plain.log" 2>&1 \
  || { tail -n 30 "$work/plain.log" >&2; exit 1; }
plainRate=$(awk '/stat::average_exec_per_sec:/ { print $2 }' "$work/plain.log")
counters() { awk '/inline 8-bit counters/ { sub(/.*\(/, ""); print $1; exit }' "$1"; }
echo "FuzzViewTree without AddressSanitizer: $plainRate execs/s over ${seconds} s;" \
  "libFuzzer reads the binary's $(counters "$work/plain.log") coverage counters after every input ($(counters "$work/FuzzViewTree.log") with the sanitizer)"
echo "the tree decoder's functions with the most edges FuzzViewTree left uncovered:"
awk '/^(COVERED|UNCOVERED)_FUNC:/ && /WidgetArchive10NodeReader/ {
    for (i = 1; i <= NF; i++) if ($i == "edges:") { split($(i + 1), e, "/"); printf "%6d of %5d  %s\n", e[2] - e[1], e[2], $(NF) }
  }' "$work/FuzzViewTree.log" | sort -rn | head -n 6
read -r percent covered total <<<"${coverage[FuzzViewTree]}"
# The blocks that can only end in a report or a trap: after a coverage counter (`incb __sancov_cntrs`),
# a call to `__asan_report_*` or a `ud2` before any jump. Same functions as above (their names).
read -r counted traps < <(objdump -d --no-show-raw-insn "$bin/FuzzViewTree" | awk '
  /^[0-9a-f]+ <.*>:$/ { open = 0; inside = ($0 ~ /WidgetArchive10NodeReaderV[0-9]/); next }
  inside && /__sancov_cntrs/ { counters++; open = 1; next }
  inside && open && /__asan_report|ud2|__asan_handle_no_return/ { traps++; open = 0; next }
  inside && open && /\tj[a-z]+ |\tret/ { open = 0 }
  END { printf "%d %d\n", counters, traps }')
reachable=$((total - traps))
[ "$counted" = "$total" ] || echo "warning: objdump counted $counted coverage counters in the tree decoder, libFuzzer $total" >&2
ofReachable=$(awk -v c="$covered" -v r="$reachable" 'BEGIN { printf "%.1f", (r > 0 ? 100 * c / r : 0) }')
echo "of the tree decoder's $total edges, $traps start a block that ends only in a sanitizer report or a trap:" \
  "a run that finds no bug reaches at most $reachable ($(awk -v r="$reachable" -v t="$total" 'BEGIN { printf "%.1f", 100 * r / t }') %);" \
  "FuzzViewTree covered $covered, $ofReachable % of those"
ratio=$(awk -v a="${rate[FuzzViewTree]}" -v b="${rate[FuzzArchive]}" 'BEGIN { printf "%.2f", a / b }')
echo "FuzzViewTree runs at ${ratio}× FuzzArchive's rate (it decodes, encodes and decodes each input again)"
met() { awk -v x="$1" -v t="$2" 'BEGIN { print (x >= t ? "met" : "not yet") }'; }
printf 'summary\tlibFuzzer FuzzViewTree, %s s\t%s execs/s\tFuzzArchive %s execs/s\t%s× its rate\t≥ 150000 execs/s\t%s\n' \
  "$seconds" "${rate[FuzzViewTree]}" "${rate[FuzzArchive]}" "$ratio" "$(met "${rate[FuzzViewTree]}" 150000)"
printf 'summary\tFuzzViewTree without ASan, %s s\t%s execs/s\twith it %s execs/s\t%s× faster\t≥ 150000 execs/s\t%s\n' \
  "$seconds" "$plainRate" "${rate[FuzzViewTree]}" "$(awk -v a="$plainRate" -v b="${rate[FuzzViewTree]}" 'BEGIN { printf "%.2f", a / b }')" "$(met "$plainRate" 150000)"
printf 'summary\tdecoder edges FuzzViewTree covers, of reachable\t%s %%\t%s of %s (%s %% of all %s)\t—\t≥ 95 %%\t%s\n' \
  "$ofReachable" "$covered" "$reachable" "$percent" "$total" "$(met "$ofReachable" 95)"
