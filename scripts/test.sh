#!/usr/bin/env bash
# Builds contactsim and runs the whole test suite (installing dependencies if missing).
#   scripts/test.sh          optimised build (CMake preset "release")
#   scripts/test.sh asan     AddressSanitizer + UndefinedBehaviorSanitizer build (preset "asan")
#   scripts/test.sh fuzz     the libFuzzer targets, 20 s each (preset "fuzz", clang; scripts/fuzz.sh)
set -euo pipefail
preset="${1:-release}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/scripts/install-deps.sh"
cd "$root"
cmake --preset "$preset" >/dev/null
cmake --build "build/$preset" -j"$(nproc)"
ctest --test-dir "build/$preset" --output-on-failure -j"$(nproc)"
