import BackgroundPlatform
import BackgroundSystem
import BackgroundWire
import LocationWire
import NIOCore

/// The end of a gpsd connection's pipeline: frames gpsd's bytes into lines (``LineFramer``)
/// and hands each line, the end of the connection and errors to the ``GPSDSource`` that owns
/// the connection. A line longer than the limit is handed over too, and ends the connection.
final class GPSDLineHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private var framer: LineFramer
    private let onLine: @Sendable (FramedLine) -> Void
    private let onClose: @Sendable () -> Void
    private let onError: @Sendable (any Error) -> Void

    init(
        lineLimit: Int,
        onLine: @escaping @Sendable (FramedLine) -> Void,
        onClose: @escaping @Sendable () -> Void,
        onError: @escaping @Sendable (any Error) -> Void
    ) {
        framer = LineFramer(limit: lineLimit)
        self.onLine = onLine
        self.onClose = onClose
        self.onError = onError
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        for line in framer.append(unwrapInboundIn(data).readableBytesView) {
            onLine(line)
            if line == .tooLong {
                context.close(promise: nil)
                return
            }
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        if let last = framer.finish() { onLine(last) }
        onClose()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        onError(error)
        context.close(promise: nil)
    }
}
