#!/usr/bin/env bash
# Byte-identical outputs: runs every shipped scene and both figure studies with the CLI and compares
# the SHA-256 of their deterministic outputs (trajectories, events, step sizes, response maps; not
# the CPU times in summaries and tables) with the hashes committed in outputs.sha256. The shipped
# scenes are in format 2; their format-1 originals (tests/data/scenes-v1) must give the same
# outputs, and so must those originals migrated again by `contactsim migrate` (the round trip).
#   check_outputs.sh CLI SOURCE_DIR WORK_DIR           compare (the CTest test golden_outputs)
#   check_outputs.sh CLI SOURCE_DIR WORK_DIR --update  rewrite outputs.sha256 after an intended
#                                                      change (say what changed in the commit)
# The hashes hold for this project's CI machine (x86-64 Debian 12, GCC 12, the release preset);
# another compiler or CPU may round differently.
set -euo pipefail
cli="$1" src="$2" work="$3" mode="${4:-check}"
expected="$src/tests/golden/outputs.sha256"
rm -rf "$work" && mkdir -p "$work"
cd "$src"
for scene in scenes/*.json; do
  name="$(basename "$scene" .json)"
  "$cli" run "$scene" --out "$work/$name" >/dev/null
done
mkdir -p "$work/v1" "$work/round-trip" "$work/migrated"
for scene in tests/data/scenes-v1/*.json; do
  name="$(basename "$scene" .json)"
  "$cli" run "$scene" --out "$work/v1/$name" >/dev/null
  "$cli" migrate "$scene" -o "$work/migrated/$name.json"
  "$cli" run "$work/migrated/$name.json" --out "$work/round-trip/$name" >/dev/null
done
"$cli" bowl-study --out "$work/bowl-study" --repeats 1 --quiet
"$cli" restitution-study --out "$work/restitution-study" --quiet
cd "$work"
# Studies: every CSV but the CPU-time table, and the map file.
find . -path ./v1 -prune -o -path ./round-trip -prune -o -type f \( -name trajectory.csv \
  -o -name events.csv -o -path './bowl-study/*.csv' -o -path './restitution-study/*.csv' \
  -o -name bar_map.json \) ! -name table.csv -print | LC_ALL=C sort | xargs sha256sum \
  >"$work/actual.sha256"
# Format 1 and the round trip: the same hashes as the shipped scenes.
for variant in v1 round-trip; do
  (cd "$variant" && find . -type f \( -name trajectory.csv -o -name events.csv \) | LC_ALL=C sort |
    xargs sha256sum) >"$work/$variant.sha256"
  # The shipped scenes that have a format-1 original (newer scenes were written in format 2).
  : >"$work/scenes.sha256"
  for original in "$src"/tests/data/scenes-v1/*.json; do
    grep "  \./$(basename "$original" .json)/" "$work/actual.sha256" >>"$work/scenes.sha256"
  done
  LC_ALL=C sort -k2 -o "$work/scenes.sha256" "$work/scenes.sha256"
  if ! diff -u "$work/scenes.sha256" "$work/$variant.sha256"; then
    echo "golden outputs: $variant scenes differ from the shipped format-2 scenes (left)." >&2
    exit 1
  fi
done
if [[ "$mode" == --update ]]; then
  cp "$work/actual.sha256" "$expected"
  echo "golden outputs: wrote $(wc -l <"$expected") hashes to $expected"
  exit 0
fi
if ! diff -u "$expected" "$work/actual.sha256"; then
  echo "golden outputs: the files above differ from the committed hashes (left: expected)." >&2
  echo "If the change is intended, run this script with --update and say why in the commit." >&2
  exit 1
fi
echo "golden outputs: $(wc -l <"$expected") files identical"
