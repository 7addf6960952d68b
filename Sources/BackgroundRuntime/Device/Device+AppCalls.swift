/// The app's calls into the system, made by ``Application`` and the types it hands out; each
/// names the launch that makes it, so that the code of an ended launch changes nothing.
extension Device {
    func beginAssertion(
        name: String?,
        expirationHandler: (@AppMain @Sendable () -> Void)?,
        begunAt: SourceLocation,
        launchNumber: Int
    ) -> BackgroundTaskIdentifier {
        handle {
            $0.beginAssertion(
                name: name, expirationHandler: expirationHandler, begunAt: begunAt, launchNumber: launchNumber, at: $1)
        }
    }

    func endAssertion(_ identifier: BackgroundTaskIdentifier, endedAt: SourceLocation, launchNumber: Int) {
        handle { $0.endAssertion(identifier, endedAt: endedAt, launchNumber: launchNumber, at: $1) }
    }

    func expirationHandlerReturned(_ identifier: BackgroundTaskIdentifier) {
        handle { $0.expirationHandlerReturned(identifier, at: $1) }
    }

    func scheduleAppTimer(
        interval: Duration, repeats: Bool, launchNumber: Int, block: @escaping @AppMain (AppTimer) -> Void
    ) -> AppTimer {
        handle { machine, moment in
            let timer = AppTimer(id: machine.makeAppTimerID(), interval: interval, repeats: repeats, system: self, block: block)
            return (timer, machine.scheduleAppTimer(timer, launchNumber: launchNumber, at: moment))
        }
    }

    func cancelAppTimer(_ id: Int) {
        handle { $0.cancelAppTimer(id, at: $1) }
    }

    func setKeepAlive(
        interval: Duration, handler: @escaping @AppMain @Sendable () async -> Void, launchNumber: Int
    ) throws(KeepAliveError) {
        try handle { $0.setKeepAlive(interval: interval, handler: handler, launchNumber: launchNumber, at: $1) }.get()
    }

    func clearKeepAlive(launchNumber: Int) {
        handle { $0.clearKeepAlive(launchNumber: launchNumber, at: $1) }
    }

    /// The interval of the keep-alive handler the running app set; nil when there is none.
    public var keepAliveTimeout: Duration? { read { $0.keepAlive?.interval } }
}
