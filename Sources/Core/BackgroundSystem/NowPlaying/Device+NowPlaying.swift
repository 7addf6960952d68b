import BackgroundWire

/// Now Playing and remote commands, as the system keeps them; the rules are in
/// `SystemStateMachine+NowPlaying.swift`.
extension Device {
    /// What the lock screen shows: the Now Playing app's info and commands.
    public var nowPlaying: NowPlayingSnapshot { read(\.nowPlayingSnapshot) }

    /// The user sends `command` from `source` (e.g. "the lock screen", "MPRIS"): the Now
    /// Playing app's handler runs, woken first if it is suspended. An app that is not the Now
    /// Playing app, or has no handler for the command, gets nothing, and the console says why.
    @discardableResult
    public func sendRemoteCommand(_ command: RemoteCommand, from source: String) -> RemoteCommandDelivery {
        let delivery = handle { $0.sendRemoteCommand(command, from: source, at: $1) }
        settle()
        return delivery
    }

    /// A service says the app's audio started playing, through a session that mixes with
    /// others' audio or not: only one that does not mix makes it the Now Playing app, and one
    /// that mixes ends it.
    public func audioStartedPlaying(mixesWithOthers: Bool) {
        handle { $0.audioStartedPlaying(mixesWithOthers: mixesWithOthers, at: $1) }
    }
}
