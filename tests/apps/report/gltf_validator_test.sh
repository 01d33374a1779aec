#!/usr/bin/env bash
# glTF export checked by the Khronos glTF-Validator (viewer/test/gltf_validate.js): no errors in
# the scene.glb of the default scene (a smooth Bezier rattleback on a Bezier floor) and of the
# salad (bouchard-2015 Fig. 14: eight closed meshes, OBJ files among them).
#   gltf_validator_test.sh CLI SOURCE_DIR WORK_DIR
set -euo pipefail
cli="$1" src="$2" work="$3"
if [[ ! -d "$src/viewer/node_modules/gltf-validator" ]]; then
  echo "glTF validator test: $src/viewer/node_modules is missing (run scripts/install-deps.sh)" >&2
  exit 1
fi
rm -rf "$work" && mkdir -p "$work"
cd "$src"
files=()
for name in rattleback-spin salad; do
  "$cli" run "scenes/$name.json" --out "$work/$name" --gltf --quiet
  files+=("$work/$name/scene.glb")
done
node "$src/viewer/test/gltf_validate.js" "${files[@]}"
