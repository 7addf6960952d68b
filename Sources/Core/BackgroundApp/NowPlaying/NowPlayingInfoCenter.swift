import BackgroundWire

/// Where the app says what it plays (`MPNowPlayingInfoCenter.default()`); the system keeps it
/// and shows it while the app is suspended.
///
/// One per launch, from ``Application/nowPlayingInfoCenter``; a new launch starts with none.
@AppMain
public final class NowPlayingInfoCenter {
    private weak var system: AppRuntime?

    init(system: AppRuntime?) {
        self.system = system
    }

    /// What plays; nil for nothing. Set it again when playback starts, pauses, seeks or moves to
    /// another item: the system counts the position on from its `elapsed` at its `rate`.
    public var nowPlayingInfo: NowPlayingInfo? {
        didSet { system?.setNowPlayingInfo(nowPlayingInfo) }
    }
}
