"""Readers that stop reading: the console's standard output piped to a process that never reads
it, and a web client that stops reading its WebSocket. What must hold: the app and the other
clients go on, and memory stays bounded."""

import base64
import fcntl
import json
import os
import re
import select
import socket
import struct
import subprocess
import termios
import threading
import time
import urllib.request

from app import MISUSE, Cell, App, Failure, check_misuse, process_tree, wait_until

SECONDS = 12
# Growth of the resident set of the system's and the app's processes together allowed while a
# reader stalls (the buffers are bounded far below this; a leak of the stalled reader's lines
# would pass it within seconds).
MEMORY_BOUND_KB = 96 * 1024
WEB_UI = r"Web UI: http://127\.0\.0\.1:(\d+)/"


class WebApp:
    """`backgrounder run` with its web UI, driven over HTTP."""

    def __init__(self, binary, data, pipe=None):
        """The app picks its web UI's port and names it in its first console line, `Web UI:`
        (a port chosen here and freed for the app could be taken by then). With `pipe`, a
        (read end, write end) pair, the app's standard output is that pipe, not App's reader:
        its first line is read here and the rest left in it."""
        arguments = ("--port", "0", "--console-listen", "127.0.0.1:0", "--content-port", "0",
                     "--location-authorization", "always")
        if pipe is None:
            self.app = App(binary, data, *arguments, headless=False)
            first = self.app.wait_for(WEB_UI)
        else:
            self.app = App(binary, data, *arguments, headless=False, stdout=pipe[1])
            first = first_line(pipe[0], 30, "the app's `Web UI:` line")
        match = re.search(WEB_UI, first)
        if match is None:
            raise Failure(f"the app's first line is not its `Web UI:` line: {first!r}")
        self.port = int(match.group(1))
        self.url = f"http://127.0.0.1:{self.port}"
        # The web UI answers before the app has launched (a tap then finds it not running): the
        # app is there once its status says it is active.
        wait_until(self._active, 30, "the web UI to show the app active")

    def _active(self):
        try:
            return self.status()["state"] == "active"
        except OSError:
            return False

    def status(self, timeout=5):
        with urllib.request.urlopen(self.url + "/api/status", timeout=timeout) as response:
            return json.load(response)

    def console_after(self, sequence):
        """The console lines after `sequence`, as a client of /api/console reads them."""
        with urllib.request.urlopen(f"{self.url}/api/console?after={sequence}", timeout=5) as response:
            return json.load(response)["lines"]

    def command(self, line):
        request = urllib.request.Request(self.url + "/api/command", data=json.dumps({"line": line}).encode(),
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=10) as response:
            reply = json.load(response)
        if not reply["ok"]:
            raise Failure(f"`{line}` on /api/command failed: {reply.get('error')}")
        return reply

    def busy(self):
        """Console lines and status changes, many a second: a fast route in the background."""
        for line in ("location on", "location route freeway-drive 500", "whatever play", "home"):
            self.command(line)

    def stored(self):
        return self.status()["screens"]["location"]["storedCount"]

    def goes_on(self):
        """For SECONDS, second by second: the system goes on — the Location screen reports new
        fixes stored, and a client reading the console gets new lines. Each second is checked by
        events the app made in it, never by a clock. Returns the console lines the reading
        client got."""
        last_stored = self.stored()
        lines = self.console_after(0)
        sequence = lines[-1]["sequence"] if lines else 0
        received = 0
        for second in range(SECONDS):
            time.sleep(1)
            stored = self.stored()
            if stored <= last_stored:
                raise Failure(f"no fix stored in second {second + 1} ({stored} after {last_stored}): the system stopped")
            last_stored = stored
            new = self.console_after(sequence)
            if not new:
                raise Failure(f"a client reading the console got no new line in second {second + 1}")
            sequence = new[-1]["sequence"]
            received += len(new)
        return received

    def app_pid(self):
        """The app's own process, as `status` names it."""
        return self.status()["isolation"]["appPid"]

    def quit(self):
        """`quit` typed on standard input (the web UI refuses it); it must end the app cleanly."""
        self.app.quit()


