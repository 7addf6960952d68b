import CGStreamer

/// The states a player asks its pipeline for.
enum PipelineState: Sendable {
    /// Nothing loaded; resources released.
    case null
    /// Nothing loaded; the audio output kept open.
    case ready
    case paused
    case playing

    var gstState: GstState {
        switch self {
        case .null: GST_STATE_NULL
        case .ready: GST_STATE_READY
        case .paused: GST_STATE_PAUSED
        case .playing: GST_STATE_PLAYING
        }
    }
}
