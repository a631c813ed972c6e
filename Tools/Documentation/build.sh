#!/usr/bin/env bash
# Builds the DocC documentation of WidgetTesting (symbols and articles) and of WidgetKit (the
# writing-widgets articles) into .build/documentation/<Module>.doccarchive, with the toolchain's own
# `docc` and SwiftPM's symbol graphs: no plugin is needed. Where the swift-docc-plugin is added to a
# checkout, `swift package generate-documentation --target WidgetTesting` gives the same archive.
#
#   Tools/Documentation/build.sh                   # both archives
#   Tools/Documentation/build.sh --preview         # and serve WidgetTesting's at http://localhost:8080
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
out="$root/.build/documentation"
docc=$(command -v docc || echo "$(dirname "$(command -v swift)")/docc")
[ -x "$docc" ] || { echo "build.sh: no docc beside swift ($docc)" >&2; exit 1; }

swift package --package-path "$root" dump-symbol-graph --minimum-access-level public >/dev/null
graphs=$(find "$root/.build" -path '*symbolgraph*' -name 'WidgetTesting.symbols.json' -print -quit)
[ -n "$graphs" ] || { echo "build.sh: SwiftPM wrote no symbol graph for WidgetTesting" >&2; exit 1; }
mkdir -p "$out/graphs/WidgetTesting" "$out/graphs/WidgetKit"
cp "$(dirname "$graphs")"/WidgetTesting*.symbols.json "$out/graphs/WidgetTesting/"
cp "$(dirname "$graphs")"/WidgetKit*.symbols.json "$out/graphs/WidgetKit/" 2>/dev/null || true

for module in WidgetTesting WidgetKit; do
    "$docc" convert "$root/Sources/$module/$module.docc" \
        --fallback-display-name "$module" --fallback-bundle-identifier "widgethost.$module" \
        --additional-symbol-graph-dir "$out/graphs/$module" \
        --output-path "$out/$module.doccarchive" >/dev/null
    echo "$out/$module.doccarchive"
done
if [ "${1:-}" = "--preview" ]; then
    exec "$docc" preview "$root/Sources/WidgetTesting/WidgetTesting.docc" \
        --fallback-display-name WidgetTesting --fallback-bundle-identifier widgethost.WidgetTesting \
        --additional-symbol-graph-dir "$out/graphs/WidgetTesting"
fi
