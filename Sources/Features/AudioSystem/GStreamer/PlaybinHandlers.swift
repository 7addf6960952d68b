import AudioWire

/// What a ``Playbin`` calls on GStreamer's threads. GStreamer keeps a reference for as long as
/// it may call them.
final class PlaybinHandlers: Sendable {
    /// On a streaming thread, when the current stream has been read to its end: the URI to play
    /// next without a gap, or nil to let the stream end.
    let nextURI: @Sendable () -> String?
    /// On the thread that posted the message; it must not block.
    let onMessage: @Sendable (PlaybinMessage) -> Void

    init(nextURI: @escaping @Sendable () -> String?, onMessage: @escaping @Sendable (PlaybinMessage) -> Void) {
        self.nextURI = nextURI
        self.onMessage = onMessage
    }
}
