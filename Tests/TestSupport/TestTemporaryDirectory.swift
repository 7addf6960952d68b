import Foundation
import Testing

/// The temporary directories of the running test: each one ``make(_:)`` makes is inside the
/// test's own directory, which ``TemporaryDirectoryTrait`` removes, whatever is in it, when the
/// test ends — so a suite run leaves nothing in the system's temporary directory
/// (`scripts/test` checks that it is empty afterwards).
public enum TestTemporaryDirectory {
    /// The running test's own directory; nil outside a suite marked `.temporaryDirectory`.
    @TaskLocal public static var current: URL?

    /// A new, empty directory `PREFIX-UUID` in the running test's directory. Called outside a
    /// test scoped by `.temporaryDirectory`, it records an issue (nothing would remove the
    /// directory) and makes it in the system's temporary directory.
    public static func make(_ prefix: String) -> URL {
        let parent: URL
        if let current {
            parent = current
        } else {
            Issue.record("a temporary directory made outside a suite marked .temporaryDirectory: nothing removes it")
            parent = FileManager.default.temporaryDirectory
        }
        let url = parent.appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
