import Dispatch
import Synchronization

/// What an expiring activity's block was called with, in order. The call with `false` waits
/// for ``release()``, so that a test decides when the work is done.
final class ExpiringCalls: Sendable {
    private let values = Mutex<[Bool]>([])
    private let gate = DispatchSemaphore(value: 0)

    /// The block: records `expired`, and holds the unexpired call until ``release()``.
    func called(_ expired: Bool) {
        values.withLock { $0.append(expired) }
        if !expired { gate.wait() }
    }

    /// The values the block was called with so far.
    var recorded: [Bool] { values.withLock { $0 } }

    /// Lets the call with `false` return.
    func release() {
        gate.signal()
    }
}
