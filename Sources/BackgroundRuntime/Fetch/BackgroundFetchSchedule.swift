import Foundation

/// The system's background fetch schedule for the app, read when asked — also while the app is
/// suspended, when the app itself cannot look. A screen puts it in its snapshot so that
/// `status` reports the schedule as it is now, not as it was when the screen last drew.
public struct BackgroundFetchSchedule: Sendable {
    private weak var device: Device?

    init(device: Device?) {
        self.device = device
    }

    /// The earliest date the system may fetch the app next; nil when it will not fetch it.
    public var nextEarliestFetch: Date? { device?.nextEarliestFetchDate }
}
