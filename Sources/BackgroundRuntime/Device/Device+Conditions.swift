/// Setting the device's power, network and Background App Refresh switch; background work
/// follows at once (a task that needs what was lost expires, waiting work may start).
extension Device {
    /// The device's conditions now.
    public var conditions: DeviceConditions { state.withLock { $0.conditions } }

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
        mutate { state in
            guard state.conditions[keyPath: condition] != value else { return }
            state.conditions[keyPath: condition] = value
            console.log(message)
            expireTasksLackingConditions(&state)
            planBackgroundFetch(&state)
            planTasks(&state)
        }
        settle()
    }
}
