"""Shared by the Python benchmark scripts (imported, not run), as scripts/lib/benchmark.sh is
by the shell ones.

When BENCHMARK_ROWS names a file (scripts/benchmark-all sets it), `table_row` appends a row of
docs/PERFORMANCE.md's table there; when BENCHMARK_FACTS names one, `fact` appends a figure the
notes (docs/PERFORMANCE-NOTES.md, a template) quote as {{KEY}}, so that every figure in the
page comes from the same run. BENCHMARK_ROUNDS says how many alternating rounds to run (3
unless set)."""

import os
import statistics
import subprocess
import sys

ROUNDS = int(os.environ.get("BENCHMARK_ROUNDS", "3"))
ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
# The release builds' scratch path, shared with scripts/lib/benchmark.sh (see there).
RELEASE_SCRATCH = os.environ.get("BENCHMARK_SCRATCH") or os.path.join(ROOT, ".build-release")
# Where the release products are.
RELEASE_BIN = os.path.join(RELEASE_SCRATCH, "release")


def release_build(product, package_path=None):
    """Builds `product` in release, of Backgrounder or, with `package_path` "Benchmarks", of the
    benchmarks, in the shared scratch path; returns its path. The build description is planned
    afresh, and the build's output printed only when it fails, as scripts/lib/benchmark.sh's
    release_build says why."""
    description = os.path.join(RELEASE_SCRATCH, "release.yaml")
    if os.path.exists(description):
        os.remove(description)
    package = ["--package-path", package_path] if package_path else []
    build = subprocess.run(["swift", "build", "-c", "release", "--scratch-path", RELEASE_SCRATCH, *package, "--product", product],
                           cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if build.returncode != 0:
        sys.stderr.write(build.stdout)
        raise SystemExit(f"the release build of {product} failed (exit {build.returncode})")
    return os.path.join(RELEASE_BIN, product)


def table_row(measure, backgrounder, reference, ratio, goal, met, why=""):
    """One row: MEASURE BACKGROUNDER REFERENCE RATIO GOAL MET [WHY] (MET is yes, no or -)."""
    path = os.environ.get("BENCHMARK_ROWS")
    if path:
        with open(path, "a") as rows:
            rows.write("\t".join(str(field) for field in (measure, backgrounder, reference, ratio, goal, met, why)) + "\n")


def fact(key, value):
    """A figure for the notes' template, quoted there as {{key}}."""
    path = os.environ.get("BENCHMARK_FACTS")
    if path:
        with open(path, "a") as facts:
            facts.write(f"{key}\t{value}\n")


def median(values):
    return statistics.median(values)


def alternate(*runs, rounds=ROUNDS):
    """Runs each of `runs` once a round, in turn, for `rounds` rounds: a list per run of its
    results, so that a slow spell of the machine falls on both sides."""
    results = [[] for _ in runs]
    for _ in range(rounds):
        for index, run in enumerate(runs):
            results[index].append(run())
    return results
