import BackgroundWire

/// What a remote command handler answers (`MPRemoteCommandHandlerStatus`).
public enum RemoteCommandHandlerStatus: String, Sendable {
    case success
    /// There is nothing to play for the command (e.g. no next track).
    case noSuchContent
    /// Nothing is loaded to act on.
    case noActionableNowPlayingItem
    case commandFailed
}
