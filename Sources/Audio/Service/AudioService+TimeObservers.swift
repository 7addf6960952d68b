import BackgroundRuntime

/// The app's periodic time observers (`addPeriodicTimeObserver(forInterval:queue:using:)`; the
/// tutorial's ticks every 10 ms): ticks on a fixed grid of the device's clock while the player's
/// time moves, each a small batch for the app. An app that has not taken in
/// ``AudioMessages/timeWindow`` batches (it is busy, or frozen) is sent no more: each observer
/// keeps its latest time, sent once the app says it caught up.
extension AudioService {
    /// A new time observer every `interval`, ticking at once if the player's time moves; nil
    /// when no player of the app's registered, or the interval is not positive.
    func addTimeObserver(every interval: Duration) -> Int? {
        guard interval > .zero else { return nil }
        return state.withLock { state -> Int? in
            guard state.client != nil else { return nil }
            let id = state.nextTimeObserver
            state.nextTimeObserver += 1
            var observer = TimeObserver(interval: interval)
            if state.isTicking { observer.timer = scheduleTick(of: id, at: device.loop.now + interval) }
            state.timeObservers[id] = observer
            return id
        }
    }

    /// Stops time observer `id`; stopping it twice does nothing.
    func removeTimeObserver(_ id: Int) {
        state.withLock { state in
            device.loop.cancel(state.timeObservers.removeValue(forKey: id)?.timer)
        }
    }

    /// The timer of observer `id`'s tick at `deadline`.
    func scheduleTick(of id: Int, at deadline: Duration) -> SystemTimer {
        device.loop.schedule(at: deadline) { [weak self] in self?.tick(id) }
    }

    /// Reads the time and sends it, unless the app is behind; schedules the next tick on the
    /// grid (skipping the ticks it fell behind on). It sends between two of the player's news,
    /// and only while the observer ticks, so that no time goes after the one where playback
    /// stopped; GStreamer is asked for the time before, so that no change waits for it.
    private func tick(_ id: Int) {
        let time = player.currentTime()
        player.inNewsOrder {
            let batch = state.withLock { state -> AudioEventBatch? in
                guard var observer = state.timeObservers[id], let timer = observer.timer else { return nil }
                var next = timer.deadline + observer.interval
                let now = device.loop.now
                if next <= now { next = now + observer.interval }
                observer.timer = scheduleTick(of: id, at: next)
                guard state.timesInFlight < AudioMessages.timeWindow else {
                    observer.withheld = time
                    state.timeObservers[id] = observer
                    return nil
                }
                state.timeObservers[id] = observer
                return state.batch(of: [.time(observer: id, time: time)])
            }
            if let batch { send(batch, wakingFor: nil) }
        }
    }

    /// The app took in `count` batches of times of client `client`: the times withheld go, if
    /// there is room.
    func handledTimes(_ count: Int, ofClient client: Int) {
        player.inNewsOrder {
            let batch = state.withLock { state -> AudioEventBatch? in
                guard state.client?.id == client else { return nil }
                state.timesInFlight = max(0, state.timesInFlight - count)
                guard state.timesInFlight < AudioMessages.timeWindow else { return nil }
                var events: [AudioServiceEvent] = []
                for id in state.timeObservers.keys.sorted() {
                    guard let time = state.timeObservers[id]?.withheld else { continue }
                    state.timeObservers[id]?.withheld = nil
                    events.append(.time(observer: id, time: time))
                }
                return state.batch(of: events)
            }
            if let batch { send(batch, wakingFor: nil) }
        }
    }
}
