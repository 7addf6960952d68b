import BackgroundWire

/// Now Playing and remote commands: the app that played audio through a session that does not
/// mix, and handles remote commands, is the Now Playing app; the lock screen shows its info
/// and sends it the commands, waking it if it is suspended (WWDC 2022 session 110338
/// “Explore media metadata publishing and playback interactions”; `MPNowPlayingInfoCenter`;
/// `MPRemoteCommandCenter`).
extension SystemStateMachine {
    /// The app set its now-playing info (nil: nothing plays).
    mutating func setNowPlayingInfo(_ info: NowPlayingInfo?, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        if appState != .notRunning {
            nowPlaying.info = info
            nowPlaying.infoTime = now
            publishNowPlaying()
        }
        return finish()
    }

    /// The app's remote command handlers changed: these commands have one.
    mutating func setRemoteCommands(_ commands: Set<RemoteCommandKind>, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        if appState != .notRunning, nowPlaying.commands != commands {
            nowPlaying.commands = commands
            publishNowPlaying()
        }
        return finish()
    }

    /// The app's audio started playing; through a session that does not mix with others it
    /// makes the app eligible to be the Now Playing app, through one that mixes it stops being it.
    mutating func audioStartedPlaying(mixesWithOthers: Bool, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        if appState != .notRunning, nowPlaying.playedAudio == mixesWithOthers {
            if mixesWithOthers, nowPlaying.isNowPlayingApp {
                log("\(infoPlist.bundleName) is no longer the Now Playing app: it plays through a session that mixes with others")
            }
            nowPlaying.playedAudio = !mixesWithOthers
            publishNowPlaying()
        }
        return finish()
    }

    /// The user sent `command` from `source` (the lock screen, MPRIS): delivered to the Now
    /// Playing app's handler, waking it if it is suspended, or refused with the reason.
    mutating func sendRemoteCommand(_ command: RemoteCommand, from source: String, at moment: Moment) -> (RemoteCommandDelivery, [SystemEffect]) {
        begin(moment)
        let name = infoPlist.bundleName
        let refusal: String? =
            if appState == .notRunning {
                "\(name) is not running"
            } else if !nowPlaying.playedAudio {
                "\(name) is not the Now Playing app: it has not played audio through a session that does not mix with others"
            } else if nowPlaying.commands.isEmpty {
                "\(name) is not the Now Playing app: it handles no remote command"
            } else if !nowPlaying.commands.contains(command.kind) {
                "\(name) has no handler for \(command.kind.rawValue)"
            } else {
                nil
            }
        if let refusal {
            log("Remote command \(command) from \(source) not delivered: \(refusal)")
            return (.refused(reason: refusal), finish())
        }
        log("Remote command \(command) from \(source)")
        _ = wake(for: "remote command \(command)") { .remoteCommand(command, endingActivity: $0) }
        return (.delivered, finish())
    }

    /// The lock screen's view of Now Playing now.
    var nowPlayingSnapshot: NowPlayingSnapshot {
        NowPlayingSnapshot(
            isNowPlayingApp: nowPlaying.isNowPlayingApp, info: nowPlaying.info, infoTime: nowPlaying.infoTime,
            commands: nowPlaying.commands.sorted(), locked: conditions.isScreenLocked)
    }

    /// Tells `status` and the Now Playing observers (MPRIS) what the lock screen shows.
    mutating func publishNowPlaying() {
        nowPlaying.isPublished = true
        markChanged()
        emit(.publishNowPlaying(nowPlayingSnapshot))
    }

    /// The app's process ended: it is no longer the Now Playing app, and its info goes.
    mutating func endNowPlaying() {
        let wasPublished = nowPlaying.isPublished
        nowPlaying = NowPlayingState()
        if wasPublished { publishNowPlaying() }
    }
}
