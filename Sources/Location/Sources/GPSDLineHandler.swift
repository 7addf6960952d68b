import NIOCore

/// The end of a gpsd connection's pipeline: hands each line, the end of the connection and
/// errors to the ``GPSDSource`` that owns the connection.
final class GPSDLineHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let onLine: @Sendable (ByteBuffer) -> Void
    private let onClose: @Sendable () -> Void
    private let onError: @Sendable (any Error) -> Void

    init(
        onLine: @escaping @Sendable (ByteBuffer) -> Void,
        onClose: @escaping @Sendable () -> Void,
        onError: @escaping @Sendable (any Error) -> Void
    ) {
        self.onLine = onLine
        self.onClose = onClose
        self.onError = onError
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        onLine(unwrapInboundIn(data))
    }

    func channelInactive(context: ChannelHandlerContext) {
        onClose()
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        onError(error)
        context.close(promise: nil)
    }
}
