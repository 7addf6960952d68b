"""TheBackgrounder idle and suspended in its own process (the default isolation), as
scripts/benchmark-suspended-backgrounder and scripts/idle-wakeups measure it: `backgrounder run
--headless`, every tab idle, Home; once the console says the app is suspended and the system's
process has settled (a second without a wake-up: the launch's own work, such as the Audio tab's
probes of its playlist, done), the system's process and the app's process are left alone to be
measured. Imported, not run.

    with SuspendedBackgrounder([binary, "run", "--headless", ...]) as (system_pid, app_pid):
        ...   # measure
"""

import json
import subprocess
import time

from process_tree import thread_wakeups

# How long the system's process must go without a wake-up before it counts as idle, and how long
# to wait for that before measuring anyway.
QUIET_SECONDS = 1.0
SETTLE_LIMIT_SECONDS = 30.0


class SuspendedBackgrounder:
    """Starts `command` (a `backgrounder run --headless` command line), types `home`, waits for
    the console's `State: background → suspended` and reads the app's process from `status`;
    types `quit` and waits for the end on leaving."""

    def __init__(self, command):
        self.command = command
        self.process = None

    def __enter__(self):
        self.process = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        try:
            self.until("State: inactive → active")
            self.type_line("home")
            self.until("State: background → suspended")
            self.type_line("status")
            isolation = json.loads(self.until('"isolation"'))["isolation"]
        except BaseException:
            self.__exit__(None, None, None)
            raise
        if isolation["mode"] != "process" or not isolation["appPid"]:
            self.__exit__(None, None, None)
            raise RuntimeError(f"TheBackgrounder is not in its own process: {isolation}")
        self.settle()
        return self.process.pid, isolation["appPid"]

    def __exit__(self, *exception):
        try:
            self.type_line("quit")
            self.process.wait(timeout=60)
        except (BrokenPipeError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait()
        return False

    def settle(self):
        """Waits until no thread of the system's process has woken for QUIET_SECONDS, at most
        SETTLE_LIMIT_SECONDS (then the window starts anyway, and shows what did not settle)."""
        def total():
            return sum(switches for _, switches in thread_wakeups(self.process.pid).values())
        deadline = time.monotonic() + SETTLE_LIMIT_SECONDS
        last, quiet_since = total(), time.monotonic()
        while time.monotonic() < deadline and time.monotonic() - quiet_since < QUIET_SECONDS:
            time.sleep(0.1)
            now = total()
            if now != last:
                last, quiet_since = now, time.monotonic()

    def until(self, text):
        """The first console line holding `text` (the lines before it are read and dropped)."""
        for line in self.process.stdout:
            if text in line:
                return line
        raise RuntimeError(f"backgrounder ended before printing {text!r}")

    def type_line(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
