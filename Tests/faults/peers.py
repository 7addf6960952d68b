"""Peers that misbehave: a gpsd that vanishes and comes back, sends garbage or floods; an issue
server that answers 500s, redirects in a loop, lies about lengths or stalls; a VoIP peer that
half-closes, floods or resets. What must hold: a clear console line, and recovery."""

import datetime
import http.server
import os
import re
import socket
import socketserver
import sqlite3
import struct
import threading
import time

from app import Cell, App, Failure, message, wait_until

# Growth of the resident set of the system's and the app's processes together allowed under a flood.
MEMORY_BOUND_KB = 96 * 1024


class LineServer:
    """A TCP server on a fixed loopback port; `serve(connection)` runs on a thread per client."""

    def __init__(self, serve, port=0):
        self.listener = socket.socket()
        self.listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.listener.bind(("127.0.0.1", port))
        self.listener.listen(16)
        self.port = self.listener.getsockname()[1]
        self.serve = serve
        self.connections = []
        self.accepted = 0
        self.closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                connection, _ = self.listener.accept()
            except OSError:
                return
            self.accepted += 1
            self.connections.append(connection)
            threading.Thread(target=self._run, args=(connection,), daemon=True).start()

    def _run(self, connection):
        try:
            self.serve(connection)
        except OSError:
            pass
        finally:
            connection.close()

    def close(self):
        self.closed = True
        try:
            self.listener.shutdown(socket.SHUT_RDWR)  # wakes the thread in accept()
        except OSError:
            pass
        self.listener.close()
        for connection in self.connections:
            try:
                connection.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            connection.close()


def reset(connection):
    """Makes the close of `connection` a reset (RST) instead of an orderly end (FIN)."""
    connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))


class FakeGpsd:
    """Speaks enough of gpsd's JSON protocol: VERSION, then a TPV a second of simulated time,
    every `pace` seconds of real time, with `extra(index)` bytes before each."""

    START = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)

    def __init__(self, pace=0.05, extra=None, port=0, limit=None):
        self.pace = pace
        self.extra = extra or (lambda index: b"")
        self.limit = limit
        # Reports as fast as the socket takes them are built ahead, so that the peer's own work
        # neither slows nor shares the cores with the app it floods.
        self.flood = b"".join(self._report(index) for index in range(limit)) if not pace and limit is not None else None
        self.server = LineServer(self._serve, port)
        self.port = self.server.port

    def _serve(self, connection):
        connection.sendall(b'{"class":"VERSION","release":"3.25","rev":"3.25","proto_major":3,"proto_minor":15}\n')
        if self.flood is not None:
            connection.sendall(self.flood)
            while not self.server.closed:  # then quiet, as gpsd is without new fixes
                time.sleep(0.05)
            return
        index = 0
        while not self.server.closed and (self.limit is None or index < self.limit):
            connection.sendall(self._report(index))
            index += 1
            if self.pace:
                time.sleep(self.pace)

    def _report(self, index):
        """The bytes before report `index`, and the report: a TPV `index` seconds into 2026."""
        when = (self.START + datetime.timedelta(seconds=index)).strftime("%Y-%m-%dT%H:%M:%S.000Z")
        tpv = (f'{{"class":"TPV","mode":3,"time":"{when}","lat":{37.33 + index * 1e-4:.6f},'
               f'"lon":-122.03,"alt":10.0,"eph":5.0,"epx":4.0,"epy":4.0,"speed":10.0,"track":90.0}}\n')
        return self.extra(index) + tpv.encode()

    def close(self):
        self.server.close()


def stored(app):
    return app.status()["screens"]["location"]["storedCount"]


class GpsdCell(Cell):

    def start(self, data, gpsd):
        app = App(self.binary, data, "--location-authorization", "always")
        app.send(f"location gpsd 127.0.0.1:{gpsd.port}", "location on")
        return app


class VanishingGpsd(GpsdCell):
    name = "gpsd that vanishes and comes back"
    invariant = ("one console line says the connection failed and when it retries; fixes are stored again once "
                 "gpsd is back")

    def run(self, data, rng):
        gpsd = FakeGpsd()
        app = self.start(data, gpsd)
        try:
            wait_until(lambda: stored(app) > 3, 30, "fixes from gpsd")
            port = gpsd.port
            gpsd.close()
            mark = app.mark()
            # Both in one line: what failed, and when the next attempt comes ("retrying" alone is not enough).
            line = app.wait_for(rf"(gpsd at 127\.0\.0\.1:{port} hung up|Cannot connect to gpsd at 127\.0\.0\.1:{port} "
                                rf"\(.+\)); retrying in \d+ s", after=mark)
            time.sleep(rng.uniform(0.5, 2.5))
            gpsd = FakeGpsd(port=port)
            app.wait_for(r"Connected to gpsd", after=mark, timeout=40)
            before = stored(app)
            wait_until(lambda: stored(app) > before + 3, 30, "fixes after gpsd came back")
            app.quit()
        finally:
            app.kill()
            gpsd.close()
        return message(line)


