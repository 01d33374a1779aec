#!/usr/bin/env bash
# Builds contactsim (installing dependencies if missing) and runs it. Without arguments it runs
# the built-in default scene; any arguments go to the contactsim program (e.g. run SCENE.json).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/install-deps.sh"
cd "$root"
cmake --preset release >/dev/null
cmake --build build/release -j"$(nproc)" --target contactsim_cli
exec build/release/apps/contactsim "$@"
