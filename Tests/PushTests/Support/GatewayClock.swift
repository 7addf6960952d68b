import Foundation
import Synchronization

/// The gateway's clock in a test: the wall clock, moved ahead by what the test says, so that a
/// provider library's fresh token can be judged as an hour later would judge it.
final class GatewayClock: Sendable {
    private let offset = Mutex<TimeInterval>(0)

    /// Now, on the gateway's clock.
    func now() -> Date { Date().addingTimeInterval(offset.withLock { $0 }) }

    /// Moves the gateway's clock `seconds` ahead of the wall clock.
    func runAhead(by seconds: TimeInterval) {
        offset.withLock { $0 = seconds }
    }
}
