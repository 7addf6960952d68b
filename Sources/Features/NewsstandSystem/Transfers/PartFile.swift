import BackgroundSystem
import BackgroundWire
import Foundation
import NewsstandWire

/// The file a download streams into: positioned writes, a sync at each checkpoint, and
/// truncation back to where a resume starts.
final class PartFile: Sendable {
    let url: URL
    private let descriptor: Int32

    /// Opens the file, creating it if needed.
    init(url: URL) throws(TransferError) {
        self.url = url
        descriptor = open(url.path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .disk("\(url.path): \(String(cString: strerror(errno)))") }
    }

    deinit {
        close(descriptor)
    }

    /// The file's length now.
    func length() throws(TransferError) -> Int64 {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw failure("stat") }
        return Int64(info.st_size)
    }

    func truncate(to length: Int64) throws(TransferError) {
        guard ftruncate(descriptor, off_t(length)) == 0 else { throw failure("truncate") }
    }

    /// Writes all of `bytes` at `offset`.
    func write(_ bytes: UnsafeRawBufferPointer, at offset: Int64) throws(TransferError) {
        var done = 0
        while done < bytes.count {
            let result = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset) + off_t(done))
            if result < 0 {
                if errno == EINTR { continue }
                throw failure("write")
            }
            done += result
        }
    }

    /// Flushes the written bytes (and the length) to the disk.
    func sync() throws(TransferError) {
        guard fdatasync(descriptor) == 0 else { throw failure("fdatasync") }
    }

    private func failure(_ operation: String) -> TransferError {
        .disk("\(operation) \(url.path): \(String(cString: strerror(errno)))")
    }
}
