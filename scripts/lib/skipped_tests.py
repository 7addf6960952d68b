#!/usr/bin/env python3
"""Lists the Swift tests that were skipped or cancelled in the output of `swift test` (Swift
Testing's console lines), and fails when one of them is the test a rule names: each rule of
`backgrounder rules` names the one test that checks it, so that rule went unchecked.

    python3 scripts/lib/skipped_tests.py --rules BACKGROUNDER LOG [LOG…]

scripts/test runs it at the end of the run, on the logs of its test steps."""

import argparse
import json
import re
import subprocess
import sys

# Swift Testing's lines for a test that did not run to its end: "Test name() skipped: …",
# "Test name() was cancelled: …" (a symbol may come first; a reason may follow).
LINE = re.compile(r"\bTest (?P<name>[^\s(]+)\((?P<arguments>[^)]*)\) (?P<what>skipped|was skipped|was cancelled|cancelled)"
                  r"(?P<why>.*)$")


def stopped(logs):
    """{test name: (what, why)} of every test skipped or cancelled in `logs`."""
    found = {}
    for path in logs:
        with open(path, errors="replace") as log:
            for line in log:
                match = LINE.search(line.rstrip("\n"))
                if match:
                    what = "skipped" if "skip" in match.group("what") else "cancelled"
                    found[match.group("name")] = (what, match.group("why").lstrip(":. ").strip())
    return found


def rule_tests(binary):
    """{test name: [rule, …]} for the rules of every iOS era (`backgrounder rules --json --ios N`)."""
    tests = {}
    for era in range(4, 27):
        result = subprocess.run([binary, "rules", "--json", "--ios", str(era)], capture_output=True, text=True, timeout=60)
        if result.returncode != 0:
            continue  # an era Backgrounder does not know
        for rule in json.loads(result.stdout):
            names = tests.setdefault(rule["test"], [])
            if rule["id"] not in names:
                names.append(rule["id"])
    if not tests:
        sys.exit(f"skipped_tests.py: `{binary} rules --json` gave no rules")
    return tests


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rules", required=True, metavar="BACKGROUNDER", help="the binary whose rules name their tests")
    parser.add_argument("logs", nargs="+")
    options = parser.parse_args()
    found = stopped(options.logs)
    if not found:
        print("scripts/test: no test was skipped or cancelled")
        return 0
    rules = rule_tests(options.rules)
    print(f"scripts/test: {len(found)} tests were skipped or cancelled:")
    unchecked = []
    for name, (what, why) in sorted(found.items()):
        named_by = rules.get(name, [])
        print(f"  {name}: {what}{f' ({why})' if why else ''}"
              + (f" — the test of rule {', '.join(named_by)}" if named_by else ""))
        unchecked += named_by
    if unchecked:
        print(f"scripts/test: rules left unchecked, their test skipped or cancelled: {', '.join(unchecked)}",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
