#!/bin/sh
# Fetches the iOS reference images that pairs.tsv lists into .fidelity/references/NAME.png (never
# committed: they are other projects' files). With --mirrors DIR, reads local mirrors laid out as
# DIR/OWNER+NAME/repo (bare git folders) instead of cloning from GitHub.
set -eu
cd "$(dirname "$0")/../.."
mirrors=""
if [ "${1:-}" = "--mirrors" ]; then mirrors="$2"; fi
mkdir -p .fidelity/references .fidelity/repositories
grep -v '^#' Tools/Fidelity/pairs.tsv | while IFS="$(printf '\t')" read -r name repository commit path rest; do
    [ -n "$name" ] || continue
    folder="$(echo "$repository" | tr / +)"
    if [ -n "$mirrors" ] && [ -d "$mirrors/$folder/repo" ]; then
        git_dir="$mirrors/$folder/repo"
    else
        git_dir=".fidelity/repositories/$folder.git"
        if [ ! -d "$git_dir" ]; then
            git clone --quiet --bare --filter=blob:none "https://github.com/$repository.git" "$git_dir" || { echo "$name: cannot clone $repository" >&2; continue; }
        fi
    fi
    if git --git-dir="$git_dir" show "$commit:$path" > ".fidelity/references/$name.png" 2>/dev/null; then
        echo "$name: $repository@$(echo "$commit" | cut -c1-10) $path"
    else
        rm -f ".fidelity/references/$name.png"
        echo "$name: $path not found at $commit in $repository" >&2
    fi
done
