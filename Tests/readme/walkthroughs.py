#!/usr/bin/env python3
"""Runs the walk-throughs of the README and of the guides under docs/ exactly as written and
checks that they print what their pages show.

The pages are README.md and every Markdown file under docs/ (docs/guides/*.md, …), read in
that order, each page's walk-throughs in their order on it; `--doc FILE` reads only the pages
given. A walk-through is a fenced ```sh block with the marker `<!-- walkthrough -->` on the line
before it (the marker is an HTML comment: GitHub shows nothing). Only blocks that run headless,
without a peer outside the binary (gpsd, nc, a desktop), carry it. Two shapes:

    $ printf 'home\\nstatus\\n' | scripts/run run --headless     a command: after `$ `
    … TheBackgrounder[7867] State: background → suspended       a line it prints

or, without any `$ ` line, every line is a command and each `# ` line is one it prints.

Each walk-through runs in bash (`set -eo pipefail`), in a fresh directory of its own, with
`scripts/run` standing for the built binary (scripts/run would build it first) and
XDG_DATA_HOME in that directory, so its data never meets another's; `/tmp/` in a command or a
line stands for the directory too. `swift run PRODUCT` runs the product this checkout built
(SpinnerApp, a package's app), and in a package a walk-through made, `swift test` builds in
this checkout's .build (see SWIFT). What it starts in the background (a peer: `swift run
backgrounder content-server &`) is stopped when its last command ends. Then:

- the lines the page shows appear in the output (stdout and stderr) in the order shown, a
  line shown n times n times (other lines may come between them; `<!-- walkthrough unordered -->`
  lets them come in any order, for tests that run in parallel): `…` stands for any text, a
  date (the console's, an issue's, a fix's) and a process id after a name (`TheBackgrounder[12206]`,
  `Sync[13242]`) or after `pid` or `process` (`(pid 4243)`, `in process 4243`) for any;
- no `Diagnostic [` line appears that the page does not show: a walk-through prints no
  diagnostic that is not true; nor Swift's `SWIFT TASK CONTINUATION MISUSE`;
- it exits 0, within its time (the long ones run on `--clock virtual`).

The walk-throughs run at once, each waiting only for its own process to end. Those marked
`<!-- walkthrough package -->` make a package with `backgrounder new` and build it: they run
with `--packages` (scripts/check-template runs them, after the build), and only then. One
marked `continue` runs after the one before it on the same page, in the directory where that one
ended; a ```swift block marked `<!-- walkthrough package continue into="FILE" insert-after="TEXT" -->`
is the page's own edit of FILE (its lines inserted after the first line containing TEXT),
made before the next walk-through runs.

    python3 Tests/readme/walkthroughs.py .build/debug/backgrounder [--doc FILE]… [--only TEXT] [--packages]
"""

import argparse
import concurrent.futures
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

MARKER = re.compile(r"^\s*<!--\s*walkthrough((?:\s+(?:package|unordered|continue|timeout=\d+|[\w-]+=\"[^\"]*\"))*)\s*-->\s*$")
OPTION = re.compile(r'([\w-]+)="([^"]*)"|(\S+)')
FENCE = re.compile(r"^(\s*)```(\w*)\s*$")
TIMESTAMP = r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3} "
DEFAULT_TIMEOUT = 90


@dataclass
class Walkthrough:
    page: str  # the page it is on, relative to the checkout (README.md, docs/guides/audio.md, …)
    line: int  # the page's line of its fence
    commands: list = field(default_factory=list)
    expected: list = field(default_factory=list)
    timeout: int = DEFAULT_TIMEOUT
    package: bool = False  # it makes a package and builds it: run by scripts/check-template (--packages)
    unordered: bool = False  # its lines may come in any order (tests that run in parallel)
    continues: bool = False  # it runs where the walk-through before it ended, after it
    edits: list = field(default_factory=list)  # (file, the line to insert after, the text): the page's edits before it

    @property
    def title(self):
        first = self.commands[0] if self.commands else ""
        return f"{self.page}:{self.line}: {first[:90]}"


ROOT = Path(__file__).resolve().parents[2]


def pages():
    """The pages whose walk-throughs run: README.md, then every Markdown file under docs/, in
    the order of their paths."""
    return [ROOT / "README.md"] + sorted((ROOT / "docs").rglob("*.md"))


