import BackgroundWire

/// The system's side of the app's timers (`Timer.scheduledTimer`): they fire on the app's
/// main executor while the app can run, and are owed — one fire, not a burst — while it
/// cannot, as a run loop's timers are (Apple, `Timer`: "a repeating timer … fires only once
/// even if several firing times were missed"). A suspended app's timers cost no wake-ups.
extension SystemStateMachine {
    /// Starts a timer of launch `launchNumber`; its identifier, which never fires if that
    /// launch has ended.
    package mutating func scheduleAppTimer(
        interval: Duration, repeats: Bool, launchNumber: Int, at moment: Moment
    ) -> (Int, [SystemEffect]) {
        begin(moment)
        let id = nextAppTimerID
        nextAppTimerID += 1
        if launch?.number == launchNumber {
            var record = AppTimerRecord(interval: interval, repeats: repeats)
            record.systemTimer = schedule(.appTimer(id: id), after: interval)
            appTimers[id] = record
        }
        return (id, finish())
    }

    /// `invalidate()`: the timer never fires again.
    package mutating func cancelAppTimer(_ id: Int, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        if let record = appTimers.removeValue(forKey: id) { cancel(record.systemTimer) }
        return finish()
    }

    /// A fire the app was handed starts running: the timer may be owed again.
    package mutating func appTimerFireStarted(_ id: Int, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        appTimers[id]?.isFirePending = false
        return finish()
    }

    // MARK: The rules

    mutating func appTimerFell(due id: Int) {
        guard var record = appTimers[id] else { return }
        record.systemTimer = nil
        if appState.isRunning {
            if !record.isFirePending { deliverFire(of: &record, id: id) }
            if record.repeats {
                record.systemTimer = schedule(.appTimer(id: id), after: record.interval)
            } else {
                appTimers[id] = nil
                return
            }
        } else if !record.isFirePending {
            // A fire still queued when the app was frozen runs on resume: that is the one.
            record.isOwed = true
        }
        appTimers[id] = record
    }

    /// Fires, once each, the timers that fell due while the app could not run.
    mutating func fireOwedAppTimers() {
        for (id, var record) in appTimers.sorted(by: { $0.key < $1.key }) where record.isOwed {
            record.isOwed = false
            deliverFire(of: &record, id: id)
            if record.repeats {
                record.systemTimer = schedule(.appTimer(id: id), after: record.interval)
                appTimers[id] = record
            } else {
                appTimers[id] = nil
            }
        }
    }

    private mutating func deliverFire(of record: inout AppTimerRecord, id: Int) {
        record.isFirePending = true
        deliver(.timerFire(id: id))
    }
}
