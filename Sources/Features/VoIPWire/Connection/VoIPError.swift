import BackgroundWire

/// What went wrong with the VoIP socket, as the `Had error: …` events say it.
public enum VoIPError: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    /// The connection could not be made (refused, unreachable, unknown host).
    case connectFailed(VoIPEndpoint, reason: String)
    /// The connection was not made within the connect timeout.
    case connectTimedOut(VoIPEndpoint, after: Duration)
    /// An open connection failed (reset by the peer, broken pipe).
    case connectionLost(VoIPEndpoint, reason: String)
    /// Nothing was received for the read-idle timeout: the connection is presumed half-open.
    case idleTimeout(VoIPEndpoint, after: Duration)
    /// A received line grew past the line limit; it was dropped.
    case lineTooLong(limit: Int)
    /// A received line is not valid UTF-8; it was dropped.
    case invalidUTF8(byteCount: Int)
    /// Events were dropped because too many waited for an app that could not run.
    case eventsDropped(count: Int)
    /// A line to send contains a line break.
    case lineBreakInLine
    /// There is no open connection to send on.
    case notConnected

    public var description: String {
        switch self {
        case .connectFailed(let endpoint, let reason):
            "could not connect to \(endpoint): \(reason)"
        case .connectTimedOut(let endpoint, let after):
            "could not connect to \(endpoint) within \(after.secondsText) s"
        case .connectionLost(let endpoint, let reason):
            "the connection to \(endpoint) failed: \(reason)"
        case .idleTimeout(let endpoint, let after):
            "nothing received from \(endpoint) for \(after.secondsText) s: the connection is presumed dead"
        case .lineTooLong(let limit):
            "a line longer than \(limit) bytes was received and dropped"
        case .invalidUTF8(let count):
            "a line of \(count) bytes that is not valid UTF-8 was received and dropped"
        case .eventsDropped(let count):
            "\(count) events were dropped while the app could not run"
        case .lineBreakInLine:
            "a line to send must not contain a line break"
        case .notConnected:
            "not connected"
        }
    }
}
