/// What the system's ``AudioService`` tells the app's ``AudioPlayer``: the player's news (the
/// tutorial's KVO on `currentItem`, the rate), its clock when it changes, and the session's
/// notifications.
package enum AudioServiceEvent: Codable, Sendable, Equatable {
    /// Another item became current; nil: the queue is empty.
    case currentItemChanged(AudioItemRecord?)
    case playbackChanged(isPlaying: Bool)
    /// An item was opened: its duration is known.
    case itemOpened(AudioItemRecord)
    /// An item could not be played and left the queue; its status says why.
    case itemFailed(AudioItemRecord)
    /// The player's clock changed (``AudioTimebase``): the app ticks its time observers from it.
    case timebase(AudioTimebase)
    case interruption(AudioInterruption)
    case routeChanged(AudioRouteChange)
    /// The media server restarted (`mediaServicesWereResetNotification`).
    case mediaServicesWereReset
}