def page_name(path: Path):
    """`path` as the reports name it: relative to the checkout when it is inside it."""
    path = path.resolve()
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def parse(page: Path):
    """The marked walk-throughs of `page`, in order."""
    name = page_name(page)
    lines = page.read_text(encoding="utf-8").split("\n")
    walkthroughs = []
    pending_edits = []
    index = 0
    while index < len(lines):
        marker = MARKER.match(lines[index])
        index += 1
        if not marker:
            continue
        while index < len(lines) and not lines[index].strip():
            index += 1
        fence = FENCE.match(lines[index]) if index < len(lines) else None
        options, words = {}, []
        for key, value, word in OPTION.findall(marker.group(1)):
            if key:
                options[key] = value
            else:
                words.append(word)
        edit = fence is not None and fence.group(2) == "swift" and "into" in options and "insert-after" in options
        if not fence or (fence.group(2) != "sh" and not edit):
            raise SystemExit(f"{name}:{index + 1}: a walkthrough marker must come right before a ```sh block, or a "
                             f"```swift block with into=\"FILE\" insert-after=\"TEXT\"")
        indent = len(fence.group(1))
        line = index + 1
        index += 1
        body = []
        while index < len(lines) and not FENCE.match(lines[index]):
            body.append(lines[index][indent:] if lines[index][:indent].strip() == "" else lines[index])
            index += 1
        index += 1
        if edit:
            # The page's own edit of a file, made by the next walk-through before its commands.
            pending_edits.append((options["into"], options["insert-after"], "\n".join(body)))
            continue
        timeout = next((int(word.split("=")[1]) for word in words if word.startswith("timeout=")), DEFAULT_TIMEOUT)
        walkthrough = Walkthrough(page=name, line=line, timeout=timeout, package="package" in words, unordered="unordered" in words,
                                  continues="continue" in words, edits=pending_edits)
        pending_edits = []
        if walkthrough.continues and not walkthroughs:
            raise SystemExit(f"{name}:{line}: `continue` needs a walk-through before it on its page")
        read_block(walkthrough, body)
        walkthroughs.append(walkthrough)
    if pending_edits:
        raise SystemExit(f"{name}: an edit marked for a walk-through has no walk-through after it")
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
    (re.compile(r"(?<=\w)\[\d+\]"), "\ue001", r"\[\d+\]"),
    (re.compile(r"(?<=\w )\[\d+\]"), "\ue004", r"\[\d+\]"),
    (re.compile(r"(?:(?<=\bpid )|(?<=\bprocess ))\d+\b"), "\ue005", r"\d+"),
    (re.compile(r"(?<![\d:])\d{4}-\d{2}-\d{2}(?!\d)"), "\ue002", r"\d{4}-\d{2}-\d{2}"),
    # Foundation's short time puts a narrow no-break space (U+202F) before AM or PM; the pages a space.
    (re.compile(r"\d{1,2}/\d{1,2}/\d{2}, \d{1,2}:\d{2}:\d{2}[ \u202f][AP]M"), "\ue003",
     r"\d{1,2}/\d{1,2}/\d{2}, \d{1,2}:\d{2}:\d{2}[ \u202f][AP]M"),
]


def pattern(shown, workdir):
    """The regular expression of a line a page shows; None for a line of `…` alone."""
    if shown.strip() == "…":
        return None
    text = shown.replace("/tmp/", f"{workdir}/")
    for variable, standin, _ in VARIABLE:
        text = variable.sub(standin, text)
    regex = ".*".join(re.escape(piece) for piece in text.split("…"))
    for _, standin, replacement in VARIABLE:
        regex = regex.replace(standin, replacement)
    return re.compile(regex)


def unmatched_anywhere(patterns, lines):
    """What is wrong with `lines` as the output of the lines shown, in any order: each shown line
    must match an output line of its own (a line shown n times, n lines)."""
    problems, used = [], set()
    for shown, regex in patterns:
        if regex is None:
            continue
        found = next((index for index, line in enumerate(lines) if index not in used and regex.fullmatch(line)), None)
        if found is None:
            problems.append(f"missing: {shown}")
        else:
            used.add(found)
    return problems


def unmatched(patterns, lines):
    """What is wrong with `lines` as the output of the lines shown (`patterns`): each shown line
    must match an output line after the one the line before it matched — in the order shown, and
    a line shown n times n times. Earliest matches are taken, which finds the order whenever one
    exists."""
    problems, position = [], 0
    for shown, regex in patterns:
        if regex is None:
            continue
        found = next((index for index in range(position, len(lines)) if regex.fullmatch(lines[index])), None)
        if found is None:
            earlier = sum(1 for line in lines[:position] if regex.fullmatch(line))
            problems.append(f"missing after the line shown before it: {shown}" if earlier else f"missing: {shown}")
            if earlier:
                problems.append(f"  (it is printed {earlier} time(s) before that line: out of order, or shown more "
                                f"times than printed)")
            continue
        position = found + 1
    return problems


