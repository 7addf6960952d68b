"""TheBackgrounder with its VoIP tab connected to a TCP peer here and the app suspended in its
own process, pinged once the kernel has frozen it: shared by scripts/benchmark-voip-process,
which times the round trips, and scripts/profile-voip-process, which traces them (imported,
not run)."""

import socket
import subprocess
import time

from process_tree import app_pid, is_frozen


class Peer:
    """The VoIP tab's server: a listening socket here, whose one connection is pinged."""

    def __init__(self):
        self.server = socket.create_server(("127.0.0.1", 0))
        self.port = self.server.getsockname()[1]

    def accept(self):
        self.connection, _ = self.server.accept()
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.lines = self.connection.makefile("rb")

    def round_trip(self):
        """Milliseconds from `ping` sent to `pong` read."""
        start = time.perf_counter()
        self.connection.sendall(b"ping\n")
        reply = self.lines.readline()
        elapsed = (time.perf_counter() - start) * 1000
        if reply != b"pong\n":
            raise RuntimeError(f"the peer read {reply!r}, not pong")
        return elapsed

    def close(self):
        # The line reader holds the socket open: shut it down, so that the other end reads its end.
        self.connection.shutdown(socket.SHUT_RDWR)
        self.lines.close()
        self.connection.close()
        self.server.close()


class SuspendedApp:
    """`backgrounder run --headless --ios 9` (iOS 9: the last era whose VoIP sockets wake a
    suspended app), its VoIP tab connected to a `Peer`, gone Home and suspended; `app_pid` is
    its app's own process. A context manager: leaving it quits the app and closes the peer."""

    def __init__(self, binary, prefix, data_dir):
        self.peer = Peer()
        self.process = subprocess.Popen(prefix + [binary, "run", "--headless", "--ios", "9", "--data-dir", data_dir],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def __enter__(self):
        try:
            self.type_line(f"voip connect 127.0.0.1 {self.peer.port}")
            self.peer.accept()
            # The tab pings once the socket can be written: the connection is up.
            if self.peer.lines.readline() != b"ping\n":
                raise RuntimeError("the VoIP tab did not ping on connecting")
            self.type_line("home")
            self.until("State: background → suspended")
            self.app_pid = app_pid(self.process.pid)
            if not self.app_pid:
                raise RuntimeError("TheBackgrounder's app runs in no process of its own (is --isolation process the default?)")
        except BaseException:
            self.__exit__(None, None, None)
            raise
        return self

    def __exit__(self, *error):
        self.type_line("quit")
        self.process.wait(timeout=60)
        self.peer.close()

    def type_line(self, line):
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def until(self, text):
        for line in self.process.stdout:
            if text in line:
                return line
        raise RuntimeError(f"TheBackgrounder ended before printing {text!r}")

    def ping_frozen(self):
        """One round trip, in milliseconds, to the frozen app; returns once the app is
        suspended again. A ping of the moment before the kernel froze the app would be
        answered by a process that still runs: each ping is to thaw a frozen one."""
        while not is_frozen(self.app_pid):
            time.sleep(0.0005)
        elapsed = self.peer.round_trip()
        self.until("State: background → suspended")
        return elapsed
