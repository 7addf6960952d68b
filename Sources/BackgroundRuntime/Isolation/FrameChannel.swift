import BackgroundWire
import Foundation
import Synchronization

/// ``AppProcessMessage``s over a stream socket between the system and the app's process, each
/// a frame: a four-byte big-endian length, then the message in `BackgroundWire`'s binary form.
///
/// A send encodes its message at once, with the channel's one reused encoder, onto the bytes
/// waiting to go out; a queue of the channel's own writes whatever waits in one write, so that
/// no caller writes to the socket under a lock and frames sent together leave together. A
/// thread of its own reads, a buffer at a time, and closes the socket when reading ends —
/// after the writes in flight, so that no read or write ever reaches a descriptor number the
/// process has reused.
final class FrameChannel: Sendable {
    /// Why reading ends when the other process closed the socket between frames.
    static let peerClosed = "the other process closed the socket"

    /// The largest frame read; a longer one is an error that ends the channel.
    static let maximumFrameLength = 16 << 20

    let descriptor: Int32
    private let writes = DispatchQueue(label: "app-process.frames")
    private let isClosed = Atomic<Bool>(false)

    /// The frames waiting to be written, and whether a write of them is queued.
    private struct Outgoing {
        let encoder = WireEncoder()
        var bytes: [UInt8] = []
        var isWriteQueued = false
    }

    private let outgoing = Mutex(Outgoing())

    /// A channel on the connected socket `descriptor`, which its reading thread closes.
    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Queues `message`; a socket whose peer has gone drops it.
    func send(_ message: AppProcessMessage) {
        let queuesWrite = outgoing.withLock { outgoing -> Bool in
            guard Self.append(message, to: &outgoing.bytes, with: outgoing.encoder) else { return false }
            defer { outgoing.isWriteQueued = true }
            return !outgoing.isWriteQueued
        }
        guard queuesWrite else { return }
        writes.async { [self] in writeWaitingFrames() }
    }

    /// Reads messages on a thread named `name`, handing each to `receive` in order, until the
    /// peer closes the socket or sends what is not a frame; then calls `ended` with why.
    func startReading(
        name: String, receive: @escaping @Sendable (AppProcessMessage) -> Void, ended: @escaping @Sendable (String) -> Void
    ) {
        Thread { [self] in
            ThreadName.set(name)
            let why = readUntilEnd(receive)
            isClosed.store(true, ordering: .releasing)
            writes.async { [descriptor] in _ = Glibc.close(descriptor) }
            ended(why)
        }.start()
    }

    /// Shuts the socket down: the reading thread ends (and closes it), and sends from now on
    /// are dropped. Closing twice does nothing.
    func close() {
        guard !isClosed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// The frame of `message`.
    static func frame(_ message: AppProcessMessage) throws -> [UInt8] {
        var frame = [UInt8](repeating: 0, count: 4)
        try WireEncoder().encode(message, into: &frame)
        writeLength(of: &frame, from: 0)
        return frame
    }

    /// Appends the frame of `message` to `bytes`; false, leaving them as they were, when it
    /// cannot be encoded.
    private static func append(_ message: AppProcessMessage, to bytes: inout [UInt8], with encoder: WireEncoder) -> Bool {
        let start = bytes.count
        bytes.append(contentsOf: [0, 0, 0, 0])
        do {
            try encoder.encode(message, into: &bytes)
        } catch {
            bytes.removeSubrange(start...)
            return false
        }
        writeLength(of: &bytes, from: start)
        return true
    }

    /// Fills in the length of the frame that starts at `start` and runs to the end of `bytes`.
    private static func writeLength(of bytes: inout [UInt8], from start: Int) {
        let length = UInt32(bytes.count - start - 4)
        for index in 0..<4 { bytes[start + index] = UInt8(truncatingIfNeeded: length >> (24 - 8 * index)) }
    }

    /// Writes every frame waiting, on the write queue.
    private func writeWaitingFrames() {
        let bytes = outgoing.withLock { outgoing in
            defer {
                outgoing.bytes.removeAll(keepingCapacity: outgoing.bytes.count <= 1 << 16)
                outgoing.isWriteQueued = false
            }
            return outgoing.bytes
        }
        guard !isClosed.load(ordering: .acquiring) else { return }
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { bytes in
                Glibc.send(descriptor, bytes.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
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

    private func readUntilEnd(_ receive: (AppProcessMessage) -> Void) -> String {
        let decoder = WireDecoder()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var start = 0
        var end = 0
        while true {
            // Every whole frame in the buffer, in order.
            while end - start >= 4 {
                let length = buffer[start..<start + 4].reduce(0) { $0 << 8 | Int($1) }
                guard length <= Self.maximumFrameLength else {
                    return "a frame of \(length) bytes, more than \(Self.maximumFrameLength)"
                }
                guard end - start - 4 >= length else {
                    if buffer.count < length + 4 { buffer.append(contentsOf: repeatElement(0, count: length + 4 - buffer.count)) }
                    break
                }
                do {
                    receive(try decoder.decode(AppProcessMessage.self, from: buffer[start + 4..<start + 4 + length]))
                } catch {
                    return "a frame that is not a message: \(error)"
                }
                start += 4 + length
            }
            // What is left of a frame moves to the front, and the rest of the buffer fills.
            if start > 0 {
                buffer.withUnsafeMutableBytes { bytes in
                    _ = memmove(bytes.baseAddress!, bytes.baseAddress! + start, end - start)
                }
                end -= start
                start = 0
            }
            let got = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + end, $0.count - end) }
            if got > 0 {
                end += got
            } else if got < 0 && errno == EINTR {
                continue
            } else {
                return end == 0 ? Self.peerClosed : "the socket closed in the middle of a frame"
            }
        }
    }
}
