import Synchronization

/// A service that ``Backgrounder`` makes after the device, which the app's factory (called
/// later, at each launch) needs.
final class LateBound<Value: Sendable>: Sendable {
    private let storage = Mutex<Value?>(nil)

    func bind(_ value: Value) {
        storage.withLock { $0 = value }
    }

    /// The bound value; binding happens in `Backgrounder.init`, before any launch.
    var value: Value {
        guard let value = storage.withLock({ $0 }) else { preconditionFailure("used before Backgrounder.init bound it") }
        return value
    }
}
