import Audio
import Foundation

/// One track for a player (`AVPlayerItem`): the Audio module's ``Audio/PlayerItem``, whose
/// status and duration the system's audio service fills in once it has opened the file.
public final class AVPlayerItem: Sendable, Hashable {
    /// The Audio module's item.
    let item: PlayerItem
    /// The item's media, an ``AVURLAsset``.
    public let asset: AVAsset

    /// An item for any URL GStreamer can open (`file://`, `http://`…); one that cannot be
    /// played fails when the service opens it, and the queue goes on without it.
    public convenience init(url: URL) {
        self.init(PlayerItem(url: url))
    }

    /// An item for `asset`, an ``AVURLAsset``.
    public convenience init(asset: AVAsset) {
        self.init(url: asset.mediaURL)
    }

    init(_ item: PlayerItem) {
        self.item = item
        asset = AVURLAsset(url: item.url)
    }

    /// Whether the item can be played: ``Status/unknown`` until the service opened it.
    public var status: Status {
        switch item.status {
        case .unknown: .unknown
        case .readyToPlay: .readyToPlay
        case .failed: .failed
        }
    }

    /// Why the item failed, if it did.
    public var error: (any Error)? { item.error }

    /// The item's length; ``CMTime/indefinite`` until the service has opened it.
    public var duration: CMTime { item.duration.map(CMTime.init) ?? .indefinite }

    public static func == (lhs: AVPlayerItem, rhs: AVPlayerItem) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
