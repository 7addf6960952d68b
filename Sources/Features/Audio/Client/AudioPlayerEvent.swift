/// A change an ``AudioPlayer`` tells its observers about, on the app's main executor.
public enum AudioPlayerEvent: Sendable, Equatable {
    /// Another item became current (nil: the queue is empty), like KVO on `currentItem`.
    case currentItemChanged(PlayerItem?)
    /// Playback started or stopped, like KVO on `rate`.
    case playbackChanged(isPlaying: Bool)
    /// An item could not be played and left the queue; the queue went on without it.
    case itemFailed(PlayerItem, PlayerItemError)
}
