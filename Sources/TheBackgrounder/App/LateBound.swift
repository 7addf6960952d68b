import Synchronization

/// A value that exists only after the one it is handed to: the system services need the
/// device, and the device's app factory needs the services. Bound once, before the app first
/// launches; reading it earlier is a programming error.
final class LateBound<Value: Sendable>: Sendable {
    private let storage = Mutex<Value?>(nil)

    func bind(_ value: Value) {
        storage.withLock { $0 = value }
    }

    var value: Value {
        guard let value = storage.withLock({ $0 }) else { preconditionFailure("\(Value.self) is read before it is bound") }
        return value
    }
}
