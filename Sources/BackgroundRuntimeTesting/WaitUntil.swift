/// Looks at `condition` every few milliseconds until it holds; false once `timeout` of real
/// time has passed (or the test was cancelled) without it.
///
/// Between looks it sleeps with `Task.sleep`, so a waiting test holds none of the few threads
/// of Swift's cooperative pool that every other test needs too. The timeout bounds a hang, not
/// a speed: on a 2-core machine running the whole suite at once, a loopback connection and the
/// app's answer to it have taken more than 10 s.
public func waitUntil(
    timeout: Duration = .seconds(60), _ condition: () async -> Bool
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
