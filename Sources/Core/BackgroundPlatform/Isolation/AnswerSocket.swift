import BackgroundWire
import Foundation
import Synchronization

/// The second socket between the system and the app's process, which carries the answers to
/// questions (``AppProcessMessage/question(_:jobsStarted:)``): the app's thread that asks reads
/// its answer here itself, so that no other thread of the app's wakes on the way and a round
/// trip wakes one thread in each process, as a blocking write and read would. The question
/// itself goes on the link's socket (``FrameChannel``), in order with every other call.
///
/// One thread of the app's asks here at a time (``claim()``); a thread that finds the socket
/// claimed asks on the link's socket and is answered there. The system writes each answer as
/// one frame, which the socket always has room for: at most one is in it at a time.
package final class AnswerSocket: Sendable {
    /// The reused encoder of the system's end and decoder of the app's (only the system writes,
    /// only the app reads).
    private struct Coders {
        let encoder = WireEncoder()
        let decoder = WireDecoder()
    }

    /// The app's end of the socket in its process: the system starts the app's process with it.
    package static let appDescriptor: Int32 = 3

    let descriptor: Int32
    private let isClaimed = Atomic<Bool>(false)
    private let coders = Mutex(Coders())

    /// The socket on `descriptor`, which ``close()`` closes.
    package init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The app's end, when the system started this process with one (descriptor 3 is a socket).
    package static func inheritedByAppProcess() -> AnswerSocket? {
        var status = stat()
        guard fstat(appDescriptor, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK else { return nil }
        return AnswerSocket(descriptor: appDescriptor)
    }

    // MARK: The system's end

    /// Writes `message`'s frame at once, without blocking; a socket whose peer has gone drops it.
    package func send(_ message: AppProcessMessage) {
        guard let frame = try? coders.withLock({ try FrameChannel.frame(message, with: $0.encoder) }) else { return }
        var sent = 0
        while sent < frame.count {
            let count = frame.withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress! + sent, frame.count - sent, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            }
            if count > 0 {
                sent += count
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }

    // MARK: The app's end

    /// Claims the socket for the calling thread's question; false when another thread holds it.
    package func claim() -> Bool {
        isClaimed.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged
    }

    /// Gives the socket back once the claiming thread has read its answer.
    package func release() {
        isClaimed.store(false, ordering: .releasing)
    }

    /// Reads the next frame, waiting for it, most often in one read (a frame is all the socket
    /// holds); nil when the socket closed or sent what is not a frame.
    package func receive() -> AppProcessMessage? {
        var frame = [UInt8](repeating: 0, count: 256)
        var got = 0
        var length: Int?
        while got < (length.map { 4 + $0 } ?? 4) {
            let read = frame.withUnsafeMutableBytes { Glibc.recv(descriptor, $0.baseAddress! + got, $0.count - got, 0) }
            if read > 0 {
                got += read
            } else if read < 0 && errno == EINTR {
                continue
            } else {
                return nil
            }
            if length == nil && got >= 4 {
                let told = FrameChannel.length(inHeader: frame[...])
                guard told <= FrameChannel.maximumFrameLength else { return nil }
                length = told
                if frame.count < 4 + told { frame.append(contentsOf: repeatElement(0, count: 4 + told - frame.count)) }
            }
        }
        guard let length, got == 4 + length else { return nil }
        return coders.withLock { try? $0.decoder.decode(AppProcessMessage.self, from: frame[4..<4 + length]) }
    }

    /// Closes the descriptor; only once nothing reads or writes it any more.
    package func close() {
        Glibc.close(descriptor)
    }
}
