#!/usr/bin/env python3
"""Prints where a hung process's threads wait, compactly enough for the tail of a CI log.

Usage: hang_stacks.py PID. gdb reads every thread's stack; the frames are demangled with
`swift demangle`; threads with the same frames are printed once, with their count. Each
stack shows its innermost frame and then up to eight frames of Swift code (where a wait was
called from), innermost first.
"""
import collections
import re
import subprocess
import sys

FRAME = re.compile(r"^#\d+\s+(?:0x[0-9a-f]+ in )?(\S+)")


def stacks(pid):
    out = subprocess.run(["gdb", "-p", pid, "-batch", "-ex", "thread apply all bt 60"],
                         capture_output=True, text=True, timeout=120).stdout
    threads, current = [], None
    for line in out.splitlines():
        if line.startswith("Thread "):
            current = []
            threads.append(current)
        elif current is not None and (match := FRAME.match(line)):
            current.append(match.group(1))
    return threads


def demangled(names):
    result = subprocess.run(["swift", "demangle", "--simplified"], input="\n".join(names),
                            capture_output=True, text=True).stdout.splitlines()
    return result if len(result) == len(names) else names


def summary(frames):
    if not frames:
        return ["(no frames)"]
    names = demangled(frames)
    swift = [name for name, raw in zip(names, frames) if raw.startswith("$s")]
    return [names[0]] + [f"  {name[:160]}" for name in swift[:8]]


def main():
    pid = sys.argv[1]
    counts = collections.Counter(tuple(summary(frames)) for frames in stacks(pid))
    for lines, count in counts.most_common():
        print(f"{count} thread(s):")
        for line in lines:
            print(f"  {line}")


if __name__ == "__main__":
    main()
