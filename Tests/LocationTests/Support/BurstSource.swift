import BackgroundPlatform
import Foundation
@testable import Location
@testable import LocationSystem
@testable import LocationWire
import Synchronization

/// A location source that sends fixes only when the test says, as many at once as it likes: a
/// receiver that floods faster than the app takes them.
final class BurstSource: LocationSource, Sendable {
    let name = "Burst"
    private let sink = Mutex<ClosureBox<Location>?>(nil)
    private let holdCalls = Mutex<[Bool]>([])

    /// What the service asked of ``hold(_:)``, in order.
    var holds: [Bool] { holdCalls.withLock { $0 } }

    func start(interval: Duration, sink: @escaping @Sendable (Location) -> Void) {
        self.sink.withLock { $0 = ClosureBox(sink) }
    }

    func setInterval(_ interval: Duration) {}

    func stop() {
        sink.withLock { $0 = nil }
    }

    func hold(_ isHeld: Bool) {
        holdCalls.withLock { $0.append(isHeld) }
    }

    /// Sends `count` fixes a metre apart going north, on the caller's thread, numbered from
    /// `first`; fix `i` has latitude 37 + i × 1e-5 and is `i` seconds after the epoch.
    func send(_ count: Int, from first: Int = 0) {
        guard let sink = sink.withLock({ $0 }) else { return }
        for index in first..<first + count {
            sink(Location(
                coordinate: Coordinate(latitude: 37 + Double(index) * 1e-5, longitude: -122), altitude: 0,
                horizontalAccuracy: 5, verticalAccuracy: 5, speed: 1, course: 0,
                timestamp: Date(timeIntervalSince1970: Double(index))))
        }
    }
}
