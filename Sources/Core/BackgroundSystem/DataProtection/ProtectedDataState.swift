import BackgroundWire

/// Whether protected data is available, as the ``SystemStateMachine`` keeps it: the class key
/// of complete protection is held from the unlock until shortly after the screen locks; the one
/// of completeUntilFirstUserAuthentication from the first unlock after boot until the device
/// restarts.
package struct ProtectedDataState: Sendable, Equatable {
    /// Whether files of class complete and completeUnlessOpen can be read and written.
    var isAvailable = true
    /// Whether the device has been unlocked since it booted (files of class
    /// completeUntilFirstUserAuthentication can be read and written).
    var isUnlockedSinceBoot = true
    /// From the lock until the class key is discarded: the timer that discards it.
    package var discardTimer: SystemTimerToken?

    /// What the app's files allow now.
    package var access: ProtectedDataAccess {
        ProtectedDataAccess(isProtectedDataAvailable: isAvailable, isUnlockedSinceBoot: isUnlockedSinceBoot)
    }
}
