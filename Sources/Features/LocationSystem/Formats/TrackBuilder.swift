import LocationWire

/// Collects a file's points, checking each the same way whatever the format: a valid
/// coordinate, finite numbers, and time moving forward. What fails is skipped and noted.
struct TrackBuilder {
    /// How many issues a track keeps; further ones are only counted, so that a file of garbage
    /// cannot fill the memory with messages.
    static let issueLimit = 100

    let source: String
    private(set) var points: [TrackPoint] = []
    private(set) var issues: [TrackIssue] = []
    private(set) var issueCount = 0
    /// Whether the points carry no times, so that they are spaced a second apart.
    private var isTimeless: Bool?

    init(source: String) {
        self.source = source
    }

    /// Notes a problem at `line`.
    mutating func skip(line: Int, _ message: String) {
        issueCount += 1
        if issues.count < Self.issueLimit {
            issues.append(TrackIssue(source: source, line: line, message: message))
        }
    }

    /// Adds a point, or notes why it was skipped.
    mutating func add(
        latitude: Double, longitude: Double, time: Double?, altitude: Double? = nil,
        horizontalAccuracy: Double = TrackPoint.defaultAccuracy, verticalAccuracy: Double? = nil, line: Int
    ) {
        if let problem = Self.problem(latitude: latitude, longitude: longitude) {
            return skip(line: line, "\(problem); point skipped")
        }
        guard horizontalAccuracy.isFinite, horizontalAccuracy >= 0 else {
            return skip(line: line, "accuracy \(horizontalAccuracy) is not a distance; point skipped")
        }
        let timeless = isTimeless ?? (time == nil)
        isTimeless = timeless
        let pointTime: Double
        if timeless {
            pointTime = (points.last?.time ?? 0) + 1
        } else {
            guard let time else { return skip(line: line, "point has no time while the points before have one; point skipped") }
            guard time.isFinite else { return skip(line: line, "time is not a number; point skipped") }
            if let last = points.last?.time, time <= last {
                let what = time == last ? "same time as the point before" : "time goes backwards"
                return skip(line: line, "\(what) (\(Timestamp.text(time)) after \(Timestamp.text(last))); point skipped")
            }
            pointTime = time
        }
        points.append(TrackPoint(
            time: pointTime, coordinate: Coordinate(latitude: latitude, longitude: longitude),
            altitude: altitude.flatMap { $0.isFinite ? $0 : nil }, horizontalAccuracy: horizontalAccuracy,
            verticalAccuracy: verticalAccuracy.flatMap { $0.isFinite && $0 >= 0 ? $0 : nil }
                ?? (altitude?.isFinite == true ? horizontalAccuracy : nil)))
    }

    /// The track, or why there is none.
    func finish(name: String) throws(TrackError) -> Track {
        guard !points.isEmpty else { throw .noPoints(file: source, issues: issues, issueCount: issueCount) }
        return Track(name: name, points: points, issues: issues, issueCount: issueCount)
    }

    /// What is wrong with a coordinate, in words, or nil.
    static func problem(latitude: Double, longitude: Double) -> String? {
        if latitude.isNaN { return "latitude is not a number (NaN)" }
        if longitude.isNaN { return "longitude is not a number (NaN)" }
        if latitude > 90 { return "latitude \(latitude.formatted) is over 90" }
        if latitude < -90 { return "latitude \(latitude.formatted) is under -90" }
        if longitude > 180 { return "longitude \(longitude.formatted) is over 180" }
        if longitude < -180 { return "longitude \(longitude.formatted) is under -180" }
        return nil
    }
}
