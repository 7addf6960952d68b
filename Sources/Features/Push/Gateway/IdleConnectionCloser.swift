import NIOCore
import NIOHTTP2
import NIOTLS

/// Closes a gateway connection as APNs closes one, with a GOAWAY frame whose debug data is the
/// JSON `{"reason": …}` (Apple: “If APNs decides to terminate an established HTTP/2 connection,
/// it sends a GOAWAY frame. The GOAWAY frame includes JSON data in its payload with a reason
/// key”, https://developer.apple.com/documentation/usernotifications/handling-notification-responses-from-apns):
/// `IdleTimeout` when nothing was read for the configured time, so that a client that
/// connects and stays silent holds no socket for ever, and `Shutdown` when the gateway stops.
///
/// The threats it stops: a client that stalls mid-handshake (closed when idle, without GOAWAY:
/// no TLS, no HTTP/2 to send it on), one that stalls mid-request, and one that sends what
/// breaks the connection (bad TLS, malformed HPACK or frames), which NIOHTTP2 answers with a
/// GOAWAY of its own but leaves open: it is closed here. A GOAWAY a client does not read is
/// given a second, then the connection closes anyway. Errors of one stream (RST_STREAM) leave the
/// connection open. It sits after the HTTP/2 handler, on the connection's channel.
final class IdleConnectionCloser: ChannelInboundHandler {
    typealias InboundIn = HTTP2Frame
    typealias OutboundOut = HTTP2Frame

    private let connection: GatewayConnection
    private var closing = false
    /// Whether the TLS handshake completed: before it, there is nothing to send a GOAWAY on.
    private var secured = false

    init(connection: GatewayConnection) {
        self.connection = connection
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let idle = event as? IdleStateHandler.IdleStateEvent, idle == .read {
            goAway(context, reason: .idleTimeout)
        } else if event is GatewayShutdown {
            goAway(context, reason: .shutdown)
        } else {
            if case .handshakeCompleted = event as? TLSUserEvent { secured = true }
            context.fireUserInboundEventTriggered(event)
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if error is NIOHTTP2Errors.StreamError { return }  // one stream's, answered with RST_STREAM
        closing = true
        context.close(promise: nil)
    }

    private func goAway(_ context: ChannelHandlerContext, reason: APNsReason) {
        guard !closing else { return }
        closing = true
        let channel = context.channel
        guard secured else { return channel.close(promise: nil) }
        let data = channel.allocator.buffer(string: #"{"reason":"\#(reason.rawValue)"}"#)
        let frame = HTTP2Frame(
            streamID: .rootStream, payload: .goAway(lastStreamID: connection.lastStreamID, errorCode: .noError, opaqueData: data))
        context.writeAndFlush(wrapOutboundOut(frame)).whenComplete { _ in channel.close(promise: nil) }
        context.eventLoop.scheduleTask(in: .seconds(1)) { channel.close(promise: nil) }
    }
}
