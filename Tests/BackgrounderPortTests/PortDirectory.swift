import BackgrounderPort
import Foundation

/// A directory of Swift files under the run's temporary directory, for one test: written,
/// ported with ``Porter``, read back, and removed when the test is done with it.
final class PortDirectory {
    let url: URL

    /// A directory holding `files` (paths relative to it, with their text).
    init(_ files: [String: String]) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("port-\(UUID().uuidString)")
        for (path, text) in files { try write(text, to: path) }
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    var path: String { url.path }

    func write(_ text: String, to path: String) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    func read(_ path: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(path), encoding: .utf8)
    }

    /// Ports the directory.
    func port() throws -> PortReport {
        try Porter(directory: path).run()
    }

    /// Every file's name under the directory, hidden ones included.
    func allFiles() throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: path).sorted()
    }

    /// `text` as one file `File.swift`, ported: the new text and the report.
    static func port(_ text: String) throws -> (text: String, report: PortReport) {
        let directory = try PortDirectory(["File.swift": text])
        let report = try directory.port()
        return (try directory.read("File.swift"), report)
    }
}
