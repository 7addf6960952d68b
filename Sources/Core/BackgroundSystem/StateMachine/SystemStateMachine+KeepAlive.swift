import BackgroundWire

/// The VoIP keep-alive handler (`setKeepAliveTimeout(_:handler:)`): a repeating timer that
/// wakes the app in the background, and no other wake-up in between (Apple, iOS App
/// Programming Guide, "Implementing a VoIP App": "the minimum allowable interval is 600
/// seconds"; the eras are in ``PolicyProfile``).
extension SystemStateMachine {
    /// Sets the handler of launch `launchNumber`, replacing any other.
    package mutating func setKeepAlive(
        interval: Duration, launchNumber: Int, at moment: Moment
    ) -> (Result<Void, KeepAliveError>, [SystemEffect]) {
        begin(moment)
        guard profile.hasKeepAliveSockets else { return (.failure(.unavailable(iOSVersion: profile.iOSVersion)), finish()) }
        guard interval >= profile.keepAliveMinimum else {
            return (.failure(.belowMinimum(requested: interval, minimum: profile.keepAliveMinimum)), finish())
        }
        guard infoPlist.declares(.voip) else {
            report(
                .missingBackgroundMode,
                "setKeepAliveTimeout(_:handler:) was refused: UIBackgroundModes in \(infoPlist.source) lacks voip")
            return (.failure(.missingVoIPMode), finish())
        }
        if launch?.number == launchNumber {
            cancelKeepAlive()
            keepAlive = KeepAliveRecord(
                interval: interval, launchNumber: launchNumber,
                timer: schedule(.keepAlive(launch: launchNumber), after: interval))
        }
        return (.success(()), finish())
    }

    /// `clearKeepAliveTimeout()`.
    package mutating func clearKeepAlive(launchNumber: Int, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        if keepAlive?.launchNumber == launchNumber { cancelKeepAlive() }
        return finish()
    }

    // MARK: The rules

    /// Removes the handler, when it is cleared or the app's process ends.
    mutating func cancelKeepAlive() {
        guard let record = keepAlive else { return }
        cancel(record.timer)
        cancel(record.running?.limit)
        keepAlive = nil
    }

    /// The interval passed: the next call is scheduled, and the handler runs if the app is in
    /// the background (iOS calls it only there), waking it if it is suspended, with its time
    /// limit.
    mutating func keepAliveFell(launchNumber: Int) {
        guard var record = keepAlive, record.launchNumber == launchNumber else { return }
        record.timer = schedule(.keepAlive(launch: launchNumber), after: record.interval)
        if !appState.isForeground, record.running == nil, launch != nil {
            let activity = beginEvent("keep-alive handler")
            deliver(.keepAlive(endingActivity: activity))
            let limit = schedule(.keepAliveHandlerLimit(activity: activity.id), after: profile.keepAliveHandlerLimit)
            record.running = RunningKeepAliveHandler(activity: activity, limit: limit)
        }
        keepAlive = record
    }

    /// The handler returned: its time limit no longer runs.
    mutating func keepAliveHandlerEnded(_ activity: BackgroundActivityToken) {
        guard let running = keepAlive?.running, running.activity == activity else { return }
        cancel(running.limit)
        keepAlive?.running = nil
    }

    /// The handler's time is up: the app is suspended, whether it returned or not.
    mutating func keepAliveHandlerTimedOut(activity id: Int) {
        guard let running = keepAlive?.running, running.activity.id == id else { return }
        keepAlive?.running = nil
        log("The keep-alive handler did not return within \(profile.keepAliveHandlerLimit.secondsText) s; the app is suspended")
        dropActivity(running.activity)
        suspendIfIdle()
    }
}
