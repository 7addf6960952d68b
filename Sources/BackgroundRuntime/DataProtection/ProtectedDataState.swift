/// Whether protected data is available, as the ``SystemStateMachine`` keeps it: the class key
/// of complete protection is held from the unlock until shortly after the screen locks.
struct ProtectedDataState: Sendable {
    /// Whether files of class complete and completeUnlessOpen can be read and written.
    var isAvailable = true
    /// From the lock until the class key is discarded: the timer that discards it.
    var discardTimer: SystemTimerToken?
}
