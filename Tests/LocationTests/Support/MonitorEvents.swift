@testable import Location
@testable import LocationSystem
@testable import LocationWire
import Synchronization

/// The events a test's loop received, as "IDENTIFIER STATE".
final class MonitorEvents: Sendable {
    private let events = Mutex<[MonitorEvent]>([])

    func append(_ event: MonitorEvent) { events.withLock { $0.append(event) } }
    var states: [String] { events.withLock { $0.map { "\($0.identifier) \($0.state.rawValue)" } } }
}
