#!/usr/bin/env bash
# The replay report in a real browser: runs every shipped scene with `contactsim run --html`
# (two at a time) and opens each report.html in headless Chromium (viewer/test/
# report_browser_test.js: no console or page errors, no network requests, the canvas not blank);
# for the default scene also that the first and last slider positions render different images and
# that clicking an event jumps to its time, and saves its screenshot as WORK_DIR/report-default-
# scene.png (docs/figures/report-default-scene.png is a copy).
#   report_browser_test.sh CLI SOURCE_DIR WORK_DIR
set -euo pipefail
cli="$1" src="$2" work="$3"
if [[ ! -d "$src/viewer/node_modules/playwright-core" ]]; then
  echo "report browser test: $src/viewer/node_modules is missing (run scripts/install-deps.sh)" >&2
  exit 1
fi
rm -rf "$work" && mkdir -p "$work"
cd "$src"
export cli work
# shellcheck disable=SC2016
ls scenes/*.json | xargs -P 2 -I{} sh -c \
  '"$cli" run "$1" --out "$work/$(basename "$1" .json)" --html --quiet' _ {}
reports=()
for scene in scenes/*.json; do
  name="$(basename "$scene" .json)"
  reports+=("$work/$name/report.html")
  if [[ "$name" == rattleback-spin ]]; then
    reports+=(--moves --screenshot "$work/report-default-scene.png")
  fi
done
node "$src/viewer/test/report_browser_test.js" "${reports[@]}"
