import AudioWire
import BackgroundPlatform
import BackgroundSystem
import BackgroundWire

/// Everything a ``QueuePlayer`` knows; guarded by its lock, which is never held while calling
/// GStreamer, the listener or code that may call back into the player.
struct PlayerState: Sendable {
    // MARK: The queue, as the app sees it

    /// The items to play; the first is the current item.
    var queue: [MediaItem] = []
    /// Whether the player plays (AVPlayer's rate is 1).
    var isPlaying = false
    var actionAtItemEnd = ActionAtItemEnd.advance
    /// The current item has ended and stays current (``ActionAtItemEnd/pause`` or `none`).
    var isAtItemEnd = false

    // MARK: What the app and the system were told

    var announcedItem: MediaItem?
    var announcedPlaying = false
    var activity: (token: BackgroundActivityToken, name: String)?
    /// The clock the listener was last told of.
    var announcedClock: PlayerClock?
    /// How many seeks there were: each moves the clock.
    var seeks = 0
    /// The app's news since the last change was committed: items that failed or opened.
    var news: [AudioServiceEvent] = []

    // MARK: The pipeline

    /// The item whose stream the pipeline plays.
    var loaded: MediaItem?
    /// Items handed to playbin for a gapless switch whose streams have not started yet.
    var pending: [MediaItem] = []
    /// The pipeline must load the current item again (to play a finished item from the start).
    var needsReload = false
    /// Where the next load of the current item starts, when a failure forced a reload mid-item.
    var resumeAt: Duration?
    /// The load's first stream has not started yet.
    var awaitingFirstStreamStart = false
    /// Where the load's stream starts, until the listener was told its time moves: GStreamer's
    /// position is not yet the seek's while the stream starts.
    var startPosition: Duration?
    /// When the last gapless switch happened: for a moment after it GStreamer still reports
    /// the previous stream's position.
    var switchedAt: ContinuousClock.Instant?
    /// The pipeline generation whose error was handled; later errors of a failed load repeat it.
    var failedGeneration: Int?
    /// A stream failed in the pipeline, which may hold on to what it had queued: the next load
    /// makes a new one.
    var pipelineSpoilt = false

    /// Whether an item plays, so that its time moves.
    var isTicking: Bool { isPlaying && !isAtItemEnd && !queue.isEmpty }

    /// Whether the pipeline has yet to load the current item (or load it again), so that where it
    /// stands is ``resumeAt`` (its start when nil), not the pipeline's position.
    var awaitsLoad: Bool { queue.first !== loaded || needsReload }

    /// The player's clock as the app's time observers see it.
    var clock: PlayerClock {
        PlayerClock(
            isTicking: isTicking, timeMoves: isTicking && !awaitsLoad && !awaitingFirstStreamStart,
            item: queue.first.map(ObjectIdentifier.init), seeks: seeks)
    }
}
