import BackgroundSystem
import BackgroundWire

/// Exponential backoff with full jitter: retry `n` (from 0) waits a random time between zero
/// and `min(cap, base × 2ⁿ)`, so that many clients cut off at once do not come back at once.
public struct ReconnectBackoff: Sendable, Equatable {
    /// The ceiling of the first retry's delay.
    public var base: Duration
    /// The largest ceiling.
    public var cap: Duration

    public init(base: Duration = .seconds(1), cap: Duration = .seconds(60)) {
        precondition(base > .zero && cap >= base, "backoff needs 0 < base <= cap")
        self.base = base
        self.cap = cap
    }

    /// The longest delay retry `attempt` (from 0) may wait.
    public func ceiling(forAttempt attempt: Int) -> Duration {
        let doublings = max(0, min(attempt, 62))
        let (product, overflow) = base.nanoseconds.multipliedReportingOverflow(by: Int64(1) << doublings)
        return overflow ? cap : min(cap, .nanoseconds(product))
    }

    /// The delay before retry `attempt` (from 0), drawn from `generator`.
    public func delay(forAttempt attempt: Int, using generator: inout some RandomNumberGenerator) -> Duration {
        .nanoseconds(Int64.random(in: 0...ceiling(forAttempt: attempt).nanoseconds, using: &generator))
    }
}
