import BackgroundWire

/// The app's two push tokens on this device: the remote-notification device token and the
/// PushKit VoIP token. They stay the same for a data directory until the device's privacy
/// settings are reset.
public struct PushTokens: Sendable, Equatable, Codable {
    public var device: PushToken
    public var voip: PushToken

    /// Two new random tokens.
    public static func random() -> PushTokens {
        PushTokens(device: .random(), voip: .random())
    }

    public init(device: PushToken, voip: PushToken) {
        self.device = device
        self.voip = voip
    }
}
