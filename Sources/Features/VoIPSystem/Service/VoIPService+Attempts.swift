import BackgroundSystem
import BackgroundPlatform
import BackgroundWire
import NIOCore
import NIOPosix
import VoIPWire

/// Connecting, noticing a connection die, and trying again after a backoff delay.
extension VoIPService {
    /// Starts a connection attempt for the session, with its timeout on the device's loop.
    func startAttempt() {
        let plan = mutate { state -> (attempt: Int, endpoint: VoIPEndpoint)? in
            guard let session = state.session else { return nil }
            let attempt = state.nextAttempt
            state.nextAttempt += 1
            state.retryAt = nil
            state.totals.attempts += 1
            let timeout = device.loop.schedule(after: configuration.connectTimeout) { [weak self] in
                self?.connectTimedOut(attempt: attempt)
            }
            state.phase = .connecting(attempt: attempt, timeout: timeout)
            return (attempt, session.endpoint)
        }
        guard let plan else { return }
        let lineLimit = configuration.lineLimit
        let report: @Sendable (VoIPChannelHandler.Event) -> Void = { [weak self] event in
            guard let self else { return }
            onSystemLoop { self.handle(event, attempt: plan.attempt) }
        }
        ClientBootstrap(group: group)
            // A socket handed to the app's own process is the app's to read, from the start.
            .channelOption(.autoRead, value: !device.appRunsInOwnProcess)
            .channelOption(.socketOption(.so_keepalive), value: 1)
            .channelOption(.tcpOption(.tcp_nodelay), value: 1)
            .connectTimeout(.nanoseconds(configuration.connectTimeout.nanoseconds))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(VoIPChannelHandler(lineLimit: lineLimit, report: report))
                }
            }
            .connect(host: plan.endpoint.host, port: plan.endpoint.port)
            .whenFailure { [weak self] error in
                guard let self else { return }
                let reason = VoIPError.reason(of: error)
                onSystemLoop { self.attemptFailed(plan.attempt, reason) }
            }
    }

    /// A report from the connection of `attempt`, on the device's loop.
    private func handle(_ event: VoIPChannelHandler.Event, attempt: Int) {
        switch event {
        case .active(let channel): opened(channel, attempt: attempt)
        case .read(let lines, let byteCount): received(lines, byteCount: byteCount, attempt: attempt)
        case .inactive: died(attempt: attempt, failure: nil)
        case .failed(let error):
            let reason = VoIPError.reason(of: error)
            died(attempt: attempt) { .connectionLost($0, reason: reason) }
        }
    }

    /// `attempt`, if it is the one connecting now, is connected by `connection`: its timeout is
    /// cancelled and the connection counted. Returns its session; nil, changing nothing, for an
    /// attempt given up on.
    func connected(attempt: Int, by connection: VoIPConnection) -> VoIPSession? {
        mutate { state -> VoIPSession? in
            guard case .connecting(let current, let timeout) = state.phase, current == attempt,
                let session = state.session
            else { return nil }
            device.loop.cancel(timeout)
            state.phase = .connected(attempt: attempt, connection: connection, idleCheck: scheduleIdleCheck(attempt: attempt))
            state.lastRead = device.loop.now
            state.totals.connections += 1
            state.totals.failuresInARow = 0
            return session
        }
    }

    private func opened(_ channel: any Channel, attempt: Int) {
        guard !device.appRunsInOwnProcess else { return handOver(channel, attempt: attempt) }
        guard let session = connected(attempt: attempt, by: .channel(channel)) else {
            channel.close(promise: nil)
            return
        }
        deliver([.opened, .writable], for: session)
    }

    private func received(_ lines: [FramedLine], byteCount: Int, attempt: Int) {
        device.energy.recordNetwork(bytes: byteCount)
        let delivery = mutate { state -> (VoIPSession, [VoIPStreamEvent])? in
            guard state.phase.channel(ofAttempt: attempt) != nil, let session = state.session else { return nil }
            state.lastRead = device.loop.now
            state.totals.bytesReceived += byteCount
            let events = lines.map { VoIPStreamEvent($0, lineLimit: configuration.lineLimit) }
            state.totals.linesReceived += events.count { if case .received = $0 { true } else { false } }
            for case .failed(let error) in events { record(error, in: &state) }
            return (session, events)
        }
        guard let (session, events) = delivery else { return }
        deliver(events, for: session)
    }

    /// The open connection of `attempt`, which the service reads, ended: closed by the peer (no
    /// failure) or failed.
    private func died(attempt: Int, failure: ((VoIPEndpoint) -> VoIPError)?) {
        guard let (session, event) = end(attempt: attempt, ownedByApp: false, failure: failure) else { return }
        deliver([event], for: session)
    }

    /// Ends the open connection of `attempt` if it is the one open now and whether the app owns
    /// it is `ownedByApp`: records the failure, if any, and schedules the next attempt. Returns
    /// the session and the event that tells its end.
    func end(attempt: Int, ownedByApp: Bool, failure: ((VoIPEndpoint) -> VoIPError)?) -> (VoIPSession, VoIPStreamEvent)? {
        let outcome = mutate { state -> (VoIPSession, VoIPStreamEvent, VoIPConnection)? in
            guard case .connected(let current, let connection, let idleCheck) = state.phase, current == attempt,
                connection.isOwnedByApp == ownedByApp, let session = state.session
            else { return nil }
            device.loop.cancel(idleCheck)
            var event = VoIPStreamEvent.closed
            if let error = failure?(session.endpoint) {
                record(error, in: &state)
                event = .failed(error)
            }
            scheduleRetry(&state)
            return (session, event, connection)
        }
        guard let (session, event, connection) = outcome else { return nil }
        connection.close()
        return (session, event)
    }

    private func attemptFailed(_ attempt: Int, _ reason: String) {
        failAttempt(attempt) { .connectFailed($0, reason: reason) }
    }

    private func connectTimedOut(attempt: Int) {
        failAttempt(attempt) { .connectTimedOut($0, after: configuration.connectTimeout) }
    }

    func failAttempt(_ attempt: Int, _ error: (VoIPEndpoint) -> VoIPError) {
        let outcome = mutate { state -> (VoIPSession, VoIPError)? in
            guard case .connecting(let current, let timeout) = state.phase, current == attempt,
                let session = state.session
            else { return nil }
            device.loop.cancel(timeout)
            let failure = error(session.endpoint)
            record(failure, in: &state)
            scheduleRetry(&state)
            return (session, failure)
        }
        guard let (session, failure) = outcome else { return }
        deliver([.failed(failure)], for: session)
    }

    // MARK: Half-open connections

    /// Checks for silence at the read-idle timeout after the last read; nil when it is off.
    func scheduleIdleCheck(attempt: Int, at deadline: Duration? = nil) -> SystemTimer? {
        guard let timeout = configuration.readIdleTimeout else { return nil }
        return device.loop.schedule(at: deadline ?? device.loop.now + timeout) { [weak self] in
            self?.checkIdle(attempt: attempt)
        }
    }

    private func checkIdle(attempt: Int) {
        guard let timeout = configuration.readIdleTimeout else { return }
        if let watch = watch(ofAttempt: attempt) { return checkIdle(attempt: attempt, ownedByApp: watch, timeout: timeout) }
        let isSilent = mutate { state -> Bool in
            guard let channel = state.phase.channel(ofAttempt: attempt) else { return false }
            let deadline = state.lastRead + timeout
            // Silence is the app's doing while reading is paused for it; and a read may have
            // come since this check was scheduled.
            guard !state.isReadingPaused, device.loop.now >= deadline else {
                let next = state.isReadingPaused ? device.loop.now + timeout : deadline
                state.phase = .connected(
                    attempt: attempt, connection: .channel(channel), idleCheck: scheduleIdleCheck(attempt: attempt, at: next))
                return false
            }
            return true
        }
        guard isSilent else { return }
        died(attempt: attempt) { .idleTimeout($0, after: timeout) }
    }

    // MARK: Retrying

    /// Waits for the backoff delay, then tries again. The console tells the system's plan.
    private func scheduleRetry(_ state: inout VoIPServiceState) {
        guard let session = state.session else { return }
        let failures = state.totals.failuresInARow
        let delay = configuration.backoff.delay(forAttempt: failures, using: &state.random)
        state.totals.failuresInARow += 1
        state.retryAt = device.loop.now + delay
        let retry = device.loop.schedule(after: delay) { [weak self] in self?.startAttempt() }
        state.phase = .waiting(retry: retry)
        device.console.log(
            "VoIP socket to \(session.endpoint): trying again in \(String(format: "%.2f", delay.seconds)) s "
                + "(failure \(failures + 1) in a row; backoff ceiling \(configuration.backoff.ceiling(forAttempt: failures).secondsText) s)")
    }

    private func record(_ error: VoIPError, in state: inout VoIPServiceState) {
        state.totals.errors += 1
        state.totals.lastError = error.description
    }
}
