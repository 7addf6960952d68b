import BackgroundWire

/// What became of a remote command the user sent: delivered to the app's handler, or not,
/// and why.
public enum RemoteCommandDelivery: Sendable, Equatable {
    /// The app's handler runs (the app was woken first if it was suspended).
    case delivered
    /// The app gets nothing: it is not the Now Playing app, it has no handler for the command,
    /// or it is not running.
    case refused(reason: String)
}
