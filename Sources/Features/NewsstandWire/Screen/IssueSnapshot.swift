import BackgroundWire
import Foundation

/// One issue as `status` (under `screens.newsstand.issues`, every key present, `null` for an
/// absent value) and `newsstand list` show it.
public struct IssueSnapshot: Codable, Sendable, Equatable {
    public var name: String
    @ISO8601Date public var date: Date
    public var status: IssueStatus
    /// From 0 to 1 while downloading with a known size; nil otherwise.
    @ExplicitNull public var progress: Double?
    public var bytesWritten: Int64
    @ExplicitNull public var expectedBytes: Int64?
    /// The files in the issue's content directory.
    public var files: [String]
    /// Why its last download failed.
    @ExplicitNull public var error: String?

    /// One line of `newsstand list`: `test  2026-11-21  downloading  41%  16.4 MB of 40.0 MB`.
    public var line: String {
        var parts = [name, date.formatted(.iso8601.year().month().day()), status.rawValue]
        if let progress { parts.append("\(Int((progress * 100).rounded(.down)))%") }
        if status == .downloading {
            parts.append(expectedBytes.map { "\(ByteCount.text(bytesWritten)) of \(ByteCount.text($0))" }
                ?? ByteCount.text(bytesWritten))
        }
        if status == .available { parts.append(files.joined(separator: ", ")) }
        if let error { parts.append("failed: \(error)") }
        return parts.joined(separator: "  ")
    }

    package init(name: String, date: Date, status: IssueStatus, progress: Double? = nil, bytesWritten: Int64, expectedBytes: Int64? = nil, files: [String], error: String? = nil) {
        self.name = name
        self.date = date
        self.status = status
        self.progress = progress
        self.bytesWritten = bytesWritten
        self.expectedBytes = expectedBytes
        self.files = files
        self.error = error
    }
}
