import BackgroundWire
import Foundation

/// Background fetch from outside the app — the interval the app set, the system's schedule,
/// Xcode's Simulate Background Fetch — reached as ``Device/backgroundFetch``; the rules are in
/// `SystemStateMachine+BackgroundFetch.swift`.
///
/// A view of the device: it holds the device and keeps nothing of its own.
public struct DeviceBackgroundFetch: Sendable {
    let device: Device

    /// Xcode's Debug ▸ Simulate Background Fetch: the app is sent to the background (launched
    /// into it if it is not running) and fetched now, whatever the schedule says.
    public func simulate() {
        device.handle { $0.simulateBackgroundFetch(at: $1) }
        device.settle()
    }

    /// The interval the app last set with `Application/setMinimumBackgroundFetchInterval(_:)`.
    public var interval: BackgroundFetchInterval { device.read(\.fetch.interval) }

    /// When the system plans to fetch next, as device time; nil when no fetch is planned.
    public var plannedFetch: Duration? { device.read { $0.fetch.plan?.deadline } }

    /// What the fetch scheduler has learned so far.
    public var scheduler: FetchScheduler { device.read(\.fetch.scheduler) }

    /// The earliest date of the next fetch; nil when the system will not fetch the app.
    public var nextEarliestFetchDate: Date? { device.read(\.nextEarliestFetchDate) }

    /// Calls `handler` now with the earliest date of the next fetch, and again whenever it
    /// changes (after a fetch, a new interval, Background App Refresh switched): for a
    /// service that shows the schedule while the app is suspended.
    @discardableResult
    public func observeSchedule(_ handler: @escaping @Sendable (Date?) -> Void) -> Int {
        let id = device.observers.fetchSchedule.add(handler)
        handler(nextEarliestFetchDate)
        return id
    }
}
