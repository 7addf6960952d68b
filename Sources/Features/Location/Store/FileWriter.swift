import Foundation
import LocationWire

/// Writes a file the user named so that it appears whole or not at all: into a file beside it,
/// in 64 KiB chunks, then renamed over it.
enum FileWriter {
    static func replace<T>(
        _ destination: URL, _ body: (_ write: (String) -> Void) throws(TrackStoreError) -> T
    ) throws(TrackStoreError) -> T {
        let partial = destination.deletingLastPathComponent()
            .appendingPathComponent(".\(destination.lastPathComponent).partial-\(ProcessInfo.processInfo.processIdentifier)")
        guard FileManager.default.createFile(atPath: partial.path, contents: nil),
            let handle = try? FileHandle(forWritingTo: partial)
        else {
            throw .cannotWrite(path: destination.path, reason: Self.whyNotWritable(destination))
        }
        var buffer = Data()
        var failure: String?
        func flush() {
            guard failure == nil, !buffer.isEmpty else { return }
            do { try handle.write(contentsOf: buffer) } catch { failure = error.localizedDescription }
            buffer.removeAll(keepingCapacity: true)
        }
        do throws(TrackStoreError) {
            let result = try body { text in
                buffer.append(contentsOf: text.utf8)
                if buffer.count >= 1 << 16 { flush() }
            }
            flush()
            try? handle.close()
            if let failure { throw TrackStoreError.cannotWrite(path: destination.path, reason: failure) }
            guard rename(partial.path, destination.path) == 0 else {
                throw TrackStoreError.cannotWrite(path: destination.path, reason: String(cString: strerror(errno)))
            }
            return result
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(at: partial)
            throw error
        }
    }

    private static func whyNotWritable(_ destination: URL) -> String {
        let folder = destination.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) { return "the folder \(folder) does not exist" }
        if !isDirectory.boolValue { return "\(folder) is not a folder" }
        return "the folder \(folder) is not writable"
    }
}
