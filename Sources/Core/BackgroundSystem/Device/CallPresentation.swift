import BackgroundWire

/// How an incoming phone call shows while the user is using the iPhone.
public enum CallPresentation: String, Sendable, Codable, CaseIterable {
    /// The incoming-call screen covers the app, which becomes inactive: every call before
    /// iOS 14, and from iOS 14 when the user chose Full Screen for incoming calls.
    case fullScreen = "full-screen"
    /// The banner of iOS 14 and later, the default while the iPhone is unlocked and in use: the
    /// app under it stays active.
    case banner
}
