import BackgroundWire

/// The device's conditions as a test or the user sets them — power, the battery, network, the
/// screen lock, a restart, Low Power Mode, heat, Background App Refresh — reached as
/// ``Device/conditions``; the rules are in `SystemStateMachine+Conditions.swift`.
///
/// A view of the device: it holds the device and keeps nothing of its own.
public struct DeviceConditionControls: Sendable {
    let device: Device

    /// The device's conditions now.
    public var current: DeviceConditions { device.read(\.conditions) }

    /// Plugs the device in, or unplugs it.
    public func setExternalPower(_ connected: Bool) {
        change(\.isOnExternalPower, to: connected, "Power: \(connected ? "connected to external power" : "on battery")")
    }

    /// The battery's charge becomes `level` percent, 0 to 100: below 20 %, on battery power,
    /// background fetches and tasks wait (rule critically-low-battery).
    ///
    /// - Precondition: `level` is 0 to 100; `device battery` refuses any other word by name.
    public func setBatteryLevel(_ level: Int) {
        precondition((0...100).contains(level), "a battery level is 0 to 100 percent, not \(level)")
        let critical = level < DeviceConditions.criticalBatteryLevel
            ? " (critically low: on battery power, background fetches and tasks wait)" : ""
        change(\.batteryLevel, to: level, "Battery: \(level) %\(critical)")
    }

    /// Brings the network up or down.
    public func setNetworkConnectivity(_ connected: Bool) {
        change(\.hasNetworkConnectivity, to: connected, "Network: \(connected ? "online" : "offline")")
    }

    /// The user turns Background App Refresh on or off in Settings.
    public func setBackgroundAppRefresh(enabled: Bool) {
        change(
            \.isBackgroundAppRefreshEnabled, to: enabled, "Background App Refresh: \(enabled ? "on" : "off")",
            notice: .backgroundRefreshStatusDidChange)
    }

    /// The user turns the app's own switch under Settings ▸ General ▸ Background App Refresh on
    /// or off: off, the app is refreshed as little as with the switch of all apps off.
    public func setBackgroundAppRefreshForApp(enabled: Bool) {
        change(
            \.isBackgroundAppRefreshEnabledForApp, to: enabled,
            "Background App Refresh for \(device.infoPlist.bundleName): \(enabled ? "on" : "off")",
            notice: .backgroundRefreshStatusDidChange)
    }

    /// The user turns a Focus on or off (Do Not Disturb before iOS 15): while it is on,
    /// notifications that are neither time sensitive nor critical are held quietly in
    /// Notification Center (rule focus-holds-notifications).
    public func setFocus(_ on: Bool) {
        change(\.isFocusOn, to: on, "Focus: \(on ? "on" : "off")")
    }

    /// Background App Refresh becomes restricted (parental controls, a profile), or not.
    public func setBackgroundAppRefresh(restricted: Bool) {
        change(
            \.isBackgroundAppRefreshRestricted, to: restricted,
            "Background App Refresh: \(restricted ? "restricted" : "no longer restricted")",
            notice: .backgroundRefreshStatusDidChange)
    }

    /// The user turns Low Power Mode on or off (iOS 9 and later).
    public func setLowPowerMode(_ enabled: Bool) {
        change(\.isLowPowerModeEnabled, to: enabled, "Low Power Mode: \(enabled ? "on" : "off")", notice: .powerStateDidChange)
    }

    /// The device heats up or cools down (iOS 11 and later).
    public func setThermalState(_ state: ThermalState) {
        change(\.thermalState, to: state, "Thermal state: \(state.rawValue)", notice: .thermalStateDidChange)
    }

    /// The side button: the screen locks and an app on screen goes to the background; the
    /// device is idle, when processing tasks run.
    public func lockScreen() {
        device.handle { $0.lockScreen(at: $1) }
        device.settle()
    }

    /// The user unlocks the screen; processing tasks that were running expire.
    public func unlockScreen() {
        device.handle { $0.unlockScreen(at: $1) }
        device.settle()
    }

    /// The device restarts: the app is ended, and the device comes back locked and not unlocked
    /// since it booted, so until ``unlockScreen()`` even files of class
    /// completeUntilFirstUserAuthentication cannot be read (rule protected-data-before-first-unlock).
    public func restart() {
        device.handle { $0.restart(at: $1) }
        device.settle()
    }

    private func change<Value: Equatable>(
        _ condition: WritableKeyPath<DeviceConditions, Value>, to value: Value, _ message: String,
        notice: SystemNotification? = nil
    ) {
        device.handle { $0.setCondition(condition, to: value, message, notice: notice, at: $1) }
        device.settle()
    }
}
