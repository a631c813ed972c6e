#!/usr/bin/env bash
# Fetches the corpus of real apps listed in apps.tsv (repository, commit, project, target, notes) into
# .corpus/OWNER+NAME at the listed commit. Needs the network, or a folder of mirrors:
#
#   Tests/Corpus/fetch.sh [--mirrors DIR]
#
# With --mirrors, DIR/OWNER+NAME/repo (a bare git repository) is cloned instead of GitHub. Sources
# fetched here are never committed (.corpus/ is ignored by git).
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
mirrors=""
[ "${1:-}" = "--mirrors" ] && { mirrors=$(cd "$2" && pwd); shift 2; }
[ $# -eq 0 ] || { echo "usage: fetch.sh [--mirrors DIR]" >&2; exit 2; }
mkdir -p "$root/.corpus"
fetched=0 failed=0
while IFS=$'\t' read -r repository commit project target notes; do
  [ "$repository" = "repository" ] && continue
  [ -n "$repository" ] || continue
  name=${repository/\//+}
  dest="$root/.corpus/$name"
  if [ ! -d "$dest/.git" ]; then
    source="https://github.com/$repository"
    [ -n "$mirrors" ] && source="$mirrors/$name/repo"
    git clone -q "$source" "$dest" 2>/dev/null || { echo "cannot clone $repository from $source" >&2; failed=$((failed + 1)); continue; }
  fi
  if git -C "$dest" checkout -q "$commit" 2>/dev/null; then
    fetched=$((fetched + 1))
  else
    echo "$repository: commit $commit not found" >&2
    failed=$((failed + 1))
  fi
done < "$here/apps.tsv"
echo "$fetched fetched, $failed failed"
[ $failed -eq 0 ]
