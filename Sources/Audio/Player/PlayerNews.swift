import BackgroundRuntime

/// What a ``QueuePlayer`` tells its listener (the ``AudioService``) after each change of its
/// state, in the order of the changes.
struct PlayerNews: Sendable {
    /// The app's news, in order: the items that failed or opened, another current item,
    /// playback started or stopped.
    var events: [AudioServiceEvent]
    /// Whether the player plays an item, so that its time moves: the time observers tick.
    var isTicking: Bool
    /// Whether an item is current: when ticking stops, the observers get the time where it stopped.
    var hasCurrentItem: Bool
    /// The audio activity that ended: the listener ends it once it has told the app, so that the
    /// app is not suspended before it takes in the end of playback.
    var endedActivity: BackgroundActivityToken?
}
