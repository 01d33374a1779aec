#!/usr/bin/env bash
# The replay report in a real browser: runs every shipped scene with `contactsim run --html`
# (two at a time) and opens each report.html in headless Chromium (viewer/test/
# report_browser_test.js: no console or page errors, no network requests, the canvas not blank);
# for the default scene also that the first and last slider positions render different images and
# that clicking an event jumps to its time, and saves its screenshot as WORK_DIR/report-default-
# scene.png (docs/figures/report-default-scene.png is a copy). `contactsim view` writes the report
# of the default scene again from its outputs (checked in the browser too), and refuses a directory
# without outputs (exit 1, a message naming it).
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
# The default scene runs whole (its report is checked move by move and pictured in the docs);
# every other scene its first half second at most: what is checked is the report of a run, not the
# run (tests/golden runs every scene whole), and the long scenes (rattleback-tap 30 s, the stacks
# 10 s) took most of this test's four to six minutes.
# shellcheck disable=SC2016
ls scenes/*.json | xargs -P 2 -I{} sh -c \
  'd=""
   case "$1" in
     *rattleback-spin*) ;;
     *) d="--duration $(python3 -c "import json, sys; print(min(0.5, json.load(open(sys.argv[1]))[\"duration\"]))" "$1")";;
   esac
   "$cli" run "$1" --out "$work/$(basename "$1" .json)" --html --quiet $d' _ {}
# view: from a run's outputs alone (no report.html there), and a directory without outputs.
cp -r "$work/rattleback-spin" "$work/view" && rm "$work/view/report.html"
"$cli" view "$work/view" --quiet
mkdir "$work/empty"
if message="$("$cli" view "$work/empty" 2>&1)" || [[ "$message" != *"$work/empty holds no contactsim run outputs"* ]]; then
  echo "contactsim view of a directory without outputs: expected exit 1 and a message, got: $message" >&2
  exit 1
fi
[[ ! -e "$work/empty/report.html" ]] || { echo "view wrote into a directory without outputs" >&2; exit 1; }
reports=("$work/view/report.html")
for scene in scenes/*.json; do
  name="$(basename "$scene" .json)"
  reports+=("$work/$name/report.html")
  if [[ "$name" == rattleback-spin ]]; then
    reports+=(--moves --screenshot "$work/report-default-scene.png")
  fi
done
node "$src/viewer/test/report_browser_test.js" "${reports[@]}"
