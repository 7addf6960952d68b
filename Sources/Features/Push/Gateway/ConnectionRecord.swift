import NIOCore
import Synchronization

/// One open connection as the gateway's ``ConnectionTable`` sees it from any thread: its
/// channel, when it opened, how many of its requests are under way, and when it last had one
/// answered — what the table weighs when it must close one to take another.
final class ConnectionRecord: Sendable {
    let channel: any Channel
    /// The order it was opened in.
    let opened: UInt64
    /// Streams open now.
    let streams = Atomic<Int>(0)
    /// When a request of it was last answered (uptime nanoseconds); 0 for never.
    let lastAnswered = Atomic<UInt64>(0)

    init(channel: any Channel, opened: UInt64) {
        self.channel = channel
        self.opened = opened
    }

    /// Closes the connection at once, to make room for another: from the front of its pipeline,
    /// so that TLS does not wait (up to 5 s) for the close_notify of a client that may never
    /// send one, which would let a flood of connections hold a socket each for that long.
    func evict() {
        let channel = channel
        channel.eventLoop.execute {
            if let front = try? channel.pipeline.syncOperations.context(handlerType: BackPressureHandler.self) {
                front.close(promise: nil)
            } else {
                channel.close(promise: nil)
            }
        }
    }
}
