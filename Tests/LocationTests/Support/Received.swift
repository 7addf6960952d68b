@testable import Location
@testable import LocationSystem
@testable import LocationWire
import Synchronization

/// Updates a test's loop received, read from the test.
final class Received: Sendable {
    private let updates = Mutex<[LocationUpdate]>([])

    func append(_ update: LocationUpdate) { updates.withLock { $0.append(update) } }
    var count: Int { updates.withLock(\.count) }
    var all: [LocationUpdate] { updates.withLock { $0 } }
}