def first_line(descriptor, timeout, what):
    """The first line on `descriptor`, read a byte at a time so that nothing after it is taken;
    fails after `timeout` seconds or at the end of input."""
    line = b""
    deadline = time.monotonic() + timeout
    while not line.endswith(b"\n"):
        ready, _, _ = select.select([descriptor], [], [], max(0, deadline - time.monotonic()))
        if not ready:
            raise Failure(f"timed out after {timeout} s waiting for {what}")
        byte = os.read(descriptor, 1)
        if not byte:
            raise Failure(f"the output ended before {what}: {line!r}")
        line += byte
    return line.decode("utf-8", "replace")


def blocked_writing(pid):
    """Whether a thread of process `pid` waits in the kernel for room in a pipe."""
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/wchan") as file:
                if file.read().strip() in ("pipe_write", "anon_pipe_write", "pipe_wait_writable"):
                    return True
        except OSError:
            continue
    return False


def unread_bytes(descriptor):
    count = fcntl.ioctl(descriptor, termios.FIONREAD, struct.pack("i", 0))
    return struct.unpack("i", count)[0]


class StalledConsoleReader(Cell):
    name = "a console reader that stalls"
    invariant = (f"with standard output a full pipe nobody reads, in each of {SECONDS} seconds the app stores new "
                 f"fixes and a web client reading the console gets new lines; the resident memory of the system's "
                 f"and the app's processes, sampled every 0.1 s through the stall, grows less than "
                 f"{MEMORY_BOUND_KB // 1024} MB; `quit` ends the app")


    def run(self, data, rng):
        read_end, write_end = os.pipe()
        fcntl.fcntl(write_end, fcntl.F_SETPIPE_SZ, 4096)
        try:
            web = WebApp(self.binary, data, pipe=(read_end, write_end))
            os.close(write_end)
            write_end = None
            try:
                app_pid = web.app_pid()
                with web.app.memory() as memory:
                    web.busy()
                    # Each `status` typed on standard input answers a line of JSON there.
                    web.app.send(*["status"] * 20)
                    # Full: it holds most of a page, or a status line larger than what is left
                    # waits whole (a pipe write of up to a page is atomic).
                    wait_until(lambda: unread_bytes(read_end) >= 3000 or blocked_writing(web.app.pid), 30,
                               "the pipe to fill")
                    received = web.goes_on()
                growth = memory.check(MEMORY_BOUND_KB, "the stall", app_pid)
                # The reader wakes up: the app's output flows again and it quits.
                misuse = []
                drained = threading.Thread(target=self._drain_until_closed, args=(read_end, misuse), daemon=True)
                drained.start()
                web.quit()
            finally:
                web.app.kill()
            # Its output went to the pipe, not to App's reader: the drain scanned it.
            drained.join(timeout=10)
            check_misuse("\n".join(misuse), "the app whose console reader stalled")
            return f"{received} console lines to the web client; {growth}"
        finally:
            os.close(read_end)
            if write_end is not None:
                os.close(write_end)

    @staticmethod
    def _drain_until_closed(descriptor, misuse):
        """Reads the pipe until its writers are gone, keeping the lines with MISUSE in `misuse`
        (everything the app printed, the stalled part included, passes here)."""
        os.set_blocking(descriptor, True)
        pending = b""
        try:
            while chunk := os.read(descriptor, 1 << 16):
                *lines, pending = (pending + chunk).split(b"\n")
                misuse += [line.decode("utf-8", "replace") for line in lines if MISUSE.encode() in line]
        except OSError:
            pass
        if MISUSE.encode() in pending:
            misuse.append(pending.decode("utf-8", "replace"))


