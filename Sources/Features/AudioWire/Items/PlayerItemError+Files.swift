import Foundation

extension PlayerItemError {
    /// The URL of the local file at `path`, or why it cannot be played: it is not there, is a
    /// directory, or cannot be read. A relative path is taken from the current directory.
    package static func readableFile(atPath path: String) throws(PlayerItemError) -> URL {
        let url = URL(fileURLWithPath: path).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw PlayerItemError(item: path, reason: .notFound, detail: "")
        }
        guard !isDirectory.boolValue else {
            throw PlayerItemError(item: path, reason: .unreadable, detail: "it is a directory")
        }
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            throw PlayerItemError(item: path, reason: .unreadable, detail: "permission denied")
        }
        return url
    }
}
