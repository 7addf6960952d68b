/// The device's conditions that background work depends on, which a test or the user sets:
/// power, the battery's charge, network, the screen lock, Low Power Mode, heat, Settings ▸
/// General ▸ Background App Refresh (all apps' switch and the app's), and Focus.
public struct DeviceConditions: Sendable, Equatable, Codable {
    /// Whether the device is connected to external power (`requiresExternalPower`).
    public var isOnExternalPower = false
    /// The battery's charge in percent, 0 to 100 (`UIDevice.batteryLevel` × 100): below
    /// ``criticalBatteryLevel``, on battery power, background fetches and tasks wait.
    public var batteryLevel = 100
    /// Whether the device has a network connection (`requiresNetworkConnectivity`).
    public var hasNetworkConnectivity = true
    /// The user's Background App Refresh switch: when off, the system neither fetches the app
    /// nor runs its background tasks, and `BGTaskScheduler.submit` throws `.unavailable`.
    public var isBackgroundAppRefreshEnabled = true
    /// Background App Refresh is restricted (parental controls, a device profile): as if off,
    /// and the app reads `.restricted`.
    public var isBackgroundAppRefreshRestricted = false
    /// The app's own switch under Settings ▸ General ▸ Background App Refresh: off, the app is
    /// treated as with the switch of all apps off, and reads `.denied`.
    public var isBackgroundAppRefreshEnabledForApp = true
    /// Whether a Focus is on (iOS 15 and later; Do Not Disturb before): notifications that are
    /// not time sensitive or critical are held quietly in Notification Center.
    public var isFocusOn = false
    /// Whether the screen is locked: the device is idle, when processing tasks run.
    public var isScreenLocked = false
    /// Low Power Mode (iOS 9 and later): background fetches and tasks wait.
    public var isLowPowerModeEnabled = false
    /// How hot the device runs (iOS 11 and later).
    public var thermalState = ThermalState.nominal

    public init(
        isOnExternalPower: Bool = false, hasNetworkConnectivity: Bool = true, isBackgroundAppRefreshEnabled: Bool = true
    ) {
        self.isOnExternalPower = isOnExternalPower
        self.hasNetworkConnectivity = hasNetworkConnectivity
        self.isBackgroundAppRefreshEnabled = isBackgroundAppRefreshEnabled
    }

    /// Whether the system may refresh the app in the background at all.
    package var allowsBackgroundRefresh: Bool {
        isBackgroundAppRefreshEnabled && isBackgroundAppRefreshEnabledForApp && !isBackgroundAppRefreshRestricted
    }

    /// The charge below which the battery is critically low: 20 % (WWDC 2020, "Background
    /// execution demystified").
    public static let criticalBatteryLevel = 20

    /// Whether the battery is critically low and not charging: discretionary background work
    /// waits (Backgrounder's model of which work, rule critically-low-battery).
    var isBatteryCriticallyLow: Bool { !isOnExternalPower && batteryLevel < Self.criticalBatteryLevel }

    /// Whether background fetches and tasks wait for now: Low Power Mode, a hot device, or a
    /// critically low battery.
    package var defersBackgroundWork: Bool {
        isLowPowerModeEnabled || thermalState.defersBackgroundWork || isBatteryCriticallyLow
    }
}
