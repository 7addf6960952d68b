/// Looks at `condition` until it holds; false once `timeout` of real time has passed (or the
/// test was cancelled) without it.
///
/// Between looks it sleeps with `Task.sleep`, so a waiting test holds none of the few threads
/// of Swift's cooperative pool that every other test needs too; the sleeps start at a
/// millisecond and double up to `longestPollInterval`, so that hundreds of tests waiting at
/// once on a 2-core machine do not take the CPU from the work they wait for (looking every 5 ms,
/// they made every test of the suite wait about as long as the whole run). The timeout bounds
/// a hang, not a speed (see ``hangBound``).
public func waitUntil(
    timeout: Duration = hangBound, _ condition: () async -> Bool
) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    var interval = Duration.milliseconds(1)
    while await !condition() {
        guard ContinuousClock.now < deadline, !Task.isCancelled else { return false }
        try? await Task.sleep(for: interval)
        interval = min(interval * 2, longestPollInterval)
    }
    return true
}

/// The longest a waiting test sleeps between two looks.
let longestPollInterval: Duration = .milliseconds(50)
