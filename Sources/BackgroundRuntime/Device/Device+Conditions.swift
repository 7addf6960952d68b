/// Setting the device's power, network and Background App Refresh switch; the rules are in
/// `SystemStateMachine+Conditions.swift`.
extension Device {
    /// The device's conditions now.
    public var conditions: DeviceConditions { read(\.conditions) }

    /// Plugs the device in, or unplugs it.
    public func setExternalPower(_ connected: Bool) {
        change(\.isOnExternalPower, to: connected, "Power: \(connected ? "connected to external power" : "on battery")")
    }

    /// Brings the network up or down.
    public func setNetworkConnectivity(_ connected: Bool) {
        change(\.hasNetworkConnectivity, to: connected, "Network: \(connected ? "online" : "offline")")
    }

    /// The user turns Background App Refresh on or off in Settings.
    public func setBackgroundAppRefresh(enabled: Bool) {
        change(\.isBackgroundAppRefreshEnabled, to: enabled, "Background App Refresh: \(enabled ? "on" : "off")")
    }

    private func change(_ condition: WritableKeyPath<DeviceConditions, Bool>, to value: Bool, _ message: String) {
        handle { $0.setCondition(condition, to: value, message, at: $1) }
        settle()
    }
}
