import Dispatch
import Synchronization

/// The wait for one method call's reply: libdbus's pending-call notification (on the
/// connection's thread) or the caller itself marks it complete, once, and the caller waits.
final class PendingReply: Sendable {
    private let isComplete = Atomic<Bool>(false)
    private let completed = DispatchSemaphore(value: 0)

    /// Marks the reply as arrived; only the first mark counts.
    func complete() {
        if !isComplete.exchange(true, ordering: .acquiringAndReleasing) { completed.signal() }
    }

    /// Waits for the reply at most `timeout`; false if none came in time.
    func wait(_ timeout: Duration) -> Bool {
        let nanoseconds = timeout.components.seconds * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000
        return completed.wait(timeout: .now() + .nanoseconds(Int(clamping: nanoseconds))) == .success
    }
}
