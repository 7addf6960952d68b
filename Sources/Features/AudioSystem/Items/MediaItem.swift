import AudioWire
import Foundation
import Synchronization

/// One track of a ``QueuePlayer``'s queue on the system's side: a file or URL that GStreamer
/// plays (mp3, ogg, flac, wav, …), its status and, once it has been opened, its duration. The
/// app knows it by its ``id``, as a ``PlayerItem`` of its own.
///
/// Items are compared by identity: the same file queued twice is two items. The player opens
/// each item when it is queued, so ``status`` and ``duration`` are usually known before the
/// item plays.
public final class MediaItem: Sendable, Hashable, CustomStringConvertible {
    /// Where the audio is.
    public let url: URL
    /// Names the item to the app; unique in the process.
    public let id: Int

    private let state = Mutex<(status: PlayerItemStatus, duration: Duration?)>((.unknown, nil))
    private static let nextID = Atomic<Int>(1)

    /// An item for any URL GStreamer can open (`file://`, `http://`, …). A file that cannot be
    /// played fails when the player opens it, and the queue goes on without it.
    public init(url: URL) {
        self.url = url
        id = Self.nextID.wrappingAdd(1, ordering: .relaxed).oldValue
    }

    /// An item for a local file, refusing at once a path that is not a readable file.
    /// A relative path is taken from the current directory.
    public convenience init(fileAtPath path: String) throws(PlayerItemError) {
        self.init(url: try PlayerItemError.readableFile(atPath: path))
    }

    /// The file name, as the tutorial's label shows it: `IronBacon.mp3`.
    public var name: String { url.lastPathComponent }

    /// Whether the item can be played.
    public var status: PlayerItemStatus { state.withLock { $0.status } }

    /// The item's length, once it has been opened; nil while unknown (or for a live stream).
    public var duration: Duration? { state.withLock { $0.duration } }

    public var description: String { name }

    /// The URI GStreamer opens.
    var uri: String { url.absoluteString }

    /// The item as the app is told about it.
    var record: AudioItemRecord {
        state.withLock { AudioItemRecord(id: id, url: url, status: $0.status, duration: $0.duration) }
    }

    /// Records that the item opened; returns false, changing nothing, once it failed or opened.
    func markReady(duration: Duration?) -> Bool {
        state.withLock { state in
            guard case .unknown = state.status else { return false }
            state.status = .readyToPlay
            state.duration = duration
            return true
        }
    }

    /// Records the item's failure; returns false, changing nothing, if it had already failed.
    func markFailed(_ error: PlayerItemError) -> Bool {
        state.withLock { state in
            if case .failed = state.status { return false }
            state.status = .failed(error)
            return true
        }
    }

    public static func == (lhs: MediaItem, rhs: MediaItem) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
