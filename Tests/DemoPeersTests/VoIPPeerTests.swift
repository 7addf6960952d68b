import BackgroundRuntime
import DemoPeers
import NIOCore
import NIOPosix
import Testing

@Suite("The built-in VoIP peer, like nc -l 10000", .timeLimit(.minutes(1)))
struct VoIPPeerTests {
    @Test func aClientsLinesComeBackAsEventsWithBadLinesRejectedAndControlCharactersEscaped() async throws {
        let (events, peer, port) = try await Self.startPeer(lineLimit: 16)
        defer { Task { await peer.stop() } }
        var next = events.makeAsyncIterator()
        try await Self.withClient(port: port) { _, outbound in
            guard case .connected = await next.next() else { Issue.record("no connection reported"); return }
            try await outbound.write(ByteBuffer(string: "ping\r\n\u{1B}[2Jx\n" + String(repeating: "y", count: 40) + "\n"))
            try await outbound.write(ByteBuffer(bytes: [0xFF, 0x0A]))
            #expect(await next.next() == .received("ping"))
            #expect(await next.next() == .received("\\u{1B}[2Jx"))
            #expect(await next.next() == .rejected("a line longer than the limit"))
            #expect(await next.next() == .rejected("a line of 1 bytes that is not valid UTF-8"))
        }
        guard case .disconnected = await next.next() else { Issue.record("no disconnection reported"); return }
    }

    @Test func linesGoToTheClientAndItKeepsListeningAfterTheClientLeaves() async throws {
        let (events, peer, port) = try await Self.startPeer()
        defer { Task { await peer.stop() } }
        var next = events.makeAsyncIterator()
        #expect(peer.send("nobody") == 0)
        for _ in 0..<2 {
            try await Self.withClient(port: port) { inbound, _ in
                guard case .connected = await next.next() else { Issue.record("no connection reported"); return }
                #expect(peer.clientCount == 1)
                #expect(peer.send("pong") == 1)
                var framer = LineFramer()
                var lines: [FramedLine] = []
                var reads = inbound.makeAsyncIterator()
                while lines.isEmpty, let bytes = try await reads.next() {
                    lines += framer.append(bytes.readableBytesView)
                }
                #expect(lines == [.line("pong")])
            }
            guard case .disconnected = await next.next() else { Issue.record("no disconnection reported"); return }
        }
    }

    /// A peer on a free loopback port, and its events as a stream.
    private static func startPeer(lineLimit: Int = 65_536) async throws -> (AsyncStream<VoIPPeerEvent>, VoIPPeer, Int) {
        let (events, continuation) = AsyncStream.makeStream(of: VoIPPeerEvent.self)
        let peer = VoIPPeer(lineLimit: lineLimit) { continuation.yield($0) }
        let port = try await peer.start(port: 0)
        return (events, peer, port)
    }

    /// Connects to the peer on 127.0.0.1:`port`, runs `body`, and hangs up.
    private static func withClient(
        port: Int,
        _ body: (NIOAsyncChannelInboundStream<ByteBuffer>, NIOAsyncChannelOutboundWriter<ByteBuffer>) async throws -> Void
    ) async throws {
        let client = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        try await client.executeThenClose { inbound, outbound in try await body(inbound, outbound) }
    }
}
