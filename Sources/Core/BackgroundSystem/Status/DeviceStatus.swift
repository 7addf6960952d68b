import BackgroundWire

/// The device's conditions, for `status`: `device`. Each value is the word the matching
/// `device …` command takes, or a number or a switch, so a script reads back what it set.
public struct DeviceStatus: Encodable, Sendable, Equatable {
    /// `external` (plugged in) or `battery`: `device power`.
    public var power: String
    /// The battery's charge in percent, 0 to 100: `device battery`.
    public var batteryLevel: Int
    /// Whether Low Power Mode is on (iOS 9 and later): `device low-power`.
    public var lowPowerMode: Bool
    /// `nominal`, `fair`, `serious` or `critical` (iOS 11 and later): `device thermal`.
    public var thermalState: ThermalState
    /// `online` or `offline`: `device network`.
    public var network: String
    /// Settings ▸ General ▸ Background App Refresh: `on`, `off` or `restricted`:
    /// `device background-refresh`.
    public var backgroundAppRefresh: String
    /// The app's own switch under Settings ▸ General ▸ Background App Refresh, `on` or `off`:
    /// `device background-refresh-app`.
    public var backgroundAppRefreshForApp: String
    /// Whether a Focus is on: `device focus`.
    public var focus: Bool
    /// Whether the screen is locked: `device lock`, `device unlock`, `device reboot`.
    public var locked: Bool
    /// Whether the device has been unlocked since it booted: false from `device reboot` until
    /// `device unlock`, while even files of class completeUntilFirstUserAuthentication cannot be
    /// read.
    public var unlockedSinceBoot: Bool

    /// The status of `conditions`, with whether the device has been unlocked since it booted.
    init(_ conditions: DeviceConditions, unlockedSinceBoot: Bool) {
        power = conditions.isOnExternalPower ? "external" : "battery"
        batteryLevel = conditions.batteryLevel
        lowPowerMode = conditions.isLowPowerModeEnabled
        thermalState = conditions.thermalState
        network = conditions.hasNetworkConnectivity ? "online" : "offline"
        backgroundAppRefresh = conditions.isBackgroundAppRefreshRestricted
            ? "restricted" : conditions.isBackgroundAppRefreshEnabled ? "on" : "off"
        backgroundAppRefreshForApp = conditions.isBackgroundAppRefreshEnabledForApp ? "on" : "off"
        focus = conditions.isFocusOn
        locked = conditions.isScreenLocked
        self.unlockedSinceBoot = unlockedSinceBoot
    }
}
