import BackgroundWire
import Foundation
import LocationWire

/// What one line from gpsd amounts to, decided from the line alone: a fix to take, gpsd's
/// error, something to ignore, or a bad line and what was wrong with it.
///
/// ``GPSDSource`` reads every line through it and adds what needs the connection's state
/// (pacing, the accuracy warning, the limit of bad lines shown).
enum GPSDReading {
    /// A TPV with a 2D or 3D fix, a coordinate in range and an ISO 8601 time (seconds since 1970).
    case fix(GPSDReport, latitude: Double, longitude: Double, time: Double)
    /// An `ERROR` object's message.
    case error(String)
    /// A report that is not a fix: another class, or a TPV before its fix or its time.
    case ignored
    /// A line that is wrong, in words: `a line that is not JSON: "…"`.
    case bad(String)

    init(line text: String) {
        let report: GPSDReport
        switch GPSDJSONScanner.report(in: text) {
        case .success(let scanned):
            report = scanned
        case .failure(let failure):
            let what = failure == .notJSON ? "a line that is not JSON" : "an object without a proper class or fields"
            self = .bad("\(what): \(Self.excerpt(text))")
            return
        }
        switch report.class {
        case "TPV": self = Self.reading(report)
        case "ERROR": self = .error(report.message.flatMap { $0.isEmpty ? nil : $0 } ?? "(no message)")
        default: self = .ignored
        }
    }

    private static func reading(_ report: GPSDReport) -> GPSDReading {
        // gpsd leaves out the time while it is unsure of it: such a report is not a fix yet.
        guard let mode = report.mode, mode >= 2, let latitude = report.lat, let longitude = report.lon, let text = report.time
        else { return .ignored }
        if let problem = TrackBuilder.problem(latitude: latitude, longitude: longitude) {
            return .bad("a TPV whose \(problem)")
        }
        guard let time = Array(text.utf8).withUnsafeBufferPointer({ UTCDateText.seconds(in: $0, 0..<$0.count) }) else {
            return .bad("a TPV whose time \"\(text.prefix(40))\" is not an ISO 8601 time")
        }
        return .fix(report, latitude: latitude, longitude: longitude, time: time)
    }

    /// The start of `line`, printable, for a console line.
    private static func excerpt(_ line: String) -> String {
        let bytes = Array(line.utf8.prefix(60))
        let text = String(decoding: bytes, as: UTF8.self).map { $0.isASCII && !$0.isWhitespace || $0 == " " ? $0 : "?" }
        return "\"" + String(text) + (line.utf8.count > 60 ? "…" : "") + "\""
    }
}
