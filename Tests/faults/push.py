"""Providers that misbehave toward the push gateway (`run --push-port`): one that floods a
connection with streams, one that sends half a request and stalls, one that opens thousands of
connections, one that sends malformed HPACK and frames. What must hold: the gateway stays up and
answers a well-behaved provider, the backgrounder's memory stays bounded, and the app gets
exactly the pushes the gateway accepted (each a background push with a number, whose console
line the app prints once; a last push, sent after every answer came, is the event that says all
earlier deliveries are in).

The clients are Python's ssl and h2 (scripts/python-packages): h2 keeps the protocol where a cell
means to, and the cells write raw frames where they mean to break it.
"""

import json
import os
import re
import socket
import ssl
import struct
import threading
import time

import h2.config
import h2.connection
import h2.events
import hpack

from app import App, Cell, Failure, wait_until

# Growth of the resident set of the system's and the app's processes together allowed under a fault.
MEMORY_BOUND_KB = 96 * 1024
DELIVERED = re.compile(r'Remote notification: \{"content-available":1,"seq":(\d+)\}')
SENTINEL = 999_999_999
PUSH_GATEWAY = re.compile(r"Push gateway: https://127\.0\.0\.1:(\d+) ")


class Gateway:
    """backgrounder headless with its gateway on a free port, the app on screen (iOS 17: no
    Newsstand, so a background push only prints its line), rate limit out of the way."""

    def __init__(self, binary, data, idle_timeout=300):
        self.app = App(binary, data, "--ios", "17", "--content-port", "0", "--push-port", "auto",
                       "--push-rate-limit", "1000000", "--push-idle-timeout", str(idle_timeout))
        # Every delivery's console line is counted, so this app's output is kept whole (a few
        # thousand lines), not only the last App.KEPT_LINES.
        self.app.KEPT_LINES = 1_000_000
        # The gateway picks its port and names it (a port chosen here could be taken by then).
        gateway = PUSH_GATEWAY.search(self.app.wait_for(PUSH_GATEWAY.pattern, timeout=60))
        self.port = int(gateway.group(1))
        self.app.wait_for(r"State: inactive → active", timeout=60)
        self.ca_file = f"{data}/push/gateway.pem"

        def registered():
            return self.app.status()["push"]["deviceToken"]

        self.token = wait_until(registered, 30, "the app to register for remote notifications")
        self.path = f"/3/device/{self.token}"

    def context(self):
        context = ssl.create_default_context(cafile=self.ca_file)
        context.set_alpn_protocols(["h2"])
        return context

    def tls(self, timeout=30):
        """A TLS connection to the gateway that chose h2."""
        raw = socket.create_connection(("127.0.0.1", self.port), timeout=timeout)
        connection = self.context().wrap_socket(raw, server_hostname="127.0.0.1")
        if connection.selected_alpn_protocol() != "h2":
            raise Failure(f"ALPN chose {connection.selected_alpn_protocol()!r}, not h2")
        return connection

    def client(self):
        return H2Client(self)

    def sockets(self):
        """How many sockets the backgrounder process holds open now (its /proc fd table)."""
        count = 0
        for fd in os.listdir(f"/proc/{self.app.pid}/fd"):
            try:
                count += os.readlink(f"/proc/{self.app.pid}/fd/{fd}").startswith("socket:")
            except OSError:
                pass  # closed while we looked
        return count

    def delivered(self):
        """The numbers of the pushes whose console line the app printed, in order."""
        return [int(match.group(1)) for line in self.app.output() if (match := DELIVERED.search(line))]

    def check_exactly(self, accepted, what):
        """A last push through a fresh connection; once the app printed it, the pushes it printed
        before must be `accepted`, each once."""
        with self.client() as client:
            answers = client.push_all([SENTINEL])
        if answers[SENTINEL] != 200:
            raise Failure(f"after {what}, a well-behaved provider's push was answered {answers[SENTINEL]}")
        self.app.wait_for(rf'"seq":{SENTINEL}\}}', timeout=60)
        delivered = [seq for seq in self.delivered() if seq != SENTINEL]
        if sorted(delivered) != sorted(accepted):
            extra = sorted(set(delivered) - set(accepted))[:5]
            missing = sorted(set(accepted) - set(delivered))[:5]
            twice = len(delivered) - len(set(delivered))
            raise Failure(f"after {what}: the app got {len(delivered)} pushes for {len(accepted)} accepted "
                          f"(not accepted: {extra}, missing: {missing}, twice: {twice})")


