import BackgroundRuntime

/// What ``ForgetfulApp``'s screen shows.
public struct ForgetfulSnapshot: ScreenSnapshot, Decodable {
    /// How many times the app went to the background.
    public let backgroundings: Int
}

extension ScreenKey where Snapshot == ForgetfulSnapshot {
    /// ForgetfulApp's screen: a key the web UI has no renderer for.
    public static let forgetful = ScreenKey("forgetful")
}
