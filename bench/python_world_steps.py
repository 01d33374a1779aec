#!/usr/bin/env python3
"""Python's cost over C++ for the same loop (issue 28): the default scene advanced 10 000 steps of
its maximum step, every body's positions read as a numpy array after each, from Python, against
bench_smooth_world's BM_DefaultSceneSteps run in the same invocation. Medians of --repeats.

    PYTHONPATH=build/release/python /usr/bin/python3 bench/python_world_steps.py \\
        --bench build/release/bench/bench_smooth_world
"""

import argparse
import json
import statistics
import subprocess
import time

import contactsim


def python_loop():
    scene = contactsim.default_scene()
    h = scene.world.integrator.max_step
    start = time.process_time()
    w = contactsim.World(scene.world)
    checksum = 0.0
    for _ in range(10000):
        w.step(h)
        p = w.positions()
        checksum += p[0, 0] + p[1, 0]
    return time.process_time() - start, checksum


def cpp_loop(bench, repeats):
    out = subprocess.run([bench, "--benchmark_filter=BM_DefaultSceneSteps$",
                          f"--benchmark_repetitions={repeats}", "--benchmark_format=json"],
                         check=True, capture_output=True, text=True).stdout
    runs = [b for b in json.loads(out)["benchmarks"] if b.get("run_type") == "iteration"]
    return statistics.median(b["cpu_time"] for b in runs) / 1e3  # ms -> s


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bench", default="build/release/bench/bench_smooth_world")
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    py = statistics.median(python_loop()[0] for _ in range(args.repeats))
    cpp = cpp_loop(args.bench, args.repeats)
    print(f"default scene, 10 000 steps: Python {py * 1e3:.1f} ms, C++ {cpp * 1e3:.1f} ms "
          f"(medians of {args.repeats}), ratio {py / cpp:.3f}")


if __name__ == "__main__":
    main()
