#!/usr/bin/env bash
# Makes the libFuzzer harnesses' seed corpora from archive files, in the form each harness reads, so
# that fuzz.sh, ClusterFuzzLite's build.sh and the fuzz benchmark agree on it:
#   DIR/with-option  an option byte (0: default decoding limits) and the whole file (FuzzArchive)
#   DIR/payload      an option byte and the file without its 16-byte header (FuzzViewTree, which puts
#                    its input behind a header of its own)
#   DIR/plain        the files as they are (FuzzRender, and FuzzFrame's frame bodies)
#   DIR/timeline     the stored .timeline seeds beside this script (FuzzTimeline)
#
#   Tools/Fuzzing/seed-corpora.sh DIR ARCHIVE...
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 1 ] || { echo "usage: seed-corpora.sh DIR ARCHIVE..." >&2; exit 2; }
dir=$1
shift
mkdir -p "$dir/with-option" "$dir/payload" "$dir/plain" "$dir/timeline"
cp "$here"/seeds/*.timeline "$dir/timeline/"
for f in "$@"; do
  [ -f "$f" ] || continue
  name=$(basename "$f")
  { printf '\x00'; cat "$f"; } >"$dir/with-option/$name"
  { printf '\x00'; tail -c +17 "$f"; } >"$dir/payload/$name"
  cp "$f" "$dir/plain/$name"
done
