import Foundation
import NIOCore
import Synchronization
import TestSupport

/// A small HTTP server on loopback that misbehaves on purpose: each request gets the steps
/// a test scripts (raw bytes, pauses, a dropped connection), so the transfer service meets
/// lying and broken servers for real.
final class HostileServer: Sendable {
    /// A request as the server read it.
    struct Request: Sendable {
        let path: String
        let headers: [String: String]

        func header(_ name: String) -> String? { headers[name.lowercased()] }

        /// N of a `Range: bytes=N-` header.
        var rangeStart: Int? {
            guard let range = header("Range"), range.hasPrefix("bytes="), range.hasSuffix("-") else { return nil }
            return Int(range.dropFirst(6).dropLast())
        }
    }

    enum Step: Sendable {
        case send([UInt8])
        case pause(Duration)
        /// Keeps the connection open without a word until the server stops.
        case hold

        static func text(_ string: String) -> Step { .send(Array(string.utf8)) }
    }

    /// The requests a server read, in order.
    final class RequestLog: Sendable {
        private let requests = Mutex<[Request]>([])

        var all: [Request] { requests.withLock { $0 } }

        /// Adds `request`; returns its index.
        func append(_ request: Request) -> Int {
            requests.withLock { requests in
                requests.append(request)
                return requests.count - 1
            }
        }
    }

    private let received = RequestLog()
    private let server: LoopbackServer

    var port: Int { server.port }

    /// The requests so far.
    var requests: [Request] { received.all }

    /// Starts a server whose `script` gives the steps for each request (and its index from 0).
    init(script: @escaping @Sendable (Request, Int) -> [Step]) async throws {
        let received = self.received
        server = try await LoopbackServer { connection in
            try await Self.serve(connection, received: received, script: script)
        }
    }

    private static func serve(
        _ connection: NIOAsyncChannel<ByteBuffer, ByteBuffer>, received: RequestLog,
        script: @Sendable (Request, Int) -> [Step]
    ) async throws {
        try await connection.executeThenClose { inbound, outbound in
            var text = ""
            for try await buffer in inbound {
                text += String(buffer: buffer)
                if text.contains("\r\n\r\n") { break }
            }
            guard text.contains("\r\n\r\n") else { return }
            let lines = text.components(separatedBy: "\r\n")
            let path = lines.first?.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
            var headers: [String: String] = [:]
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            let request = Request(path: path, headers: headers)
            let index = received.append(request)
            for step in script(request, index) {
                switch step {
                case .send(let bytes): try await outbound.write(ByteBuffer(bytes: bytes))
                case .pause(let duration): try await Task.sleep(for: duration)
                case .hold: try await Task.sleep(for: .seconds(3600))
                }
            }
        }
    }

    func stop() async {
        await server.stop()
    }

    /// A response head with `Connection: close`.
    static func head(_ status: String, _ headers: [String: String] = [:]) -> Step {
        var text = "HTTP/1.1 \(status)\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
        return .text(text + "\r\n")
    }
}