class H2Client:
    """A well-behaved provider on one connection: h2, background pushes numbered in the payload."""

    def __init__(self, gateway):
        self.gateway = gateway
        self.socket = gateway.tls()
        self.connection = h2.connection.H2Connection(h2.config.H2Configuration(client_side=True))
        self.connection.initiate_connection()
        self.socket.sendall(self.connection.data_to_send())
        self.terminated = None
        # A well-behaved client opens no stream before it knows the gateway's SETTINGS (its
        # SETTINGS_MAX_CONCURRENT_STREAMS): until then h2 assumes no limit.
        while not any(isinstance(event, h2.events.RemoteSettingsChanged) for event in self.read_events()):
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        try:
            self.socket.close()
        except OSError:
            pass

    def headers(self, stream_id, end_stream=False):
        self.connection.send_headers(stream_id, [
            (":method", "POST"), (":scheme", "https"), (":authority", f"127.0.0.1:{self.gateway.port}"),
            (":path", self.gateway.path), ("apns-push-type", "background"), ("apns-priority", "5"),
            ("apns-topic", "com.raywenderlich.TheBackgrounder")], end_stream=end_stream)

    @staticmethod
    def body(seq):
        return json.dumps({"aps": {"content-available": 1, "seq": seq}}, separators=(",", ":")).encode()

    def push_all(self, seqs):
        """Sends a push for each number, as many at once as the gateway's SETTINGS allow, and
        reads every answer: {seq: status}."""
        pending = list(seqs)
        streams, answers = {}, {}
        while pending or streams:
            # Within the gateway's SETTINGS and its flow-control window, as a well-behaved client.
            while (pending and self.connection.open_outbound_streams < self.connection.remote_settings.max_concurrent_streams
                   and self.connection.outbound_flow_control_window >= 128):
                seq = pending.pop(0)
                stream_id = self.connection.get_next_available_stream_id()
                self.headers(stream_id)
                self.connection.send_data(stream_id, self.body(seq), end_stream=True)
                streams[stream_id] = seq
            self.socket.sendall(self.connection.data_to_send())
            for event in self.read_events():
                if isinstance(event, h2.events.ResponseReceived) and event.stream_id in streams:
                    answers[streams[event.stream_id]] = int(dict(event.headers)[b":status"])
                elif isinstance(event, h2.events.StreamEnded):
                    streams.pop(event.stream_id, None)
                elif isinstance(event, h2.events.StreamReset):
                    answers.setdefault(streams.pop(event.stream_id, None), "reset")
                elif isinstance(event, h2.events.ConnectionTerminated):
                    raise Failure(f"the gateway ended a well-behaved connection: {event}")
        return answers

    def read_events(self):
        data = self.socket.recv(1 << 16)
        if not data:
            raise Failure("the gateway closed a well-behaved connection")
        events = self.connection.receive_data(data)
        self.socket.sendall(self.connection.data_to_send())
        return events

    def wait_terminated(self):
        """Reads until the gateway's GOAWAY; returns it (None if the connection just closed)."""
        while True:
            try:
                data = self.socket.recv(1 << 16)
            except (ConnectionError, ssl.SSLError):
                return None
            if not data:
                return None
            for event in self.connection.receive_data(data):
                if isinstance(event, h2.events.ConnectionTerminated):
                    return event


def frame(kind, flags, stream_id, payload):
    """A raw HTTP/2 frame (RFC 9113 §4.1)."""
    return struct.pack(">I", len(payload))[1:] + bytes([kind, flags]) + struct.pack(">I", stream_id) + payload


PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + frame(0x4, 0, 0, b"")
HEADERS, DATA, CONTINUATION, SETTINGS, RST_STREAM, GOAWAY = 0x1, 0x0, 0x9, 0x4, 0x3, 0x7
END_STREAM, END_HEADERS = 0x1, 0x4
# HTTP/2 error codes (RFC 9113 §7).
NO_ERROR, PROTOCOL_ERROR, FRAME_SIZE_ERROR, REFUSED_STREAM, COMPRESSION_ERROR, ENHANCE_YOUR_CALM = 0x0, 0x1, 0x6, 0x7, 0x9, 0xB


def read_until_closed(connection, limit=20):
    """Reads what the gateway sends until it closes the connection; the bytes, or raises Failure
    when the gateway keeps it open past `limit` seconds (the socket's timeout)."""
    connection.settimeout(limit)
    received = b""
    try:
        while True:
            data = connection.recv(1 << 16)
            if not data:
                return received
            received += data
    except socket.timeout:
        raise Failure(f"the gateway kept a broken connection open for {limit} s") from None
    except (ConnectionError, ssl.SSLError, OSError):
        return received


class PushCell(Cell):
    """A cell whose fault is measured (``MemorySampler``) in the system's process, where the
    gateway runs, and the app's, which the pushes reach."""


class PushStreamFlood(PushCell):
    name = "a push provider that floods one connection with streams"
    invariant = ("3,000 pushes on one connection as fast as its SETTINGS allow, then 500 streams opened at once past "
                 "them: each stream past SETTINGS_MAX_CONCURRENT_STREAMS gets RST_STREAM(REFUSED_STREAM), or the "
                 "connection a GOAWAY(PROTOCOL_ERROR) (a connection dropped without either fails); the gateway "
                 "answers another provider; the resident memory of the system's and the app's processes, sampled "
                 "every 0.1 s through the flood, grows less than 96 MB; the app gets exactly the accepted pushes")
    PUSHES = 3000
    BURST = 500

    def run(self, data, rng):
        gateway = Gateway(self.binary, data)
        try:
            app_pid = gateway.app.app_pid()
            with gateway.app.memory() as memory:
                with gateway.client() as flooder:
                    answers = flooder.push_all(range(self.PUSHES))
                accepted = [seq for seq, status in answers.items() if status == 200]
                if len(accepted) != self.PUSHES:
                    raise Failure(f"{self.PUSHES - len(accepted)} pushes within the SETTINGS were not accepted")
                # Past the limit: 500 streams opened at once (headers, no body, on raw frames).
                raw = gateway.tls()
                headers = hpack.Encoder().encode([
                    (":method", "POST"), (":scheme", "https"), (":path", gateway.path), (":authority", "127.0.0.1"),
                    ("apns-push-type", "background"), ("apns-priority", "5")])
                raw.sendall(PREFACE + b"".join(frame(HEADERS, END_HEADERS, 2 * index + 1, headers)
                                               for index in range(self.BURST)))
                limit = first_settings(raw).get(0x3)
                if limit is None or limit >= self.BURST:
                    raise Failure(f"the gateway's SETTINGS_MAX_CONCURRENT_STREAMS is {limit}: no limit for the burst to pass")
                past = [2 * index + 1 for index in range(limit, self.BURST)]
                frames = read_frames(raw, lambda frames: goaway_in(frames) is not None
                                     or all(stream in refusals(frames) for stream in past))
                refused_past = self.check_refused(frames, past, limit)
                with gateway.client() as other:
                    if other.push_all([self.PUSHES + 1])[self.PUSHES + 1] != 200:
                        raise Failure("another provider's push was refused after the flood")
                accepted.append(self.PUSHES + 1)
                raw.close()
            growth = memory.check(MEMORY_BOUND_KB, "the flood", app_pid)
            gateway.check_exactly(accepted, "the flood")
            gateway.app.quit()
        finally:
            gateway.app.kill()
        return (f"{len(accepted)} accepted; {self.BURST} streams where SETTINGS allow {limit}: {refused_past}; {growth}")

    @staticmethod
    def check_refused(frames, past, limit):
        """Each stream in `past` was refused: RST_STREAM(REFUSED_STREAM), or the connection ended
        with GOAWAY(PROTOCOL_ERROR) (RFC 9113 §5.1.2: "An endpoint that receives a HEADERS frame
        that causes its advertised concurrent stream limit to be exceeded MUST treat this as a
        stream error of type PROTOCOL_ERROR or REFUSED_STREAM"; NIOHTTP2 makes it an error of the
        connection). Says which, for the log."""
        goaway = next(((int.from_bytes(payload[:4], "big") & 0x7FFF_FFFF, int.from_bytes(payload[4:8], "big"))
                       for kind, _, _, payload in frames if kind == GOAWAY), None)
        resets = refusals(frames)
        unrefused = [stream for stream in past if resets.get(stream) != REFUSED_STREAM]
        if not unrefused:
            return f"all {len(past)} past the limit got RST_STREAM(REFUSED_STREAM)"
        if goaway is not None:
            last_stream, code = goaway
            if code != PROTOCOL_ERROR:
                raise Failure(f"the streams past the limit of {limit} ended the connection with GOAWAY code {code:#x}, "
                              f"not PROTOCOL_ERROR")
            return (f"{len(past) - len(unrefused)} RST_STREAM(REFUSED_STREAM), then GOAWAY(PROTOCOL_ERROR), last stream "
                    f"{last_stream}")
        others = sorted({code for stream, code in resets.items() if stream in unrefused})
        raise Failure(f"{len(unrefused)} of the {len(past)} streams past the limit of {limit} got neither "
                      f"RST_STREAM(REFUSED_STREAM) nor a GOAWAY before the connection ended (first: stream "
                      f"{unrefused[0]}; other RST_STREAM codes among them: {others}; frames read: {len(frames)})")


