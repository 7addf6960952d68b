import BackgroundPlatform
import BackgroundWire
import Foundation

/// Where the system keeps the pending `BGTaskScheduler` requests between runs: one small JSON
/// file, `system/background-task-requests.json` under the data directory.
///
/// Saving writes a temporary file beside it, flushes it to disk and renames it over the old
/// one, so a process killed at any moment (kill -9 mid-write) leaves either the old list or
/// the new one, never a mix. A file that cannot be read is moved aside, not overwritten.
public struct TaskRequestStore: Sendable {
    /// The file of the pending requests.
    public var fileURL: URL { file.fileURL }
    /// The largest file the store reads; anything bigger is not its own.
    public static let sizeLimit = 64 * 1024
    /// The earliest begin dates the store accepts, in seconds since 1970: up to the year 9999.
    /// The device turns a date into milliseconds of its clock, which a date of 1e300 overflows.
    public static let dateRange = 0.0...253_402_300_799.0

    private let file: StoreFile

    private struct Contents: Codable {
        var version: Int
        var requests: [ScheduledTaskRequest]
    }

    public init(directory: URL) {
        file = StoreFile(
            fileURL: directory.appendingPathComponent("system", isDirectory: true)
                .appendingPathComponent("background-task-requests.json"),
            sizeLimit: Self.sizeLimit)
    }

    /// The requests saved last; none if nothing was saved. Leftover temporary files of an
    /// interrupted save are removed.
    public func load() throws(TaskRequestStoreError) -> [ScheduledTaskRequest] {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        guard let contents = try file.load(Contents.self, holding: "a list of task requests", decoder: decoder) else {
            return []
        }
        guard contents.version == 1 else {
            throw TaskRequestStoreError(path: fileURL.path, reason: "unknown version \(contents.version)")
        }
        try validate(contents.requests)
        return contents.requests
    }

    /// Replaces the saved requests with `requests`, atomically.
    public func save(_ requests: [ScheduledTaskRequest]) throws(TaskRequestStoreError) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        try file.save(Contents(version: 1, requests: requests), encoder: encoder)
    }

    /// Moves an unreadable file aside, so that nothing stored is lost; returns where it went.
    public func setAside() -> URL? {
        file.setAside()
    }

    private func validate(_ requests: [ScheduledTaskRequest]) throws(TaskRequestStoreError) {
        var identifiers = Set<String>()
        for request in requests {
            guard !request.identifier.isEmpty, identifiers.insert(request.identifier).inserted else {
                throw TaskRequestStoreError(path: fileURL.path, reason: "identifier \"\(request.identifier)\" is empty or repeated")
            }
            if let date = request.earliestBeginDate, !Self.dateRange.contains(date.timeIntervalSince1970) {
                throw TaskRequestStoreError(
                    path: fileURL.path,
                    reason: "the earliestBeginDate of \"\(request.identifier)\", \(date.timeIntervalSince1970), is not a time from 1970 to 9999")
            }
        }
        for kind in ScheduledTaskRequest.Kind.allCases where requests.count(where: { $0.kind == kind }) > kind.pendingLimit {
            throw TaskRequestStoreError(path: fileURL.path, reason: "more than \(kind.pendingLimit) \(kind.displayName) requests")
        }
    }
}

extension TaskRequestStore: SnapshotStore {}
