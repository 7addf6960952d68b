/// The device's conditions that background work depends on, which a test or the user sets:
/// power, network, and Settings ▸ General ▸ Background App Refresh.
public struct DeviceConditions: Sendable, Equatable, Codable {
    /// Whether the device is connected to external power (`requiresExternalPower`).
    public var isOnExternalPower = false
    /// Whether the device has a network connection (`requiresNetworkConnectivity`).
    public var hasNetworkConnectivity = true
    /// The user's Background App Refresh switch: when off, the system neither fetches the app
    /// nor runs its background tasks, and `BGTaskScheduler.submit` throws `.unavailable`.
    public var isBackgroundAppRefreshEnabled = true

    public init(isOnExternalPower: Bool = false, hasNetworkConnectivity: Bool = true, isBackgroundAppRefreshEnabled: Bool = true) {
        self.isOnExternalPower = isOnExternalPower
        self.hasNetworkConnectivity = hasNetworkConnectivity
        self.isBackgroundAppRefreshEnabled = isBackgroundAppRefreshEnabled
    }
}
