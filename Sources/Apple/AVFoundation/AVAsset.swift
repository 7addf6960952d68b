import Foundation

/// Timed media (`AVAsset`): here, what an ``AVPlayerItem`` plays, an ``AVURLAsset``.
// Unchecked: not final (AVURLAsset is its subclass); its one stored value is a `let`.
public class AVAsset: @unchecked Sendable {
    /// Where the media is: every asset here is an ``AVURLAsset``, whose `url` it is.
    let mediaURL: URL

    init(mediaURL: URL) {
        self.mediaURL = mediaURL
    }

    /// The asset's tags in the common key space (title, artist, album…).
    public var commonMetadata: [AVMetadataItem] { [] }
}