class GarbageGpsd(GpsdCell):
    name = "gpsd that sends garbage"
    invariant = ("each of the first 10 bad lines is named on the console, in order, then one line says the rest "
                 "are skipped without a word and no bad line is named after it; each of the 40 good fixes between "
                 "them is stored")
    GOOD = 40
    NAMED = 10  # GPSDSource.badLineReportLimit
    # What the console says of each kind of bad line.
    KINDS = [r"sent a line of \d+ bytes that is not valid UTF-8|sent a line that is not JSON",
             r"sent an object without a proper class or fields",
             r'sent a TPV whose time "yesterday" is not an ISO 8601 time',
             r"sent a TPV whose latitude",
             r"sent a line of \d+ bytes that is not valid UTF-8"]

    def run(self, data, rng):
        seed = rng.randrange(1 << 30)
        kinds = [__import__("random").Random(seed + index).randrange(len(self.KINDS)) for index in range(self.GOOD)]

        def garbage(index):
            local = __import__("random").Random(seed + index)
            kind = local.randrange(len(self.KINDS))
            if kind == 0:  # random bytes, never empty, starting with one that is not UTF-8
                return b"\xff" + bytes(local.randrange(256) for _ in range(local.randrange(1, 300))).replace(b"\n", b"") + b"\n"
            if kind == 1:
                return b'{"class":"TPV","mode":3,"lat":"north"}\n'
            if kind == 2:
                return b'{"class":"TPV","mode":3,"time":"yesterday","lat":1,"lon":2,"eph":3}\n'
            if kind == 3:
                return b'{"class":"TPV","mode":3,"time":"2026-01-01T00:00:00Z","lat":123,"lon":2,"eph":3}\n'
            return b"\xff\xfe not utf-8 \xc3\x28\n"

        gpsd = FakeGpsd(extra=garbage, limit=self.GOOD)
        app = self.start(data, gpsd)
        try:
            mark = app.mark()
            wait_until(lambda: stored(app) >= self.GOOD, 30, f"all {self.GOOD} good fixes stored")
            app.wait_for(r"further bad lines of this connection are skipped without a word", after=mark)
            if stored(app) != self.GOOD:
                raise Failure(f"{stored(app)} fixes stored of the {self.GOOD} sent")
            app.quit()
            lines = app.since(mark)
        finally:
            app.kill()
            gpsd.close()
        named = [line for line in lines if re.search(r"gpsd at .* sent .*; skipped$", line)]
        if len(named) != self.NAMED:
            raise Failure(f"{len(named)} bad lines named on the console, not the first {self.NAMED}: "
                          f"{[message(line) for line in named[:12]]}")
        for index, (line, kind) in enumerate(zip(named, kinds)):
            if not re.search(self.KINDS[kind], line):
                raise Failure(f"bad line {index} (kind {kind}) was named as: {message(line)}")
        silence = next(i for i, line in enumerate(lines) if "skipped without a word" in line)
        if silence < lines.index(named[-1]):
            raise Failure("a bad line was named after the line that says the rest are skipped without a word")
        self._check_track(data)
        return f"{len(named)} named, then silence; {self.GOOD} fixes stored"

    def _check_track(self, data):
        """Each good fix is in the track, by its time (read after `quit`)."""
        with sqlite3.connect(os.path.join(data, "location", "track.sqlite")) as connection:
            times = sorted(round(row[0]) for row in connection.execute("SELECT timestamp FROM fix"))
        start = int(FakeGpsd.START.timestamp())
        expected = [start + index for index in range(self.GOOD)]
        if times != expected:
            missing = sorted(set(expected) - set(times))
            raise Failure(f"track.sqlite holds {len(times)} fixes; missing good fixes at seconds {missing[:10]}")


