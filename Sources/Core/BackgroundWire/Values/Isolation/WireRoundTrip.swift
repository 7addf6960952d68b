import Synchronization

/// What the process boundary does to a value — its encoding in the wire's binary form, then the
/// decoding of those bytes — done in one process: the coding link of a ``TestDevice``, through
/// which every delivery, call and answer of the tests passes, so that the codec the default mode
/// (`--isolation process`) depends on is exercised by every test. It counts the values that
/// crossed, as a test's measure of what would cross between two processes.
package final class WireRoundTrip: Sendable {
    private let crossings = Atomic<Int>(0)

    /// How many values crossed so far.
    package var crossed: Int { crossings.load(ordering: .relaxed) }

    /// `value` as the other process would read it. A value that does not survive the trip is a
    /// bug of the link's own types: it stops the test that sent it.
    package func cross<T: Codable>(_ value: T) -> T {
        crossings.add(1, ordering: .relaxed)
        do {
            return try WireDecoder().decode(T.self, from: WireEncoder().encode(value))
        } catch {
            preconditionFailure("\(T.self) did not cross the wire: \(error)\n\(value)")
        }
    }

    package init() {
    }
}
