#!/usr/bin/env python3
"""The fault matrix: every feature under kills, full disks, stalled readers, misbehaving peers and
bad input, each cell run a number of times with its invariant checked from outside the app.

Usage: Tests/faults/matrix.py BINARY [--quick] [--seed N] [--only TEXT] [--runs N]
The last lines are the table (cell, runs, failures, invariant); the exit status is non-zero when
any cell failed.
"""

import argparse
import os
import random
import shutil
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


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("binary")
    parser.add_argument("--quick", action="store_true", help="the short version CI runs")
    parser.add_argument("--seed", type=int, default=2013)
    parser.add_argument("--only", help="run only the cells whose name contains this text")
    parser.add_argument("--runs", type=int, help="runs per cell, instead of the table's")
    options = parser.parse_args()
    binary = os.path.abspath(options.binary)
    rows = []
    started = time.monotonic()
    for make, full, quick in CELLS:
        cell = make(binary)
        if options.only and options.only.lower() not in cell.name.lower():
            continue
        runs = options.runs or (quick if options.quick else full)
        if not options.quick and hasattr(cell, "prepare_full"):
            cell.prepare_full()
        if hasattr(cell, "prepare"):
            skipped = cell.prepare()
            if skipped:
                print(f"[skip] {cell.name}: {skipped}", flush=True)
                rows.append((cell, 0, [f"skipped: {skipped}"], 0.0))
                continue
        failures = []
        cell_started = time.monotonic()
        for index in range(runs):
            rng = random.Random(options.seed * 1_000_003 + index)
            data = tempfile.mkdtemp(prefix="backgrounder-faults-")
            try:
                detail = cell.run(data, rng)
                if detail:
                    print(f"  {cell.name} #{index}: {detail}", flush=True)
            except Failure as failure:
                failures.append(f"run {index}: {failure}")
                print(f"[FAIL] {cell.name} run {index} (seed {options.seed}): {failure}", flush=True)
            except Exception:  # noqa: BLE001 - a crash of the driver is a failure of the cell too
                failures.append(f"run {index}: {traceback.format_exc(limit=3)}")
                print(f"[FAIL] {cell.name} run {index}: {traceback.format_exc()}", flush=True)
            finally:
                getattr(cell, "cleanup", lambda d: None)(data)
                shutil.rmtree(data, ignore_errors=True)
        seconds = time.monotonic() - cell_started
        rows.append((cell, runs, failures, seconds))
        print(f"[{'ok' if not failures else 'FAIL'}] {cell.name}: {runs} runs, {len(failures)} failed, "
              f"{seconds:.1f} s", flush=True)
    print()
    print("| cell | runs | failures | invariant |")
    print("| --- | --- | --- | --- |")
    for cell, runs, failures, _ in rows:
        count = getattr(cell, "count", None)
        shown = f"{runs}" if count is None else f"{runs} ({count})"
        print(f"| {cell.name} | {shown} | {len(failures) if runs else 'skipped'} | {cell.invariant} |")
    failed = [row for row in rows if row[1] and row[2]]
    print(f"\n{len(rows)} cells, {len(failed)} failed, {time.monotonic() - started:.0f} s (seed {options.seed})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
