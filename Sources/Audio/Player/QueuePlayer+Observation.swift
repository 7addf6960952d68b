import BackgroundRuntime

/// Observers: the current item, playback and failures, and periodic time observers. All of
/// them are called on the app's main executor, and all are removed when the app ends.
extension QueuePlayer {
    /// Calls `handler` with each change of the current item, of playback and each failed item,
    /// in order (the tutorial's KVO on `currentItem`).
    @discardableResult
    public func observe(_ handler: @escaping @AppMain @Sendable (QueuePlayerEvent) -> Void) -> PlayerObserverToken {
        state.withLock { state in
            defer { state.nextObserverID += 1 }
            state.observers.add(handler, id: state.nextObserverID)
            return PlayerObserverToken(id: state.nextObserverID)
        }
    }

    /// Calls `block` with the current item's time every `interval` while the player plays, like
    /// `addPeriodicTimeObserver(forInterval:queue:using:)` with the main queue (the tutorial uses
    /// 10 ms), and once more when playback stops on an item.
    ///
    /// Ticks keep a fixed grid on the device's clock. A tick that finds the previous one still
    /// undelivered (the app is busy or suspended) updates it instead of queuing another.
    @discardableResult
    public func addPeriodicTimeObserver(
        forInterval interval: Duration,
        using block: @escaping @AppMain @Sendable (Duration) -> Void
    ) -> PlayerObserverToken {
        precondition(interval > .zero, "a periodic time observer needs a positive interval")
        return state.withLock { state in
            defer { state.nextObserverID += 1 }
            state.timeObservers[state.nextObserverID] = TimeObserver(interval: interval, block: block)
            updateTimeObservers(&state)
            return PlayerObserverToken(id: state.nextObserverID)
        }
    }

    /// Stops calling an observer; removing it twice does nothing.
    public func removeObserver(_ token: PlayerObserverToken) {
        state.withLock { state in
            state.observers.remove(id: token.id)
            if let observer = state.timeObservers.removeValue(forKey: token.id) { device.loop.cancel(observer.timer) }
        }
    }

    /// Posts `event` to the app for the observers registered when it runs.
    func announce(_ event: QueuePlayerEvent, in state: PlayerState) {
        guard !state.observers.isEmpty else { return }
        device.post { [weak self] _ in self?.deliver(event) }
    }

    @AppMain
    private func deliver(_ event: QueuePlayerEvent) {
        for handler in state.withLock({ $0.observers.inOrder }) { handler(event) }
    }

    // MARK: Time observers

    /// Starts the time observers' ticks while the player plays, and stops them when it stops.
    /// Returns the observers that stopped while an item is current: they get the time where
    /// playback stopped, once.
    @discardableResult
    func updateTimeObservers(_ state: inout PlayerState) -> [Int] {
        let ticking = state.isPlaying && !state.isAtItemEnd && !state.queue.isEmpty
        var stopped: [Int] = []
        for (id, var observer) in state.timeObservers where (observer.timer != nil) != ticking {
            if ticking {
                observer.timer = scheduleTick(of: id, at: device.loop.now + observer.interval)
            } else {
                device.loop.cancel(observer.timer)
                observer.timer = nil
                if !state.queue.isEmpty { stopped.append(id) }
            }
            state.timeObservers[id] = observer
        }
        return stopped
    }

    private func scheduleTick(of id: Int, at deadline: Duration) -> SystemTimer {
        device.loop.schedule(at: deadline) { [weak self] in self?.tick(id, repeating: true) }
    }

    /// Reads the time and posts it to the observer, unless an earlier time is still waiting;
    /// a repeating tick schedules the next one on the grid (skipping ticks it fell behind on).
    /// The post happens after the player's lock is released: it wakes the app's thread, whose
    /// first step is to take that lock.
    func tick(_ id: Int, repeating: Bool) {
        let time = currentTime()
        let mustPost = state.withLock { state -> Bool in
            guard var observer = state.timeObservers[id] else { return false }
            if repeating {
                guard let timer = observer.timer else { return false }
                var next = timer.deadline + observer.interval
                let now = device.loop.now
                if next <= now { next = now + observer.interval }
                observer.timer = scheduleTick(of: id, at: next)
            }
            let mustPost = observer.undelivered == nil
            observer.undelivered = time
            state.timeObservers[id] = observer
            return mustPost
        }
        guard mustPost, !device.post({ [weak self] _ in self?.deliverTime(to: id) }) else { return }
        // The app is not running: nothing will take this time; the next tick posts again.
        state.withLock { $0.timeObservers[id]?.undelivered = nil }
    }

    @AppMain
    private func deliverTime(to id: Int) {
        let delivery = state.withLock { state -> (block: @AppMain @Sendable (Duration) -> Void, time: Duration)? in
            guard var observer = state.timeObservers[id], let time = observer.undelivered else { return nil }
            observer.undelivered = nil
            state.timeObservers[id] = observer
            return (observer.block, time)
        }
        if let delivery { delivery.block(delivery.time) }
    }
}
