import BackgroundPlatform
import BackgroundRuntimeTesting
import Synchronization

/// Lets the app's code take time on a test device's clock: ``take(_:)`` advances the device it
/// was attached to, as a main thread busy that long would let the system's clock run on.
final class ClockHook: Sendable {
    private let advance = Mutex<ClosureBox<Duration>?>(nil)

    func attach(_ device: TestDevice) {
        advance.withLock { $0 = ClosureBox { device.advance(by: $0) } }
    }

    func take(_ duration: Duration) {
        let advance = advance.withLock { $0 }
        advance?(duration)
    }
}
