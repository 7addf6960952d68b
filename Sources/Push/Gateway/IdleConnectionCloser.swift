import NIOCore

/// Closes a gateway connection on which nothing was read for the configured time, as APNs
/// closes idle connections: a client that connects and stays silent holds no socket for ever.
final class IdleConnectionCloser: ChannelInboundHandler {
    typealias InboundIn = NIOAny

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let idle = event as? IdleStateHandler.IdleStateEvent, idle == .read {
            context.close(promise: nil)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }
}
