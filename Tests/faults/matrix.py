#!/usr/bin/env python3
"""The fault matrix: every feature under kills, full disks, stalled readers, misbehaving peers and
bad input, each cell run a number of times with its invariant checked from outside the app.

Usage: Tests/faults/matrix.py BINARY [--quick] [--seed N] [--only TEXT] [--runs N] [--allow-skips]
                              [--write FILE]
The last lines are the table (cell, runs, failures, seconds, invariant); the exit status is
non-zero when any cell failed, or when a cell was skipped (it cannot run here: the disk-full
cells need root to mount a tmpfs) unless --allow-skips is given. With --write FILE, the table,
with the commit, date, machine, seed and mode, replaces what is between FILE's markers
(docs/RELIABILITY.md's); only a run of every cell writes it.
"""

import argparse
import datetime
import os
import platform
import random
import shutil
import subprocess
import sys
import tempfile
import time
import traceback

sys.path.insert(0, os.path.dirname(__file__))
from app import Failure  # noqa: E402
import disk  # noqa: E402
import fuzz  # noqa: E402
import kills  # noqa: E402
import peers  # noqa: E402
import push  # noqa: E402
import stalls  # noqa: E402

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BEGIN = "<!-- fault-matrix:begin (written by scripts/fault-matrix; do not edit by hand) -->"
END = "<!-- fault-matrix:end -->"

# (cell, runs in the full matrix, runs with --quick)
CELLS = [
    (kills.DownloadKill, 100, 8),
    (kills.TrackKill, 100, 10),
    (kills.TaskRequestKill, 100, 10),
    (kills.PairingTokenKill, 100, 20),
    (kills.VoIPReconnectKill, 100, 8),
    (disk.DownloadOnFullDisk, 5, 1),
    (disk.TrackOnFullDisk, 5, 1),
    (disk.TaskRequestsOnFullDisk, 5, 1),
    (disk.PairingTokenOnFullDisk, 5, 1),
    (disk.VoIPEndpointOnFullDisk, 5, 1),
    (stalls.StalledConsoleReader, 3, 1),
    (stalls.StalledWebSocketReader, 3, 1),
    (stalls.QuitWhileConsoleStalls, 10, 2),
    (peers.VanishingGpsd, 3, 1),
    (peers.GarbageGpsd, 3, 1),
    (peers.FloodingGpsd, 3, 1),
    (peers.MisbehavingIssueServer, 3, 1),
    (peers.MisbehavingVoIPPeer, 3, 1),
    (fuzz.Parsers, 1, 1),
    (push.PushStreamFlood, 10, 1),
    (push.PushHalfRequestStall, 10, 1),
    (push.PushConnectionFlood, 10, 1),
    (push.PushMalformedFrames, 10, 1),
]


class Row:
    """One cell's outcome: runs made, failures, seconds, or why it was skipped."""

    def __init__(self, cell, runs=0, failures=(), seconds=0.0, skipped=None):
        self.cell, self.runs, self.failures, self.seconds, self.skipped = cell, runs, list(failures), seconds, skipped

    def markdown(self):
        count = getattr(self.cell, "count", None)
        runs = f"{self.runs}" if count is None else f"{self.runs} ({count})"
        if self.skipped:
            return f"| {self.cell.name} | skipped: {self.skipped} | - | - | {self.cell.invariant} |"
        return f"| {self.cell.name} | {runs} | {len(self.failures)} | {self.seconds:.0f} | {self.cell.invariant} |"


def run_cell(cell, runs, seed):
    failures = []
    started = time.monotonic()
    for index in range(runs):
        rng = random.Random(seed * 1_000_003 + index)
        data = tempfile.mkdtemp(prefix="backgrounder-faults-")
        try:
            detail = cell.run(data, rng)
            if detail:
                print(f"  {cell.name} #{index}: {detail}", flush=True)
        except Failure as failure:
            failures.append(f"run {index}: {failure}")
            print(f"[FAIL] {cell.name} run {index} (seed {seed}): {failure}", flush=True)
        except Exception:  # noqa: BLE001 - a crash of the driver is a failure of the cell too
            failures.append(f"run {index}: {traceback.format_exc(limit=3)}")
            print(f"[FAIL] {cell.name} run {index}: {traceback.format_exc()}", flush=True)
        finally:
            getattr(cell, "cleanup", lambda d: None)(data)
            shutil.rmtree(data, ignore_errors=True)
    return Row(cell, runs, failures, time.monotonic() - started)


def table(rows):
    return ["| cell | runs | failures | seconds | invariant |", "| --- | --- | --- | --- | --- |"] + [row.markdown() for row in rows]


