import BackgroundRuntime

/// Telling the app's player what happened, in order: the player's news, the session's calls
/// and route changes.
extension AudioService {
    /// The player's news, in the order of its changes: the app's events, with the time where
    /// playback stopped for each time observer when it stops; then the activity that ended, once
    /// the app has been told. An app running in the background is held until it takes the news
    /// in (Backgrounder's model of the media server's delivery: the app sees the end of its music
    /// before it is suspended); a suspended one is not woken for it.
    func tell(_ news: PlayerNews) {
        // Only this method changes `isTicking`, one news at a time.
        let stops = state.withLock { $0.isTicking } && !news.isTicking
        let stoppedAt = stops && news.hasCurrentItem ? player.currentTime() : nil
        let batch = state.withLock { state -> AudioEventBatch? in
            var events = news.events
            if news.isTicking != state.isTicking {
                state.isTicking = news.isTicking
                for id in state.timeObservers.keys.sorted() {
                    guard var observer = state.timeObservers[id] else { continue }
                    if news.isTicking {
                        guard observer.timer == nil else { continue }
                        observer.timer = scheduleTick(of: id, at: device.loop.now + observer.interval)
                    } else {
                        device.loop.cancel(observer.timer)
                        observer.timer = nil
                        observer.withheld = nil
                        if let stoppedAt { events.append(.time(observer: id, time: stoppedAt)) }
                    }
                    state.timeObservers[id] = observer
                }
            }
            return state.batch(of: events)
        }
        if let batch {
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
        let sent = if let event { host.wake(for: event, sending: batch) } else { host.post(batch) }
        if !sent, batch.carriesTimes { state.withLock { $0.timesInFlight -= 1 } }
    }
}
