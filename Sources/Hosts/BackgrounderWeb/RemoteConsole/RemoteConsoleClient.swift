import BackgroundRuntime
import NIOCore
import NIOPosix

/// `backgrounder console`: connects to a running app's ``RemoteConsoleServer``, pairs with a
/// token, and hands over each console line.
public struct RemoteConsoleClient: Sendable {
    /// Where the app's console listens.
    public let address: ListenAddress
    public let token: PairingToken
    /// How many kept lines to ask for before the live ones.
    public let recent: Int

    /// The longest line the client accepts from the app.
    static let maxLineLength = 1 << 20

    public init(address: ListenAddress, token: PairingToken, recent: Int = 0) {
        self.address = address
        self.token = token
        self.recent = min(max(recent, 0), ConsoleHandshake.maxRecent)
    }

    /// Connects and pairs, then calls `receive` with each console line until the app closes
    /// the connection. Throws ``RemoteConsoleError`` when it cannot connect or is refused.
    public func follow(_ receive: @Sendable (String) async throws -> Void) async throws {
        let connection: NIOAsyncChannel<ByteBuffer, ByteBuffer>
        do {
            connection = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connect(host: address.host, port: address.port) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                    }
                }
        } catch {
            throw RemoteConsoleError.cannotConnect(address, reason: "\(error)")
        }
        try await connection.executeThenClose { inbound, outbound in
            let handshake = ConsoleHandshake(token: token.hex, recent: recent)
            // A refusing app may answer and close before the line is written: read its answer.
            try? await outbound.write(ByteBuffer(string: handshake.line + "\n"))
            var framer = LineFramer(limit: Self.maxLineLength)
            var paired = false
            for try await bytes in inbound {
                for framed in framer.append(bytes.readableBytesView) {
                    let line: String
                    switch framed {
                    case .line(let text): line = text
                    case .tooLong: throw RemoteConsoleError.protocolViolation("a line longer than \(Self.maxLineLength) bytes")
                    case .invalidUTF8: throw RemoteConsoleError.protocolViolation("a line that is not UTF-8")
                    }
                    if paired {
                        try await receive(line)
                    } else if line.hasPrefix("OK ") {
                        paired = true
                    } else if line.hasPrefix("ERROR ") {
                        throw RemoteConsoleError.refused(String(line.dropFirst("ERROR ".count)))
                    } else {
                        throw RemoteConsoleError.protocolViolation("expected OK or ERROR, got \"\(line.prefix(80))\"")
                    }
                }
            }
            guard paired else {
                throw RemoteConsoleError.protocolViolation("the connection closed before the app answered")
            }
        }
    }
}