def machine():
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")),
               "unknown CPU")
    memory = int(next(line.split()[1] for line in open("/proc/meminfo") if line.startswith("MemTotal"))) // 1048576
    return f"{os.cpu_count()} × {cpu}, {memory} GiB, {platform.system()} {platform.release()}"


def git(*args):
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True).stdout.strip()


def write(path, rows, options, seconds):
    """Replaces what is between BEGIN and END in `path` with this run's table and its facts."""
    with open(path) as file:
        text = file.read()
    if BEGIN not in text or END not in text:
        raise SystemExit(f"matrix.py: {path} has no markers {BEGIN!r} … {END!r}")
    commit = git("rev-parse", "--short", "HEAD") + (" (with uncommitted changes)" if git("status", "--porcelain") else "")
    failed = sum(1 for row in rows if row.failures)
    skipped = sum(1 for row in rows if row.skipped)
    mode = "`--quick`" if options.quick else "full"
    runs = f", `--runs {options.runs}`" if options.runs else ""
    swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    block = [
        BEGIN,
        "",
        f"- Run: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC at commit {commit}; "
        f"{mode} matrix{runs}, seed {options.seed}; {len(rows)} cells, {failed} failed, {skipped} skipped, "
        f"{seconds:.0f} s in all",
        f"- Machine: {machine()}; {swift}; debug build; load average before: {options.load_before}",
        f"- Command: `scripts/fault-matrix{' --quick' if options.quick else ''}"
        f"{f' --runs {options.runs}' if options.runs else ''}{f' --seed {options.seed}' if options.seed != 2013 else ''}`",
        "",
        *table(rows),
        "",
        END,
    ]
    head, rest = text.split(BEGIN, 1)
    tail = rest.split(END, 1)[1]
    with open(path, "w") as file:
        file.write(head + "\n".join(block) + tail)
    print(f"wrote the table to {path}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("binary")
    parser.add_argument("--quick", action="store_true", help="the short version CI runs")
    parser.add_argument("--seed", type=int, default=2013)
    parser.add_argument("--only", help="run only the cells whose name contains this text")
    parser.add_argument("--runs", type=int, help="runs per cell, instead of the table's")
    parser.add_argument("--allow-skips", action="store_true",
                        help="exit 0 although a cell could not run here (e.g. the disk-full cells without root)")
    parser.add_argument("--write", metavar="FILE", help="write the table between FILE's markers (a run of every cell)")
    options = parser.parse_args()
    options.load_before = " ".join(open("/proc/loadavg").read().split()[:3])
    binary = os.path.abspath(options.binary)
    if options.only and not any(options.only.lower() in make.name.lower() for make, _, _ in CELLS):
        # A filter that matches nothing would be a green run of no cell.
        print(f"matrix.py: --only {options.only!r} matches no cell; the cells are:\n  "
              + "\n  ".join(make.name for make, _, _ in CELLS), file=sys.stderr)
        return 2
    rows = []
    started = time.monotonic()
    for make, full, quick in CELLS:
        cell = make(binary)
        if options.only and options.only.lower() not in cell.name.lower():
            continue
        runs = options.runs or (quick if options.quick else full)
        if not options.quick and hasattr(cell, "prepare_full"):
            cell.prepare_full()
        skipped = cell.prepare() if hasattr(cell, "prepare") else None
        if skipped:
            print(f"[skip] {cell.name}: {skipped}", flush=True)
            rows.append(Row(cell, skipped=skipped))
            continue
        row = run_cell(cell, runs, options.seed)
        rows.append(row)
        print(f"[{'ok' if not row.failures else 'FAIL'}] {cell.name}: {runs} runs, {len(row.failures)} failed, "
              f"{row.seconds:.1f} s", flush=True)
    seconds = time.monotonic() - started
    print()
    print("\n".join(table(rows)))
    failed = [row for row in rows if row.failures]
    skipped = [row for row in rows if row.skipped]
    print(f"\n{len(rows)} cells, {len(failed)} failed, {len(skipped)} skipped, {seconds:.0f} s (seed {options.seed})")
    if options.write:
        if options.only:
            print(f"not writing {options.write}: --only ran part of the matrix")
        else:
            write(options.write, rows, options, seconds)
    if skipped and not options.allow_skips:
        print(f"{len(skipped)} cells skipped: a skip is not a pass (give --allow-skips to accept it)")
    return 1 if failed or (skipped and not options.allow_skips) else 0


if __name__ == "__main__":
    sys.exit(main())
