import Foundation

/// A change of a ``LocationMonitor`` condition's state, like `CLMonitor.Event`.
public struct MonitorEvent: Sendable, Equatable, Codable {
    /// Whether the device is inside a condition's circle, like `CLMonitor.Event.State`.
    public enum State: String, Sendable, Codable {
        case unknown, satisfied, unsatisfied
    }

    /// The condition's identifier.
    public var identifier: String
    public var state: State
    /// When the system decided it.
    public var date: Date

    public init(identifier: String, state: State, date: Date) {
        self.identifier = identifier
        self.state = state
        self.date = date
    }
}
