import BackgroundWire

/// Something on the system's side that keeps the app running in the background: audio being
/// played, location updates being delivered, an event being handled after a wake-up.
public struct BackgroundActivity: Sendable, Equatable {
    /// What keeps the app running.
    public enum Kind: Sendable, Equatable {
        /// Work a background mode allows for as long as it lasts; it keeps the app running only
        /// if the Info.plist declares the mode.
        case mode(BackgroundMode)
        /// An event the system woke or launched the app to handle (a fetch, socket data, a
        /// finished download); it lasts until the app has handled it.
        case event
    }

    public let kind: Kind
    /// What the activity is, for the console and `status` ("Playing IronBacon.mp3").
    public let name: String

    public init(kind: Kind, name: String) {
        self.kind = kind
        self.name = name
    }
}
