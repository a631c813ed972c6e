#!/usr/bin/env bash
# Builds widget-host in release mode, installs rsvg-convert if missing (Debian's librsvg2-bin), and runs
# the render benchmark: in-process PNG rendering and the whole widget-host process, each against
# rsvg-convert on the same scene, in the same run.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
if ! command -v rsvg-convert >/dev/null; then
  echo "installing rsvg-convert (librsvg2-bin)…"
  (apt-get update -qq && apt-get install -y -qq librsvg2-bin) >/dev/null
fi
# widget-host as one would ship a command-line tool: release, with the Swift runtime and Foundation
# linked in (no Swift shared libraries to load and relocate at start-up). The C libraries stay shared:
# the host fetches for its extensions with Foundation's URLSession, which needs libcurl, and Debian's
# libcurl cannot be linked statically with everything it depends on (Kerberos, LDAP). The linker finds
# it through a link to the runtime library, as Debian installs `libcurl.so` only with the development
# package. (Extensions stay dynamically linked: the virtual clock
# interposes on libc.)
log=$(mktemp)
links="$root/.build-static/link"
mkdir -p "$links"
curl=$(ldconfig -p | awk '/libcurl\.so\.4 .*x86-64|libcurl\.so\.4 \(libc6,x86-64\)/ { print $NF; exit }')
ln -sf "${curl:-/usr/lib/x86_64-linux-gnu/libcurl.so.4}" "$links/libcurl.so"
if ! swift build -c release --static-swift-stdlib -Xlinker -L"$links" --package-path "$root" \
    --scratch-path "$root/.build-static" --product widget-host >"$log" 2>&1; then
  cat "$log"; rm -f "$log"; exit 1
fi
rm -f "$log"
swift build -c release --package-path "$root/Tools/Benchmarks" --product render-benchmark >/dev/null
"$root/Tools/Benchmarks/.build/release/render-benchmark" "$root/.build-static/release/widget-host" "$(command -v rsvg-convert)"
