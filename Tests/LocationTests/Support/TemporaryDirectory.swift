import Foundation
import TestSupport

enum TemporaryDirectory {
    /// A new, empty directory in the test's own temporary directory (see `.temporaryDirectory`).
    static func make() -> URL {
        TestTemporaryDirectory.make("location-tests")
    }
}
