import BackgroundWire

/// The lock screen's Now Playing, as the system shows it: whether the app is the Now Playing
/// app, what it said it plays, and which commands it handles. `status` shows it under
/// `screens.nowPlaying`.
public struct NowPlayingSnapshot: ScreenSnapshot, Equatable {
    /// Whether the app is the Now Playing app, which gets the remote commands.
    public var isNowPlayingApp: Bool
    /// What the app said it plays; nil for nothing.
    public var info: NowPlayingInfo?
    /// The device time the info was set.
    public var infoTime: Duration
    /// The commands the app handles, in `RemoteCommandKind` order.
    public var commands: [RemoteCommandKind]
    /// Whether the screen is locked: the lock screen shows the controls.
    public var locked: Bool

    public init(
        isNowPlayingApp: Bool = false, info: NowPlayingInfo? = nil, infoTime: Duration = .zero,
        commands: [RemoteCommandKind] = [], locked: Bool = false
    ) {
        self.isNowPlayingApp = isNowPlayingApp
        self.info = info
        self.infoTime = infoTime
        self.commands = commands
        self.locked = locked
    }

    /// Whether it plays now: there is info, and its rate is not zero.
    public var isPlaying: Bool { (info?.rate ?? 0) != 0 }

    /// The position at device time `now`: the info's elapsed time counted on at its rate,
    /// within the item's duration.
    public func position(at now: Duration) -> Duration {
        guard let info else { return .zero }
        var position = info.elapsed + (now - infoTime) * info.rate
        if let duration = info.duration { position = min(position, duration) }
        return max(position, .zero)
    }

    private enum CodingKeys: String, CodingKey {
        case nowPlayingApp, title, artist, albumTitle, duration, elapsed, rate, artwork, setAt, commands, locked
    }

    /// Every key is written, `null` for an absent value; times in seconds, `setAt` in device uptime.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(isNowPlayingApp, forKey: .nowPlayingApp)
        try container.encode(info?.title, forKey: .title)
        try container.encode(info?.artist, forKey: .artist)
        try container.encode(info?.albumTitle, forKey: .albumTitle)
        try container.encode(info?.duration?.seconds, forKey: .duration)
        try container.encode(info?.elapsed.seconds, forKey: .elapsed)
        try container.encode(info?.rate, forKey: .rate)
        try container.encode(info?.artwork, forKey: .artwork)
        try container.encode(infoTime.seconds, forKey: .setAt)
        try container.encode(commands.map(\.rawValue), forKey: .commands)
        try container.encode(locked, forKey: .locked)
    }
}
