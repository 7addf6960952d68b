import BackgroundWire

extension ScreenKey where Snapshot == NowPlayingSnapshot {
    /// The lock screen's Now Playing, which the system publishes itself.
    public static let nowPlaying = ScreenKey("nowPlaying")
}
