"""An APNs provider in a few lines, with httpx's HTTP/2 client (PyPI: httpx[http2]).

Usage: httpx_push.py GATEWAY_URL CA_FILE < requests
Each line of standard input is a JSON object {"token", "headers", "body"}; each answer is printed
as "<status> <HTTP version> <body>", all over one HTTP/2 connection.
"""
import json
import sys

import httpx

url, ca_file = sys.argv[1], sys.argv[2]
with httpx.Client(http2=True, verify=ca_file, timeout=20) as client:
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        response = client.post(
            f"{url}/3/device/{request['token']}",
            headers=request.get("headers", {}),
            content=request["body"].encode(),
        )
        print(response.status_code, response.http_version, response.text.strip() or "-", flush=True)