class FloodingGpsd(GpsdCell):
    name = "gpsd that floods"
    invariant = ("a line longer than 64 KiB drops the connection with a console line; the app reconnects; under "
                 "fixes as fast as the socket takes them, the status answers and the resident memory of the "
                 f"system's and the app's processes, sampled every 0.1 s from before the flood to its end, grows "
                 f"less than {MEMORY_BOUND_KB // 1024} MB")

    def run(self, data, rng):
        def flood(index):
            return b"x" * 70_000 + b"\n" if index == 500 else b""

        gpsd = FakeGpsd(pace=0, extra=flood, limit=20_000)
        app = App(self.binary, data, "--location-authorization", "always")
        try:
            app_pid = app.app_pid()
            with app.memory() as memory:
                app.send(f"location gpsd 127.0.0.1:{gpsd.port}", "location on")
                line = app.wait_for(r"longer than 65536 bytes; dropping the connection")
                wait_until(lambda: gpsd.server.accepted >= 2, 30, "the app to reconnect")
                deadline = time.monotonic() + 8
                while time.monotonic() < deadline:
                    app.status(timeout=10)
                    time.sleep(0.5)
            growth = memory.check(MEMORY_BOUND_KB, "the flood", app_pid)
            app.quit()
        finally:
            app.kill()
            gpsd.close()
        return f"{message(line)}; {growth}"


class IssueHandler(http.server.BaseHTTPRequestHandler):
    """An issue server whose misbehaviour is the path's first segment; `/good/…` serves the file."""

    protocol_version = "HTTP/1.1"
    body = bytes((index * 7) & 0xFF for index in range(300_000))
    lied = set()

    def log_message(self, *args):
        pass

    def do_GET(self):
        kind = self.path.split("/")[1]
        if kind == "error":
            self.send_response(500)
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif kind == "loop":
            self.send_response(302)
            self.send_header("Location", self.path)
            self.send_header("Content-Length", "0")
            self.end_headers()
        elif kind == "liar" and self.path not in self.lied:
            # Announces the whole file, sends a third and hangs up; the retry gets the truth.
            self.lied.add(self.path)
            self.send_response(200)
            self.send_header("Content-Length", str(len(self.body)))
            self.send_header("ETag", '"good"')
            self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(self.body[: len(self.body) // 3])
            self.close_connection = True
        else:
            self._serve_file()

    def _serve_file(self):
        start = 0
        if (text := self.headers.get("Range")) and text.startswith("bytes=") and text.endswith("-"):
            start = int(text[6:-1])
        if start:
            self.send_response(206)
            self.send_header("Content-Range", f"bytes {start}-{len(self.body) - 1}/{len(self.body)}")
        else:
            self.send_response(200)
        self.send_header("Content-Length", str(len(self.body) - start))
        self.send_header("ETag", '"good"')
        self.end_headers()
        self.wfile.write(self.body[start:])


class PausingIssueServer:
    """An issue server the harness owns, so that it sees what the app asks for: it serves one
    file with a strong ETag and honours `Range`/`If-Range`; the first response (no Range) stops
    after `pause_at` bytes and holds the connection open, sending nothing, until `release()` —
    a download in flight for as long as the harness wants. Every request is recorded as
    `(range_start or None, status)` in `requests`."""

    SIZE = 16 << 20
    ETAG = '"issue-v1"'
    body = None

    def __init__(self, pause_at):
        if PausingIssueServer.body is None:
            PausingIssueServer.body = __import__("random").Random(2013).randbytes(self.SIZE)
        self.pause_at = pause_at
        self.paused = threading.Event()
        self.released = threading.Event()
        self.requests = []
        owner = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_GET(self):
                owner._serve(self)

        self.server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/issues/issue.pdf"

    def _serve(self, handler):
        body = self.body
        start = None
        if (text := handler.headers.get("Range")) and text.startswith("bytes=") and text.endswith("-"):
            if handler.headers.get("If-Range") in (None, self.ETAG):
                start = int(text[6:-1])
        first = not self.requests
        self.requests.append((start, 206 if start else 200))
        if start:
            handler.send_response(206)
            handler.send_header("Content-Range", f"bytes {start}-{len(body) - 1}/{len(body)}")
        else:
            handler.send_response(200)
        handler.send_header("Content-Length", str(len(body) - (start or 0)))
        handler.send_header("ETag", self.ETAG)
        handler.end_headers()
        try:
            if first:
                handler.wfile.write(body[:self.pause_at])
                handler.wfile.flush()
                self.paused.set()
                self.released.wait(120)
                handler.close_connection = True
            else:
                handler.wfile.write(body[start or 0:])
        except OSError:
            handler.close_connection = True

    def release(self):
        self.released.set()

    def close(self):
        self.release()
        self.server.shutdown()
        self.server.server_close()


class MisbehavingIssueServer(Cell):
    name = "an issue server that answers 500s, loops, lies about lengths"
    invariant = ("each ends the download (or its attempt) with a console line that names what was wrong; the next "
                 "download from a good server ends byte-identical")
    CASES = [("error", r"failed: the server answered HTTP 500"),
             ("loop", r"failed: the redirects from .* loop"),
             ("liar", r"the response ended after \d+ of the 300000 bytes")]


    def run(self, data, rng):
        IssueHandler.lied = set()
        server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), IssueHandler)
        server.daemon_threads = True
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}"
        app = App(self.binary, data, "--content-port", "0")
        lines = []
        try:
            for kind, pattern in self.CASES:
                mark = app.mark()
                app.send(f"newsstand download {base}/{kind}/{rng.randrange(1 << 20)}/issue.pdf")
                lines.append(app.wait_for(pattern, after=mark, timeout=60))
            # The liar tells the truth on the retry: the download finishes.
            app.wait_for(r"Newsstand: downloaded issue\.pdf", timeout=60)
            app.wait_for_issue_file("test", "issue.pdf")
            stored = os.path.join(data, "newsstand", "Issues", "test", "issue.pdf")
            with open(stored, "rb") as file:
                if file.read() != IssueHandler.body:
                    raise Failure("the download after the lie differs from the server's file")
            app.quit()
        finally:
            app.kill()
            server.shutdown()
            server.server_close()
        return f"{len(lines)} clear lines"