# The walk-throughs' `swift`: in a package a walk-through made, `swift build`, `swift test` and
# `swift run` build in this checkout's .build, whose modules are built already, with its
# Package.resolved (as scripts/check-template builds its packages); elsewhere `swift run [-q]
# PRODUCT ARGS` runs PRODUCT as this checkout built it (as `scripts/run` stands for the built
# backgrounder). Anything else is Swift's own. SWIFT_BUILD_FLAGS are scripts/test's.
SWIFT = """#!/usr/bin/env bash
set -e
if [ -f Package.swift ]; then
    case "${1:-}" in
    build|test|run)
        [ -f Package.resolved ] || cp %(root)s/Package.resolved Package.resolved
        command="$1"
        shift
        exec %(swift)s "$command" --scratch-path %(root)s/.build ${SWIFT_BUILD_FLAGS:-} "$@" ;;
    esac
elif [ "${1:-}" = run ]; then
    shift
    [ "${1:-}" = -q ] && shift
    product="$1"
    shift
    exec %(bin)s/"$product" "$@"
fi
exec %(swift)s "$@"
"""


def chains(walkthroughs):
    """The walk-throughs in chains: each with those marked `continue` after it, which run after
    it, where it ended; a chain never leaves its page."""
    chained = []
    for walkthrough in walkthroughs:
        if walkthrough.continues and chained and chained[-1][-1].page == walkthrough.page:
            chained[-1].append(walkthrough)
        else:
            chained.append([walkthrough])
    return chained


def write_swift_wrapper(tools, binary):
    """Writes the `swift` wrapper into `tools`. Before any walk-through starts: a script written
    while another thread forks can be held open for writing by that child, and executing it then
    fails with "Text file busy" (ETXTBSY)."""
    path = os.path.join(tools, "swift")
    with open(path, "w") as wrapper:
        wrapper.write(SWIFT % {"bin": shlex.quote(os.path.dirname(binary)), "root": shlex.quote(str(ROOT)),
                               "swift": shlex.quote(shutil.which("swift") or "swift")})
    os.chmod(path, 0o755)


def run_chain(chain, binary, tools, keep):
    """Runs a chain's walk-throughs in turn, in one directory; [(passed, seconds, report)]."""
    workdir = tempfile.mkdtemp(prefix="walkthrough-")
    try:
        results, cwd = [], workdir
        for walkthrough in chain:
            if results and not results[-1][0]:
                results.append((False, 0.0, "  not run: the walk-through before it failed"))
                continue
            passed, seconds, report, cwd = run(walkthrough, binary, tools, workdir, cwd)
            results.append((passed, seconds, report))
        return results
    finally:
        if not keep:
            shutil.rmtree(workdir, ignore_errors=True)


def insert(path, anchor, text):
    """Inserts `text` after the first line of `path` that contains `anchor`, indented one level
    deeper than that line, as a page tells a reader to add a line to a function."""
    with open(path) as file:
        lines = file.read().split("\n")
    at = next((index for index, line in enumerate(lines) if anchor in line), None)
    if at is None:
        raise ValueError(f"{path} has no line with {anchor!r}")
    indent = lines[at][:len(lines[at]) - len(lines[at].lstrip())] + "    "
    lines[at + 1:at + 1] = [indent + line if line else line for line in text.split("\n")]
    with open(path, "w") as file:
        file.write("\n".join(lines))


def run(walkthrough, binary, tools, workdir, cwd):
    """Runs one walk-through in `cwd`, inside its chain's `workdir`, with the `swift` wrapper of
    `tools` first on the PATH; (passed, seconds, report, the directory it ended in)."""
    process = None
    try:
        for path, anchor, text in walkthrough.edits:
            try:
                insert(os.path.join(cwd, path), anchor, text)
            except (OSError, ValueError) as error:
                return False, 0.0, f"  the page's edit of {path} could not be made: {error}", cwd
        script = "set -eo pipefail\n" + "\n".join(
            # The page's /tmp/ paths first: the binary may itself live under /tmp/ (a clone there).
            command.replace("/tmp/", f"{workdir}/").replace("scripts/run", shlex.quote(binary))
            for command in walkthrough.commands) + f"\npwd > {shlex.quote(os.path.join(workdir, '.cwd'))}\n"
        environment = dict(os.environ, XDG_DATA_HOME=os.path.join(workdir, "data"),
                           PATH=tools + os.pathsep + os.environ.get("PATH", ""))
        began = time.monotonic()
        # In a session of its own, so that what it left running in the background (a peer
        # started with `&`) is stopped with it; its output goes to a file, not a pipe, which
        # such a peer would hold open after the shell has ended.
        with tempfile.TemporaryFile() as captured:
            process = subprocess.Popen(["bash", "-c", script], cwd=cwd, env=environment, stdin=subprocess.DEVNULL,
                                       stdout=captured, stderr=subprocess.STDOUT, start_new_session=True)
            hung = ""
            try:
                status = process.wait(timeout=walkthrough.timeout)
            except subprocess.TimeoutExpired:
                status = None
                hung = backtraces(process.pid)
            stop(process)
            process.wait()
            captured.seek(0)
            output = captured.read().decode("utf-8", "replace")
        seconds = time.monotonic() - began
        lines = output.split("\n")
        problems = []
        if status is None:
            problems.append(f"did not end within {walkthrough.timeout} s" + (f"; where its processes stood:\n{hung}" if hung else ""))
        elif status != 0:
            problems.append(f"exited with status {status}")
        patterns = [(shown, pattern(shown, workdir)) for shown in walkthrough.expected]
        problems += (unmatched_anywhere if walkthrough.unordered else unmatched)(patterns, lines)
        for line in lines:
            if "Diagnostic [" in line and not any(regex and regex.fullmatch(line) for _, regex in patterns):
                problems.append(f"a diagnostic {walkthrough.page} does not show: {line}")
            if "SWIFT TASK CONTINUATION MISUSE" in line:
                problems.append(f"a continuation leaked or resumed twice: {line}")
        report = ""
        if problems:
            tail = "\n".join("    | " + line for line in lines[-40:])
            report = "\n".join("  " + problem for problem in problems) + f"\n  its output (last 40 lines):\n{tail}"
        ended = cwd
        if os.path.exists(os.path.join(workdir, ".cwd")):
            with open(os.path.join(workdir, ".cwd")) as file:
                ended = file.read().strip() or cwd
        return not problems, seconds, report, ended
    finally:
        if process is not None:
            stop(process)


