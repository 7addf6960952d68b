/// Timed media (`AVAsset`): here, what an ``AVPlayerItem`` plays, an ``AVURLAsset``.
// Unchecked: not final (AVURLAsset is its subclass), and it keeps no state.
public class AVAsset: @unchecked Sendable {
    init() {}

    /// The asset's tags in the common key space (title, artist, album…).
    public var commonMetadata: [AVMetadataItem] { [] }
}
