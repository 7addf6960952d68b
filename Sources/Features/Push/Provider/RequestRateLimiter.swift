import Foundation
import Synchronization

/// APNs's `TooManyRequests`: at most `limit` requests a second to one device token. Backgrounder's
/// model: Apple names the error (“too many requests were made consecutively to the same device
/// token”) but no number.
final class RequestRateLimiter: Sendable {
    let limit: Int
    private let windows = Mutex<[String: (start: Date, count: Int)]>([:])

    init(limit: Int) {
        self.limit = limit
    }

    /// Counts a request to `token` at `now`; false when it is over the limit. Only tokens the
    /// device knows are counted, so the table stays as small as the app's tokens.
    func admit(_ token: String, now: Date) -> Bool {
        windows.withLock { windows in
            var window = windows[token] ?? (now, 0)
            if now.timeIntervalSince(window.start) >= 1 { window = (now, 0) }
            window.count += 1
            windows[token] = window
            return window.count <= limit
        }
    }
}
