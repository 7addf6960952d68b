/// Looks at `condition` every few milliseconds until it holds; false once `timeout` of real
/// time has passed (or the test was cancelled) without it.
///
/// Between looks it sleeps with `Task.sleep`, so a waiting test holds none of the few threads
/// of Swift's cooperative pool that every other test needs too.
public func waitUntil(
    timeout: Duration = .seconds(10), _ condition: () async -> Bool
) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while await !condition() {
        guard ContinuousClock.now < deadline, !Task.isCancelled else { return false }
        try? await Task.sleep(for: pollInterval)
    }
    return true
}

/// How long a waiting test sleeps between two looks.
let pollInterval: Duration = .milliseconds(5)
