#!/usr/bin/env bash
# Runs `widget-host import --preview` on every app of the corpus that fetch.sh brought into .corpus/,
# and prints one line per app (previewed, or the first line of why not), then the count.
#
#   Tests/Corpus/run.sh [--no-preview] [--network] [REPOSITORY...]
#
# Outputs go to .corpus-out/OWNER+NAME/{package,preview,import.log}; the packages share one build
# folder (.corpus-out/.build), so this package's modules are built once. Apps whose widget target needs a
# remote Swift package are built only where the network is reachable; they are counted apart.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
preview=1 network=0
while [ $# -gt 0 ]; do
  case "$1" in
    --no-preview) preview=0; shift ;;
    --network) network=1; shift ;;
    *) break ;;
  esac
done
only=("$@")
(cd "$root" && swift build --product widget-host >/dev/null 2>&1) || { echo "run.sh: widget-host does not build" >&2; exit 1; }
host="$(cd "$root" && swift build --show-bin-path)/widget-host"
ok=0 total=0 remote=0
# Why an app did not preview, in one line: the compiler's first located error for a package that
# does not build, the extension's last words for one that failed in preview, else import's own message.
reason() {
  local log=$1 package=$2 line=""
  if grep -q "does not build" "$log" && [ -f "$package/build.log" ]; then
    line=$(grep -m1 -E '^/.*: error:' "$package/build.log" || grep -m1 'error:' "$package/build.log")
  elif grep -q "no answer to" "$log"; then
    line="extension too slow: $(grep -m1 "no answer to" "$log" | sed 's/^ *//')"
  elif grep -q "some widgets failed" "$log"; then
    line="extension failed: $(grep -A1 "last words" "$log" | tail -n 1)"
  fi
  [ -n "$line" ] || line=$(grep -m1 '^widget-host:' "$log")
  printf '%s' "$line" | sed -e "s|$root/.corpus-out/[^/]*/package/Sources/[^/]*/Files/||" -e "s|$root/.corpus/[^/]*/||" -e 's/^ *//' | cut -c1-170
}
while IFS=$'\t' read -r repository commit project target notes; do
  [ "$repository" = "repository" ] && continue
  [ -n "$repository" ] || continue
  if [ ${#only[@]} -gt 0 ] && [[ ! " ${only[*]} " =~ " $repository " ]]; then continue; fi
  name=${repository/\//+}
  src="$root/.corpus/$name"
  [ -d "$src" ] || { printf '%-50s not fetched\n' "$repository"; continue; }
  out="$root/.corpus-out/$name"
  mkdir -p "$out"
  args=(import "$src/$project" --out "$out/package")
  [ -n "$target" ] && args+=(--target "$target")
  total=$((total + 1))
  # First without building: a target that needs a remote package is built only with --network.
  if ! "$host" "${args[@]}" >"$out/import.log" 2>&1; then
    printf '%-50s %s\n' "$repository" "$(reason "$out/import.log" "$out/package")"
    continue
  fi
  if grep -q "^  remote package " "$out/import.log" && [ $network = 0 ]; then
    remote=$((remote + 1)); printf '%-50s %s\n' "$repository" "needs a remote package (not built; --network builds it)"
    continue
  fi
  if [ $preview = 0 ]; then
    ok=$((ok + 1)); printf '%-50s imported\n' "$repository"
    continue
  fi
  args+=(--preview "$out/preview" --build-path "$root/.corpus-out/.build")
  "$host" "${args[@]}" >"$out/import.log" 2>&1; status=$?
  # SwiftPM's build description in a scratch folder shared by packages can name the previous app's
  # targets only; it is remade (the compiled modules are kept) and the app built once more.
  if grep -q "No target named" "$out/import.log"; then
    rm -f "$root/.corpus-out/.build/debug.yaml" "$root/.corpus-out/.build/build.db" "$root"/.corpus-out/.build/*/description.json
    "$host" "${args[@]}" >"$out/import.log" 2>&1; status=$?
  fi
  if [ $status = 0 ]; then
    ok=$((ok + 1)); printf '%-50s previewed\n' "$repository"
  else
    printf '%-50s %s\n' "$repository" "$(reason "$out/import.log" "$out/package")"
  fi
done < "$here/apps.tsv"
echo "$ok of $total apps $([ $preview = 1 ] && echo previewed || echo imported); $remote need a remote package and were not built ($ok of the $((total - remote)) that need none)"
