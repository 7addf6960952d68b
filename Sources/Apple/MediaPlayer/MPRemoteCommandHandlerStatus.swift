import BackgroundRuntime

/// What a remote command's handler answers (`MPRemoteCommandHandlerStatus`), with Apple's values.
public enum MPRemoteCommandHandlerStatus: Int, Sendable {
    case success = 0
    /// There is nothing to play for the command.
    case noSuchContent = 100
    /// Nothing is loaded to act on.
    case noActionableNowPlayingItem = 110
    case commandFailed = 200

    /// The runtime's answer.
    var runtimeStatus: RemoteCommandHandlerStatus {
        switch self {
        case .success: .success
        case .noSuchContent: .noSuchContent
        case .noActionableNowPlayingItem: .noActionableNowPlayingItem
        case .commandFailed: .commandFailed
        }
    }
}
