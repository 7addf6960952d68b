import Foundation
import Synchronization

/// ``AppProcessMessage``s over a stream socket between the system and the app's process, each
/// a frame: a four-byte big-endian length, then the message as JSON.
///
/// Sends go out in order on a queue of the channel's own, so that no caller writes to the
/// socket under a lock; a thread of its own reads, and closes the socket when reading ends —
/// after the writes in flight, so that no read or write ever reaches a descriptor number the
/// process has reused.
final class FrameChannel: Sendable {
    /// The largest frame read; a longer one is an error that ends the channel.
    static let maximumFrameLength = 16 << 20

    let descriptor: Int32
    private let writes = DispatchQueue(label: "app-process.frames")
    private let isClosed = Atomic<Bool>(false)

    /// A channel on the connected socket `descriptor`, which its reading thread closes.
    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Queues `message`; a socket whose peer has gone drops it.
    func send(_ message: AppProcessMessage) {
        guard let frame = try? Self.frame(message) else { return }
        writes.async { [self] in
            guard !isClosed.load(ordering: .acquiring) else { return }
            var sent = 0
            while sent < frame.count {
                let count = frame.withUnsafeBytes { bytes in
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
        let body = try JSONEncoder().encode(message)
        let length = UInt32(body.count).bigEndian
        return withUnsafeBytes(of: length) { Array($0) } + body
    }

    private func readUntilEnd(_ receive: (AppProcessMessage) -> Void) -> String {
        while true {
            guard let header = read(count: 4) else { return "the other process closed the socket" }
            let length = header.reduce(0) { $0 << 8 | Int($1) }
            guard length <= Self.maximumFrameLength else {
                return "a frame of \(length) bytes, more than \(Self.maximumFrameLength)"
            }
            guard let body = read(count: length) else { return "the socket closed in the middle of a frame" }
            do {
                receive(try JSONDecoder().decode(AppProcessMessage.self, from: Data(body)))
            } catch {
                return "a frame that is not a message: \(error)"
            }
        }
    }

    /// Exactly `count` bytes; nil at the end of the stream.
    private func read(count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + filled, count - filled) }
            if got > 0 {
                filled += got
            } else if got < 0 && errno == EINTR {
                continue
            } else {
                return nil
            }
        }
        return bytes
    }
}
