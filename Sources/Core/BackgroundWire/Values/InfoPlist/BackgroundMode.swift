/// A value of `UIBackgroundModes` in Info.plist that iOS knows: the reasons an app may run in the
/// background (Apple, Information Property List, UIBackgroundModes).
public enum BackgroundMode: String, Sendable, Codable, CaseIterable {
    /// Playing audio ("App plays audio or streams audio/video using AirPlay").
    case audio
    /// Receiving location updates ("App registers for location updates").
    case location
    /// Keeping VoIP sockets alive ("App provides Voice over IP services").
    case voip
    /// Downloading Newsstand issues ("Newsstand downloads").
    case newsstandContent = "newsstand-content"
    /// Signing in to captive Wi-Fi networks (`NEHotspotHelper`).
    case networkAuthentication = "network-authentication"
    /// Talking to an accessory.
    case externalAccessory = "external-accessory"
    /// Acting as a Bluetooth LE central.
    case bluetoothCentral = "bluetooth-central"
    /// Acting as a Bluetooth LE peripheral.
    case bluetoothPeripheral = "bluetooth-peripheral"
    /// Background fetch ("Background fetch"), and `BGAppRefreshTask`.
    case fetch
    /// Silent remote notifications.
    case remoteNotification = "remote-notification"
    /// `BGProcessingTask`.
    case processing
    /// Push to Talk.
    case pushToTalk = "push-to-talk"
    /// Nearby Interaction.
    case nearbyInteraction = "nearby-interaction"
}
