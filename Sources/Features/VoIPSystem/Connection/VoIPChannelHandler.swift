import BackgroundSystem
import BackgroundPlatform
import BackgroundWire
import NIOCore

/// The VoIP socket's NIO handler: frames the bytes into lines and reports what happens to the
/// service. It runs on the connection's event loop; the service hops every report onto the
/// device's loop.
final class VoIPChannelHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    /// What happened on the connection.
    enum Event: Sendable {
        case active(any Channel)
        /// The lines one read completed, and how many bytes it brought.
        case read([FramedLine], byteCount: Int)
        case inactive
        case failed(any Error)
    }

    private var framer: LineFramer
    private let report: @Sendable (Event) -> Void

    init(lineLimit: Int, report: @escaping @Sendable (Event) -> Void) {
        framer = LineFramer(limit: lineLimit)
        self.report = report
    }

    func channelActive(context: ChannelHandlerContext) {
        report(.active(context.channel))
        context.fireChannelActive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        report(.read(framer.append(buffer.readableBytesView), byteCount: buffer.readableBytes))
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let last = framer.finish() { report(.read([last], byteCount: 0)) }
        report(.inactive)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        report(.failed(error))
        context.close(promise: nil)
    }
}
