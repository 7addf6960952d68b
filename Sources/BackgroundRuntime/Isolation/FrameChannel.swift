import BackgroundWire
import CProcessControl
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
///
/// A message that hands over a descriptor (``AppProcessMessage/passedDescriptor``) has it sent
/// beside the first byte of its frame (`SCM_RIGHTS`); the reader gives each such frame the next
/// descriptor that came, in order, and ends the channel on a frame that claims one that did not.
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
        /// The descriptors that go beside frames waiting, each with where its frame starts in `bytes`.
        var descriptors: [(start: Int, descriptor: Int32)] = []
        var isWriteQueued = false
    }

    private let outgoing = Mutex(Outgoing())

    /// A channel on the connected socket `descriptor`, which its reading thread closes.
    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Queues `message`; a socket whose peer has gone drops it. The channel owns the descriptor
    /// the message hands over, if any, and closes it once sent or dropped.
    func send(_ message: AppProcessMessage) {
        let passed = message.passedDescriptor?.value
        let queuesWrite = outgoing.withLock { outgoing -> Bool? in
            let start = outgoing.bytes.count
            guard Self.append(message, to: &outgoing.bytes, with: outgoing.encoder) else { return nil }
            if let passed { outgoing.descriptors.append((start, passed)) }
            defer { outgoing.isWriteQueued = true }
            return !outgoing.isWriteQueued
        }
        if queuesWrite == nil, let passed { Glibc.close(passed) }
        guard queuesWrite == true else { return }
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

    /// Writes every frame waiting, on the write queue: up to each frame that hands over a
    /// descriptor, then that frame on with the descriptor beside its first byte.
    private func writeWaitingFrames() {
        let (bytes, descriptors) = outgoing.withLock { outgoing in
            defer {
                outgoing.bytes.removeAll(keepingCapacity: outgoing.bytes.count <= 1 << 16)
                outgoing.descriptors.removeAll()
                outgoing.isWriteQueued = false
            }
            return (outgoing.bytes, outgoing.descriptors)
        }
        // Once sent the other process has its own; unsent, it goes nowhere.
        defer { for (_, passed) in descriptors { Glibc.close(passed) } }
        guard !isClosed.load(ordering: .acquiring) else { return }
        var sent = 0
        var unsent = descriptors[...]
        while sent < bytes.count {
            let passed = unsent.first.flatMap { $0.start == sent ? $0.descriptor : nil }
            let end = unsent.dropFirst(passed == nil ? 0 : 1).first?.start ?? bytes.count
            let count = bytes.withUnsafeBytes { bytes in
                if let passed {
                    backgrounder_send_with_descriptor(descriptor, bytes.baseAddress! + sent, UInt(end - sent), passed)
                } else {
                    Glibc.send(descriptor, bytes.baseAddress! + sent, end - sent, Int32(MSG_NOSIGNAL))
                }
            }
            if count > 0 {
                if passed != nil { unsent.removeFirst() }
                sent += count
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return
            }
        }
    }

    /// Why reading ends at `message`, which claims a descriptor that did not come with it.
    static func missingDescriptor(in message: AppProcessMessage) -> String {
        let what = if case .deliver(.serviceMessage(let carried, _), _) = message { "a message of service \(carried.service)" } else { "a frame" }
        return "\(what) claims a descriptor (SCM_RIGHTS) but none came with it"
    }

    private func readUntilEnd(_ receive: (AppProcessMessage) -> Void) -> String {
        let decoder = WireDecoder()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var start = 0
        var end = 0
        // The descriptors that came and no frame has taken yet, in order; closed at the end.
        var descriptors: [Int32] = []
        defer { for unclaimed in descriptors { Glibc.close(unclaimed) } }
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
                var message: AppProcessMessage
                do {
                    message = try decoder.decode(AppProcessMessage.self, from: buffer[start + 4..<start + 4 + length])
                } catch {
                    return "a frame that is not a message: \(error)"
                }
                if message.passedDescriptor != nil {
                    guard !descriptors.isEmpty else { return Self.missingDescriptor(in: message) }
                    message = message.attaching(descriptors.removeFirst())
                }
                receive(message)
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
            var came = [Int32](repeating: -1, count: 16)
            var cameCount: Int32 = 0
            var truncated: Int32 = 0
            let got = buffer.withUnsafeMutableBytes { bytes in
                backgrounder_receive_with_descriptors(
                    descriptor, bytes.baseAddress! + end, UInt(bytes.count - end), &came, Int32(came.count), &cameCount, &truncated)
            }
            descriptors += came.prefix(Int(cameCount))
            if truncated != 0 { return "more descriptors beside a read than \(came.count)" }
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
