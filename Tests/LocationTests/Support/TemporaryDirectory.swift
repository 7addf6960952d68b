import Foundation

enum TemporaryDirectory {
    /// A new, empty directory under the system's temporary directory.
    static func make() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("location-tests-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
