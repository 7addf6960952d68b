/// Timed media (`AVAsset`): here, what an ``AVPlayerItem`` plays, an ``AVURLAsset``.
public class AVAsset: @unchecked Sendable {
    init() {}

    /// The asset's tags in the common key space (title, artist, album…).
    public var commonMetadata: [AVMetadataItem] { [] }
}
