/// What the system knows of the app's background sessions (`SystemStateMachine+URLSession.swift`):
/// their configurations and transfers, kept across the app's launches as nsurlsessiond keeps
/// them (and, with a storage directory, across the system's restart: ``StoredBackgroundSessions``),
/// the sessions the running launch has made, the completions it waits for, and the resume
/// rate limiter.
struct BackgroundSessionState: Sendable {
    var sessions: [String: BackgroundSessionConfiguration] = [:]
    var transfers: [Int: BackgroundTransfer] = [:]
    var nextTask = 1
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

    /// The transfers of `session`, oldest first.
    func transfers(of session: String) -> [BackgroundTransfer] {
        transfers.values.filter { $0.session == session }.sorted { $0.id < $1.id }
    }
}
