#!/bin/bash -eu
# Builds every libFuzzer target of Tools/Fuzzing with the sanitizer the engine asks for ($SANITIZER)
# and puts each in $OUT with its dictionary and seed corpus, as ClusterFuzzLite and OSS-Fuzz expect.
# In the base image, `precompile_swift` sets $SWIFTFLAGS; elsewhere (Tools/Fuzzing/clusterfuzzlite-local.sh)
# they are made here from $SANITIZER. Intermediate files go to $WORK, never into the source tree.

if command -v precompile_swift >/dev/null 2>&1; then
  . precompile_swift
fi
if [ -z "${SWIFTFLAGS:-}" ]; then
  case "${SANITIZER:-address}" in
    address|thread|undefined) ;;
    *) echo "build.sh: sanitizer ${SANITIZER} is not one Swift builds with (address, thread, undefined)" >&2; exit 1 ;;
  esac
  SWIFTFLAGS="-Xswiftc -sanitize=fuzzer,${SANITIZER:-address} -Xswiftc -parse-as-library"
fi

project=$SRC/widgethost
fuzzing=$project/Tools/Fuzzing
scratch=$WORK/swift-fuzzing
targets="FuzzArchive FuzzViewTree FuzzFrame FuzzRender FuzzTimeline"

# shellcheck disable=SC2086  # SWIFTFLAGS is a list of flags
swift build -c release --package-path "$fuzzing" --scratch-path "$scratch" $SWIFTFLAGS
# shellcheck disable=SC2086
bin=$(swift build -c release --package-path "$fuzzing" --scratch-path "$scratch" $SWIFTFLAGS --show-bin-path)

# Seed corpora: the golden archives and every fail case, in the form each harness reads
# (Tools/Fuzzing/seed-corpora.sh says which). FuzzFrame starts from the frames the built-in fuzzer
# makes (none are stored), so its corpus is the archives as frame bodies.
seeds=$WORK/seeds
rm -rf "$seeds"
bash "$fuzzing/seed-corpora.sh" "$seeds" "$project"/Archives/golden/*.wgar "$project"/Archives/fail-cases/*.wgar

zip_folder() {  # zip_folder FOLDER ARCHIVE: the folder's files at the archive's top level
  if command -v zip >/dev/null 2>&1; then
    (cd "$1" && zip -q -r "$2" .)
  else
    python3 - "$1" "$2" <<'PY'
import os, sys, zipfile
folder, archive = sys.argv[1], sys.argv[2]
with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as z:
    for name in sorted(os.listdir(folder)):
        z.write(os.path.join(folder, name), name)
PY
  fi
}

for target in $targets; do
  cp "$bin/$target" "$OUT/$target"
  cp "$fuzzing/widget-archive.dict" "$OUT/$target.dict"
  corpus=$seeds/plain
  case "$target" in FuzzArchive) corpus=$seeds/with-option ;; FuzzViewTree) corpus=$seeds/payload ;; FuzzTimeline) corpus=$seeds/timeline ;; esac
  rm -f "$OUT/${target}_seed_corpus.zip"
  zip_folder "$corpus" "$OUT/${target}_seed_corpus.zip"
done
