import BackgroundWire

/// The VoIP socket as the system sees it, for `status` (under `screens.voip.connection`).
public struct VoIPConnectionStatus: Sendable, Equatable, Encodable {
    public enum State: String, Sendable, Codable {
        /// No connection was asked for, or it was closed by the app or with its process.
        case disconnected
        /// A connection attempt is under way.
        case connecting
        /// The connection is open.
        case connected
        /// The connection died; the next attempt waits for its backoff delay.
        case waitingToReconnect
    }

    public var state: State
    /// `127.0.0.1:10000`; nil when disconnected.
    @ExplicitNull public var endpoint: String?
    /// Whether the socket is marked as a VoIP service (it can wake the suspended app).
    public var isVoIPService: Bool
    /// Connection attempts made.
    public var attempts: Int
    /// Connections opened.
    public var connections: Int
    /// Failed attempts and dead connections since the last open; the backoff's exponent.
    public var failuresInARow: Int
    /// Seconds until the next attempt, while waiting to reconnect.
    @ExplicitNull public var nextAttemptIn: Double?
    public var linesReceived: Int
    public var linesSent: Int
    public var bytesReceived: Int
    public var bytesSent: Int
    /// Errors reported to the app.
    public var errors: Int
    @ExplicitNull public var lastError: String?
    /// Events held until the app runs again (it could not be woken for them).
    public var heldEvents: Int
    /// Events handed to the running app that it has not handled yet.
    public var eventsInFlight: Int
    /// Whether reading from the socket waits: for the app to run again, or to catch up.
    public var readingPaused: Bool
    /// Times the system relaunched the app in the background after it ended.
    public var relaunches: Int

    package static let initial = VoIPConnectionStatus(
        state: .disconnected, endpoint: nil, isVoIPService: false, attempts: 0, connections: 0, failuresInARow: 0,
        nextAttemptIn: nil, linesReceived: 0, linesSent: 0, bytesReceived: 0, bytesSent: 0, errors: 0,
        lastError: nil, heldEvents: 0, eventsInFlight: 0, readingPaused: false, relaunches: 0)
}
