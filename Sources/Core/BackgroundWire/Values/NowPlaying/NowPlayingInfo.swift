/// What the app says it plays (`MPNowPlayingInfoCenter.nowPlayingInfo`): the lock screen,
/// Control Center and the desktop's media controls (MPRIS) show it, while the app runs and
/// while it is suspended.
///
/// Like iOS, the system does not ask the app for the position: it counts on from
/// ``elapsed`` at ``rate`` since the app set the info, so the app sets it again only when
/// playback starts, stops, seeks or changes item.
public struct NowPlayingInfo: Sendable, Equatable, Codable {
    /// `MPMediaItemPropertyTitle`.
    public var title: String
    /// `MPMediaItemPropertyArtist`.
    public var artist: String?
    /// `MPMediaItemPropertyAlbumTitle`.
    public var albumTitle: String?
    /// `MPMediaItemPropertyPlaybackDuration`; nil while unknown.
    public var duration: Duration?
    /// `MPNowPlayingInfoPropertyElapsedPlaybackTime`: the position when the info was set.
    public var elapsed: Duration
    /// `MPNowPlayingInfoPropertyPlaybackRate`: 1 while playing, 0 while paused.
    public var rate: Double
    /// `MPMediaItemPropertyArtwork`: where the artwork's image is, a path or a URL.
    public var artwork: String?

    public init(
        title: String, artist: String? = nil, albumTitle: String? = nil, duration: Duration? = nil,
        elapsed: Duration = .zero, rate: Double = 0, artwork: String? = nil
    ) {
        self.title = title
        self.artist = artist
        self.albumTitle = albumTitle
        self.duration = duration
        self.elapsed = elapsed
        self.rate = rate
        self.artwork = artwork
    }
}
