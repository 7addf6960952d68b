import Synchronization

/// A value that exists only after the things that use it were made: it breaks the cycle between
/// the device, whose app factory hands each launch the system's services, and those services,
/// which are made with the device.
final class Deferred<Value: Sendable>: Sendable {
    private let storage = Mutex<Value?>(nil)

    /// Sets the value; it is set once, before anyone reads it.
    func set(_ value: Value) {
        storage.withLock { $0 = value }
    }

    /// The value; reading it before ``set(_:)`` is a programming error.
    var value: Value {
        guard let value = storage.withLock({ $0 }) else { preconditionFailure("Deferred value read before it was set") }
        return value
    }
}
