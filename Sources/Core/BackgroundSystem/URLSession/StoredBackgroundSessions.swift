import BackgroundWire

/// What the system saves of the app's background sessions, so that they outlive its process:
/// Backgrounder's model of nsurlsessiond, which carries the transfers across the app's
/// termination (Apple) and keeps them across its own restart (the model's). It holds the sessions'
/// configurations, their transfers (waiting, running, or ended with the event the app has not
/// heard yet) and the next transfer number. The bytes a running transfer has so far are the
/// transfer service's, in files named by the transfer's number, which a transfer number never
/// reused keeps unambiguous.
package struct StoredBackgroundSessions: Codable, Sendable, Equatable {
    var version = 1
    var sessions: [BackgroundSessionConfiguration] = []
    /// Oldest first.
    var transfers: [BackgroundTransfer] = []
    var nextTask = 1
    /// Whether the user swiped the app away last, so that ended transfers' events wait until
    /// the user opens the app rather than launching it.
    var userQuitApp = false
}
