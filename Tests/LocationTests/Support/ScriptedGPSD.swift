import Foundation
import NIOCore
import NIOPosix
import Synchronization

/// A TCP peer on loopback that plays gpsd badly on purpose: each connection, once the client
/// has sent its first line (the WATCH), gets the next script's lines, and is then hung up on
/// (or kept open).
final class ScriptedGPSD: Sendable {
    struct Script: Sendable {
        var lines: [String]
        var hangUp = true
        /// Bytes sent as they are, after the lines.
        var raw: [UInt8] = []
    }

    /// The scripts left, what clients sent, and how many connected.
    private final class Shared: Sendable {
        let state: Mutex<(scripts: [Script], received: [String], connections: Int)>

        init(scripts: [Script]) {
            state = Mutex((scripts, [], 0))
        }
    }

    let port: Int
    private let channel: any Channel
    private let shared: Shared

    init(_ scripts: [Script]) async throws {
        let shared = Shared(scripts: scripts)
        self.shared = shared
        channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { child in
                let script = shared.state.withLock { state -> Script in
                    state.connections += 1
                    return state.scripts.isEmpty ? Script(lines: [], hangUp: false) : state.scripts.removeFirst()
                }
                return child.eventLoop.makeCompletedFuture {
                    try child.pipeline.syncOperations.addHandler(Player(script: script, shared: shared))
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        port = channel.localAddress!.port!
    }

    /// What clients sent, line by line.
    var received: [String] { shared.state.withLock { $0.received } }
    var connections: Int { shared.state.withLock { $0.connections } }

    func stop() {
        channel.close(promise: nil)
    }

    private final class Player: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        let script: Script
        let shared: Shared
        private var played = false

        init(script: Script, shared: Shared) {
            self.script = script
            self.shared = shared
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let text = String(buffer: unwrapInboundIn(data))
            shared.state.withLock { $0.received.append(contentsOf: text.split(separator: "\n").map(String.init)) }
            guard !played else { return }
            played = true
            var buffer = context.channel.allocator.buffer(capacity: 1024)
            for line in script.lines { buffer.writeString(line + "\r\n") }
            buffer.writeBytes(script.raw)
            let close = script.hangUp
            let channel = context.channel
            context.writeAndFlush(NIOAny(buffer)).whenComplete { _ in
                if close { channel.close(promise: nil) }
            }
        }
    }
}
