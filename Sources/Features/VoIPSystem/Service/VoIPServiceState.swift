import BackgroundSystem
import BackgroundPlatform
import BackgroundWire
import VoIPWire

/// Everything the VoIP service knows; guarded by its lock.
struct VoIPServiceState: Sendable {
    var session: VoIPSession?
    var phase = ConnectionPhase.idle
    var nextSessionID = 1
    var nextAttempt = 1
    var random: SeededRandom
    /// Events for an app that could not be woken, oldest first.
    var held: [VoIPStreamEvent] = []
    var isReadingPaused = false
    /// Events handed to the app that it has not handled yet; reading pauses while there are
    /// more than ``VoIPConfiguration/heldEventLimit``, so a flood never queues without bound.
    var deliveriesInFlight = 0
    /// Whether the session's socket was reported unable to wake the suspended app.
    var reportedSuspension = false
    /// When bytes last arrived on the open connection.
    var lastRead = Duration.zero
    var retryAt: Duration?
    /// The counters of ``VoIPConnectionStatus``; its other fields are derived when read.
    var totals = VoIPConnectionStatus.initial
    var savedEndpoint: VoIPEndpoint?

    /// Ends the session: cancels its timers and returns the connection to close.
    mutating func endSession(on loop: SystemLoop) -> VoIPConnection? {
        session = nil
        held.removeAll()
        isReadingPaused = false
        deliveriesInFlight = 0
        reportedSuspension = false
        retryAt = nil
        defer { phase = .idle }
        switch phase {
        case .idle:
            return nil
        case .connecting(_, let timeout):
            loop.cancel(timeout)
            return nil
        case .connected(_, let connection, let idleCheck):
            loop.cancel(idleCheck)
            return connection
        case .waiting(let retry):
            loop.cancel(retry)
            return nil
        }
    }

    func status(now: Duration) -> VoIPConnectionStatus {
        var status = totals
        status.endpoint = session?.endpoint.description
        status.isVoIPService = session?.isVoIPService ?? false
        status.heldEvents = held.count
        status.eventsInFlight = deliveriesInFlight
        status.readingPaused = isReadingPaused
        switch phase {
        case .idle: status.state = .disconnected
        case .connecting: status.state = .connecting
        case .connected: status.state = .connected
        case .waiting: status.state = .waitingToReconnect
        }
        status.nextAttemptIn = retryAt.map { max(.zero, $0 - now).seconds }
        return status
    }
}
