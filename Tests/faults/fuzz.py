"""Bad input to every parser and reader: the FuzzTests suite (seeded random and mutated real
samples), run with a count of inputs per parser; each fuzz test prints `fuzz: NAME COUNT inputs,
COUNT with bounded output` (the inputs whose output it checked against their size)."""

import glob
import os
import re
import subprocess

from app import Cell, Failure, check_misuse

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DEFAULT_INPUTS = 2000  # FuzzTests' own default (Tests/FuzzTests/Fuzz.swift), what --quick runs


def parser_names():
    """The name of every fuzzed parser, as the FuzzTests sources call `Fuzz.run("NAME") { … }`."""
    names = []
    for path in sorted(glob.glob(os.path.join(ROOT, "Tests", "FuzzTests", "*.swift"))):
        with open(path) as file:
            names += re.findall(r'\bFuzz\.run\(\s*"([^"]+)"', file.read())
    return names


class Parsers(Cell):
    name = "fuzzed input to every parser"
    invariant = ("each parser the FuzzTests sources fuzz gets every one of its inputs: no crash, no hang, a value "
                 "or a clear error for each input, and for every input of every parser its output (the value, the "
                 "list, the error's words) checked against a bound in the input's size")
    # Inputs per parser in the full matrix.
    FULL_INPUTS = 100_000

    def __init__(self, binary):
        super().__init__(binary)
        self.inputs = DEFAULT_INPUTS
        self.count = None

    def prepare_full(self):
        self.inputs = self.FULL_INPUTS

    def run(self, data, rng):
        expected = parser_names()
        if len(set(expected)) != len(expected) or not expected:
            raise Failure(f"the FuzzTests sources name their parsers ambiguously: {expected}")
        environment = dict(os.environ, BACKGROUNDER_FUZZ_SEED=str(rng.randrange(1 << 31)),
                           BACKGROUNDER_FUZZ_INPUTS=str(self.inputs))
        # The test binary the build left beside the app's, run directly: `swift test` would open
        # SwiftPM's build database in .build, which check-docs' DocC plugin may hold at once.
        tests = os.path.join(os.path.dirname(self.binary), "BackgrounderPackageTests.xctest")
        if not os.access(tests, os.X_OK):
            raise Failure(f"no test binary at {tests}: build it first (swift build --build-tests)")
        result = subprocess.run([tests, "--testing-library", "swift-testing", "--filter", "FuzzTests"], cwd=ROOT,
                                env=environment, capture_output=True, text=True, timeout=3600)
        # Captured here, not by App's reader: scanned here.
        check_misuse(result.stdout + "\n" + result.stderr, "FuzzTests")
        if result.returncode != 0:
            tail = "\n".join((result.stdout + result.stderr).splitlines()[-15:])
            raise Failure(f"FuzzTests failed ({result.returncode}):\n{tail}")
        counts, bounded = {}, {}
        for name, count, checked in re.findall(r"^fuzz: (.+?) (\d+) inputs, (\d+) with bounded output$", result.stdout,
                                               re.MULTILINE):
            if name in counts:
                raise Failure(f"parser {name!r} reported twice")
            counts[name], bounded[name] = int(count), int(checked)
        missing = [name for name in expected if name not in counts]
        unknown = [name for name in counts if name not in expected]
        short = {name: count for name, count in counts.items() if count != self.inputs}
        unbounded = {name: f"{bounded[name]} of {count}" for name, count in counts.items() if bounded[name] != count}
        if missing or unknown or short or unbounded:
            raise Failure(f"expected {len(expected)} parsers × {self.inputs} inputs, each with its output bounded; "
                          f"missing {missing}, unknown {unknown}, other counts {short}, inputs without a bound check "
                          f"{unbounded}")
        self.count = f"{len(counts) * self.inputs:,} inputs: {self.inputs:,} to each of {len(counts)} parsers"
        return ", ".join(f"{name} {count}" for name, count in counts.items())
