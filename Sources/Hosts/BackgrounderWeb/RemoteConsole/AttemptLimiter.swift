import DequeModule

/// Counts failed pairing attempts per client address and refuses an address that failed
/// ``maxFailures`` times within ``window``, until the oldest of those failures is ``window`` old.
///
/// Times are the device's clock (`device.loop.now`), so tests on manual time move through a
/// window with `device.advance(by:)`. Memory is bounded: at most ``maxFailures`` times for each
/// of at most ``maxAddresses`` addresses. When that many addresses have recent failures, a new
/// address is refused too (fail closed) until some of them age out.
struct AttemptLimiter: Sendable {
    /// Failed attempts an address may make within ``window``.
    let maxFailures: Int
    /// How long a failure counts.
    let window: Duration
    /// Addresses tracked at once.
    let maxAddresses: Int
    private var failures: [String: Deque<Duration>] = [:]

    init(maxFailures: Int = 5, window: Duration = .seconds(60), maxAddresses: Int = 1_024) {
        precondition(maxFailures > 0 && maxAddresses > 0 && window > .zero)
        self.maxFailures = maxFailures
        self.window = window
        self.maxAddresses = maxAddresses
    }

    /// How long `address` must wait before it may try again; nil if it may try now.
    mutating func waitTime(for address: String, now: Duration) -> Duration? {
        forgetExpired(now: now)
        if let times = failures[address] {
            return times.count >= maxFailures ? times[0] + window - now : nil
        }
        return failures.count >= maxAddresses ? window : nil
    }

    /// Counts a failed attempt by `address`.
    mutating func recordFailure(by address: String, now: Duration) {
        forgetExpired(now: now)
        guard failures[address] != nil || failures.count < maxAddresses else { return }
        failures[address, default: []].append(now)
        if let count = failures[address]?.count, count > maxFailures { failures[address]?.removeFirst() }
    }

    /// How many addresses have failures that still count.
    var trackedAddresses: Int { failures.count }

    private mutating func forgetExpired(now: Duration) {
        for (address, var times) in failures {
            while let first = times.first, first + window <= now { times.removeFirst() }
            failures[address] = times.isEmpty ? nil : times
        }
    }
}
