import BackgroundWire

/// State restoration, the app's side: what it preserves when it leaves the screen, and what a
/// later launch gets back after the system ended it (rule state-restoration).
extension Application {
    /// Hands the system what to restore if it ends the app before the user returns — as UIKit
    /// preserves the view controllers with a `restorationIdentifier` when the app moves to the
    /// background (`application(_:shouldSaveSecureApplicationState:)`, a scene's
    /// `stateRestorationActivity(for:)`). Call it when leaving the screen; nil forgets it.
    public func preserveState(_ archive: RestorationArchive?) {
        system?.preserveState(archive, launchNumber: launchNumber)
    }

    /// What the system handed back at this launch: the state the app preserved before the
    /// system ended it (jetsam, a crash, a restart); nil after the user swiped the app away,
    /// when nothing was preserved, or once restored. Read it in didFinishLaunching.
    public var restoredState: RestorationArchive? {
        system?.restoredState(launchNumber: launchNumber)
    }
}
