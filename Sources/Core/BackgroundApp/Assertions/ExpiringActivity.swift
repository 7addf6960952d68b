import BackgroundWire
import Synchronization

/// The task assertion behind one ``Application/performExpiringActivity(withReason:using:fileID:line:)``:
/// whichever comes first, the block returning or the budget running out, takes it to end.
final class ExpiringActivity: Sendable {
    private let identifier = Mutex<BackgroundTaskIdentifier?>(nil)

    /// Keeps the assertion `held` for ``take()``.
    func hold(_ held: BackgroundTaskIdentifier) {
        identifier.withLock { $0 = held }
    }

    /// The assertion to end, the first time; nil after.
    func take() -> BackgroundTaskIdentifier? {
        identifier.withLock { held in
            defer { held = nil }
            return held
        }
    }
}
