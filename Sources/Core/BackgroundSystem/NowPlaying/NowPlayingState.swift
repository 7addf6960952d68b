import BackgroundWire

/// What the system holds of the app's Now Playing: its info, when it was set, its enabled
/// remote commands, and whether it became the Now Playing app. Cleared when the app ends.
struct NowPlayingState: Sendable, Equatable {
    var info: NowPlayingInfo?
    /// The device time the info was set, from which the position counts on.
    var infoTime: Duration = .zero
    var commands: Set<RemoteCommandKind> = []
    /// The app played audio through a session that does not mix with others, this launch.
    var playedAudio = false
    /// Whether anything was ever published, so that `status` shows the screen only once used.
    var isPublished = false

    /// Whether the app is the Now Playing app: it played audio through a session that does not
    /// mix, and it handles at least one remote command.
    var isNowPlayingApp: Bool { playedAudio && !commands.isEmpty }
}
