import BackgroundSystem
import BackgroundWire
import NewsstandWire

/// A download's failed attempts in a row, and whether to retry after the next: the count starts
/// again whenever an attempt wrote bytes; a refused connection before any byte has its own,
/// smaller limit (``TransferOptions/refusedRetryLimit``); each retry waits longer
/// (``TransferOptions/backoff(beforeRetry:)``).
struct RetryCounter: Sendable {
    private var failures = 0
    private var writtenAtLastFailure: Int64 = -1

    /// What follows a failed attempt.
    enum Decision: Equatable {
        /// Retry number `attempt` of `limit`, after `delay`.
        case retry(after: Duration, attempt: Int, of: Int)
        /// The retries ran out: the download fails with this error.
        case giveUp(TransferError)
    }

    /// An attempt failed with `error` when `written` bytes of the file were on disk.
    mutating func failed(_ error: TransferError, written: Int64, options: TransferOptions) -> Decision {
        if written > writtenAtLastFailure { failures = 0 }
        writtenAtLastFailure = written
        failures += 1
        let limit: Int
        if case .connectionRefused = error, written == 0 {
            limit = min(options.retryLimit, options.refusedRetryLimit)
        } else {
            limit = options.retryLimit
        }
        guard failures <= limit else { return .giveUp(.gaveUp(attempts: failures, last: error.description)) }
        return .retry(after: options.backoff(beforeRetry: failures), attempt: failures, of: limit)
    }
}
