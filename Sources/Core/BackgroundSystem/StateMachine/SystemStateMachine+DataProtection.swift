import BackgroundWire

/// Data Protection as it affects background code (Apple Platform Security, "Data Protection
/// classes"; `UIApplication.isProtectedDataAvailable`): the screen's lock discards the class key
/// of complete protection after the profile's delay (10 s with Require Password: Immediately),
/// and the unlock brings it back. The running app is told of both; a suspended app is not woken
/// for them (rules protected-data-after-lock and protected-data-notifications). A restart takes
/// every class key but that of class none until the first unlock (rule
/// protected-data-before-first-unlock).
extension SystemStateMachine {
    /// The screen locks: the running app hears that protected data will become unavailable, and
    /// the class key is discarded after the delay. Called before the lock sends the app on
    /// screen to the background, as Apple says the device is "about to be locked".
    mutating func protectedDataLockBegan() {
        guard protectedData.isAvailable, protectedData.discardTimer == nil else { return }
        log("Protected data will become unavailable in \(profile.protectedDataLockDelay.secondsText) s (Require Password: Immediately)")
        if appState.isRunning { deliver(.systemNotification(.protectedDataWillBecomeUnavailable)) }
        protectedData.discardTimer = schedule(.protectedDataDiscard, after: profile.protectedDataLockDelay)
    }

    /// The delay after the lock has passed: the class key is discarded.
    mutating func protectedDataKeyDiscarded() {
        protectedData.discardTimer = nil
        protectedData.isAvailable = false
        markChanged()
        log("Protected data unavailable: files with complete protection cannot be read or written until the device is unlocked")
    }

    /// The screen is unlocked: protected data is available again — or never stopped being, if
    /// the unlock came within the delay. The app hears it if it runs, or if the unlock brings it
    /// back on screen (`returning`), before it comes back.
    mutating func protectedDataUnlocked(returning: Bool) {
        if protectedData.discardTimer != nil {
            cancel(protectedData.discardTimer)
            protectedData.discardTimer = nil
            log("Protected data stayed available: the device was unlocked within \(profile.protectedDataLockDelay.secondsText) s of locking")
        } else if !protectedData.isUnlockedSinceBoot {
            protectedData.isAvailable = true
            protectedData.isUnlockedSinceBoot = true
            markChanged()
            log("Protected data available: the first unlock since the device booted; files of every class can be read and written")
        } else if !protectedData.isAvailable {
            protectedData.isAvailable = true
            markChanged()
            log("Protected data available: files with complete protection can be read and written again")
        }
        if appState.isRunning || returning { deliver(.systemNotification(.protectedDataDidBecomeAvailable)) }
    }

    /// The device restarted: no class key but that of class none is held until the user first
    /// unlocks it. The app is not running, so nobody is told.
    mutating func protectedDataRestarted() {
        cancel(protectedData.discardTimer)
        protectedData.discardTimer = nil
        protectedData.isAvailable = false
        protectedData.isUnlockedSinceBoot = false
        markChanged()
        log("Protected data unavailable until the first unlock: the device has not been unlocked since it booted, "
            + "so only files of class NSFileProtectionNone can be read or written")
    }
}
