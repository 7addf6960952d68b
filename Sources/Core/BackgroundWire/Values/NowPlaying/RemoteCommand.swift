import Foundation

/// One remote command as the app's handler gets it (`MPRemoteCommandEvent`): a tap on the lock
/// screen or in Control Center, a headset's button, a car's controls — or, here, the desktop's
/// media controls over MPRIS.
public enum RemoteCommand: Sendable, Equatable, Codable, CustomStringConvertible {
    case play
    case pause
    case togglePlayPause
    case stop
    case nextTrack
    case previousTrack
    /// Move to `position` in the current item (`MPChangePlaybackPositionCommandEvent`).
    case changePlaybackPosition(Duration)

    /// The command center's command that handles it.
    public var kind: RemoteCommandKind {
        switch self {
        case .play: .play
        case .pause: .pause
        case .togglePlayPause: .togglePlayPause
        case .stop: .stop
        case .nextTrack: .nextTrack
        case .previousTrack: .previousTrack
        case .changePlaybackPosition: .changePlaybackPosition
        }
    }

    public var description: String {
        if case .changePlaybackPosition(let position) = self {
            return "changePlaybackPosition to \(String(format: "%.2f", position.seconds)) s"
        }
        return kind.rawValue
    }
}
