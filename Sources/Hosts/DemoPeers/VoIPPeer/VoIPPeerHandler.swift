import BackgroundRuntime
import NIOCore

/// A ``VoIPPeer`` client's handler: frames its lines and reports them.
final class VoIPPeerHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private var framer: LineFramer
    private let report: @Sendable (VoIPPeerEvent) -> Void
    private let disconnected: @Sendable (any Channel) -> Void

    init(
        lineLimit: Int,
        report: @escaping @Sendable (VoIPPeerEvent) -> Void,
        disconnected: @escaping @Sendable (any Channel) -> Void
    ) {
        framer = LineFramer(limit: lineLimit)
        self.report = report
        self.disconnected = disconnected
    }

    func channelActive(context: ChannelHandlerContext) {
        report(.connected(context.channel.remoteAddress.map(Self.describe) ?? "?"))
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        for line in framer.append(unwrapInboundIn(data).readableBytesView) { report(Self.event(for: line)) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let last = framer.finish() { report(Self.event(for: last)) }
        disconnected(context.channel)
        report(.disconnected(context.channel.remoteAddress.map(Self.describe) ?? "?"))
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    private static func event(for line: FramedLine) -> VoIPPeerEvent {
        switch line {
        case .line(let text): .received(text.visibleOnConsole)
        case .invalidUTF8(let count): .rejected("a line of \(count) bytes that is not valid UTF-8")
        case .tooLong: .rejected("a line longer than the limit")
        }
    }

    static func describe(_ address: SocketAddress) -> String {
        guard let ip = address.ipAddress, let port = address.port else { return "\(address)" }
        return ip.contains(":") ? "[\(ip)]:\(port)" : "\(ip):\(port)"
    }
}
