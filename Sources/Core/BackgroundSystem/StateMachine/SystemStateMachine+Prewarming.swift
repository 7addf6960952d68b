import BackgroundWire

/// Prewarming (iOS 15 and later): the system may run an app's launch sequence up to, but not
/// including, `UIApplicationMain` before the user opens it, so that static initializers run
/// early — possibly before the first unlock after a restart, when protected data is unavailable
/// — and the launch, when it comes, continues from there (Apple, “About the app launch
/// sequence”, “Prepare your app for prewarming”; rule prewarming).
extension SystemStateMachine {
    /// The system prewarms the app (`device prewarm`); nothing if it runs, is prewarmed
    /// already, or the era has no prewarming. Returns why nothing happened, if it did not.
    package mutating func prewarm(at moment: Moment) -> (String?, [SystemEffect]) {
        begin(moment)
        guard profile.hasPrewarming else { return ("\(profile.absence(of: .prewarming)); this is \(profile.name)", finish()) }
        guard appState == .notRunning else { return ("the app is running (\(appState.rawValue)): only an app that is not running is prewarmed", finish()) }
        guard prewarm == nil else { return ("the app is prewarmed already", finish()) }
        let beforeFirstUnlock = !protectedData.isUnlockedSinceBoot
        prewarm = Prewarm(time: now, beforeFirstUnlock: beforeFirstUnlock)
        markChanged()
        log("Prewarming \(infoPlist.bundleName): the system runs its launch sequence up to, but not including, "
            + "UIApplicationMain, and pauses it until the app launches")
        if beforeFirstUnlock {
            log("The prewarm runs before the first unlock: code before UIApplicationMain (static initializers, load()) "
                + "finds protected data unavailable — keychain items and files of every class but none")
        }
        return (nil, finish())
    }

    /// A launch begins: a prewarmed process goes on from `UIApplicationMain` (rule prewarming).
    mutating func resumePrewarm() {
        guard let prewarm else { return }
        self.prewarm = nil
        markChanged()
        log("The launch continues the prewarmed process: UIApplicationMain runs now, \((now - prewarm.time).secondsText) s "
            + "after the code before it ran")
    }

    /// The system reclaims a prewarmed process (memory pressure, a restart): the next launch
    /// starts from the beginning.
    mutating func discardPrewarm(_ why: String) {
        guard prewarm != nil else { return }
        prewarm = nil
        markChanged()
        log("The prewarmed process of \(infoPlist.bundleName) is removed from memory: \(why)")
    }
}
