#!/usr/bin/env bash
# Fuzzes the loaders with libFuzzer (tests/fuzz/: the scene loader, the OBJ loaders, the
# response-map reader), ASan and UBSan on, each on its seed corpus from tests/data and scenes/.
#   scripts/fuzz.sh [seconds]     build the targets (preset "fuzz", clang) if needed, then run each
#                                 for `seconds` (default 60); prints executions and exec/s per target
#   scripts/fuzz.sh --run TARGET SECONDS CORPUS SEED_DIR...
#                                 run one built target (what the CTest tests labelled `fuzz` do)
# New inputs go to a scratch corpus under build/fuzz (kept between runs, not in git); a crash, a
# sanitizer report, a leak, an input slower than 30 s (instrumented, on a loaded machine: the
# release CLI's catalogue limit is 10 s) or more than 2 GB of memory writes its input
# to build/fuzz/tests/fuzz/artifacts/ and makes the script exit non-zero. Reproduce one with
# `build/fuzz/tests/fuzz/<target> <artifact>`.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
fuzz_dir="$root/build/fuzz/tests/fuzz"

# Runs one target; prints "<target>: <executions> executions, <exec/s> exec/s" or its failure.
run_one() {
  local target="$1" seconds="$2" corpus="$3"
  shift 3
  local name log artifacts
  name="$(basename "$target")"
  artifacts="$(dirname "$corpus")/../artifacts"
  mkdir -p "$corpus" "$artifacts"
  log="$(dirname "$corpus")/../$name.log"
  local status=0
  "$target" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$artifacts/$name-" "$corpus" "$@" >"$log" 2>&1 || status=$?
  local runs rate
  runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)"
  rate="$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)"
  if [[ $status -ne 0 ]]; then
    tail -n 60 "$log" >&2
    echo "$name: FAILED (exit $status) after ${runs:-?} executions; log $log, input in $artifacts" >&2
    return 1
  fi
  echo "$name: ${runs:-?} executions in $seconds s, ${rate:-?} exec/s (corpus $corpus)"
}

if [[ "${1:-}" == "--run" ]]; then
  shift
  run_one "$@"
  exit
fi

seconds="${1:-60}"
targets=(scene_fuzz obj_fuzz response_map_fuzz)
if [[ ! -f "$root/build/fuzz/CMakeCache.txt" ]]; then
  "$root/scripts/install-deps.sh"
  (cd "$root" && cmake --preset fuzz >/dev/null)
fi
cmake --build "$root/build/fuzz" -j"$(nproc)" --target "${targets[@]}"
failed=0
run_one "$fuzz_dir/scene_fuzz" "$seconds" "$fuzz_dir/corpus/scene_fuzz" \
  "$root/scenes" "$root/tests/data/bad_scenes" || failed=1
run_one "$fuzz_dir/obj_fuzz" "$seconds" "$fuzz_dir/corpus/obj_fuzz" \
  "$root/tests/data/meshes" "$root/scenes/meshes" || failed=1
run_one "$fuzz_dir/response_map_fuzz" "$seconds" "$fuzz_dir/corpus/response_map_fuzz" \
  "$root/scenes/maps" || failed=1
exit $failed
