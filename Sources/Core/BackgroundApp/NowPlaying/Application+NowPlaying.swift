import BackgroundWire

/// Now Playing and remote commands, as the app uses them (the MediaPlayer framework's
/// `MPNowPlayingInfoCenter` and `MPRemoteCommandCenter`).
extension Application {
    /// The app's remote command handlers, made on first use.
    public var remoteCommandCenter: RemoteCommandCenter {
        if let center = remoteCommandCenterStorage { return center }
        let center = RemoteCommandCenter(system: system)
        remoteCommandCenterStorage = center
        return center
    }

    /// What the app says it plays, made on first use.
    public var nowPlayingInfoCenter: NowPlayingInfoCenter {
        if let center = nowPlayingInfoCenterStorage { return center }
        let center = NowPlayingInfoCenter(system: system)
        nowPlayingInfoCenterStorage = center
        return center
    }
}

extension Application {
    /// The system delivers `command`: the app's handlers run.
    func handleRemoteCommand(_ command: RemoteCommand) {
        remoteCommandCenterStorage?.handle(command) { [logger] line in logger.info("\(line)") }
    }
}
