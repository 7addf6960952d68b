import BackgroundCommands
import BackgroundRuntime

extension TheBackgrounderCommands {
    /// The lock screen's Now Playing controls, which also stand for Control Center's and a
    /// headset's buttons.
    static let nowPlaying: [Command] = [
        Command(
            "remote", arguments: "play|pause|toggle|stop|next|previous|seek SECONDS", arity: 1...2,
            help: "Tap a Now Playing control on the lock screen (or Control Center, or a headset's button): the Now "
                + "Playing app's remote command handler runs, and a suspended app is woken for it. An app that has not "
                + "played audio gets nothing. seek SECONDS moves to that position of the track."
        ) { backgrounder, arguments throws(CommandError) in
            let action = try arguments.value(0, as: RemoteCommandAction.self)
            guard (action == .seek) == (arguments.count == 2) else {
                throw arguments.failure(action == .seek ? "seek needs the position in SECONDS" : "\(action.rawValue) takes no more words")
            }
            let command: RemoteCommand =
                switch action {
                case .play: .play
                case .pause: .pause
                case .toggle: .togglePlayPause
                case .stop: .stop
                case .next: .nextTrack
                case .previous: .previousTrack
                case .seek: .changePlaybackPosition(try arguments.value(1, as: WaitTime.self, named: "position").duration)
                }
            if case .refused(let reason) = backgrounder.device.sendRemoteCommand(command, from: "the lock screen") {
                throw arguments.failure(reason)
            }
            return .done
        },
    ]
}
