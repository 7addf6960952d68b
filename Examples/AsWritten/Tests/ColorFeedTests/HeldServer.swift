@testable import ColorFeed
import Foundation
import Synchronization

/// A server that answers only once the test releases it: until then a fetch waits, and stops
/// when its operation is cancelled.
final class HeldServer: Server {
    private let released = Mutex(false)

    func release() {
        released.withLock { $0 = true }
    }

    func fetchLatestEntries(isCancelled: () -> Bool) -> [String]? {
        while !isCancelled() {
            if released.withLock({ $0 }) { return ["cyan"] }
            Thread.sleep(forTimeInterval: 0.001)
        }
        return nil
    }
}
