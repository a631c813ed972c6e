#!/usr/bin/env bash
# Opens a `widget-host preview` contact sheet in a real headless browser (Debian's chromium, installed
# when missing) and checks it as a person would see it: every image loads, and every transition is an
# animation the browser recognises (more than one frame: it plays); then saves a screenshot.
#
# usage: Tools/Preview/check-contact-sheet.sh PREVIEW_DIR [SCREENSHOT.png]
#   with no PREVIEW_DIR given, previews the bundled CaffeineTracker into a temporary folder first.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
dir=${1:-}
if [[ -z "$dir" ]]; then
  dir=$(mktemp -d)/preview
  swift build --package-path "$root" --product widget-host >/dev/null
  swift build --package-path "$root" --product CaffeineTracker >/dev/null
  bin=$(swift build --package-path "$root" --show-bin-path)
  "$bin/widget-host" preview --extension "$bin/CaffeineTracker" --out "$dir"
fi
[[ -f "$dir/index.html" ]] || { echo "check-contact-sheet: $dir/index.html: no contact sheet there" >&2; exit 1; }
dir=$(cd "$dir" && pwd)
shot=${2:-$dir/contact-sheet.png}

if ! command -v chromium >/dev/null; then
  echo "check-contact-sheet: installing Debian's chromium" >&2
  if [[ $(id -u) -eq 0 ]]; then apt-get install -y -q chromium >/dev/null; else sudo apt-get install -y -q chromium >/dev/null; fi
fi
browser=(chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --allow-file-access-from-files)

# The checks run in the page: each image loaded as the sheet names it; each transition opened with
# WebCodecs' ImageDecoder, which must find it animated, with more than one frame. (Headless Chromium's
# virtual time does not wait for frame decoding, so frames are not drawn here: the APNG writer's own
# tests put frames back together and compare them pixel for pixel.)
cat > "$dir/.check.html" <<'HTML'
<!doctype html><html><body><script>
async function check() {
  const sheet = new DOMParser().parseFromString(await (await fetch('index.html')).text(), 'text/html');
  const sources = [...sheet.images].map(image => image.getAttribute('src'));
  const result = { images: sources.length, loaded: 0, broken: [], transitions: 0, playing: 0, still: [] };
  for (const source of sources) {
    const loaded = await new Promise(resolve => {
      const image = new Image();
      image.onload = () => resolve(image.naturalWidth > 0);
      image.onerror = () => resolve(false);
      image.src = source;
    });
    if (loaded) { result.loaded += 1; } else { result.broken.push(source); continue; }
    if (!source.includes('transition-')) continue;
    result.transitions += 1;
    const decoder = new ImageDecoder({ data: await (await fetch(source)).arrayBuffer(), type: 'image/png' });
    await decoder.tracks.ready;
    const track = decoder.tracks.selectedTrack;
    if (track.animated && track.frameCount > 1) result.playing += 1; else result.still.push(`${source} (${track.frameCount} frames)`);
  }
  document.body.setAttribute('data-result', JSON.stringify(result));
}
check().catch(error => document.body.setAttribute('data-result', JSON.stringify({ error: String(error) })));
</script></body></html>
HTML
dom=$(timeout 300 "${browser[@]}" --virtual-time-budget=60000 --dump-dom "file://$dir/.check.html" 2>/dev/null)
rm -f "$dir/.check.html"
result=$(printf '%s' "$dom" | sed -n 's/.*data-result="\([^"]*\)".*/\1/p' | sed 's/&quot;/"/g')
[[ -n "$result" ]] || { echo "check-contact-sheet: the page did not report (chromium: $(chromium --version 2>&1))" >&2; exit 1; }
timeout 120 "${browser[@]}" --window-size=1400,6000 --screenshot="$shot" "file://$dir/index.html" >/dev/null 2>&1
python3 - "$result" "$shot" <<'PY'
import json, sys
r = json.loads(sys.argv[1])
if "error" in r:
    sys.exit(f"check-contact-sheet: the check failed in the page: {r['error']}")
print(f"{r['loaded']} of {r['images']} images load; {r['playing']} of {r['transitions']} transitions play; screenshot {sys.argv[2]}")
problems = [f"broken: {s}" for s in r["broken"]] + [f"does not play: {s}" for s in r["still"]]
if problems or r["images"] == 0:
    sys.exit("check-contact-sheet: " + ("; ".join(problems) or "no images in the sheet"))
PY
