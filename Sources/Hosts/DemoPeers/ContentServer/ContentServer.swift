import BackgroundRuntime
import Foundation
import Hummingbird
import Logging
import NIOCore

/// The built-in content server: the embedded default of the Newsstand tab.
///
/// It serves ``issuePath``, a large generated PDF (``IssuePDF``), with `Range`, `If-Range`,
/// `ETag` and `Last-Modified`, and it can throttle each response to a ``ByteRate`` — the
/// tutorial's "use your cell data to slow things down" — so that a download lasts long
/// enough to send the app to the background. It is an outside peer of the app, like any web
/// server: its pacing uses the real clock, not the device's.
public struct ContentServer: Sendable {
    /// The port `backgrounder run` and `backgrounder content-server` use.
    public static let defaultPort = 8081
    /// Where the issue is.
    public static let issuePath = "/issues/the-backgrounder-2013.pdf"
    /// The issue's Last-Modified: the day of the 2013 tutorial.
    static let lastModified = "Mon, 29 Apr 2013 14:28:00 GMT"

    public let host: String
    public let port: Int
    /// nil serves at full speed.
    public let rate: ByteRate?
    public let issue: IssuePDF

    public init(host: String = "127.0.0.1", port: Int = ContentServer.defaultPort, rate: ByteRate?, issue: IssuePDF = IssuePDF()) {
        self.host = host
        self.port = port
        self.rate = rate
        self.issue = issue
    }

    /// How fast it serves, for status lines: `2.0 MB/s`, or `full speed`.
    public var speed: String { rate.map(\.description) ?? "full speed" }

    /// The issue's URL on a server at `port` of 127.0.0.1.
    public static func issueURL(port: Int = defaultPort) -> String {
        "http://127.0.0.1:\(port)\(issuePath)"
    }

    /// Serves until the task is cancelled; `onListening` gets the bound port (useful with port 0).
    public func run(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        try refuseTakenPort()
        try await application(onListening: onListening).run()
    }

    /// Serves until SIGINT or SIGTERM, for `backgrounder content-server`.
    public func runUntilSignalled(onListening: @escaping @Sendable (Int) async -> Void = { _ in }) async throws {
        try refuseTakenPort()
        try await application(onListening: onListening).runService()
    }

    /// Throws the error SwiftNIO's bind throws when the port of 127.0.0.1 is taken, before
    /// Hummingbird's service group starts: the group's way out of a failed bind can deadlock
    /// (see `LoopbackPort`).
    private func refuseTakenPort() throws {
        if host == "127.0.0.1", LoopbackPort.isTaken(port) { throw IOError(errnoCode: EADDRINUSE, reason: "bind") }
    }

    private func application(onListening: @escaping @Sendable (Int) async -> Void) -> some ApplicationProtocol {
        let router = Router()
        let handler: @Sendable (Request, BasicRequestContext) async throws -> Response = { request, _ in
            respond(to: request)
        }
        router.get(RouterPath(Self.issuePath), use: handler)
        router.head(RouterPath(Self.issuePath), use: handler)
        router.get("/") { _, _ in index() }
        var logger = Logger(label: "content-server")
        logger.logLevel = .critical
        return Application(
            router: router,
            configuration: .init(address: .hostname(host, port: port), serverName: "TheBackgrounder content server"),
            onServerRunning: { channel in await onListening(channel.localAddress?.port ?? port) },
            logger: logger)
    }

    /// The issue, whole or the range asked for, honouring If-Range.
    func respond(to request: Request) -> Response {
        let size = issue.count
        var headers: HTTPFields = [
            .contentType: "application/pdf", .acceptRanges: "bytes", .eTag: issue.etag,
            .lastModified: Self.lastModified,
        ]
        var range = ByteRange.parse(request.headers[.range], size: size)
        if let ifRange = request.headers[.ifRange], ifRange != issue.etag, ifRange != Self.lastModified {
            range = .whole
        }
        let status: HTTPResponse.Status
        let bytes: Range<Int>
        switch range {
        case .whole:
            status = .ok
            bytes = 0..<size
        case .range(let asked):
            status = .partialContent
            bytes = asked
            headers[.contentRange] = "bytes \(asked.lowerBound)-\(asked.upperBound - 1)/\(size)"
        case .unsatisfiable:
            headers[.contentRange] = "bytes */\(size)"
            return Response(status: .rangeNotSatisfiable, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer()))
        }
        headers[.contentLength] = String(bytes.count)
        guard request.method != .head else { return Response(status: status, headers: headers) }
        let issue = self.issue, rate = self.rate
        let body = ResponseBody(contentLength: bytes.count) { writer in
            var pacer = Pacer(rate: rate)
            var position = bytes.lowerBound
            while position < bytes.upperBound {
                let end = min(bytes.upperBound, position + pacer.chunkSize)
                try await writer.write(ByteBuffer(bytes: issue.bytes(in: position..<end)))
                try await pacer.sent(end - position)
                position = end
            }
            try await writer.finish(nil)
        }
        return Response(status: status, headers: headers, body: body)
    }

    private func index() -> Response {
        let html = """
            <!doctype html><html><head><title>TheBackgrounder content server</title></head><body>
            <h1>TheBackgrounder Magazine</h1>
            <p><a href="\(Self.issuePath)">Issue 2013</a> (PDF, \(ByteCount.text(Int64(issue.count))), \
            served at \(speed))</p></body></html>
            """
        return Response(
            status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }
}
