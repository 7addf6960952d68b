import BackgroundRuntime
@testable import BackgrounderWeb
import NIOCore
import NIOPosix

/// A raw TCP client of the remote console, for tests that speak its line protocol by hand.
struct LineConnection {
    private var iterator: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
    private var framer = LineFramer(limit: 1 << 20)
    private var pending: [String] = []
    let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>

    /// Connects to 127.0.0.1:`port` and runs `body` with the connection, then closes it.
    static func with<T>(port: Int, _ body: (inout LineConnection) async throws -> T) async throws -> T {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return try await channel.executeThenClose { inbound, outbound in
            var connection = LineConnection(iterator: inbound.makeAsyncIterator(), outbound: outbound)
            return try await body(&connection)
        }
    }

    private init(iterator: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator, outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>) {
        self.iterator = iterator
        self.outbound = outbound
    }

    /// Sends `text` as it is (add the newline yourself).
    func send(_ text: String) async throws {
        try await outbound.write(ByteBuffer(string: text))
    }

    /// The next line from the server; nil once it closed the connection.
    mutating func nextLine() async throws -> String? {
        while pending.isEmpty {
            guard let bytes = try await iterator.next() else { return nil }
            pending = framer.append(bytes.readableBytesView).map { line in
                if case .line(let text) = line { text } else { "\(line)" }
            }
        }
        return pending.removeFirst()
    }
}
