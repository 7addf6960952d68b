import BackgroundWire
import Dispatch
import Foundation

/// The ended launches' energy, one JSON object a line in `energy/launches.jsonl` of the data
/// directory, for `backgrounder energy` to report after the run. Lines are appended on a queue
/// of the log's own, so that a slow disk never stalls the system; a line cut short by a kill
/// is skipped when read, and the file keeps the last ``keptLines`` launches.
public final class EnergyLog: Sendable {
    /// The file.
    public let fileURL: URL
    /// How many launches the file keeps: older ones are dropped when it grows past twice that.
    public static let keptLines = 1_000
    private let failed: @Sendable (String) -> Void
    private let queue = DispatchQueue(label: "backgrounder.energy-log")

    /// - Parameters:
    ///   - directory: the data directory; the file goes in its `energy` folder.
    ///   - failed: told the reason when a write fails.
    public init(directory: URL, failed: @escaping @Sendable (String) -> Void = { _ in }) {
        fileURL = directory.appendingPathComponent("energy/launches.jsonl")
        self.failed = failed
    }

    /// Appends `launch` soon; never waits.
    func append(_ launch: LaunchEnergy) {
        queue.async { [self] in
            do {
                try write(launch)
            } catch {
                failed("Energy log: cannot write \(fileURL.path): \(error)")
            }
        }
    }

    /// Waits until every append asked for so far is on disk.
    public func waitUntilWritten() {
        queue.sync {}
    }

    /// The launches in the file, oldest first, and a description of each line that could not
    /// be read.
    public func read() throws -> (launches: [LaunchEnergy], unreadable: [String]) {
        guard FileManager.default.fileExists(atPath: fileURL.path) else { return ([], []) }
        let data = try Data(contentsOf: fileURL)
        var launches: [LaunchEnergy] = []
        var unreadable: [String] = []
        for (index, line) in data.split(separator: UInt8(ascii: "\n")).enumerated() {
            do {
                launches.append(try Self.decoder.decode(LaunchEnergy.self, from: Data(line)))
            } catch {
                unreadable.append("line \(index + 1): \(Self.describe(error))")
            }
        }
        return (launches, unreadable)
    }

    private func write(_ launch: LaunchEnergy) throws {
        try FileManager.default.createDirectory(at: fileURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        var line = try Self.encoder.encode(launch)
        line.append(UInt8(ascii: "\n"))
        if !FileManager.default.fileExists(atPath: fileURL.path) {
            _ = FileManager.default.createFile(atPath: fileURL.path, contents: nil)
        }
        let handle = try FileHandle(forUpdating: fileURL)
        defer { try? handle.close() }
        let size = try handle.seekToEnd()
        // A line cut short by a kill: the new line starts on a line of its own.
        if size > 0, try lastByte(of: handle, at: size) != UInt8(ascii: "\n") { line.insert(UInt8(ascii: "\n"), at: 0) }
        try handle.write(contentsOf: line)
        if size > UInt64(Self.keptLines * 2 * 400) { try trim() }
    }

    private func lastByte(of handle: FileHandle, at size: UInt64) throws -> UInt8? {
        try handle.seek(toOffset: size - 1)
        defer { _ = try? handle.seekToEnd() }
        return try handle.read(upToCount: 1)?.first
    }

    /// Keeps the last ``keptLines`` lines, replacing the file at once.
    private func trim() throws {
        let lines = try Data(contentsOf: fileURL).split(separator: UInt8(ascii: "\n"))
        guard lines.count > Self.keptLines * 2 else { return }
        var kept = Data()
        for line in lines.suffix(Self.keptLines) {
            kept.append(contentsOf: line)
            kept.append(UInt8(ascii: "\n"))
        }
        try kept.write(to: fileURL, options: .atomic)
    }

    private static func describe(_ error: any Error) -> String {
        if case DecodingError.dataCorrupted(let context) = error { return context.debugDescription }
        if case DecodingError.keyNotFound(let key, _) = error { return "no \"\(key.stringValue)\"" }
        if case DecodingError.typeMismatch(_, let context) = error { return context.debugDescription }
        return "\(error)"
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    private static let decoder = JSONDecoder()
}
