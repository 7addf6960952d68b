import NIOCore
import NIOHTTP2

/// Closes a gateway connection as APNs closes one, with a GOAWAY frame whose debug data is the
/// JSON `{"reason": …}` (Apple: “If APNs decides to terminate an established HTTP/2 connection,
/// it sends a GOAWAY frame. The GOAWAY frame includes JSON data in its payload with a reason
/// key”, https://developer.apple.com/documentation/usernotifications/handling-notification-responses-from-apns):
/// `IdleTimeout` when nothing was read for the configured time, so that a client that
/// connects and stays silent holds no socket for ever, and `Shutdown` when the gateway stops.
/// It sits after the HTTP/2 handler, on the connection's channel.
final class IdleConnectionCloser: ChannelInboundHandler {
    typealias InboundIn = HTTP2Frame
    typealias OutboundOut = HTTP2Frame

    private let connection: GatewayConnection
    private var closing = false

    init(connection: GatewayConnection) {
        self.connection = connection
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let idle = event as? IdleStateHandler.IdleStateEvent, idle == .read {
            goAway(context, reason: .idleTimeout)
        } else if event is GatewayShutdown {
            goAway(context, reason: .shutdown)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }

    private func goAway(_ context: ChannelHandlerContext, reason: APNsReason) {
        guard !closing else { return }
        closing = true
        let data = context.channel.allocator.buffer(string: #"{"reason":"\#(reason.rawValue)"}"#)
        let frame = HTTP2Frame(
            streamID: .rootStream, payload: .goAway(lastStreamID: connection.lastStreamID, errorCode: .noError, opaqueData: data))
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(frame)).whenComplete { _ in channel.close(promise: nil) }
    }
}
