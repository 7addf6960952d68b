import BackgroundRuntimeTesting

/// The condition a test waited for did not come in time.
struct TimedOut: Error, CustomStringConvertible {
    let what: String
    var description: String { "timed out waiting for \(what)" }
}

/// Runs `body`, failing with ``TimedOut`` if it takes longer than `timeout`: tests wait for a
/// condition, never for a fixed time. The timeout bounds a hang, not a speed (``hangBound``): on a
/// 2-core machine running the whole suite beside another load, a launch's first console line has
/// taken more than 10 s to reach a remote-console client.
func within<T: Sendable>(
    _ what: String, timeout: Duration = hangBound, _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: timeout)
            throw TimedOut(what: what)
        }
        defer { group.cancelAll() }
        return try await group.next()!
    }
}

/// Looks at `condition` with ``waitUntil`` until it holds, failing with ``TimedOut`` once the
/// hang bound has passed without it.
func until(_ what: String, _ condition: () async -> Bool) async throws {
    guard await waitUntil(condition) else { throw TimedOut(what: what) }
}
