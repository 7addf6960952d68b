import BackgroundWire

extension Rule {
    /// The lock screen's Now Playing and remote commands
    /// (`SystemStateMachine+NowPlaying.swift`).
    public static let nowPlaying: [Rule] = [
        Rule(
            "remote-commands-go-to-the-now-playing-app",
            origin: .iOS(source: "Apple, WWDC 2022 session 110338 “Explore media metadata publishing and playback interactions”: to become the Now Playing app an app registers a handler for at least one remote command and plays through an audio session whose category does not mix with others; MPNowPlayingInfoCenter default(): it “holds Now Playing information for the app that’s designated to receive remote control events”"),
            test: "remoteCommandsGoOnlyToAnAppThatPlayedThroughASessionThatDoesNotMix"
        ) { profile in
            "The lock screen, Control Center and headsets send remote commands (\(Self.remoteCommandAPI(in: profile))) "
                + "only to the Now Playing app: the app that played audio through a session that does not mix with "
                + "others (not ambient, nor with mixWithOthers or duckOthers) and handles at least one remote command; "
                + "playing through a session that mixes ends it. Any other app gets no command, and Backgrounder says why."
        },
        Rule(
            "remote-commands-need-a-handler",
            origin: .iOS(source: "Apple, MPRemoteCommand: “When an accessory or iOS user interface generates a remote control event, the system notifies the corresponding command object … That command object executes any attached handlers”; “To respond to a particular event, register a handler with the appropriate MPRemoteCommand object”"),
            test: "aCommandWithoutAHandlerIsNotDelivered"
        ) { _ in
            "A command is offered only if the app added a handler for it: the lock screen (and MPRIS's CanGoNext, "
                + "CanSeek, …) offer those commands and no others, and a command without a handler is not delivered."
        },
        Rule(
            "a-remote-command-wakes-the-now-playing-app",
            origin: .model(reason: "Apple documents that the lock screen controls the Now Playing app in the background, not how a Now Playing app that paused and was suspended gets the command; Backgrounder resumes it in the background for the handler, as for other events"),
            test: "aRemoteCommandWakesASuspendedNowPlayingAppAndRunsItsHandler"
        ) { _ in
            "A remote command to a suspended Now Playing app resumes it in the background to run its handler; if the "
                + "handler plays, the audio keeps the app running, otherwise it is suspended again once the handler returns."
        },
        Rule(
            "the-system-counts-the-elapsed-time",
            eras: 5...PolicyProfile.supportedVersions.upperBound,
            origin: .iOS(source: "Apple, MPNowPlayingInfoPropertyElapsedPlaybackTime: “Elapsed time is automatically calculated, by the system, from the previously provided elapsed time and the playback rate. It isn’t necessary to update this property frequently”"),
            test: "theNowPlayingInfoOutlivesSuspensionCountsOnAndGoesWithTheApp"
        ) { _ in
            "The lock screen shows the now-playing info the app last set (MPNowPlayingInfoCenter, iOS 5 and later), "
                + "also while the app is suspended, and counts the position on from its elapsed time at its rate; the app "
                + "sets it again when playback starts, pauses, seeks or changes item."
        },
        Rule(
            "now-playing-ends-with-the-app",
            origin: .model(reason: "on a device the lock screen may go on showing the last Now Playing app after it ends, and relaunch it for play; Backgrounder runs one app and no media server of its own, so the app's Now Playing ends with its process"),
            test: "theNowPlayingInfoOutlivesSuspensionCountsOnAndGoesWithTheApp"
        ) { _ in
            "When the app's process ends, it is no longer the Now Playing app: its info and commands go, and remote "
                + "commands are refused until it plays again."
        },
    ]

    /// How the app receives remote commands in `profile`'s era.
    private static func remoteCommandAPI(in profile: PolicyProfile) -> String {
        profile.iOSVersion < 8
            ? "beginReceivingRemoteControlEvents and remoteControlReceived(with:)"
            : "MPRemoteCommandCenter's handlers"
    }
}
