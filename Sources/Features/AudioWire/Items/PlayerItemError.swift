/// Why an item cannot be played. Its description names the item and the reason, e.g.
/// `Broken.mp3: not audio that can be decoded (Could not determine type of stream.)`.
public struct PlayerItemError: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    /// What went wrong, in the terms a user can act on.
    public enum Reason: String, Sendable, Equatable, Codable {
        /// There is no such file.
        case notFound
        /// The file exists but cannot be read: a directory, no permission, an I/O error.
        case unreadable
        /// It was read, but it is not audio that GStreamer can decode.
        case undecodable
        /// GStreamer or the audio output could not be set up.
        case audioUnavailable
        /// Anything else GStreamer reported.
        case other
    }

    /// The item's file name.
    public let item: String
    public let reason: Reason
    /// GStreamer's own words, or the system's.
    public let detail: String

    public init(item: String, reason: Reason, detail: String) {
        self.item = item
        self.reason = reason
        self.detail = detail
    }

    public var description: String {
        let summary = switch reason {
        case .notFound: "no such file"
        case .unreadable: "cannot be read"
        case .undecodable: "not audio that can be decoded"
        case .audioUnavailable: "audio output unavailable"
        case .other: "cannot be played"
        }
        return detail.isEmpty ? "\(item): \(summary)" : "\(item): \(summary) (\(detail))"
    }
}
