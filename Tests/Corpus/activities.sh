#!/usr/bin/env bash
# Live Activities taken unchanged from public apps (activities.tsv: repository, commit, Xcode project,
# widget target, attributes type, attributes and content state as JSON), drawn in every place an
# activity is shown. For each: the app is fetched at the commit (into .corpus/, never committed), its
# widget target imported and built from its Xcode project (`widget-host import --preview`), a host run
# with the built extension, the activity started as its app would (`widget-host activity start`), and
# every place's drawing checked (OUT/activities/<id>/<placement>.png, a PNG each).
#
#   Tests/Corpus/activities.sh [--mirrors DIR]
#
# Needs the network, or a folder of mirrors (DIR/OWNER+NAME/repo, bare git repositories). Prints one
# line per activity, then the count; exit status 0 when every one was drawn everywhere.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
mirrors=""
[ "${1:-}" = "--mirrors" ] && { mirrors=$(cd "$2" && pwd); shift 2; }
[ $# -eq 0 ] || { echo "usage: activities.sh [--mirrors DIR]" >&2; exit 2; }
(cd "$root" && swift build --product widget-host >/dev/null 2>&1) || { echo "activities.sh: widget-host does not build" >&2; exit 1; }
host="$(cd "$root" && swift build --show-bin-path)/widget-host"
places="iphone-lock-activity island-compact island-minimal island-shared island-expanded standby-activity standby-night-activity
        watch-smart-stack-activity carplay-activity mac-menu-bar-activity"
drawn=0 total=0
while IFS=$'\t' read -r repository commit project target type attributes state notes; do
  [ "$repository" = "repository" ] && continue
  [ -n "$repository" ] || continue
  total=$((total + 1))
  name=${repository/\//+}
  src="$root/.corpus/$name"
  out="$root/.corpus-out/activities/$name"
  rm -rf "$out" && mkdir -p "$out"
  if [ ! -d "$src/.git" ]; then
    source="https://github.com/$repository"
    [ -n "$mirrors" ] && source="$mirrors/$name/repo"
    git clone -q "$source" "$src" 2>/dev/null || { printf '%-45s cannot clone from %s\n' "$repository" "$source"; continue; }
  fi
  git -C "$src" checkout -q "$commit" 2>/dev/null || { printf '%-45s commit %s not found\n' "$repository" "$commit"; continue; }
  if ! "$host" import "$src/$project" --target "$target" --out "$out/package" --preview "$out/preview" \
      --build-path "$root/.corpus-out/.build" >"$out/import.log" 2>&1; then
    printf '%-45s not built: %s\n' "$repository" "$(grep -m1 -E 'error|widget-host:' "$out/import.log" | cut -c1-120)"
    continue
  fi
  extension=$(find "$out/package/Products" -path '*.appex/*' -type f -perm -u+x 2>/dev/null | head -n 1)
  [ -n "$extension" ] || { printf '%-45s no extension executable in %s\n' "$repository" "$out/package/Products"; continue; }
  printf '{ "instances": [], "extensions": ["%s"] }\n' "$extension" >"$out/live.json"
  socket="$out/c.sock"
  "$host" run --config "$out/live.json" --store "$out/store" --out "$out/live" --socket "$socket" --duration 120 >"$out/run.log" 2>&1 &
  run=$!
  for _ in $(seq 1 100); do [ -S "$socket" ] && break; sleep 0.1; done
  "$host" activity start --type "$type" --attributes "$attributes" --state "$state" --socket "$socket" --json >"$out/start.json" 2>&1
  id=$(sed -n 's/.*"id" : "\([0-9A-F-]*\)".*/\1/p' "$out/start.json" | head -n 1)
  missing=""
  for place in $places; do
    [ -n "$id" ] && head -c 4 "$out/live/activities/$id/$place.png" 2>/dev/null | grep -q PNG || missing="$missing $place"
  done
  kill $run 2>/dev/null; wait $run 2>/dev/null
  if [ -z "$id" ]; then
    printf '%-45s not started: %s\n' "$repository" "$(grep -m1 -E 'message|widget-host' "$out/start.json" | cut -c1-120)"
  elif [ -n "$missing" ]; then
    printf '%-45s %s not drawn in:%s\n' "$repository" "$type" "$missing"
  else
    drawn=$((drawn + 1))
    printf '%-45s %s drawn in every place (%s)\n' "$repository" "$type" "$out/live/activities/$id"
  fi
done <"$here/activities.tsv"
echo "$drawn of $total Live Activities drawn in every place"
[ $drawn -eq $total ]
