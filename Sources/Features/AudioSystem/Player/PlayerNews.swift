import AudioWire
import BackgroundPlatform
import BackgroundSystem
import BackgroundWire

/// What a ``QueuePlayer`` tells its listener (the ``AudioService``) after each change of its
/// state, in the order of the changes.
struct PlayerNews: Sendable {
    /// The app's news, in order: the items that failed or opened, another current item,
    /// playback started or stopped.
    var events: [AudioServiceEvent]
    /// Whether the player plays an item: the time observers tick.
    var isTicking: Bool
    /// Whether an item is current: when ticking stops, the observers get the time where it stopped.
    var hasCurrentItem: Bool
    /// The player's clock changed (playback started or stopped, the stream started, a seek,
    /// another item): the listener sends the app a new ``AudioTimebase``.
    var isRetimed = false
    /// Whether the stream's time moves: false while playing waits for a stream to start.
    var timeMoves = false
    /// Where the current item stands when the pipeline does not have it loaded yet (a seek, a
    /// new item, a reload) or its stream is just starting; nil: ask the pipeline.
    var position: Duration?
    /// The audio activity that ended: the listener ends it once it has told the app, so that the
    /// app is not suspended before it takes in the end of playback.
    var endedActivity: BackgroundActivityToken?
}
