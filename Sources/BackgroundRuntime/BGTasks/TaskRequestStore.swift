import Foundation

/// Where the system keeps the pending `BGTaskScheduler` requests between runs: one small JSON
/// file, `system/background-task-requests.json` under the data directory.
///
/// Saving writes a temporary file beside it, flushes it to disk and renames it over the old
/// one, so a process killed at any moment (kill -9 mid-write) leaves either the old list or
/// the new one, never a mix. A file that cannot be read is moved aside, not overwritten.
public struct TaskRequestStore: Sendable {
    /// The file of the pending requests.
    public let fileURL: URL
    /// The largest file the store reads; anything bigger is not its own.
    public static let sizeLimit = 64 * 1024
    /// The earliest begin dates the store accepts, in seconds since 1970: up to the year 9999.
    /// The device turns a date into milliseconds of its clock, which a date of 1e300 overflows.
    public static let dateRange = 0.0...253_402_300_799.0

    private struct Contents: Codable {
        var version: Int
        var requests: [ScheduledTaskRequest]
    }

    public init(directory: URL) {
        fileURL = directory.appendingPathComponent("system", isDirectory: true)
            .appendingPathComponent("background-task-requests.json")
    }

    /// The requests saved last; none if nothing was saved. Leftover temporary files of an
    /// interrupted save are removed.
    public func load() throws(TaskRequestStoreError) -> [ScheduledTaskRequest] {
        removeLeftovers()
        let data: Data
        do {
            let attributes = try? FileManager.default.attributesOfItem(atPath: fileURL.path)
            guard attributes != nil else { return [] }
            if let size = attributes?[.size] as? Int, size > Self.sizeLimit {
                throw TaskRequestStoreError(path: fileURL.path, reason: "it is \(size) bytes, more than \(Self.sizeLimit)")
            }
            data = try Data(contentsOf: fileURL)
        } catch let error as TaskRequestStoreError {
            throw error
        } catch {
            throw TaskRequestStoreError(path: fileURL.path, reason: error.localizedDescription)
        }
        let contents: Contents
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .secondsSince1970
            contents = try decoder.decode(Contents.self, from: data)
        } catch {
            throw TaskRequestStoreError(path: fileURL.path, reason: "not a list of task requests (\(Self.describe(error)))")
        }
        guard contents.version == 1 else {
            throw TaskRequestStoreError(path: fileURL.path, reason: "unknown version \(contents.version)")
        }
        try validate(contents.requests)
        return contents.requests
    }

    /// Replaces the saved requests with `requests`, atomically.
    public func save(_ requests: [ScheduledTaskRequest]) throws(TaskRequestStoreError) {
        let directory = fileURL.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(fileURL.lastPathComponent).tmp-\(getpid())")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .secondsSince1970
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            let data = try encoder.encode(Contents(version: 1, requests: requests))
            guard FileManager.default.createFile(atPath: temporary.path, contents: data) else {
                throw TaskRequestStoreError(path: temporary.path, reason: "cannot create the file")
            }
            let handle = try FileHandle(forWritingTo: temporary)
            try handle.synchronize()
            try handle.close()
            guard rename(temporary.path, fileURL.path) == 0 else {
                throw TaskRequestStoreError(path: fileURL.path, reason: String(cString: strerror(errno)))
            }
        } catch let error as TaskRequestStoreError {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw TaskRequestStoreError(path: fileURL.path, reason: error.localizedDescription)
        }
    }

    /// Moves an unreadable file aside, so that nothing stored is lost; returns where it went.
    public func setAside() -> URL? {
        let aside = fileURL.appendingPathExtension("corrupt")
        try? FileManager.default.removeItem(at: aside)
        do {
            try FileManager.default.moveItem(at: fileURL, to: aside)
            return aside
        } catch {
            return nil
        }
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

    private func removeLeftovers() {
        LeftoverTemporaries.remove(in: fileURL.deletingLastPathComponent(), prefix: ".\(fileURL.lastPathComponent).tmp-")
    }

    private static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): context.debugDescription
        case DecodingError.keyNotFound(let key, _): "missing key \(key.stringValue)"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
        default: error.localizedDescription
        }
    }
}
