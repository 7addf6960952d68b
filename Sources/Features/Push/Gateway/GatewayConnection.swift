import NIOHTTP2

/// What the streams of one gateway connection share: the provider token it uses and the last
/// stream it opened (for its GOAWAY), and its ``ConnectionRecord`` in the gateway's table.
///
/// - warning: Not thread-safe. The connection's streams and its handlers run on its event loop,
///   and only there may it be used (it reaches closures wrapped in `NIOLoopBound`).
final class GatewayConnection {
    var tokens = ProviderTokenState()
    /// The highest stream the client opened: the GOAWAY's last stream.
    var lastStreamID = HTTP2StreamID.rootStream
    let record: ConnectionRecord

    init(record: ConnectionRecord) {
        self.record = record
    }
}
