import Foundation
import Synchronization

/// A connected blocking socket read and written a line at a time; used by one thread at a time.
final class BlockingLine: Sendable {
    private let state = Mutex<(descriptor: Int32, pending: [UInt8])>((-1, []))

    func attach(_ descriptor: Int32) {
        state.withLock { $0.descriptor = descriptor }
    }

    func write(_ text: String) {
        let bytes = Array(text.utf8)
        let descriptor = state.withLock { $0.descriptor }
        precondition(send(descriptor, bytes, bytes.count, 0) == bytes.count, "send failed")
    }

    /// The next line without its newline; nil when the peer closed the connection.
    func readLine() -> String? {
        let descriptor = state.withLock { $0.descriptor }
        var pending = state.withLock { $0.pending }
        defer { state.withLock { $0.pending = pending } }
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            if let newline = pending.firstIndex(of: 0x0A) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                return line
            }
            let count = recv(descriptor, &chunk, chunk.count, 0)
            if count <= 0 { return nil }
            pending += chunk[..<count]
        }
    }
}
