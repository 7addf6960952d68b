import BackgroundWire
import Foundation

/// Background fetch, the app's side.
extension Application {
    /// Asks the system to fetch the app in the background no more often than `interval`; the
    /// default is `BackgroundFetchInterval/never`. Needs `fetch` in `UIBackgroundModes`.
    /// When the fetches come is the system's choice: see `FetchScheduler`.
    public func setMinimumBackgroundFetchInterval(_ interval: BackgroundFetchInterval) {
        system?.setBackgroundFetchInterval(interval)
    }

    /// The earliest date the system may fetch the app next; nil when it will not fetch it.
    public var nextEarliestBackgroundFetch: Date? {
        system?.nextEarliestFetchDate
    }

    /// Whether the user lets the app refresh in the background.
    public var backgroundRefreshStatus: BackgroundRefreshStatus {
        guard let conditions = system?.conditions else { return .available }
        if conditions.isBackgroundAppRefreshRestricted { return .restricted }
        return conditions.allowsBackgroundRefresh ? .available : .denied
    }

    /// Whether Low Power Mode is on (`ProcessInfo.isLowPowerModeEnabled`; always false before
    /// iOS 9).
    public var isLowPowerModeEnabled: Bool {
        profile.hasLowPowerMode && system?.conditions.isLowPowerModeEnabled == true
    }

    /// How hot the device runs (`ProcessInfo.thermalState`; nominal before iOS 11).
    public var thermalState: ThermalState {
        profile.hasThermalState ? system?.conditions.thermalState ?? .nominal : .nominal
    }

    /// The device's wall-clock time now: what `Date()` returns on the device.
    public var date: Date {
        system?.date ?? Date()
    }

    func performFetch(completionHandler: @escaping BackgroundFetchCompletion) {
        guard let delegate else { return completionHandler(.failed) }
        delegate.application(self, performFetchWithCompletionHandler: completionHandler)
    }
}
