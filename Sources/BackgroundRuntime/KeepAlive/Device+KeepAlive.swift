/// The system's side of the VoIP keep-alive handler: a repeating timer on the device's loop
/// that wakes the app in the background, and no other wake-up in between.
extension Device {
    func setKeepAlive(
        interval: Duration,
        handler: @escaping @AppMain @Sendable () -> Void,
        launchNumber: Int
    ) throws(KeepAliveError) {
        guard profile.hasKeepAliveSockets else { throw .unavailable(iOSVersion: profile.iOSVersion) }
        guard interval >= profile.keepAliveMinimum else {
            throw .belowMinimum(requested: interval, minimum: profile.keepAliveMinimum)
        }
        guard infoPlist.declares(.voip) else {
            report(
                .missingBackgroundMode,
                "setKeepAliveTimeout(_:handler:) was refused: UIBackgroundModes in \(infoPlist.source) lacks voip")
            throw .missingVoIPMode
        }
        mutate { state in
            guard state.launch?.number == launchNumber else { return }
            cancelKeepAlive(&state)
            state.keepAlive = KeepAliveRecord(
                interval: interval, handler: handler, launchNumber: launchNumber,
                timer: scheduleKeepAlive(after: interval, launchNumber: launchNumber))
        }
    }

    func clearKeepAlive(launchNumber: Int) {
        mutate { state in
            guard state.keepAlive?.launchNumber == launchNumber else { return }
            cancelKeepAlive(&state)
        }
    }

    /// The interval of the keep-alive handler the running app set; nil when there is none.
    public var keepAliveTimeout: Duration? {
        state.withLock { $0.keepAlive?.interval }
    }

    /// Removes the keep-alive handler, when it is cleared or the app's process ends; the
    /// handler (the app's code) is released once the device's lock is.
    func cancelKeepAlive(_ state: inout DeviceState) {
        guard let record = state.keepAlive else { return }
        loop.cancel(record.timer)
        state.retired.append(record)
        state.keepAlive = nil
    }

    private func scheduleKeepAlive(after interval: Duration, launchNumber: Int) -> SystemTimer {
        loop.schedule(after: interval) { [weak self] in self?.keepAliveFell(launchNumber: launchNumber) }
    }

    /// The interval passed: schedules the next call, and runs the handler if the app is in
    /// the background (iOS calls it only there).
    private func keepAliveFell(launchNumber: Int) {
        let handler = state.withLock { state -> (@AppMain @Sendable () -> Void)? in
            guard var record = state.keepAlive, record.launchNumber == launchNumber else { return nil }
            record.timer = scheduleKeepAlive(after: record.interval, launchNumber: launchNumber)
            state.keepAlive = record
            return state.appState.isForeground ? nil : record.handler
        }
        guard let handler else { return }
        wake(for: "keep-alive handler") { _ in handler() }
    }
}
