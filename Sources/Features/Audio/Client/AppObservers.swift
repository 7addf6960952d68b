import BackgroundApp
import BackgroundWire

/// Handlers the app registered for one kind of event, each under an identifier its owner hands
/// out; they are called on the app's main executor, in the order they were added.
struct AppObservers<Event: Sendable>: Sendable {
    private var handlers: [Int: @AppMain @Sendable (Event) -> Void] = [:]

    var isEmpty: Bool { handlers.isEmpty }

    /// The handlers, in the order they were added.
    var inOrder: [@AppMain @Sendable (Event) -> Void] { handlers.sorted { $0.key < $1.key }.map(\.value) }

    mutating func add(_ handler: @escaping @AppMain @Sendable (Event) -> Void, id: Int) {
        handlers[id] = handler
    }

    mutating func remove(id: Int) {
        handlers[id] = nil
    }
}
