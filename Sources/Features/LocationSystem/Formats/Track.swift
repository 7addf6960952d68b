import LocationWire

/// A recorded track: points in strictly increasing time, ready to be replayed.
public struct Track: Sendable, Equatable {
    /// The track's name: the file's `<name>`, the route's, or the file name.
    public var name: String
    /// At least one point, times strictly increasing.
    public var points: [TrackPoint]
    /// What was skipped while reading the file (at most ``TrackBuilder/issueLimit`` kept).
    public var issues: [TrackIssue]
    /// How many problems there were in all, kept or not.
    public var issueCount: Int

    /// The time from the first point to the last, in seconds.
    public var duration: Double {
        (points.last?.time ?? 0) - (points.first?.time ?? 0)
    }
}
