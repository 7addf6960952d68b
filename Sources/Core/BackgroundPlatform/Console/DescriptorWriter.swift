import Foundation
import Synchronization

/// Writes to one file descriptor from any thread: each write whole, in the order the writes
/// came, and done when ``write(_:)`` returns; without I/O under a lock.
///
/// One thread at a time has the turn to write. A thread that comes while another has it leaves
/// its bytes with the writer and waits; the writer, done with its own bytes, writes everything
/// left with it meanwhile in one system call, wakes those threads, and gives the turn up once
/// nothing is left. A failed write is dropped (the reader went away).
package final class DescriptorWriter: Sendable {
    /// Whose turn it is to write, and what was left with the writer.
    private struct Turn {
        var isTaken = false
        /// The bytes of the writes that came while the turn was taken, in order.
        var waiting: [UInt8] = []
        /// The threads whose bytes are in ``waiting``, each woken once they are written.
        var waiters: [DispatchSemaphore] = []
    }

    private let descriptor: Int32
    private let turn = Mutex(Turn())

    package init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Writes `bytes`, or as much of them as goes before a write fails.
    package func write(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        let waiter = turn.withLock { turn -> DispatchSemaphore? in
            guard turn.isTaken else {
                turn.isTaken = true
                return nil
            }
            let waiter = DispatchSemaphore(value: 0)
            turn.waiting.append(contentsOf: bytes)
            turn.waiters.append(waiter)
            return waiter
        }
        if let waiter { return waiter.wait() }
        writeAll(bytes)
        while let (waiting, waiters) = turn.withLock({ turn -> ([UInt8], [DispatchSemaphore])? in
            guard !turn.waiting.isEmpty else {
                turn.isTaken = false
                return nil
            }
            let left = (turn.waiting, turn.waiters)
            turn.waiting = []
            turn.waiters = []
            return left
        }) {
            waiting.withUnsafeBytes(writeAll)
            for waiter in waiters { waiter.signal() }
        }
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) {
        var rest = bytes
        while !rest.isEmpty {
            let written = Foundation.write(descriptor, rest.baseAddress, rest.count)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            rest = UnsafeRawBufferPointer(rebasing: rest[written...])
        }
    }
}
