/// The system's side of the app's timers: they fire on the app's executor while the app can
/// run, and are owed — one fire, not a burst — while it cannot.
extension Device {
    func scheduleAppTimer(
        interval: Duration,
        repeats: Bool,
        launchNumber: Int,
        block: @escaping @AppMain (AppTimer) -> Void
    ) -> AppTimer {
        let id = state.withLock { state in
            defer { state.nextTimerID += 1 }
            return state.nextTimerID
        }
        let timer = AppTimer(id: id, interval: interval, repeats: repeats, device: self, block: block)
        state.withLock { state in
            guard state.launch?.number == launchNumber else { return }
            var record = AppTimerRecord(timer: timer, interval: interval, repeats: repeats)
            record.systemTimer = scheduleFire(of: id, after: interval)
            state.timers[id] = record
        }
        return timer
    }

    func cancelAppTimer(_ id: Int) {
        state.withLock { state in
            guard let record = state.timers.removeValue(forKey: id) else { return }
            loop.cancel(record.systemTimer)
        }
    }

    private func scheduleFire(of id: Int, after delay: Duration) -> SystemTimer {
        loop.schedule(after: delay) { [weak self] in self?.timerFell(due: id) }
    }

    private func timerFell(due id: Int) {
        state.withLock { state in
            guard var record = state.timers[id] else { return }
            record.systemTimer = nil
            if state.appState.isRunning {
                if !record.isFirePending { postFire(of: &record, id: id, in: &state) }
                if record.repeats {
                    record.systemTimer = scheduleFire(of: id, after: record.interval)
                } else {
                    state.timers[id] = nil
                    return
                }
            } else if !record.isFirePending {
                // A fire still queued when the app was frozen runs on resume: that is the one.
                record.isOwed = true
            }
            state.timers[id] = record
        }
    }

    /// Queues one fire of the timer for the app.
    private func postFire(of record: inout AppTimerRecord, id: Int, in state: inout DeviceState) {
        record.isFirePending = true
        post(to: state.launch) { [weak self, timer = record.timer] _ in
            self?.state.withLock { $0.timers[id]?.isFirePending = false }
            timer.fire()
        }
    }

    /// Fires, once each, the timers that fell due while the app could not run.
    func postOwedTimerFires(_ state: inout DeviceState) {
        for (id, var record) in state.timers.sorted(by: { $0.key < $1.key }) where record.isOwed {
            record.isOwed = false
            postFire(of: &record, id: id, in: &state)
            if record.repeats {
                record.systemTimer = scheduleFire(of: id, after: record.interval)
                state.timers[id] = record
            } else {
                state.timers[id] = nil
            }
        }
    }
}