def backtraces(session):
    """Where each thread of the session's processes (other than its shells) stands, from gdb if
    it is installed, for a walk-through that hung: the first 200 lines; empty without gdb."""
    if not shutil.which("gdb"):
        return ""
    listed = subprocess.run(["ps", "-o", "pid=,comm=", "-s", str(session)], capture_output=True, text=True)
    found = []
    for line in listed.stdout.splitlines():
        pid, _, name = line.strip().partition(" ")
        if name.strip() in ("bash", "sh", "timeout", "sleep", "printf", "ps"):
            continue
        traced = subprocess.run(["gdb", "-p", pid, "-batch", "-ex", "thread apply all bt 15"],
                                capture_output=True, text=True, timeout=60)
        found.append(f"--- {pid} {name.strip()} ---")
        found += [row for row in traced.stdout.splitlines() if row.startswith(("#", "Thread "))]
    return "\n".join(found[:200])


def stop(process):
    """Kills the session of a walk-through's shell: the shell and whatever it left running."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("binary", help="the built backgrounder")
    parser.add_argument("--doc", "--readme", dest="docs", action="append", metavar="FILE",
                        help="read only this page (repeat for more); default: README.md and every .md under docs/")
    parser.add_argument("--only", help="run only the walk-throughs whose commands contain this text")
    parser.add_argument("--keep", action="store_true", help="keep each walk-through's directory")
    parser.add_argument("--packages", action="store_true",
                        help="run the walk-throughs that make and build a package (marked `package`: "
                             "scripts/check-template runs them) instead of the others")
    arguments = parser.parse_args()
    binary = os.path.abspath(arguments.binary)
    walkthroughs = [w for page in (map(Path, arguments.docs) if arguments.docs else pages()) for w in parse(page)]
    walkthroughs = [w for w in walkthroughs if w.package == arguments.packages]
    if not walkthroughs:
        raise SystemExit(f"walkthroughs: none marked in the pages{' as package' if arguments.packages else ''}")
    if arguments.only:
        # A chain runs whole when one of its walk-throughs matches.
        walkthroughs = [w for chain in chains(walkthroughs) if any(arguments.only in c for w in chain for c in w.commands)
                        for w in chain]
        if not walkthroughs:
            raise SystemExit(f"walkthroughs: --only {arguments.only!r} matches no walk-through's commands")
    began = time.monotonic()
    chained = chains(walkthroughs)
    tools = tempfile.mkdtemp(prefix="walkthrough-tools-")
    try:
        write_swift_wrapper(tools, binary)
        with concurrent.futures.ThreadPoolExecutor(max_workers=len(chained)) as pool:
            results = [result for chain in pool.map(lambda c: run_chain(c, binary, tools, arguments.keep), chained)
                       for result in chain]
    finally:
        shutil.rmtree(tools, ignore_errors=True)
    failed = 0
    for walkthrough, (passed, seconds, report) in zip(walkthroughs, results):
        print(f"{'ok  ' if passed else 'FAIL'} {seconds:5.1f} s  {walkthrough.title}")
        if not passed:
            failed += 1
            print(report)
    total = time.monotonic() - began
    print(f"walkthroughs: {len(walkthroughs) - failed} of {len(walkthroughs)} print what their pages show, in {total:.1f} s")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
