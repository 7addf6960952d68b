"""The backgrounder binary as the fault matrix drives it: a process with its console read on a
thread, commands written to its standard input, and the checks made from outside."""

import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "scripts", "lib"))
import process_tree  # noqa: E402


# What Swift's runtime prints for a continuation leaked or resumed twice.
MISUSE = "SWIFT TASK CONTINUATION MISUSE"


def check_misuse(output, what):
    """Raises Failure when `output`, which a cell captured itself (not through `App`'s reader,
    which echoes the line for scripts/test), has a leaked or doubly resumed continuation."""
    lines = [line for line in output.splitlines() if MISUSE in line]
    if lines:
        raise Failure(f"{what} printed {MISUSE!r} (a continuation leaked or resumed twice): {lines[:5]}")


def wait_until(condition, timeout, what):
    """Polls `condition` until it holds; raises Failure naming `what` when `timeout` passes."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.02)
    raise Failure(f"timed out after {timeout} s waiting for {what}")


class Cell:
    """A cell of the matrix: `name`, `invariant`, and `run(data, rng)`, which raises Failure when
    the invariant does not hold and may return a detail for the log."""

    def __init__(self, binary):
        self.binary = binary


class Failure(Exception):
    """A cell's invariant did not hold; the message says which and how."""


class App:
    """`backgrounder ARGS --data-dir DATA`, headless unless told otherwise."""

    KEPT_LINES = 5000

    def __init__(self, binary, data, *args, headless=True, stdout=None):
        command = [binary, "run", "--data-dir", data, *args]
        if headless:
            command.append("--headless")
        self.lines = []
        self.dropped = 0  # the oldest lines let go of, beyond KEPT_LINES
        self.lock = threading.Lock()
        self.ended = threading.Event()  # set once the reader has read the last of the app's output
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=stdout or subprocess.PIPE, stderr=subprocess.STDOUT,
            text=True, bufsize=1, start_new_session=True)
        if stdout is None:
            threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.process.stdout:
            if MISUSE in line:
                # Echoed into the matrix's own output, where scripts/test fails the run on it.
                print(f"[pid {self.process.pid}] {line.rstrip()}", flush=True)
            with self.lock:
                self.lines.append(line.rstrip("\n"))
                if len(self.lines) > self.KEPT_LINES:
                    excess = len(self.lines) - self.KEPT_LINES
                    del self.lines[:excess]
                    self.dropped += excess
        self.ended.set()

    @property
    def pid(self):
        return self.process.pid

    def output(self):
        with self.lock:
            return list(self.lines)

    def mark(self):
        """The number of console lines read so far, for `wait_for(after=…)`: it keeps counting
        when the oldest lines are let go of."""
        with self.lock:
            return self.dropped + len(self.lines)

    def send(self, *commands):
        try:
            for command in commands:
                self.process.stdin.write(command + "\n")
            self.process.stdin.flush()
        except (BrokenPipeError, OSError):
            pass

    def since(self, mark):
        """The console lines from line number `mark` on (those still kept)."""
        with self.lock:
            return self.lines[max(0, mark - self.dropped):]

    def wait_for(self, pattern, timeout=30, after=0):
        """The first console line from line number `after` on (see `mark`) that matches
        `pattern` (a regex). Fails at once when the app's process has ended without printing it.
        """
        regex = re.compile(pattern)

        def found():
            ended = self.ended.is_set()  # read before the lines: they are all in by then
            for line in self.since(after):
                if regex.search(line):
                    return line
            if ended:
                raise Failure(f"the app's process ended (exit status {self.process.wait()}) without a console "
                              f"line matching {pattern!r}")
            return None

        try:
            return wait_until(found, timeout, f"a console line matching {pattern!r}")
        except Failure as failure:
            raise Failure(f"{failure}; the console ended with: {self.output()[-6:]}") from None

    def status(self, timeout=20):
        """`status`, parsed."""
        mark = self.mark()
        self.send("status")
        line = self.wait_for(r'^\{"activities"', timeout=timeout, after=max(0, mark - 1))
        return json.loads(line)

    def wait_for_status(self, condition, timeout, what):
        """Polls `status` until `condition(status)` holds; returns what it returned."""
        return wait_until(lambda: condition(self.status()), timeout, what)

    def issue(self, name):
        """Issue `name` as `status` shows it (`screens.newsstand.issues[]`), or None."""
        issues = self.status()["screens"].get("newsstand", {}).get("issues", [])
        return next((entry for entry in issues if entry["name"] == name), None)

    def wait_for_issue_file(self, issue, filename, timeout=60):
        """Waits until the app says it took a finished download: `status` lists `filename` among
        the files of `issue` (`screens.newsstand.issues[].files`). The system's `Newsstand:
        downloaded` line comes first; the app's delegate then moves the file into the issue's
        directory and publishes the screen, so only its own word says the file is there."""

        def listed():
            issues = self.status()["screens"].get("newsstand", {}).get("issues", [])
            return any(entry["name"] == issue and filename in entry["files"] for entry in issues)

        wait_until(listed, timeout, f"the app to list {filename} in issue {issue!r}")

    def kill(self):
        """kill -9, as the system's watchdog or a crash does."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def quit(self, timeout=30):
        """`quit`. A process that does not end, or ends with a status other than 0, is a failure."""
        self.send("quit")
        try:
            self.process.stdin.close()
        except OSError:
            pass
        try:
            code = self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise Failure(f"the app did not quit within {timeout} s") from None
        if code != 0:
            raise Failure(f"the app exited with {code}: {self.output()[-6:]}")

    def app_pid(self):
        """The app's own process (`status`'s `isolation.appPid`, once it runs): a child of this
        one in process isolation, the default."""
        return self.wait_for_status(lambda status: status["isolation"]["appPid"], 30, "the app's process")

    def memory(self):
        """A ``MemorySampler`` of this process and its descendants."""
        return MemorySampler(self.process.pid)


def tree_resident_kilobytes(root):
    """The resident set (VmRSS) of `root` and every process below it but the audio-probe
    processes (launch work of the Audio tab's player, one per queued item, whatever the fault), in
    KiB, with their pids. A process that ends while it is read is left out."""
    total, seen = 0, []
    for pid in process_tree.pids(root):
        if process_tree.is_audio_probe(pid):
            continue
        try:
            with open(f"/proc/{pid}/status") as status:
                total += next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
            seen.append(pid)
        except (OSError, StopIteration):
            continue
    return total, seen


class MemorySampler:
    """The resident memory of a process tree — the system's process and, in process isolation
    (the default), the app's process below it — sampled on a thread of its own every `interval`
    seconds through a fault: `with app.memory() as memory: …` takes the baseline on entry,
    samples until the end of the block, and takes the final reading then. `peak_growth` and
    `final_growth` are in KiB; `pids` are the processes it measured."""

    def __init__(self, root, interval=0.1):
        self.root, self.interval = root, interval
        self.baseline = self.peak = self.final = 0
        self.pids = set()
        self.samples = 0
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._thread = None

    def _sample(self):
        total, pids = tree_resident_kilobytes(self.root)
        with self._lock:
            self.peak = max(self.peak, total)
            self.pids.update(pids)
            self.samples += 1
        return total

    def _run(self):
        while not self._stop.wait(self.interval):
            self._sample()

    def __enter__(self):
        self.baseline = self.peak = self._sample()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join()
        self.final = self._sample()
        return False

    @property
    def peak_growth(self):
        with self._lock:
            return self.peak - self.baseline

    @property
    def final_growth(self):
        return self.final - self.baseline

    def check(self, bound_kb, what, app_pid=None):
        """Raises Failure when the tree's peak grew by more than `bound_kb` during `what`, or
        when `app_pid` (the app's own process) was never among the processes measured. Returns
        the peak and final growth in MB, for the log."""
        if app_pid is not None and app_pid not in self.pids:
            raise Failure(f"the app's process ({app_pid}) was not among those measured during {what}: "
                          f"{sorted(self.pids)}")
        if self.peak_growth > bound_kb:
            raise Failure(f"memory of the system's and the app's processes grew by {self.peak_growth // 1024} MB at its "
                          f"peak during {what} (over {self.samples} samples), over the {bound_kb // 1024} MB allowed")
        return f"memory +{self.peak_growth // 1024} MB at peak, {self.final_growth // 1024:+} MB at the end"


def message(line):
    """A console line's message, without its time and process, shortened for the table."""
    return line.split("] ", 1)[-1][:160]


def reopen(binary, data, *args):
    """The data directory reopens: a new process boots on it, answers `status`, and quits cleanly."""
    app = App(binary, data, *args)
    try:
        status = app.status()
        app.quit()
    finally:
        app.kill()
    return status, app.output()


def check_databases(data):
    """Every SQLite file under `data` passes `PRAGMA integrity_check`."""
    for directory, _, files in os.walk(data):
        for name in files:
            if not name.endswith(".sqlite"):
                continue
            path = os.path.join(directory, name)
            with sqlite3.connect(path) as connection:
                result = connection.execute("PRAGMA integrity_check").fetchone()[0]
            if result != "ok":
                raise Failure(f"{path} is corrupt: integrity_check says {result}")


def stray_files(data, pattern=r"\.tmp"):
    """Files under `data` whose names match `pattern` (temporaries a kill left behind)."""
    regex = re.compile(pattern)
    return [os.path.join(d, f) for d, _, files in os.walk(data) for f in files if regex.search(f)]
