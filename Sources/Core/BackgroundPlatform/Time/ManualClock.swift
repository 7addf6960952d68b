import BackgroundWire
import Synchronization

/// Time that moves only when a ``TestDevice`` moves it.
package final class ManualClock: DeviceClock {
    private let time = Mutex(Duration.zero)

    package var now: Duration { time.withLock { $0 } }

    /// Moves time to `target`; never backwards.
    package func move(to target: Duration) {
        time.withLock { $0 = max($0, target) }
    }

    package init() {
    }
}
