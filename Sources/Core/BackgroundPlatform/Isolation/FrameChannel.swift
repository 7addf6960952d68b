import BackgroundWire
import CProcessControl
import Foundation
import Synchronization

/// ``AppProcessMessage``s over a stream socket between the system and the app's process, each
/// a frame: a four-byte big-endian length, then the message in `BackgroundWire`'s binary form.
///
/// A send encodes its message at once, with the channel's one reused encoder, onto the bytes
/// waiting to go out. One writer at a time writes what waits, never under a lock: the sender
/// that finds no writer writes at once on its own thread, without blocking, and frames sent
/// while it writes leave with its next write; what the socket cannot take now (the other
/// process may be frozen for long) goes on from a queue of the channel's own, which may block.
/// A thread of its own reads, a buffer at a time; when reading ends the socket is closed by
/// whoever writes last — after the writes in flight, so that no read or write ever reaches a
/// descriptor number the process has reused.
///
/// Each side counts the frames: the sender those it queued (``framesQueued``), the reader those it
/// handed on (``waitUntilRead(_:)``), so that an answer that comes another way
/// (``AnswerSocket``) can wait for the frames sent before it.
///
/// A message that hands over a descriptor (``AppProcessMessage/passedDescriptor``) has it sent
/// beside the first byte of its frame (`SCM_RIGHTS`); the reader gives each such frame the next
/// descriptor that came, in order, and ends the channel on a frame that claims one that did not.
package final class FrameChannel: Sendable {
    /// Why reading ends when the other process closed the socket between frames.
    package static let peerClosed = "the other process closed the socket"

    /// The largest frame read; a longer one is an error that ends the channel.
    package static let maximumFrameLength = 16 << 20

    let descriptor: Int32
    private let writes = DispatchQueue(label: "app-process.frames")
    private let isClosed = Atomic<Bool>(false)

    /// The frames waiting to be written, and who writes them.
    private struct Outgoing {
        let encoder = WireEncoder()
        var bytes: [UInt8] = []
        /// The descriptors that go beside frames waiting, each with where its frame starts in `bytes`.
        var descriptors: [(start: Int, descriptor: Int32)] = []
        /// Whether a writer — a sender's thread or the write queue — is writing what waits.
        var isWriting = false
        /// Whether reading has ended: sends are dropped, and the last writer closes the socket.
        var isCloseDue = false
        /// How many frames were queued so far.
        var framesQueued = 0
    }

    private let outgoing = Mutex(Outgoing())

    /// How many frames the reader handed on, and who waits for more.
    private struct Reading {
        var framesRead = 0
        var hasEnded = false
        var waiting: [(frames: Int, semaphore: DispatchSemaphore)] = []
    }

    private let reading = Mutex(Reading())

    /// A channel on the connected socket `descriptor`, which its reading thread closes.
    package init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Sends `message`, at once unless another send is writing; a socket whose peer has gone
    /// drops it. The channel owns the descriptor the message hands over, if any, and closes it
    /// once sent or dropped.
    package func send(_ message: AppProcessMessage) {
        send { [message] }
    }

    /// Sends the messages `take` returns, in order, like ``send(_:)``. `take` runs under the
    /// channel's lock, so that what it takes from elsewhere (console lines held to go together)
    /// leaves in the order it was taken, before what any later send takes; it must not block.
    package func send(taking take: () -> [AppProcessMessage]) {
        var dropped: [Int32] = []
        let writesHere = outgoing.withLock { outgoing -> Bool in
            let messages = take()
            guard !outgoing.isCloseDue else {
                dropped = messages.compactMap { $0.passedDescriptor?.value }
                return false
            }
            var appended = false
            for message in messages {
                let start = outgoing.bytes.count
                let passed = message.passedDescriptor?.value
                guard Self.append(message, to: &outgoing.bytes, with: outgoing.encoder) else {
                    if let passed { dropped.append(passed) }
                    continue
                }
                if let passed { outgoing.descriptors.append((start, passed)) }
                outgoing.framesQueued += 1
                appended = true
            }
            guard appended else { return false }
            defer { outgoing.isWriting = true }
            return !outgoing.isWriting
        }
        for passed in dropped { Glibc.close(passed) }
        guard writesHere else { return }
        writeWaitingFrames(blocking: false)
    }

    /// How many frames were queued to be sent so far: the reader hands them on in that order.
    package var framesQueued: Int { outgoing.withLock { $0.framesQueued } }

    /// Waits until the reader has handed on `frames` frames; false when reading ended first.
    package func waitUntilRead(_ frames: Int) -> Bool {
        let semaphore = reading.withLock { reading -> DispatchSemaphore? in
            guard reading.framesRead < frames, !reading.hasEnded else { return nil }
            let semaphore = DispatchSemaphore(value: 0)
            reading.waiting.append((frames, semaphore))
            return semaphore
        }
        semaphore?.wait()
        return reading.withLock { $0.framesRead >= frames }
    }

    /// Counts a frame handed on, or the end of reading, and wakes who waited for it.
    private func frameRead(orEnded hasEnded: Bool = false) {
        let due = reading.withLock { reading -> [DispatchSemaphore] in
            if hasEnded { reading.hasEnded = true } else { reading.framesRead += 1 }
            guard !reading.waiting.isEmpty else { return [] }
            let read = reading.framesRead
            defer { reading.waiting.removeAll { reading.hasEnded || $0.frames <= read } }
            return reading.waiting.filter { reading.hasEnded || $0.frames <= read }.map(\.semaphore)
        }
        for semaphore in due { semaphore.signal() }
    }

    /// Reads messages on a thread named `name`, handing each to `receive` in order, until the
    /// peer closes the socket or sends what is not a frame; then calls `ended` with why.
    package func startReading(
        name: String, receive: @escaping @Sendable (AppProcessMessage) -> Void, ended: @escaping @Sendable (String) -> Void
    ) {
        Thread { [self] in
            ThreadName.set(name)
            let why = readUntilEnd(receive)
            frameRead(orEnded: true)
            isClosed.store(true, ordering: .releasing)
            let closesNow = outgoing.withLock { outgoing in
                outgoing.isCloseDue = true
                return !outgoing.isWriting
            }
            if closesNow { Glibc.close(descriptor) }
            ended(why)
        }.start()
    }

    /// Shuts the socket down: the reading thread ends (and closes it), and sends from now on
    /// are dropped. Closing twice does nothing.
    package func close() {
        guard !isClosed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// The frame of `message`.
    package static func frame(_ message: AppProcessMessage) throws -> [UInt8] {
        try frame(message, with: WireEncoder())
    }

    /// The frame of `message`, encoded with `encoder`.
    package static func frame(_ message: AppProcessMessage, with encoder: WireEncoder) throws -> [UInt8] {
        var frame = [UInt8](repeating: 0, count: 4)
        try encoder.encode(message, into: &frame)
        writeLength(of: &frame, from: 0)
        return frame
    }

    /// The length a frame's four-byte header at the start of `header` gives.
    static func length(inHeader header: ArraySlice<UInt8>) -> Int {
        header.prefix(4).reduce(0) { $0 << 8 | Int($1) }
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

    /// Writes what waits until nothing does, as the channel's one writer; then closes the
    /// socket if reading has ended meanwhile. Without `blocking` (a sender's thread) it stops
    /// where the socket takes no more now and leaves the rest to the write queue.
    private func writeWaitingFrames(blocking: Bool) {
        while true {
            // Nothing waiting ends the writing, and the last writer after reading ended closes.
            let waiting = outgoing.withLock { outgoing -> (bytes: [UInt8], descriptors: [(start: Int, descriptor: Int32)])? in
                guard !outgoing.bytes.isEmpty else {
                    outgoing.isWriting = false
                    return outgoing.isCloseDue ? ([], []) : nil
                }
                defer {
                    outgoing.bytes = []
                    outgoing.descriptors = []
                }
                return (outgoing.bytes, outgoing.descriptors)
            }
            guard let waiting, !waiting.bytes.isEmpty else {
                if waiting != nil { Glibc.close(descriptor) }
                return
            }
            let (sent, unsent) = write(waiting.bytes, with: waiting.descriptors[...], blocking: blocking)
            guard sent < waiting.bytes.count else { continue }
            // The socket is full: the rest goes first when the write queue writes.
            outgoing.withLock { outgoing in
                let rest = waiting.bytes.count - sent
                outgoing.descriptors = unsent.map { ($0.start - sent, $0.descriptor) }
                    + outgoing.descriptors.map { ($0.start + rest, $0.descriptor) }
                outgoing.bytes.insert(contentsOf: waiting.bytes[sent...], at: 0)
            }
            writes.async { [self] in writeWaitingFrames(blocking: true) }
            return
        }
    }

    /// Writes `bytes`, each of `descriptors` beside its frame's first byte, and closes each
    /// descriptor sent. Returns how many bytes went and the descriptors still to go: all of
    /// them unless the socket was full (`blocking` false); a socket that fails, or a channel
    /// closed, drops everything (and closes the descriptors).
    private func write(
        _ bytes: [UInt8], with descriptors: ArraySlice<(start: Int, descriptor: Int32)>, blocking: Bool
    ) -> (sent: Int, unsent: ArraySlice<(start: Int, descriptor: Int32)>) {
        var sent = 0
        var unsent = descriptors
        // Once sent the other process has its own; dropped, it goes nowhere.
        defer { for (_, passed) in descriptors.prefix(descriptors.count - unsent.count) { Glibc.close(passed) } }
        let dontWait = blocking ? 0 : Int32(MSG_DONTWAIT)
        while sent < bytes.count && !isClosed.load(ordering: .acquiring) {
            let passed = unsent.first.flatMap { $0.start == sent ? $0.descriptor : nil }
            let end = unsent.dropFirst(passed == nil ? 0 : 1).first?.start ?? bytes.count
            let count = bytes.withUnsafeBytes { bytes in
                if let passed {
                    backgrounder_send_with_descriptor(descriptor, bytes.baseAddress! + sent, UInt(end - sent), passed, dontWait)
                } else {
                    Glibc.send(descriptor, bytes.baseAddress! + sent, end - sent, Int32(MSG_NOSIGNAL) | dontWait)
                }
            }
            if count > 0 {
                if passed != nil { unsent.removeFirst() }
                sent += count
            } else if count < 0 && errno == EINTR {
                continue
            } else if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) && !blocking {
                return (sent, unsent)
            } else {
                break
            }
        }
        unsent = []
        return (bytes.count, [])
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
                let length = Self.length(inHeader: buffer[start...])
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
                frameRead()
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
