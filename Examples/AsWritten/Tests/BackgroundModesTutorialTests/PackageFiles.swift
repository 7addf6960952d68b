import Foundation

/// The files of this package, found from this source file's path.
enum PackageFiles {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func url(_ path: String) -> URL {
        root.appendingPathComponent(path)
    }
}
