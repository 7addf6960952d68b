
/// A call of the app's ``VoIPSocket`` to the system's ``VoIPService``, in the service channel's wire form.
package enum VoIPServiceCall: Codable, Sendable, Equatable {
    /// Answered with the new session's number.
    case connect(VoIPEndpoint, asVoIPService: Bool)
    case disconnect
    /// One way: a line the service has no connection for is dropped (the app hears of the
    /// connection's end by its event).
    case send(String)
    /// Answered with ``VoIPConnectionStatus/State``.
    case state
    /// Answered with the endpoint the app last connected to, or nothing.
    case savedEndpoint
    /// The app handled `count` events of session `session`.
    case handled(session: Int, count: Int)
    /// The socket of session `session` that the app's own process owns ended, as the app read:
    /// closed by the peer (no error) or failed. The app's handler has heard; the service tries
    /// again after its backoff.
    case ended(session: Int, error: VoIPError?)
    /// One read of the socket of session `session` that the app's own process owns found
    /// `count` faults in the stream (a line too long, invalid UTF-8), the last `last`: for the
    /// system's `status` (`errors`, `lastError`), which never sees the socket's bytes.
    case streamErrors(session: Int, count: Int, last: VoIPError)
    /// The app's process has no counters for the socket of session `session` (their page did
    /// not come, or could not be mapped): the system cannot tell what the app handled, so it
    /// wakes the app only for data its watch sees.
    case uncounted(session: Int)
}
