import BackgroundRuntime

/// One delivery of a remote command to its handler (`MPRemoteCommandEvent`).
@preconcurrency @AppMain
public class MPRemoteCommandEvent {
    /// The command delivered.
    public let command: MPRemoteCommand

    init(command: MPRemoteCommand) {
        self.command = command
    }

    /// The event for the runtime's `delivered` command, of `command`'s kind.
    static func make(_ delivered: RemoteCommand, for command: MPRemoteCommand) -> MPRemoteCommandEvent {
        if case .changePlaybackPosition(let position) = delivered {
            return MPChangePlaybackPositionCommandEvent(command: command, positionTime: position.seconds)
        }
        return MPRemoteCommandEvent(command: command)
    }
}
