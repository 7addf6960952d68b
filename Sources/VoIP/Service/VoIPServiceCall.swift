/// A call of the app's ``VoIPSocket`` to the system's ``VoIPService``, as the service's JSON.
enum VoIPServiceCall: Codable, Sendable, Equatable {
    /// Answered with the new session's number.
    case connect(VoIPEndpoint, asVoIPService: Bool)
    case disconnect
    /// Answered with the ``VoIPError`` that refused the line, or nothing.
    case send(String)
    /// Answered with ``VoIPConnectionStatus/State``.
    case state
    /// Answered with the endpoint the app last connected to, or nothing.
    case savedEndpoint
    /// The app handled `count` events of session `session`.
    case handled(session: Int, count: Int)
}
