"""Raw HTTP/2 requests to the gateway with Python's h2 (PyPI: h2), headers exactly as given —
pseudo-headers, `host` instead of `:authority`, a header twice — one connection for all.

Usage: h2_requests.py PORT CA_FILE < requests
Each line of standard input is a JSON object {"headers": [[name, value], …], "body": text}. The
requests are read first, then sent together as soon as the connection is up, each on its own
stream, so that the client is never silent between two of them (a gateway's idle timeout counts
silence). For each, in order, one JSON line: {"status", "apns-id", "apns-unique-id",
"content-type", "body"}. After the last answer the connection stays open and sends nothing until
the gateway ends it; then one line {"goaway": its debug data, "error": its error code,
"lastStreamID": its last stream}, or {"closed": true} when it closed without a GOAWAY. A
connection that ends before every request is answered is an error (exit status 1), never a wait.
"""
import json
import socket
import ssl
import sys

import h2.config
import h2.connection
import h2.events

port, ca_file = int(sys.argv[1]), sys.argv[2]
requests = [json.loads(line) for line in sys.stdin if line.strip()]
context = ssl.create_default_context(cafile=ca_file)
context.set_alpn_protocols(["h2"])
connection = context.wrap_socket(socket.create_connection(("127.0.0.1", port)), server_hostname="127.0.0.1")
h2connection = h2.connection.H2Connection(h2.config.H2Configuration(client_side=True, validate_outbound_headers=False,
                                                                    normalize_outbound_headers=False))
h2connection.initiate_connection()


def events():
    data = connection.recv(1 << 16)
    if not data:
        return None
    received = h2connection.receive_data(data)
    connection.sendall(h2connection.data_to_send())
    return received


streams = []
for request in requests:
    stream_id = h2connection.get_next_available_stream_id()
    body = request.get("body", "").encode()
    h2connection.send_headers(stream_id, [tuple(header) for header in request["headers"]], end_stream=not body)
    if body:
        h2connection.send_data(stream_id, body, end_stream=True)
    streams.append(stream_id)
connection.sendall(h2connection.data_to_send())

answers = {stream_id: ({}, b"") for stream_id in streams}
ended = set()
while len(ended) < len(streams):
    received = events()
    if received is None:
        sys.exit(f"h2_requests.py: the gateway closed the connection with {len(streams) - len(ended)} request(s) unanswered")
    for event in received:
        if isinstance(event, h2.events.ResponseReceived) and event.stream_id in answers:
            answers[event.stream_id] = ({name.decode(): value.decode() for name, value in event.headers}, answers[event.stream_id][1])
        elif isinstance(event, h2.events.DataReceived) and event.stream_id in answers:
            answers[event.stream_id] = (answers[event.stream_id][0], answers[event.stream_id][1] + event.data)
            h2connection.acknowledge_received_data(event.flow_controlled_length, event.stream_id)
        elif isinstance(event, h2.events.StreamEnded) and event.stream_id in answers:
            ended.add(event.stream_id)
        elif isinstance(event, h2.events.StreamReset) and event.stream_id in answers:
            ended.add(event.stream_id)  # answered with RST_STREAM: status 0, no body
        elif isinstance(event, h2.events.ConnectionTerminated):
            sys.exit(f"h2_requests.py: the gateway ended the connection (GOAWAY {event.additional_data!r}) "
                     f"with {len(streams) - len(ended)} request(s) unanswered")
    connection.sendall(h2connection.data_to_send())

for stream_id in streams:
    answer, text = answers[stream_id]
    print(json.dumps({"status": int(answer.get(":status", 0)), "apns-id": answer.get("apns-id"),
                      "apns-unique-id": answer.get("apns-unique-id"), "content-type": answer.get("content-type"),
                      "body": text.decode() or None}), flush=True)

while True:
    received = events()
    if received is None:
        print(json.dumps({"closed": True}), flush=True)
        break
    ended = [event for event in received if isinstance(event, h2.events.ConnectionTerminated)]
    if ended:
        print(json.dumps({"goaway": (ended[0].additional_data or b"").decode(), "error": int(ended[0].error_code),
                          "lastStreamID": ended[0].last_stream_id}), flush=True)
        break
