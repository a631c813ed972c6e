#!/usr/bin/env bash
# Type-checks existing widget source against this package's compat modules, without building it:
# one folder per widget extension (its Swift files, as they are), each checked as one module, every
# file to its end (the driver would otherwise stop at the first failing batch and hide the rest).
#
#   Tools/Compatibility/typecheck.sh [--names] FOLDER...
#
# Prints one line per folder ("clean", or the number of errors and the first one), then the names the
# compiler could not find, by how many folders miss each (with --names). A name an app declares outside
# the folder (its models, its other targets) shows up too: read the list as "what to bring along",
# not only "what the compat modules lack". Builds the package's modules first if needed.
set -u
here=$(cd "$(dirname "$0")/../.." && pwd)
names=0
[ "${1:-}" = "--names" ] && { names=1; shift; }
[ $# -gt 0 ] || { echo "usage: typecheck.sh [--names] FOLDER..." >&2; exit 2; }
(cd "$here" && swift build --product WidgetGallery >/dev/null 2>&1) || { echo "typecheck: the package does not build" >&2; exit 1; }
bin=$(cd "$here" && swift build --show-bin-path)
flags=(-I "$bin/Modules" -Xcc "-fmodule-map-file=$bin/CVirtualClock.build/module.modulemap"
       -Xcc "-fmodule-map-file=$bin/CTypeDiscovery.build/module.modulemap"
       -load-plugin-executable "$bin/WidgetMacros-tool#WidgetMacros" -parse-as-library -swift-version 5 -suppress-warnings
       -continue-building-after-errors)
log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT
clean=0 total=0
for folder in "$@"; do
  [ -d "$folder" ] || { echo "typecheck: $folder is not a folder" >&2; exit 2; }
  mapfile -t files < <(find "$folder" -name '*.swift' | sort)
  [ ${#files[@]} -gt 0 ] || continue
  total=$((total + 1))
  out="$log/$total.log"
  swiftc -typecheck "${flags[@]}" "${files[@]}" >"$out" 2>&1
  errors=$(grep -c '^/.*: error:' "$out")
  if [ "$errors" -eq 0 ]; then
    clean=$((clean + 1)); echo "clean      $folder"
  else
    echo "$errors errors  $folder: $(grep -m1 '^/.*: error:' "$out" | sed 's/.*error: //' | cut -c1-100)"
  fi
done
echo "$clean of $total folders type-check cleanly"
if [ $names = 1 ]; then
  echo "missing names (folders):"
  for f in "$log"/*.log; do
    grep -oE "error: (cannot find( type)? '[^']+' in scope|no such module '[^']+'|(value of )?type '[^']+' has no member '[^']+')" "$f" \
      | sed -E "s/.*'([^']+)' in scope/\1/; s/.*no such module '([^']+)'/module \1/; s/.*has no member '([^']+)'/.\1/" | sort -u
  done | sort | uniq -c | sort -rn | head -60
fi