def first_settings(connection):
    """The gateway's first SETTINGS frame, as {identifier: value}."""
    frames = read_frames(connection, lambda frames: any(kind == SETTINGS and not flags & 1 for kind, flags, _, _ in frames))
    payload = next(payload for kind, flags, _, payload in frames if kind == SETTINGS and not flags & 1)
    return {int.from_bytes(payload[i:i + 2], "big"): int.from_bytes(payload[i + 2:i + 6], "big")
            for i in range(0, len(payload) - 5, 6)}


def read_frames(connection, enough, limit=20):
    """Reads the gateway's frames until `enough(frames)` holds or it closes the connection; the
    frames as (type, flags, stream id, payload). Raises Failure past `limit` seconds."""
    connection.settimeout(limit)
    buffer, frames = b"", []
    while not enough(frames):
        try:
            data = connection.recv(1 << 16)
        except socket.timeout:
            raise Failure(f"the gateway sent neither the refusals nor a GOAWAY in {limit} s: {frames[-3:]}") from None
        except (ConnectionError, ssl.SSLError, OSError):
            data = b""
        if not data:
            return frames
        buffer += data
        while len(buffer) >= 9 and len(buffer) >= 9 + int.from_bytes(buffer[:3], "big"):
            length = int.from_bytes(buffer[:3], "big")
            stream_id = int.from_bytes(buffer[5:9], "big") & 0x7FFF_FFFF
            frames.append((buffer[3], buffer[4], stream_id, buffer[9:9 + length]))
            buffer = buffer[9 + length:]
    return frames


def goaway_in(frames):
    """The error code of the first GOAWAY among `frames`, or None."""
    return next((int.from_bytes(payload[4:8], "big") for kind, _, _, payload in frames if kind == GOAWAY), None)


def refusals(frames):
    """{stream id: error code} of the RST_STREAM frames among `frames`."""
    return {stream_id: int.from_bytes(payload[:4], "big") for kind, _, stream_id, payload in frames if kind == RST_STREAM}


