/// The player's clock as the app reads it, what AVPlayer's `CMTimebase` is: at device time
/// ``anchorHostTime`` the current item was at ``anchorMediaTime``, and its time moves at ``rate``
/// since. The ``AudioService`` sends it only when it changes — playback starts or stops, a seek,
/// another item, a call, the end of the queue — and the app's ``AudioPlayer`` reads
/// ``AudioPlayer/currentTime()`` and ticks its periodic time observers from it, in its own
/// process, on the device's clock: no message crosses per tick.
public struct AudioTimebase: Codable, Sendable, Equatable {
    /// 1 while the stream plays, 0 while paused, stopped or waiting for the stream to start.
    public var rate: Double
    /// The device's time (``BackgroundRuntime/SystemLoop/now``) of the anchor.
    public var anchorHostTime: Duration
    /// The position in the current item at ``anchorHostTime``.
    public var anchorMediaTime: Duration
    /// Whether the player plays an item, so that periodic time observers tick (AVPlayer's
    /// `rate` is 1): true from `play()` on, while ``rate`` is still 0 until the stream starts.
    public var ticks: Bool
    /// Whether an item is current: when ticking stops on one, each observer gets the time once more.
    public var hasItem: Bool

    /// A stopped clock at zero, with no item: the player before the service says otherwise.
    public static let stopped = AudioTimebase(rate: 0, anchorHostTime: .zero, anchorMediaTime: .zero, ticks: false, hasItem: false)

    public init(rate: Double, anchorHostTime: Duration, anchorMediaTime: Duration, ticks: Bool, hasItem: Bool) {
        self.rate = rate
        self.anchorHostTime = anchorHostTime
        self.anchorMediaTime = anchorMediaTime
        self.ticks = ticks
        self.hasItem = hasItem
    }

    /// The position in the current item at device time `hostTime` (never before the anchor's).
    public func time(at hostTime: Duration) -> Duration {
        guard rate != 0, hostTime > anchorHostTime else { return anchorMediaTime }
        return anchorMediaTime + (hostTime - anchorHostTime) * rate
    }
}
