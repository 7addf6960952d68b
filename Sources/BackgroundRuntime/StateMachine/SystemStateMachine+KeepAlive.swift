/// The VoIP keep-alive handler (`setKeepAliveTimeout(_:handler:)`): a repeating timer that
/// wakes the app in the background, and no other wake-up in between (Apple, iOS App
/// Programming Guide, "Implementing a VoIP App": "the minimum allowable interval is 600
/// seconds"; the eras are in ``PolicyProfile``).
extension SystemStateMachine {
    /// Sets the handler of launch `launchNumber`, replacing any other.
    mutating func setKeepAlive(
        interval: Duration, handler: @escaping @AppMain @Sendable () -> Void, launchNumber: Int, at moment: Moment
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
                interval: interval, handler: handler, launchNumber: launchNumber,
                timer: schedule(.keepAlive(launch: launchNumber), after: interval))
        }
        return (.success(()), finish())
    }

    /// `clearKeepAliveTimeout()`.
    mutating func clearKeepAlive(launchNumber: Int, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        if keepAlive?.launchNumber == launchNumber { cancelKeepAlive() }
        return finish()
    }

    // MARK: The rules

    /// Removes the handler, when it is cleared or the app's process ends; the handler (the
    /// app's code) is released outside the shell's lock.
    mutating func cancelKeepAlive() {
        guard let record = keepAlive else { return }
        cancel(record.timer)
        emit(.release(record))
        keepAlive = nil
    }

    /// The interval passed: the next call is scheduled, and the handler runs if the app is in
    /// the background (iOS calls it only there), waking it if it is suspended.
    mutating func keepAliveFell(launchNumber: Int) {
        guard var record = keepAlive, record.launchNumber == launchNumber else { return }
        record.timer = schedule(.keepAlive(launch: launchNumber), after: record.interval)
        keepAlive = record
        guard !appState.isForeground else { return }
        let handler = record.handler
        _ = wake(for: "keep-alive handler") { _ in handler() }
    }
}
