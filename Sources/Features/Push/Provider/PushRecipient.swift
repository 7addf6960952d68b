import BackgroundRuntime

/// What the gateway knows of the app a request is for: its bundle identifier and which of
/// its tokens are live.
public struct PushRecipient: Sendable {
    public let bundleIdentifier: String
    /// What `token` is good for now; nil for a token the device does not know.
    public let use: @Sendable (PushToken) -> PushTokenUse?

    /// The app on `device`.
    public init(device: Device) {
        bundleIdentifier = device.infoPlist.bundleIdentifier
        use = { [weak device] token in device?.push.use(of: token) }
    }
}
