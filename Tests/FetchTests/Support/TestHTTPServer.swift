import AsyncHTTPClient
import Foundation
import TestSupport

/// A real HTTP server on loopback (Python's http.server), started for one test and stopped
/// after it. Its resources:
/// - `/etag`: versioned content with an `ETag`, answering `If-None-Match` with 304;
/// - `/dated`: the same with `Last-Modified` and `If-Modified-Since`;
/// - `/plain`: the same content with no validators;
/// - `/change`: makes a new version;
/// - `/error`: 500; `/lie`: 304 to every request; `/hang`: never answers.
final class TestHTTPServer {
    let port: Int
    private let process: InteractiveProcess

    private static let script = #"""
        import email.utils, http.server, sys, time
        state = {"version": 1}
        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            def log_message(self, *args): pass
            def answer(self, status, body=b"", headers={}):
                self.send_response(status)
                for name, value in headers.items(): self.send_header(name, value)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            def do_GET(self):
                version = state["version"]
                body = b"content version %d" % version
                if self.path == "/change":
                    state["version"] += 1
                    return self.answer(200, b"changed")
                if self.path == "/etag":
                    tag = '"v%d"' % version
                    if self.headers.get("If-None-Match") == tag: return self.answer(304, headers={"ETag": tag})
                    return self.answer(200, body, {"ETag": tag})
                if self.path == "/dated":
                    stamp = email.utils.formatdate(1362700000 + version * 60, usegmt=True)
                    if self.headers.get("If-Modified-Since") == stamp: return self.answer(304)
                    return self.answer(200, body, {"Last-Modified": stamp})
                if self.path == "/plain": return self.answer(200, body)
                if self.path == "/error": return self.answer(500, b"oops")
                if self.path == "/lie": return self.answer(304)
                if self.path == "/hang":
                    time.sleep(60)
                    return
                self.answer(404)
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        server.daemon_threads = True
        print(server.server_address[1], flush=True)
        server.serve_forever()
        """#

    /// Starts the server and waits (up to 10 s) for it to say its port.
    init() async throws {
        let process = try InteractiveProcess("python3", ["-u", "-c", Self.script])
        self.process = process
        guard await process.waitFor({ !$0.stdoutLines.isEmpty }),
            let port = process.stdoutLines.first.flatMap({ Int($0) })
        else {
            process.stop()
            throw CocoaError(.fileReadCorruptFile, userInfo: [
                NSLocalizedDescriptionKey: "the test HTTP server did not start: \(process.stdout) \(process.stderr)",
            ])
        }
        self.port = port
    }

    /// The URL of `path` on this server.
    func url(_ path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)")!
    }

    /// Asks the server for `path` directly (to change its content).
    func get(_ path: String) async throws {
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: url(path).absoluteString), timeout: .seconds(10))
        _ = try await response.body.collect(upTo: 1 << 16)
    }

    /// Stops the server.
    func stop() {
        process.stop()
    }
}
