import AudioWire
import CGStreamer

/// The states a player asks its pipeline for.
enum PipelineState: Sendable {
    /// Nothing loaded; resources (the audio output, the streaming threads) released.
    case null
    case paused
    case playing

    var gstState: GstState {
        switch self {
        case .null: GST_STATE_NULL
        case .paused: GST_STATE_PAUSED
        case .playing: GST_STATE_PLAYING
        }
    }
}
