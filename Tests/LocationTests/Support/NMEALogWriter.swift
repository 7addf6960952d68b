import NIOCore

/// ``NMEAFeed``'s handler of a connection: writes the log as the connection opens, and ignores
/// what gpsd sends.
final class NMEALogWriter: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
    let log: String

    init(log: String) {
        self.log = log
    }

    func channelActive(context: ChannelHandlerContext) {
        context.writeAndFlush(NIOAny(context.channel.allocator.buffer(string: log)), promise: nil)
    }
}
