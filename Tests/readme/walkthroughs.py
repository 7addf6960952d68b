#!/usr/bin/env python3
"""Runs the README's walk-throughs exactly as written and checks that they print what it shows.

A walk-through is a fenced ```sh block with the marker `<!-- walkthrough -->` on the line
before it (the marker is an HTML comment: GitHub shows nothing). Only blocks that run headless,
without a peer outside the binary (gpsd, nc, a desktop), carry it. Two shapes:

    $ printf 'home\\nstatus\\n' | scripts/run run --headless     a command: after `$ `
    … TheBackgrounder[7867] State: background → suspended       a line it prints

or, without any `$ ` line, every line is a command and each `# ` line is one it prints.

Each walk-through runs in bash (`set -eo pipefail`), in a fresh directory of its own, with
`scripts/run` standing for the built binary (scripts/run would build it first) and
XDG_DATA_HOME in that directory, so its data never meets another's; `/tmp/` in a command or a
line stands for the directory too. Then:

- every line the README shows appears in the output (stdout and stderr): `…` stands for any
  text, a date (the console's, an issue's, a fix's) and the process id
  (`TheBackgrounder[12206]`) for any;
- no `Diagnostic [` line appears that the README does not show: a walk-through prints no
  diagnostic that is not true;
- it exits 0, within its time (the long ones run on `--clock virtual`).

The walk-throughs run at once, each waiting only for its own process to end.

    python3 Tests/readme/walkthroughs.py .build/debug/backgrounder [--readme README.md] [--only TEXT]
"""

import argparse
import concurrent.futures
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

MARKER = re.compile(r"^\s*<!--\s*walkthrough\s*(?:timeout=(\d+))?\s*-->\s*$")
FENCE = re.compile(r"^(\s*)```(\w*)\s*$")
TIMESTAMP = r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} "
DEFAULT_TIMEOUT = 90


@dataclass
class Walkthrough:
    line: int  # the README line of its fence
    commands: list = field(default_factory=list)
    expected: list = field(default_factory=list)
    timeout: int = DEFAULT_TIMEOUT

    @property
    def title(self):
        first = self.commands[0] if self.commands else ""
        return f"README.md:{self.line}: {first[:90]}"


def parse(readme: Path):
    """The marked walk-throughs of `readme`, in order."""
    lines = readme.read_text(encoding="utf-8").split("\n")
    walkthroughs = []
    index = 0
    while index < len(lines):
        marker = MARKER.match(lines[index])
        index += 1
        if not marker:
            continue
        while index < len(lines) and not lines[index].strip():
            index += 1
        fence = FENCE.match(lines[index]) if index < len(lines) else None
        if not fence or fence.group(2) != "sh":
            raise SystemExit(f"README.md:{index + 1}: a walkthrough marker must come right before a ```sh block")
        indent = len(fence.group(1))
        walkthrough = Walkthrough(line=index + 1, timeout=int(marker.group(1) or DEFAULT_TIMEOUT))
        index += 1
        body = []
        while index < len(lines) and not FENCE.match(lines[index]):
            body.append(lines[index][indent:] if lines[index][:indent].strip() == "" else lines[index])
            index += 1
        index += 1
        read_block(walkthrough, body)
        walkthroughs.append(walkthrough)
    return walkthroughs


def read_block(walkthrough, body):
    """Splits a block's lines into its commands and the lines it shows."""
    prompted = any(line.startswith("$ ") for line in body)
    pending = None
    for line in body:
        if pending is not None:
            pending += "\n" + line
            if not line.endswith("\\"):
                walkthrough.commands.append(pending)
                pending = None
            continue
        if not line.strip():
            continue
        if prompted:
            if line.startswith("$ "):
                command = line[2:]
                if command.endswith("\\"):
                    pending = command
                else:
                    walkthrough.commands.append(command)
            else:
                walkthrough.expected.append(line.rstrip())
        elif line.startswith("#"):
            shown = line[2:].rstrip() if line.startswith("# ") else line[1:].rstrip()
            if shown.strip():
                walkthrough.expected.append(shown)
        else:
            if line.endswith("\\"):
                pending = line
            else:
                walkthrough.commands.append(line)


