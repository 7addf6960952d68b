import BackgroundWire
import Foundation

/// The app's Documents directory (`Documents` in the data directory), with each file's
/// ``FileProtection`` class in a small JSON index beside the files, `.file-protection.json`:
/// Linux file systems have no Data Protection, and an index needs no extended attributes.
///
/// It only reads and writes; whether protected data is available is the caller's question
/// (``Application/contents(ofFile:)``). Every name is a plain file name of the directory, so
/// nothing is read or written outside it. Files and the index are written to a temporary file
/// and renamed, so a process killed mid-write leaves the old file or the new one. An index
/// that cannot be read is never written over: the error names it.
struct ProtectedFileStore: Sendable {
    /// The app's Documents directory.
    let directory: URL

    /// The largest index the store reads; anything bigger is not its own.
    static let indexSizeLimit = 1024 * 1024

    private var indexURL: URL { directory.appendingPathComponent(".file-protection.json") }

    /// The contents of file `name`.
    func contents(ofFile name: String) throws(ProtectedFileError) -> Data {
        let url = try fileURL(name)
        guard FileManager.default.fileExists(atPath: url.path) else { throw .noSuchFile(name) }
        do {
            return try Data(contentsOf: url)
        } catch {
            throw .failed(path: url.path, reason: error.localizedDescription)
        }
    }

    /// The class of file `name`: the one it was written with, or `fallback` for a file the
    /// index does not know (one copied in by hand).
    func protection(ofFile name: String, fallback: FileProtection) throws(ProtectedFileError) -> FileProtection {
        let url = try fileURL(name)
        guard FileManager.default.fileExists(atPath: url.path) else { throw .noSuchFile(name) }
        return try loadIndex()[name] ?? fallback
    }

    /// Replaces file `name` with `data`, of class `protection`.
    func write(_ data: Data, toFile name: String, protection: FileProtection) throws(ProtectedFileError) {
        let url = try fileURL(name)
        let index = try loadIndex()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch {
            throw .failed(path: url.path, reason: error.localizedDescription)
        }
        try save(protection, ofFile: name, in: index)
    }

    /// Gives file `name`, which exists, class `protection`.
    func setProtection(_ protection: FileProtection, ofFile name: String) throws(ProtectedFileError) {
        let url = try fileURL(name)
        guard FileManager.default.fileExists(atPath: url.path) else { throw .noSuchFile(name) }
        try save(protection, ofFile: name, in: loadIndex())
    }

    /// Records `protection` for file `name` in the index, `index` as read.
    private func save(_ protection: FileProtection, ofFile name: String, in index: [String: FileProtection]) throws(ProtectedFileError) {
        guard index[name] != protection else { return }
        var index = index
        index[name] = protection
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            try encoder.encode(index).write(to: indexURL, options: .atomic)
        } catch {
            throw .failed(path: indexURL.path, reason: error.localizedDescription)
        }
    }

    /// The URL of file `name`, for a plain file name of the directory.
    private func fileURL(_ name: String) throws(ProtectedFileError) -> URL {
        guard !name.isEmpty, !name.hasPrefix("."), !name.contains("/"), !name.contains("\0"), name.utf8.count <= 255
        else { throw .invalidName(name) }
        return directory.appendingPathComponent(name, isDirectory: false)
    }

    /// The classes by file name; empty when there is no index yet.
    private func loadIndex() throws(ProtectedFileError) -> [String: FileProtection] {
        let path = indexURL.path
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return [:] }
        if let size = attributes[.size] as? Int, size > Self.indexSizeLimit {
            throw .failed(path: path, reason: "the index is \(size) bytes, more than \(Self.indexSizeLimit); it is left as it is")
        }
        do {
            return try JSONDecoder().decode([String: FileProtection].self, from: Data(contentsOf: indexURL))
        } catch {
            throw .failed(path: path, reason: "not an index of file protection classes (\(error.localizedDescription)); it is left as it is")
        }
    }
}
