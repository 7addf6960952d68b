import Foundation

/// Media at a URL (`AVURLAsset`): a player item's asset, which code reads for the file's name
/// (`(item.asset as? AVURLAsset)?.url.lastPathComponent`).
public final class AVURLAsset: AVAsset, @unchecked Sendable {
    /// Where the media is.
    public let url: URL

    public init(url: URL) {
        self.url = url
    }
}
