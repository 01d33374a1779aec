#!/usr/bin/env bash
# Builds contactsim and runs the whole test suite (installing dependencies if missing).
#   scripts/test.sh          optimised build (CMake preset "release")
#   scripts/test.sh asan     AddressSanitizer + UndefinedBehaviorSanitizer build (preset "asan")
#   scripts/test.sh fuzz     the libFuzzer targets, 20 s each (preset "fuzz", clang; scripts/fuzz.sh)
set -euo pipefail
preset="${1:-release}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
started=$SECONDS
"$root/scripts/install-deps.sh"
cd "$root"
cmake --preset "$preset" >/dev/null
echo "test.sh ($preset): dependencies and configure took $((SECONDS - started)) s" >&2
started=$SECONDS
cmake --build "build/$preset" -j"$(nproc)"
echo "test.sh ($preset): build took $((SECONDS - started)) s" >&2
ctest --test-dir "build/$preset" --output-on-failure -j"$(nproc)"