class PushHalfRequestStall(PushCell):
    name = "a push provider that sends half a request and stalls"
    invariant = ("connections that stall mid-handshake, mid-headers and mid-body hold nothing up: another provider "
                 "is answered, none of the half pushes reaches the app, and once idle the mid-headers and the "
                 "mid-body connections each get GOAWAY with {\"reason\":\"IdleTimeout\"} and the mid-handshake one "
                 "(no HTTP/2 yet) is closed")

    def run(self, data, rng):
        gateway = Gateway(self.binary, data, idle_timeout=2)
        stalled = []
        try:
            # Half a TLS handshake: the TCP connection, a few bytes of a ClientHello.
            half_hello = socket.create_connection(("127.0.0.1", gateway.port), timeout=30)
            half_hello.sendall(b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03")
            # Half the headers: a HEADERS frame without END_HEADERS and no CONTINUATION.
            half_headers = gateway.client()
            half_headers.socket.sendall(frame(HEADERS, 0, 1, hpack.Encoder().encode([(":method", "POST")])))
            # Half a body: headers, then 20 of the payload's bytes, and nothing more.
            half_body = gateway.client()
            half_body.headers(1)
            half_body.connection.send_data(1, H2Client.body(rng.randrange(10_000, 20_000))[:20])
            half_body.socket.sendall(half_body.connection.data_to_send())
            stalled = [half_hello, half_headers, half_body]
            with gateway.client() as other:
                seqs = list(range(50))
                answers = other.push_all(seqs)
            if any(answers[seq] != 200 for seq in seqs):
                raise Failure(f"another provider was refused beside stalled ones: {answers}")
            # Each stalled connection is closed by the gateway once idle: the event, not a sleep.
            # Both HTTP/2 connections get APNs's GOAWAY with {"reason":"IdleTimeout"}; the half
            # handshake, which has no HTTP/2 to send it on, is closed.
            reasons = []
            for what, client in (("the half headers", half_headers), ("the half body", half_body)):
                event = client.wait_terminated()
                if event is None or b"IdleTimeout" not in (event.additional_data or b""):
                    raise Failure(f"the connection of {what} ended without GOAWAY IdleTimeout: {event}")
                reasons.append(f"{what}: {event.additional_data.decode()}")
            closed = read_until_closed(half_hello)
            gateway.check_exactly(seqs, "half requests")
            gateway.app.quit()
        finally:
            for each in stalled:
                (each.close if hasattr(each, "close") else lambda: None)()
            gateway.app.kill()
        return f"idle connections closed: {'; '.join(reasons)}; the half handshake after {len(closed)} bytes"


class PushConnectionFlood(PushCell):
    name = "a push provider that opens thousands of connections"
    invariant = ("2,000 connections held open (half of them through the TLS handshake): the gateway keeps at most its "
                 "limit, answers another provider, the resident memory of the system's and the app's processes, "
                 "sampled every 0.1 s through the flood, grows less than 96 MB, the app gets exactly the accepted "
                 "pushes")
    CONNECTIONS = 2000
    LIMIT = 256  # PushGatewayConfiguration.maximumConnections
    OWN_SOCKETS = 32  # listeners, D-Bus, the app's own

    def run(self, data, rng):
        gateway = Gateway(self.binary, data)
        held = []
        try:
            app_pid = gateway.app.app_pid()
            context = gateway.context()
            with gateway.app.memory() as memory:
                for index in range(self.CONNECTIONS):
                    try:
                        connection = socket.create_connection(("127.0.0.1", gateway.port), timeout=30)
                        if index % 2:
                            connection = context.wrap_socket(connection, server_hostname="127.0.0.1")
                        held.append(connection)
                    except (ConnectionError, ssl.SSLError, OSError):
                        pass  # the gateway closed it to make room: that is the point
                with gateway.client() as other:
                    answers = other.push_all(range(20))
                    # Once another provider was answered, the connections the flood pushed out
                    # are closed: the process holds its limit's sockets, and a few of its own.
                    sockets = gateway.sockets()
            if any(status != 200 for status in answers.values()):
                raise Failure(f"another provider was refused beside {len(held)} held connections: {answers}")
            if sockets > self.LIMIT + self.OWN_SOCKETS:
                raise Failure(f"the gateway holds {sockets} sockets for {len(held)} connections held, over its limit of "
                              f"{self.LIMIT} connections and {self.OWN_SOCKETS} sockets of its own")
            growth = memory.check(MEMORY_BOUND_KB, f"{self.CONNECTIONS} connections", app_pid)
            open_now = count_open(held)
            for connection in held:
                connection.close()
            gateway.check_exactly(list(range(20)), "thousands of connections")
            gateway.app.quit()
        finally:
            for connection in held:
                connection.close()
            gateway.app.kill()
        return (f"{open_now} of {self.CONNECTIONS} still open at the client's end, the gateway's sockets {sockets}; "
                f"{growth}")


def count_open(connections):
    """How many of `connections` the gateway has not closed (a peek finds no EOF)."""
    still = 0
    for connection in connections:
        try:
            connection.setblocking(False)
            raw = connection if not isinstance(connection, ssl.SSLSocket) else connection
            data = socket.socket.recv(raw, 1, socket.MSG_PEEK) if not isinstance(raw, ssl.SSLSocket) else raw.recv(1)
            still += 1 if data else 0
        except (BlockingIOError, ssl.SSLWantReadError):
            still += 1
        except (ConnectionError, ssl.SSLError, OSError):
            pass
    return still


class PushMalformedFrames(PushCell):
    name = "a push provider that sends malformed HPACK and frames"
    invariant = ("each broken connection is closed, where HTTP/2 began with the GOAWAY error code RFC 9113 gives "
                 "its fault (COMPRESSION_ERROR for bad HPACK, PROTOCOL_ERROR for a frame on the wrong stream, "
                 "FRAME_SIZE_ERROR for a bad length, ENHANCE_YOUR_CALM for a flood of CONTINUATION or RST_STREAM), "
                 "and a request made malformed gets RST_STREAM(PROTOCOL_ERROR); none of its pushes reaches the app, "
                 "and the gateway answers another provider after each")

    def cases(self, gateway, rng):
        """(what, the bytes, the answers allowed): an answer is ("GOAWAY", code) for the connection's
        end, ("RST_STREAM", code) for a stream's, or None for a close with neither."""
        encoder = hpack.Encoder()
        good = encoder.encode([(":method", "POST"), (":scheme", "https"), (":path", gateway.path),
                               (":authority", "127.0.0.1"), ("apns-push-type", "background"), ("apns-priority", "5")])
        body = H2Client.body(7_000_000 + rng.randrange(1000))
        noise = bytes(rng.randrange(256) for _ in range(4096))
        goaway = lambda *codes: {("GOAWAY", code) for code in codes}
        # RFC 9113 §3.4: an invalid preface is a PROTOCOL_ERROR, and "a GOAWAY frame MAY be omitted".
        no_preface = goaway(PROTOCOL_ERROR) | {None}
        # RFC 9113 §4.3: "A decoding error in a field block MUST be treated as a connection error of
        # type COMPRESSION_ERROR"; random HPACK may instead decode into fields that break the
        # request's rules (§8.1.1, PROTOCOL_ERROR).
        return [
            ("not HTTP/2", b"GET / HTTP/1.1\r\nHost: x\r\n\r\n", no_preface),
            ("random bytes", noise, no_preface),
            ("an HPACK index past the table", PREFACE + frame(HEADERS, END_HEADERS | END_STREAM, 1, b"\xff\xff\xff\x7f"),
             goaway(COMPRESSION_ERROR)),
            ("a truncated HPACK string", PREFACE + frame(HEADERS, END_HEADERS, 1, b"\x00\x85abc"), goaway(COMPRESSION_ERROR)),
            ("random HPACK", PREFACE + frame(HEADERS, END_HEADERS, 1, noise[:200]), goaway(COMPRESSION_ERROR, PROTOCOL_ERROR)),
            # §6.2: HEADERS on stream 0 is a connection error of type PROTOCOL_ERROR.
            ("HEADERS on stream 0", PREFACE + frame(HEADERS, END_HEADERS, 0, good), goaway(PROTOCOL_ERROR)),
            # §5.1: any frame but HEADERS or PRIORITY on an idle stream is a PROTOCOL_ERROR.
            ("DATA on an idle stream", PREFACE + frame(DATA, END_STREAM, 5, body), goaway(PROTOCOL_ERROR)),
            # §4.2: a frame over SETTINGS_MAX_FRAME_SIZE is a FRAME_SIZE_ERROR.
            ("a frame longer than SETTINGS allow", PREFACE + frame(DATA, 0, 1, b"\0" * 20000), goaway(FRAME_SIZE_ERROR)),
            # §6.5: a SETTINGS frame whose length is not a multiple of 6 is a FRAME_SIZE_ERROR.
            ("a SETTINGS frame of 5 bytes", PREFACE + frame(SETTINGS, 0, 0, b"\0" * 5), goaway(FRAME_SIZE_ERROR)),
            # §10.5: an endpoint may treat what abuses it as ENHANCE_YOUR_CALM.
            ("endless CONTINUATION", PREFACE + frame(HEADERS, 0, 1, good[:4])
             + b"".join(frame(CONTINUATION, 0, 1, b"\x40\x01a\x01b") for _ in range(3000)), goaway(ENHANCE_YOUR_CALM)),
            # §8.1.1: a HEADERS frame without END_STREAM after the request's body makes the request
            # malformed, "a stream error of type PROTOCOL_ERROR": RST_STREAM, not GOAWAY.
            ("a body then a second HEADERS without END_STREAM", PREFACE + frame(HEADERS, END_HEADERS, 1, good)
             + frame(DATA, 0, 1, body) + frame(HEADERS, END_HEADERS, 1, good), {("RST_STREAM", PROTOCOL_ERROR)}),
            ("RST_STREAM flood", PREFACE + b"".join(frame(HEADERS, END_HEADERS, 2 * i + 1, good)
                                                    + frame(RST_STREAM, 0, 2 * i + 1, b"\0\0\0\x08") for i in range(2000)),
             goaway(ENHANCE_YOUR_CALM)),
        ]

    def run(self, data, rng):
        gateway = Gateway(self.binary, data)
        accepted, codes = [], []
        try:
            app_pid = gateway.app.app_pid()
            with gateway.app.memory() as memory:
                for index, (what, payload, allowed) in enumerate(self.cases(gateway, rng)):
                    connection = gateway.tls()
                    try:
                        connection.sendall(payload)
                    except (ConnectionError, ssl.SSLError, OSError):
                        pass  # closed while we wrote: the gateway stopped reading
                    received = read_until_closed(connection)
                    connection.close()
                    answer = first_answer(received)
                    if answer not in allowed:
                        raise Failure(f"{what}: the gateway answered {describe(answer)}, not "
                                      f"{' or '.join(sorted(describe(each) for each in allowed))}")
                    codes.append(f"{what}: {describe(answer)}")
                    with gateway.client() as other:
                        seq = 100 + index
                        if other.push_all([seq])[seq] != 200:
                            raise Failure(f"after {what}, another provider's push was refused")
                        accepted.append(seq)
            growth = memory.check(MEMORY_BOUND_KB, "malformed frames", app_pid)
            gateway.check_exactly(accepted, "malformed frames")
            gateway.app.quit()
        finally:
            gateway.app.kill()
        return f"{growth}; answers: " + "; ".join(codes)


def first_answer(received):
    """How the gateway answered a broken connection, from the bytes it sent: ("GOAWAY", code) if
    it sent one, else ("RST_STREAM", code) of its first reset, else None."""
    goaway, reset, offset = None, None, 0
    while offset + 9 <= len(received):
        length = int.from_bytes(received[offset:offset + 3], "big")
        kind, payload = received[offset + 3], received[offset + 9:offset + 9 + length]
        if kind == GOAWAY and len(payload) >= 8 and goaway is None:
            goaway = ("GOAWAY", int.from_bytes(payload[4:8], "big"))
        elif kind == RST_STREAM and len(payload) >= 4 and reset is None:
            reset = ("RST_STREAM", int.from_bytes(payload[:4], "big"))
        offset += 9 + length
    return goaway or reset


def describe(answer):
    return "a close with neither GOAWAY nor RST_STREAM" if answer is None else f"{answer[0]} code {answer[1]:#x}"
