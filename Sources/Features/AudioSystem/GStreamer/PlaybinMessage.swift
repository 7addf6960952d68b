import AudioWire

/// What a ``Playbin`` reports from its bus.
enum PlaybinMessage: Sendable {
    /// A stream began reaching the sink: the first one loaded, or the next one after a
    /// gapless switch.
    case streamStarted
    /// The last stream ended.
    case endOfStream
    /// A stream failed; `uri` names it when GStreamer tells.
    case failed(GStreamerError, uri: String?)
}
