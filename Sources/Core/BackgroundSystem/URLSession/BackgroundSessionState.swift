import BackgroundWire

/// What the system knows of the app's background sessions (`SystemStateMachine+URLSession.swift`):
/// their configurations and transfers, kept across the app's launches as nsurlsessiond keeps
/// them (and, with a storage directory, across the system's restart: ``StoredBackgroundSessions``),
/// the sessions the running launch has made, the completions it waits for, and the resume
/// rate limiter.
package struct BackgroundSessionState: Sendable, Equatable {
    var sessions: [String: BackgroundSessionConfiguration] = [:] {
        didSet { storedChanged = true }
    }
    var transfers: [Int: BackgroundTransfer] = [:] {
        didSet {
            storedChanged = true
            transfersRevision &+= 1
        }
    }
    var nextTask = 1 {
        didSet { storedChanged = true }
    }
    /// The sessions the running launch has made: their delegates hear the events.
    var made: Set<String> = []
    var pending: [Int: PendingSessionEvents] = [:]
    var nextNumber = 1
    /// The session a background launch (reason transfer) is for.
    var launchSession: String?
    /// The resume rate limiter's delay: doubled at each resume or launch for a session's events,
    /// back to zero when the user opens the app or the delay passes without one.
    var resumeDelay: Duration = .zero
    var resumeDelayTimer: SystemTimerToken?
    /// What was last handed to storage (or read from it), so that only a change is saved.
    var saved = StoredBackgroundSessions()
    /// Whether the sessions, the transfers or the next task's number changed since the stored
    /// form was last built: only then is it built again at the end of an event.
    var storedChanged = false
    /// How many times the stored form was built, for tests: an event that touches no session
    /// builds none.
    package var storedFormBuilds = 0
    /// Grows with every change of the transfers, so that the transfer service, which follows
    /// them, reads them only when they changed.
    private(set) var transfersRevision = 0

    /// The transfers of `session`, oldest first.
    func transfers(of session: String) -> [BackgroundTransfer] {
        transfers.values.filter { $0.session == session }.sorted { $0.id < $1.id }
    }
}