# What a shown line may differ in from the output, each with a stand-in of its own while the
# line is escaped: the console's date, the process id, an issue's date.
VARIABLE = [
    (re.compile(r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} "), "\ue000", TIMESTAMP),
    (re.compile(r"TheBackgrounder\[\d+\]"), "\ue001", r"TheBackgrounder\[\d+\]"),
    (re.compile(r"(?<![\d:])\d{4}-\d{2}-\d{2}(?!\d)"), "\ue002", r"\d{4}-\d{2}-\d{2}"),
    (re.compile(r"\d{1,2}/\d{1,2}/\d{2}, \d{1,2}:\d{2}:\d{2} [AP]M"), "\ue003", r"\d{1,2}/\d{1,2}/\d{2}, \d{1,2}:\d{2}:\d{2} [AP]M"),
]


def pattern(shown, workdir):
    """The regular expression of a line the README shows; None for a line of `…` alone."""
    if shown.strip() == "…":
        return None
    text = shown.replace("/tmp/", f"{workdir}/")
    for variable, standin, _ in VARIABLE:
        text = variable.sub(standin, text)
    regex = ".*".join(re.escape(piece) for piece in text.split("…"))
    for _, standin, replacement in VARIABLE:
        regex = regex.replace(standin, replacement)
    return re.compile(regex)


def run(walkthrough, binary, keep):
    """Runs one walk-through; (passed, seconds, report)."""
    workdir = tempfile.mkdtemp(prefix="walkthrough-")
    try:
        script = "set -eo pipefail\n" + "\n".join(
            # The README's /tmp/ paths first: the binary may itself live under /tmp/ (a clone there).
            command.replace("/tmp/", f"{workdir}/").replace("scripts/run", shlex.quote(binary))
            for command in walkthrough.commands)
        environment = dict(os.environ, XDG_DATA_HOME=os.path.join(workdir, "data"))
        began = time.monotonic()
        try:
            finished = subprocess.run(["bash", "-c", script], cwd=workdir, env=environment, stdin=subprocess.DEVNULL,
                                      stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=walkthrough.timeout)
            output, status = finished.stdout.decode("utf-8", "replace"), finished.returncode
        except subprocess.TimeoutExpired as timeout:
            output = (timeout.stdout or b"").decode("utf-8", "replace")
            status = None
        seconds = time.monotonic() - began
        lines = output.split("\n")
        problems = []
        if status is None:
            problems.append(f"did not end within {walkthrough.timeout} s")
        elif status != 0:
            problems.append(f"exited with status {status}")
        patterns = [(shown, pattern(shown, workdir)) for shown in walkthrough.expected]
        for shown, regex in patterns:
            if regex and not any(regex.fullmatch(line) for line in lines):
                problems.append(f"missing: {shown}")
        for line in lines:
            if "Diagnostic [" in line and not any(regex and regex.fullmatch(line) for _, regex in patterns):
                problems.append(f"a diagnostic the README does not show: {line}")
        report = ""
        if problems:
            tail = "\n".join("    | " + line for line in lines[-40:])
            report = "\n".join("  " + problem for problem in problems) + f"\n  its output (last 40 lines):\n{tail}"
        return not problems, seconds, report
    finally:
        if not keep:
            shutil.rmtree(workdir, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("binary", help="the built backgrounder")
    parser.add_argument("--readme", default=str(Path(__file__).resolve().parents[2] / "README.md"))
    parser.add_argument("--only", help="run only the walk-throughs whose commands contain this text")
    parser.add_argument("--keep", action="store_true", help="keep each walk-through's directory")
    arguments = parser.parse_args()
    binary = os.path.abspath(arguments.binary)
    walkthroughs = parse(Path(arguments.readme))
    if arguments.only:
        walkthroughs = [w for w in walkthroughs if any(arguments.only in c for c in w.commands)]
    if not walkthroughs:
        raise SystemExit("walkthroughs: none marked in the README")
    began = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=len(walkthroughs)) as pool:
        results = list(pool.map(lambda w: run(w, binary, arguments.keep), walkthroughs))
    failed = 0
    for walkthrough, (passed, seconds, report) in zip(walkthroughs, results):
        print(f"{'ok  ' if passed else 'FAIL'} {seconds:5.1f} s  {walkthrough.title}")
        if not passed:
            failed += 1
            print(report)
    total = time.monotonic() - began
    print(f"walkthroughs: {len(walkthroughs) - failed} of {len(walkthroughs)} print what the README shows, in {total:.1f} s")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
