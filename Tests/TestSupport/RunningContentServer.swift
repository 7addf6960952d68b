import DemoPeers
import Foundation

/// The built-in content server on a free port, for one test.
public final class RunningContentServer: Sendable {
    public let server: ContentServer
    public let port: Int
    private let task: Task<Void, Never>

    public init(rate: ByteRate? = nil, issue: IssuePDF = IssuePDF(pageCount: 200, segmentLength: 10_000)) async throws {
        let server = ContentServer(port: 0, rate: rate, issue: issue)
        self.server = server
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        task = Task {
            do {
                try await server.run { continuation.yield($0) }
            } catch {
                continuation.finish()
            }
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw POSIXError(.EADDRNOTAVAIL) }
        self.port = port
    }

    /// The issue's URL.
    public var url: String { ContentServer.issueURL(port: port) }

    /// The issue's bytes, written to a file for checksums.
    public func writeIssue(to url: URL) throws {
        try Data(server.issue.bytes(in: 0..<server.issue.count)).write(to: url)
    }

    /// Stops serving and waits until the port is closed.
    public func stop() async {
        task.cancel()
        await task.value
    }
}
