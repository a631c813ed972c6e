#!/usr/bin/env bash
# The chaos soak: `widget-host run` with 1,000 instances for 30 minutes (SOAK_SECONDS, SOAK_INSTANCES
# change it) while a driver taps, reloads, pushes, reconfigures well and badly, kills extensions and the
# host with kill -9 and restarts it, and fills and frees the store's disk. Then it checks that every
# acknowledged reload is in the store, every stored timeline decodes, no extension process outlived
# its host, status answered within its bound, and reports the host's memory and descriptor slopes.
#
# The store lives on a small tmpfs, mounted in a user and mount namespace of the soak's own (no
# privilege needed), so that filling the disk fills only it. Exit status 1 if any promise broke.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
seconds=${SOAK_SECONDS:-1800}
instances=${SOAK_INSTANCES:-1000}
configuration=${SOAK_CONFIGURATION:-release}
out=${SOAK_OUT:-$root/.build/soak}
swift build -c "$configuration" --package-path "$root" --product widget-host >/dev/null
swift build -c "$configuration" --package-path "$root" --product widget-soak >/dev/null
swift build -c "$configuration" --package-path "$root" --product ToDoList >/dev/null
swift build -c "$configuration" --package-path "$root" --product CaffeineTracker >/dev/null
bin=$(swift build -c "$configuration" --package-path "$root" --show-bin-path)
rm -rf "$out"
mkdir -p "$out/disk"
unshare --user --map-root-user --mount sh -c '
  set -e
  mount -t tmpfs -o size=64m tmpfs "$1/disk"
  shift
  exec "$@"
' sh "$out" "$bin/widget-soak" --widget-host "$bin/widget-host" --todo "$bin/ToDoList" --caffeine "$bin/CaffeineTracker" \
  --folder "$out" --fill "$out/disk" --seconds "$seconds" --instances "$instances" --seed "${SOAK_SEED:-1}" \
  --host-kill-spacing "${SOAK_HOST_KILL_SPACING:-120}"
