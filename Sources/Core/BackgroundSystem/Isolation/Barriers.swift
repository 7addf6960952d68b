import BackgroundWire
import Dispatch

/// Who waits for the app's process to have run what was delivered so far
/// (``AppLink/waitUntilIdle()``), by the number of the barrier sent after it; and whether the
/// process is frozen, which is as good as reaching it. A barrier reached while a freeze is on
/// its way is released by the freeze's end: whoever waits reads the suspension its call set off.
struct Barriers {
    /// One wait for a barrier, with the timer that ends it if the barrier never comes
    /// (``AppProcessConfiguration/idleWaitBound``). Unchecked: a dispatch source is made to be
    /// cancelled from any thread, but Dispatch does not say so in its types.
    struct Waiter: @unchecked Sendable {
        let continuation: CheckedContinuation<Void, Never>
        let bound: any DispatchSourceTimer

        /// Ends the wait: the timer is cancelled, so an answered barrier leaves nothing to
        /// wake the process later.
        func resume() {
            bound.cancel()
            continuation.resume()
        }
    }

    var next = 1
    var waiting: [Int: Waiter] = [:]
    /// The system froze the app; the kernel may not have finished.
    var wantsFrozen = false
    /// How many freezes the system asked for: each one's report to the energy accounts names
    /// its number, and counts only while it is the last and no thaw came since.
    var freezes = 0
    /// The kernel has frozen the app's process.
    var isFrozen = false

    /// Barrier `id` was not reached in time: its waiter, to resume, if it still waits.
    mutating func givenUp(_ id: Int) -> Waiter? {
        waiting.removeValue(forKey: id)
    }

    /// Barrier `id` was reached: its waiter, to resume, unless a freeze is on its way.
    mutating func reached(_ id: Int) -> Waiter? {
        guard !(wantsFrozen && !isFrozen) else { return nil }
        return waiting.removeValue(forKey: id)
    }
}
