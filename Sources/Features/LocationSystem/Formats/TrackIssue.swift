import LocationWire

/// A part of a track file that was skipped, and why: `walk.gpx:12: latitude 91.2 is over 90; point skipped`.
public struct TrackIssue: Sendable, Equatable, CustomStringConvertible {
    /// The file, as the user named it.
    public let source: String
    /// The line, from 1.
    public let line: Int
    public let message: String

    public var description: String { "\(source):\(line): \(message)" }
}
