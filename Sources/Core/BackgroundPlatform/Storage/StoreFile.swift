import BackgroundWire
import Foundation

/// One small JSON file the system keeps under the data directory and replaces whole.
///
/// Saving writes a temporary file beside it, flushes it to disk and renames it over the old
/// one, so a process killed at any moment (kill -9 mid-write) leaves either the old contents or
/// the new, never a mix. Reading refuses a file over the size limit; a file that cannot be read
/// is moved aside by its owner, not overwritten. Every error names the file.
package struct StoreFile: Sendable {
    package let fileURL: URL
    /// The largest file read; anything bigger is not the system's own.
    let sizeLimit: Int

    /// The file's contents decoded with `decoder`; nil when there is no file. `what` says what
    /// the file holds ("a list of task requests"), for the error. Leftover temporary files of an
    /// interrupted save are removed first.
    package func load<Contents: Decodable>(
        _ type: Contents.Type, holding what: String, decoder: JSONDecoder = JSONDecoder()
    ) throws(StoredFileError) -> Contents? {
        LeftoverTemporaries.remove(in: fileURL.deletingLastPathComponent(), prefix: temporaryPrefix)
        let data: Data
        do {
            let attributes = try? FileManager.default.attributesOfItem(atPath: fileURL.path)
            guard attributes != nil else { return nil }
            if let size = attributes?[.size] as? Int, size > sizeLimit {
                throw StoredFileError(path: fileURL.path, reason: "it is \(size) bytes, more than \(sizeLimit)")
            }
            data = try Data(contentsOf: fileURL)
        } catch let error as StoredFileError {
            throw error
        } catch {
            throw StoredFileError(path: fileURL.path, reason: error.localizedDescription)
        }
        do {
            return try decoder.decode(Contents.self, from: data)
        } catch {
            throw StoredFileError(path: fileURL.path, reason: "not \(what) (\(Self.describe(error)))")
        }
    }

    /// Replaces the file with `contents` encoded by `encoder`, atomically.
    package func save(_ contents: some Encodable, encoder: JSONEncoder) throws(StoredFileError) {
        let directory = fileURL.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent("\(temporaryPrefix)\(getpid())")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let data = try encoder.encode(contents)
            guard FileManager.default.createFile(atPath: temporary.path, contents: data) else {
                throw StoredFileError(path: temporary.path, reason: "cannot create the file")
            }
            let handle = try FileHandle(forWritingTo: temporary)
            try handle.synchronize()
            try handle.close()
            guard rename(temporary.path, fileURL.path) == 0 else {
                throw StoredFileError(path: fileURL.path, reason: String(cString: strerror(errno)))
            }
        } catch let error as StoredFileError {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw StoredFileError(path: fileURL.path, reason: error.localizedDescription)
        }
    }

    /// Moves an unreadable file aside (`NAME.corrupt`), so that nothing stored is lost; returns
    /// where it went.
    package func setAside() -> URL? {
        let aside = fileURL.appendingPathExtension("corrupt")
        try? FileManager.default.removeItem(at: aside)
        do {
            try FileManager.default.moveItem(at: fileURL, to: aside)
            return aside
        } catch {
            return nil
        }
    }

    private var temporaryPrefix: String { ".\(fileURL.lastPathComponent).tmp-" }

    private static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): context.debugDescription
        case DecodingError.keyNotFound(let key, _): "missing key \(key.stringValue)"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
        default: error.localizedDescription
        }
    }

    package init(fileURL: URL, sizeLimit: Int) {
        self.fileURL = fileURL
        self.sizeLimit = sizeLimit
    }
}
