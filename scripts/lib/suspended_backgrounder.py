"""TheBackgrounder idle and suspended in its own process (the default isolation), as
scripts/benchmark-suspended-backgrounder and scripts/idle-wakeups measure it: `backgrounder run
--headless`, every tab idle, Home; once the console says the app is suspended, the system's
process and the app's process are left alone to be measured. Imported, not run.

    with SuspendedBackgrounder([binary, "run", "--headless", ...]) as (system_pid, app_pid):
        ...   # measure
"""

import json
import subprocess


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
        return self.process.pid, isolation["appPid"]

    def __exit__(self, *exception):
        try:
            self.type_line("quit")
            self.process.wait(timeout=60)
        except (BrokenPipeError, subprocess.TimeoutExpired):
            self.process.kill()
            self.process.wait()
        return False

    def until(self, text):
        """The first console line holding `text` (the lines before it are read and dropped)."""
        for line in self.process.stdout:
            if text in line:
                return line
        raise RuntimeError(f"backgrounder ended before printing {text!r}")

    def type_line(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()
