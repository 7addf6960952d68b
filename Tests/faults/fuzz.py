"""Bad input to every parser and reader: the FuzzTests suite (seeded random and mutated real
samples), run with a count of inputs per parser; each test prints `fuzz: NAME COUNT inputs`."""

import os
import re
import subprocess

from app import Cell, Failure

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


class Parsers(Cell):
    name = "fuzzed input to every parser"
    invariant = "no crash, no hang, a value or a clear error for each input, bounded output"
    # Inputs per parser: the FuzzTests' own default (2,000) in --quick, this in the full matrix.
    FULL_INPUTS = 100_000

    def __init__(self, binary):
        super().__init__(binary)
        self.inputs = None
        self.count = None

    def prepare_full(self):
        self.inputs = self.FULL_INPUTS

    def run(self, data, rng):
        environment = dict(os.environ, BACKGROUNDER_FUZZ_SEED=str(rng.randrange(1 << 31)))
        if self.inputs:
            environment["BACKGROUNDER_FUZZ_INPUTS"] = str(self.inputs)
        result = subprocess.run(["swift", "test", "--skip-build", "--filter", "FuzzTests"], cwd=ROOT,
                                env=environment, capture_output=True, text=True, timeout=3600)
        counts = re.findall(r"fuzz: (.+?) (\d+) inputs", result.stdout)
        if result.returncode != 0 or not counts:
            tail = "\n".join((result.stdout + result.stderr).splitlines()[-15:])
            raise Failure(f"FuzzTests failed ({result.returncode}):\n{tail}")
        total = sum(int(count) for _, count in counts)
        self.count = f"{total} inputs to {len(counts)} parsers"
        return ", ".join(f"{name} {count}" for name, count in counts)
