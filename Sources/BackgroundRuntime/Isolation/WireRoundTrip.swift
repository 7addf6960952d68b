import BackgroundWire

/// What the process boundary does to a value — its encoding in the wire's binary form, then the
/// decoding of those bytes — done in one process: the coding link of a ``TestDevice``, through
/// which every delivery, call and answer of the tests passes, so that the codec the default mode
/// (`--isolation process`) depends on is exercised by every test.
struct WireRoundTrip: Sendable {
    /// `value` as the other process would read it. A value that does not survive the trip is a
    /// bug of the link's own types: it stops the test that sent it.
    func cross<T: Codable>(_ value: T) -> T {
        do {
            return try WireDecoder().decode(T.self, from: WireEncoder().encode(value))
        } catch {
            preconditionFailure("\(T.self) did not cross the wire: \(error)\n\(value)")
        }
    }
}
