#!/usr/bin/env python3
"""Progress bars of the CLI on a real terminal: `run`, `bowl-study` and `restitution-study` (its
response-map precompute and its drops) draw a bar with the time left on stderr when stderr is a
terminal (a pseudo-terminal here), nothing when it is a pipe, and nothing with --quiet.

    progress_test.py CLI SOURCE_DIR WORK_DIR
"""
import os
import pty
import re
import select
import subprocess
import sys

cli, source, work = sys.argv[1:4]
failures = []


def on_terminal(arguments):
    """Runs the CLI with stderr on a pseudo-terminal (stdout a pipe): (stdout, terminal text)."""
    master, slave = pty.openpty()
    process = subprocess.Popen([cli] + arguments, cwd=source, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=slave)
    os.close(slave)
    terminal = b""
    while True:
        ready, _, _ = select.select([master], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # the other end closed
                chunk = b""
            if not chunk and process.poll() is not None:
                break
            terminal += chunk
        elif process.poll() is not None:
            break
    stdout = process.stdout.read()
    process.wait()
    os.close(master)
    if process.returncode != 0:
        failures.append(f"{arguments}: exit {process.returncode}: {terminal.decode(errors='replace')}")
    return stdout.decode(), terminal.decode(errors="replace")


def expect_bar(arguments, label):
    _, terminal = on_terminal(arguments)
    bars = re.findall(r"\r" + re.escape(label) + r" \[[#.]+\]\s+(\d+)%", terminal)
    if not bars or bars[-1] != "100":
        failures.append(f"{arguments}: no bar '{label}' reaching 100%: {terminal!r}")
    elif "\n" in terminal or not re.search(r"\r +\r$", terminal):
        failures.append(f"{arguments}: the bar's line is not cleared at the end, or stderr got "
                        f"more than bars: {terminal!r}")


def expect_silent(arguments, terminal_stderr):
    if terminal_stderr:
        _, text = on_terminal(arguments)
    else:
        result = subprocess.run([cli] + arguments, cwd=source, capture_output=True, text=True)
        text = result.stderr
        if result.returncode != 0:
            failures.append(f"{arguments}: exit {result.returncode}")
    if text:
        failures.append(f"{arguments}: stderr got {text!r}")


run = ["run", "scenes/rattleback-spin.json", "--duration", "2", "--out", f"{work}/run"]
bowl = ["bowl-study", "--max-steps", "128", "--repeats", "1", "--duration", "0.2",
        "--out", f"{work}/bowl"]
bar = ["restitution-study", "--samples", "32", "--angle-step", "45", "--out", f"{work}/bar"]

expect_bar(run, "simulating rattleback-spin")
expect_bar(bowl, "bowl study")
expect_bar(bar, "response map")
expect_bar(bar, "drops")
for arguments in (run, bowl, bar):
    expect_silent(arguments, terminal_stderr=False)  # a pipe: no bar
    expect_silent(arguments + ["--quiet"], terminal_stderr=True)  # --quiet: nothing at all

if failures:
    print("\n".join(failures))
    sys.exit(1)
print("progress bars: drawn on a terminal, absent on a pipe and with --quiet")
