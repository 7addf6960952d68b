import BackgroundWire

/// What a token the device knows is good for now.
public enum PushTokenUse: Sendable, Equatable {
    /// The device token of an app registered for remote notifications.
    case remoteNotifications
    /// The VoIP token of an app registered for PushKit VoIP pushes.
    case voip
    /// One of the app's tokens, but the app is not registered for its pushes.
    case unregistered
}
