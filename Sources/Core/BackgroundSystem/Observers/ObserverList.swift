import BackgroundWire
import Synchronization

/// Handlers of one kind of system event, called in the order they were added, never under
/// the caller's lock.
final class ObserverList<Event: Sendable>: Sendable {
    private let handlers = Mutex<(nextID: Int, byID: [Int: @Sendable (Event) -> Void])>((1, [:]))

    /// Adds `handler`; returns its identifier for ``remove(_:)``.
    func add(_ handler: @escaping @Sendable (Event) -> Void) -> Int {
        handlers.withLock { handlers in
            defer { handlers.nextID += 1 }
            handlers.byID[handlers.nextID] = handler
            return handlers.nextID
        }
    }

    func remove(_ id: Int) {
        _ = handlers.withLock { $0.byID.removeValue(forKey: id) }
    }

    /// Calls every handler with `event`.
    func notify(_ event: Event) {
        let current = handlers.withLock { $0.byID.sorted { $0.key < $1.key }.map(\.value) }
        for handler in current { handler(event) }
    }

    var isEmpty: Bool { handlers.withLock { $0.byID.isEmpty } }
}
