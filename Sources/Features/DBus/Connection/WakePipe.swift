import Foundation

/// A pipe that wakes the connection's thread from `poll`: libdbus asks for it when it queues a
/// message to write (its wake-up-the-main-loop function), and closing asks for it to end.
final class WakePipe: Sendable {
    /// The end the connection's thread polls.
    let readEnd: Int32
    private let writeEnd: Int32

    /// Nil when the process has no file descriptor left.
    init?() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        Foundation.close(readEnd)
        Foundation.close(writeEnd)
    }

    /// Makes the read end readable; a pipe already full wakes the thread just as well.
    func wake() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Empties the pipe after a wake-up.
    func drain() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(readEnd, &bytes, bytes.count) > 0 {}
    }
}
