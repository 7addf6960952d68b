import Foundation
import Synchronization

/// One track of a ``QueuePlayer``'s queue, like `AVPlayerItem`: a file or URL that GStreamer
/// plays (mp3, ogg, flac, wav, …), its status and, once it has been opened, its duration.
///
/// Items are compared by identity: the same file queued twice is two items. The player opens
/// each item when it is queued, so ``status`` and ``duration`` are usually known before the
/// item plays.
public final class PlayerItem: Sendable, Hashable, CustomStringConvertible {
    /// Where the audio is.
    public let url: URL

    private let state = Mutex<(status: PlayerItemStatus, duration: Duration?)>((.unknown, nil))

    /// An item for any URL GStreamer can open (`file://`, `http://`, …). A file that cannot be
    /// played fails when the player opens it, and the queue goes on without it.
    public init(url: URL) {
        self.url = url
    }

    /// An item for a local file, refusing at once a path that is not a readable file.
    /// A relative path is taken from the current directory.
    public convenience init(fileAtPath path: String) throws(PlayerItemError) {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw PlayerItemError(item: path, reason: .notFound, detail: "")
        }
        guard !isDirectory.boolValue else {
            throw PlayerItemError(item: path, reason: .unreadable, detail: "it is a directory")
        }
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            throw PlayerItemError(item: path, reason: .unreadable, detail: "permission denied")
        }
        self.init(url: url)
    }

    /// The file name, as the tutorial's label shows it: `IronBacon.mp3`.
    public var name: String { url.lastPathComponent }

    /// Whether the item can be played.
    public var status: PlayerItemStatus { state.withLock { $0.status } }

    /// The item's length, once it has been opened; nil while unknown (or for a live stream).
    public var duration: Duration? { state.withLock { $0.duration } }

    /// Why the item failed, if it did.
    public var error: PlayerItemError? {
        if case .failed(let error) = status { error } else { nil }
    }

    public var description: String { name }

    /// The URI GStreamer opens.
    var uri: String { url.absoluteString }

    /// Records that the item opened; does nothing once it failed.
    func markReady(duration: Duration?) {
        state.withLock { state in
            guard case .unknown = state.status else { return }
            state.status = .readyToPlay
            state.duration = duration
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

    public static func == (lhs: PlayerItem, rhs: PlayerItem) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
