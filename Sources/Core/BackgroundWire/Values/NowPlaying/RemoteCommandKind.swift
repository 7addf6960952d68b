/// The remote commands an app can handle, each one `MPRemoteCommandCenter` command.
public enum RemoteCommandKind: String, Sendable, Codable, CaseIterable, Comparable {
    /// `playCommand`.
    case play
    /// `pauseCommand`.
    case pause
    /// `togglePlayPauseCommand`: a headset's button.
    case togglePlayPause
    /// `stopCommand`.
    case stop
    /// `nextTrackCommand`.
    case nextTrack
    /// `previousTrackCommand`.
    case previousTrack
    /// `changePlaybackPositionCommand`: the lock screen's scrubber.
    case changePlaybackPosition

    public static func < (lhs: RemoteCommandKind, rhs: RemoteCommandKind) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