class MisbehavingVoIPPeer(Cell):
    name = "a VoIP peer that half-closes, floods, or resets"
    invariant = ("each drop shows in the VoIP status: a new connection count once the app reconnected, and for "
                 "each flood and each reset a new error in `lastError` naming it; the resident memory of the "
                 "system's and the app's processes, sampled every 0.1 s through the drops, grows less than "
                 f"{MEMORY_BOUND_KB // 1024} MB")
    BEHAVIOURS = ["half-close", "flood", "reset"]
    ROUNDS = 2
    # Batches of 100 ping lines of 205 bytes each that a flood sends: about 2 MB.
    FLOOD_BATCHES = 100
    # What `lastError` says after each drop that is an error (a half-close is an orderly end).
    ERRORS = {"flood": r"a line longer than \d+ bytes was received and dropped", "reset": r"(?i)reset"}

    def run(self, data, rng):
        drops = self.BEHAVIOURS * self.ROUNDS
        gates = [threading.Event() for _ in drops]
        done = threading.Event()
        counter = iter(range(1 << 30))
        lock = threading.Lock()

        def serve(connection):
            with lock:
                index = next(counter)
            if index >= len(drops):  # the last connection stays open
                done.wait(60)
                return
            gates[index].wait(60)  # misbehaves once the harness read the status before it
            behaviour = drops[index]
            if behaviour == "half-close":
                connection.shutdown(socket.SHUT_WR)
                time.sleep(0.5)
            elif behaviour == "flood":
                # A fixed amount (2 MB of pings, then a 200 KB line), so that the work the
                # app must do does not grow with how fast this machine can send.
                line = b"ping " + b"x" * 200 + b"\n"
                for _ in range(self.FLOOD_BATCHES):
                    connection.sendall(line * 100)
                connection.sendall(b"y" * 200_000)
                # An orderly end, reading the app's answers until it closes: unread answers
                # would turn the close into a reset, and the reset would be the error shown.
                connection.shutdown(socket.SHUT_WR)
                connection.settimeout(30)
                while connection.recv(1 << 16):
                    pass
            else:
                reset(connection)

        peer = LineServer(serve)
        app = App(self.binary, data, "--ios", "9", "--voip-backoff-cap", "1")
        seen = []
        try:
            app_pid = app.app_pid()
            with app.memory() as memory:
                app.send(f"voip connect 127.0.0.1 {peer.port}")
                for index, behaviour in enumerate(drops):
                    seen += self._drop(app, index, behaviour, gates[index])
            growth = memory.check(MEMORY_BOUND_KB, "the drops", app_pid)
            app.quit()
        finally:
            done.set()
            for gate in gates:
                gate.set()
            app.kill()
            peer.close()
        return f"{len(drops)} drops; {growth}; errors: {'; '.join(sorted(set(seen)))[:200]}"

    def _drop(self, app, index, behaviour, gate):
        """Lets connection `index` misbehave as `behaviour` once it is up, and checks the status
        after the app reconnected; the new `lastError`, if the drop is an error."""
        connection = lambda status: status["screens"]["voip"]["connection"]
        before = app.wait_for_status(
            lambda status: connection(status)["connections"] > index and connection(status)["state"] == "connected"
            and connection(status), 30, f"connection {index + 1}")
        gate.set()
        after = app.wait_for_status(
            lambda status: connection(status)["connections"] > index + 1 and connection(status), 60,
            f"the app to reconnect after the {behaviour} of connection {index + 1}")
        if behaviour not in self.ERRORS:
            return []
        if after["errors"] <= before["errors"] or not re.search(self.ERRORS[behaviour], after["lastError"] or ""):
            raise Failure(f"the {behaviour} of connection {index + 1} shows no new error: "
                          f"errors {before['errors']} → {after['errors']}, lastError {after['lastError']!r}")
        return [after["lastError"]]
