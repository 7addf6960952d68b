"""Peers that misbehave: a gpsd that vanishes and comes back, sends garbage or floods; an issue
server that answers 500s, redirects in a loop, lies about lengths or stalls; a VoIP peer that
half-closes, floods or resets. What must hold: a clear console line, and recovery."""

import datetime
import http.server
import os
import socket
import socketserver
import struct
import threading
import time

from app import Cell, App, Failure, message, wait_until

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
    invariant = "the console says the connection failed and when it retries; fixes are stored again once gpsd is back"

    def run(self, data, rng):
        gpsd = FakeGpsd()
        app = self.start(data, gpsd)
        try:
            wait_until(lambda: stored(app) > 3, 30, "fixes from gpsd")
            port = gpsd.port
            gpsd.close()
            mark = app.mark()
            line = app.wait_for(r"gpsd at 127\.0\.0\.1:\d+.*(failed|closed|retrying)|retrying in", after=mark)
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
    invariant = "each bad line is named on the console (then counted in silence); every good fix between them is stored"

    def run(self, data, rng):
        seed = rng.randrange(1 << 30)

        def garbage(index):
            local = __import__("random").Random(seed + index)
            kind = local.randrange(5)
            if kind == 0:
                return bytes(local.randrange(256) for _ in range(local.randrange(1, 300))).replace(b"\n", b"") + b"\n"
            if kind == 1:
                return b'{"class":"TPV","mode":3,"lat":"north"}\n'
            if kind == 2:
                return b'{"class":"TPV","mode":3,"time":"yesterday","lat":1,"lon":2,"eph":3}\n'
            if kind == 3:
                return b'{"class":"TPV","mode":3,"time":"2026-01-01T00:00:00Z","lat":123,"lon":2,"eph":3}\n'
            return b"\xff\xfe not utf-8 \xc3\x28\n"

        gpsd = FakeGpsd(extra=garbage, limit=40)
        app = self.start(data, gpsd)
        try:
            line = app.wait_for(r"gpsd at .* sent .*; skipped")
            wait_until(lambda: stored(app) >= 40, 30, "all 40 good fixes stored")
            app.quit()
        finally:
            app.kill()
            gpsd.close()
        return message(line)


class FloodingGpsd(GpsdCell):
    name = "gpsd that floods"
    invariant = ("a line longer than 64 KiB drops the connection with a console line; fixes as fast as the socket "
                 "takes them keep memory bounded and the status answering; the app reconnects")

    def run(self, data, rng):
        def flood(index):
            return b"x" * 70_000 + b"\n" if index == 500 else b""

        gpsd = FakeGpsd(pace=0, extra=flood, limit=20_000)
        app = self.start(data, gpsd)
        try:
            start_memory = app.resident_kilobytes()
            line = app.wait_for(r"longer than 65536 bytes; dropping the connection")
            wait_until(lambda: gpsd.server.accepted >= 2, 30, "the app to reconnect")
            deadline = time.monotonic() + 8
            while time.monotonic() < deadline:
                app.status(timeout=10)
                growth = app.resident_kilobytes() - start_memory
                if growth > MEMORY_BOUND_KB:
                    raise Failure(f"memory grew by {growth // 1024} MB under the flood")
                time.sleep(0.5)
            app.quit()
        finally:
            app.kill()
            gpsd.close()
        return message(line)


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
    invariant = ("each drop shows in the VoIP status (`lastError`, a new connection count); the app reconnects; "
                 "a flood keeps memory bounded")


    def run(self, data, rng):
        behaviours = ["half-close", "flood", "reset"]

        def serve(connection):
            behaviour = behaviours[(peer.accepted - 1) % len(behaviours)]
            if behaviour == "half-close":
                connection.shutdown(socket.SHUT_WR)
                time.sleep(0.5)
            elif behaviour == "flood":
                line = b"ping " + b"x" * 200 + b"\n"
                deadline = time.monotonic() + 2
                while time.monotonic() < deadline:
                    connection.sendall(line * 100)
                connection.sendall(b"y" * 200_000)
            else:
                reset(connection)

        peer = LineServer(serve)
        app = App(self.binary, data, "--ios", "9", "--voip-backoff-cap", "1")
        try:
            start_memory = app.resident_kilobytes()
            app.send(f"voip connect 127.0.0.1 {peer.port}")
            wait_until(lambda: peer.accepted >= 7, 60, "the app to reconnect after each misbehaviour, twice")
            connection = app.status()["screens"]["voip"]["connection"]
            if connection["connections"] < 6 or not connection["lastError"]:
                raise Failure(f"the VoIP status does not show the drops: {connection}")
            growth = app.resident_kilobytes() - start_memory
            if growth > MEMORY_BOUND_KB:
                raise Failure(f"memory grew by {growth // 1024} MB under the flood")
            app.quit()
        finally:
            app.kill()
            peer.close()
        return f"last error: {connection['lastError']}"
