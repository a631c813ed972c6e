#!/bin/sh
# Installs, from Debian's packages, the faces text is drawn in: Liberation Sans (closest to Apple's
# system font of those measured by Tools/Fidelity) and DejaVu Sans (behind it, for the symbols and
# scripts Liberation lacks). Without them text is drawn in a built-in block face; layout is the
# same either way.
set -eu
packages="fonts-liberation2 fonts-dejavu-core"
if [ "$(id -u)" = 0 ]; then
    apt-get install -y $packages
elif command -v sudo >/dev/null 2>&1; then
    sudo apt-get install -y $packages
else
    echo "install-fonts: run as root, or install $packages with your package manager" >&2
    exit 1
fi
