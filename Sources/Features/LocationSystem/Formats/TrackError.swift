import LocationWire

/// Why a file cannot be replayed at all; each case names the file.
public enum TrackError: Error, Equatable, CustomStringConvertible {
    case unreadable(file: String, reason: String)
    case tooLarge(file: String, bytes: Int, limit: Int)
    case unknownFormat(file: String)
    case notGPX(file: String, reason: String)
    case noPoints(file: String, issues: [TrackIssue], issueCount: Int)

    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            "\(file): cannot read it: \(reason)"
        case .tooLarge(let file, let bytes, let limit):
            "\(file): \(bytes) bytes is more than the \(limit) bytes a track may have"
        case .unknownFormat(let file):
            "\(file): neither GPX (XML with a <gpx> root) nor NMEA 0183 ($GPRMC, $GPGGA … lines)"
        case .notGPX(let file, let reason):
            "\(file): not a GPX file: \(reason)"
        case .noPoints(let file, let issues, let count):
            "\(file): no usable points"
                + (issues.first.map { "; \(count) problem\(count == 1 ? "" : "s"), the first: \($0.message)" } ?? "")
        }
    }
}
