import AudioWire
import BackgroundPlatform
import BackgroundSystem
import BackgroundWire

/// Telling the app's player what happened, in order: the player's news, the session's calls
/// and route changes.
extension AudioService {
    /// The player's news, in the order of its changes: the app's events, then the player's
    /// clock when it changed (``AudioTimebase``: anchored at the pipeline's position now, or where
    /// the item is to be loaded from); then the activity that ended, once the app has been told.
    /// An app running in the background is held until it takes the news in (Backgrounder's model
    /// of the media server's delivery: the app sees the end of its music before it is
    /// suspended); a suspended one is not woken for it.
    func tell(_ news: PlayerNews) {
        var events = news.events
        if news.isRetimed {
            // GStreamer is asked outside the lock; the device's time is read after it, so that the
            // anchor is never later than the position.
            let position = news.position ?? (news.hasCurrentItem ? player.currentTime() : .zero)
            let timebase = AudioTimebase(
                rate: news.timeMoves ? 1 : 0, anchorHostTime: device.loop.now, anchorMediaTime: position,
                ticks: news.isTicking, hasItem: news.hasCurrentItem)
            state.withLock { $0.timebase = timebase }
            events.append(.timebase(timebase))
        }
        if let batch = state.withLock({ $0.batch(of: events) }) {
            // A suspended app hears of it once it runs again; it is not woken for it.
            let holdsTheApp = news.endedActivity != nil && device.appState == .background
            send(batch, wakingFor: holdsTheApp ? "the audio player's news" : nil)
        }
        if let activity = news.endedActivity { device.endActivity(activity) }
    }

    /// A call's beginning and end, and route changes, for the app — before the player's pause
    /// they cause. The end of a call, declined or answered, wakes a suspended app that observes
    /// interruptions, as one whose audio the call stopped is (“When the phone call ends, the end
    /// interruption is delivered”).
    func sessionChanged(_ event: AudioSessionEvent) {
        let news: AudioServiceEvent
        switch event {
        case .interrupted(let interruption): news = .interruption(interruption)
        case .routeChanged(let change): news = .routeChanged(change)
        case .mediaServicesWereReset: news = .mediaServicesWereReset
        case .deactivated, .categoryChanged: return
        }
        player.inNewsOrder {
            let batch = state.withLock { state -> AudioEventBatch? in
                if case .interruption = news, state.client?.observesInterruptions != true { return nil }
                return state.batch(of: [news])
            }
            guard let batch else { return }
            let callEnded = if case .interruption(.ended) = news { true } else { false }
            let wakes = callEnded && device.appState == .suspended
            send(batch, wakingFor: wakes ? "the audio interruption ended" : nil)
        }
    }

    /// Sends `batch` to the app: posted, and held while it is suspended; or, woken for `event`,
    /// with the app resumed if need be and held until the batch is handed over.
    func send(_ batch: AudioEventBatch, wakingFor event: String?) {
        if let event { host.wake(for: event, sending: batch) } else { host.post(batch) }
    }
}
