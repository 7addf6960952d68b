import GStreamerMedia
import Audio
import Foundation
import Synchronization

/// Media at a URL (`AVURLAsset`): a player item's asset, which code reads for the file's name
/// (`(item.asset as? AVURLAsset)?.url.lastPathComponent`) or its tags (``commonMetadata``).
///
/// `@unchecked Sendable`: its URL is its asset's `let`, and its tags are read once under a lock.
public final class AVURLAsset: AVAsset, @unchecked Sendable {
    /// Where the media is.
    public var url: URL { mediaURL }
    private let tags = Mutex<[AVMetadataItem]?>(nil)

    public init(url: URL) {
        super.init(mediaURL: url)
    }

    /// The file's tags, read by GStreamer on first use in the caller's process, as AVFoundation
    /// reads them in the app's: none when the file cannot be opened or has none.
    public override var commonMetadata: [AVMetadataItem] {
        if let read = tags.withLock({ $0 }) { return read }
        let read = AVMetadataItem.common(MediaTags.read(from: url))
        tags.withLock { $0 = $0 ?? read }
        return read
    }
}