class StalledWebSocketReader(Cell):
    name = "a WebSocket client that stops reading"
    invariant = (f"with one /ws client that never reads, in each of {SECONDS} seconds the app stores new fixes and "
                 f"another client reading the console gets new lines; the resident memory of the system's and the "
                 f"app's processes, sampled every 0.1 s through the stall, grows less than "
                 f"{MEMORY_BOUND_KB // 1024} MB; `quit` ends the app")


    def run(self, data, rng):
        web = WebApp(self.binary, data)
        stalled = None
        try:
            app_pid = web.app_pid()
            with web.app.memory() as memory:
                stalled = socket.create_connection(("127.0.0.1", web.port))
                stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
                key = base64.b64encode(os.urandom(16)).decode()
                stalled.sendall((f"GET /ws?after=0 HTTP/1.1\r\nHost: 127.0.0.1:{web.port}\r\nUpgrade: websocket\r\n"
                                 f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
                head = b""
                while b"\r\n\r\n" not in head:
                    head += stalled.recv(1)
                if not head.startswith(b"HTTP/1.1 101"):
                    raise Failure(f"the WebSocket upgrade was refused: {head[:60]!r}")
                web.busy()
                received = web.goes_on()
            growth = memory.check(MEMORY_BOUND_KB, "the stall", app_pid)
            web.quit()
            return f"{received} console lines to the reading client; {growth}"
        finally:
            if stalled is not None:
                stalled.close()
            web.app.kill()


class QuitWhileConsoleStalls(Cell):
    name = "`quit` while the console reader stalls"
    QUIT_SECONDS = 10
    invariant = (f"with standard output a full pipe nobody reads, `quit` typed on standard input ends the app within "
                 f"{QUIT_SECONDS} s with exit status 0, and no process of its tree (the app's own) outlives it; "
                 f"nothing drains the pipe first")

    def run(self, data, rng):
        read_end, write_end = os.pipe()
        fcntl.fcntl(write_end, fcntl.F_SETPIPE_SZ, 4096)
        app = None
        try:
            app = App(self.binary, data, "--location-authorization", "always", stdout=write_end)
            os.close(write_end)
            write_end = None
            app.send("location on", "location route freeway-drive 500", "home", *["status"] * 20)
            wait_until(lambda: unread_bytes(read_end) >= 3000 or blocked_writing(app.pid), 30, "the pipe to fill")
            # The app's own process, below the system's: it must be gone too once `quit` returns.
            wait_until(lambda: process_tree.app_pid(app.pid), 30, "the app's own process")
            tree = process_tree.pids(app.pid)
            started = time.monotonic()
            app.send("quit")
            try:
                app.process.stdin.close()
            except OSError:
                pass
            try:
                code = app.process.wait(timeout=self.QUIT_SECONDS)
            except subprocess.TimeoutExpired:
                stuck = [f"{pid}: {wchan(pid)}" for pid in process_tree.pids(app.pid)]
                raise Failure(f"`quit` did not end the app within {self.QUIT_SECONDS} s while its standard output "
                              f"was full; its processes wait in {stuck}") from None
            seconds = time.monotonic() - started
            if code != 0:
                raise Failure(f"`quit` with standard output full ended the app with exit status {code}")
            survivors = wait_until_gone(tree[1:], 5)
            if survivors:
                raise Failure(f"processes of the app outlived its `quit`: {survivors}")
            # Its output went to the pipe, not to App's reader: what the pipe holds is all of it
            # that was written.
            check_misuse(read_available(read_end), "the app whose console reader stalled")
            return f"ended in {seconds:.1f} s with {len(tree)} processes, exit status 0"
        finally:
            if app is not None:
                app.kill()
            os.close(read_end)
            if write_end is not None:
                os.close(write_end)


def read_available(descriptor):
    """What a pipe holds, read without blocking: the output left in it by a writer that has ended."""
    os.set_blocking(descriptor, False)
    chunks = []
    try:
        while chunk := os.read(descriptor, 1 << 16):
            chunks.append(chunk)
    except BlockingIOError:
        pass
    return b"".join(chunks).decode("utf-8", "replace")


def wchan(pid):
    """Where the threads of process `pid` wait in the kernel, by name."""
    waits = set()
    try:
        for task in os.listdir(f"/proc/{pid}/task"):
            try:
                with open(f"/proc/{pid}/task/{task}/wchan") as file:
                    waits.add(file.read().strip() or "running")
            except OSError:
                continue
    except OSError:
        return "gone"
    return ", ".join(sorted(waits))


def wait_until_gone(pids, timeout):
    """The processes of `pids` still alive (not zombies) after `timeout` seconds, or [] once none is."""
    def alive():
        left = []
        for pid in pids:
            try:
                with open(f"/proc/{pid}/stat") as stat:
                    if stat.read().rsplit(")", 1)[1].split()[0] != "Z":
                        left.append(pid)
            except OSError:
                continue
        return left

    deadline = time.monotonic() + timeout
    while (left := alive()) and time.monotonic() < deadline:
        time.sleep(0.05)
    return left
