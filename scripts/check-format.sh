#!/usr/bin/env bash
# Fails if any C++ file differs from .clang-format; with --fix, reformats them in place.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
mapfile -t files < <(git ls-files '*.hpp' '*.cpp' '*.in' | grep -E '\.(hpp|cpp)$')
if [[ "${1:-}" == "--fix" ]]; then
  clang-format -i "${files[@]}"
else
  clang-format --dry-run --Werror "${files[@]}"
fi
