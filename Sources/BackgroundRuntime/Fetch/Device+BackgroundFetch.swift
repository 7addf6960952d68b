import Foundation

/// Background fetch from outside the app; the rules are in
/// `SystemStateMachine+BackgroundFetch.swift`.
extension Device {
    /// Xcode's Debug ▸ Simulate Background Fetch: the app is sent to the background (launched
    /// into it if it is not running) and fetched now, whatever the schedule says.
    public func simulateBackgroundFetch() {
        handle { $0.simulateBackgroundFetch(at: $1) }
        settle()
    }

    /// The interval the app last set with ``Application/setMinimumBackgroundFetchInterval(_:)``.
    public var backgroundFetchInterval: BackgroundFetchInterval { read(\.fetch.interval) }

    /// When the system plans to fetch next, as device time; nil when no fetch is planned.
    public var plannedBackgroundFetch: Duration? { read { $0.fetch.plan?.deadline } }

    /// What the fetch scheduler has learned so far.
    public var fetchScheduler: FetchScheduler { read(\.fetch.scheduler) }

    /// The earliest date of the next fetch; nil when the system will not fetch the app.
    public var nextEarliestFetchDate: Date? { read(\.nextEarliestFetchDate) }

    /// Calls `handler` now with the earliest date of the next fetch, and again whenever it
    /// changes (after a fetch, a new interval, Background App Refresh switched): for a
    /// service that shows the schedule while the app is suspended.
    @discardableResult
    public func observeBackgroundFetchSchedule(_ handler: @escaping @Sendable (Date?) -> Void) -> Int {
        let id = observers.fetchSchedule.add(handler)
        handler(nextEarliestFetchDate)
        return id
    }
}
