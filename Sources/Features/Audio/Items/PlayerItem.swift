import Foundation
import Synchronization

/// One track of the app's ``AudioPlayer``, like `AVPlayerItem`: a file or URL the system's
/// media server plays (mp3, ogg, flac, wav, …), its status and, once the server has opened it,
/// its duration.
///
/// It is the app's own object: the server knows the item by the number it gave it when it was
/// queued, and the player keeps the item's status and duration up to date from the server's
/// news. Items are compared by identity: the same file queued twice is two items.
public final class PlayerItem: Sendable, Hashable, CustomStringConvertible {
    /// Where the audio is.
    public let url: URL

    private let state: Mutex<(id: Int?, status: PlayerItemStatus, duration: Duration?)>

    /// An item for any URL GStreamer can open (`file://`, `http://`, …). A file that cannot be
    /// played fails when the server opens it, and the queue goes on without it.
    public init(url: URL) {
        self.url = url
        state = Mutex((nil, .unknown, nil))
    }

    /// An item for a local file, refusing at once a path that is not a readable file.
    /// A relative path is taken from the current directory.
    public convenience init(fileAtPath path: String) throws(PlayerItemError) {
        self.init(url: try PlayerItemError.readableFile(atPath: path))
    }

    /// The item the server told of in `record`.
    init(_ record: AudioItemRecord) {
        url = record.url
        state = Mutex((record.id, record.status, record.duration))
    }

    /// The file name, as the tutorial's label shows it: `IronBacon.mp3`.
    public var name: String { url.lastPathComponent }

    /// Whether the item can be played.
    public var status: PlayerItemStatus { state.withLock { $0.status } }

    /// The item's length, once the server has opened it; nil while unknown (or for a live stream).
    public var duration: Duration? { state.withLock { $0.duration } }

    /// Why the item failed, if it did.
    public var error: PlayerItemError? {
        if case .failed(let error) = status { error } else { nil }
    }

    public var description: String { name }

    /// The server's number for the item, since it was last queued.
    var id: Int? {
        get { state.withLock { $0.id } }
        set { state.withLock { $0.id = newValue } }
    }

    /// Takes the status and duration of `record`, the server's word on this item.
    func update(from record: AudioItemRecord) {
        state.withLock { state in
            state.status = record.status
            state.duration = record.duration
        }
    }

    public static func == (lhs: PlayerItem, rhs: PlayerItem) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
