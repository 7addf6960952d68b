import BackgroundWire

/// State restoration: the system keeps what the app preserved of its interface and hands it
/// back at the next launch after the system ended the app — a jetsam, a crash, a restart — so
/// that the user finds it as they left it; it discards it when the user swiped the app away
/// (Apple, “Preserving your app's UI across launches”; WWDC 2020, “Why is my app getting
/// killed?”; rule state-restoration).
extension SystemStateMachine {
    /// The app preserves `archive` (nil forgets what it preserved), for launch `number`.
    mutating func preserveState(_ archive: RestorationArchive?, ofLaunch number: Int, at moment: Moment) -> [SystemEffect] {
        begin(moment)
        guard launch?.number == number else { return finish() }
        preserved = archive.map { PreservedState(archive: $0, time: now, launchNumber: number) }
        return finish()
    }

    /// What launch `number` gets back: the state an earlier launch preserved, once.
    mutating func restoredState(ofLaunch number: Int, at moment: Moment) -> (RestorationArchive?, [SystemEffect]) {
        begin(moment)
        guard launch?.number == number, let restoring = preserved, restoring.launchNumber != number else {
            return (nil, finish())
        }
        preserved = nil
        return (restoring.archive, finish())
    }

    /// A launch begins: the console says what it restores, if anything.
    mutating func announceRestoration() {
        guard let preserved, let number = launch?.number, preserved.launchNumber != number else { return }
        log("State restoration: \(infoPlist.bundleName) gets back what it preserved \((now - preserved.time).secondsText) s "
            + "ago: \(preserved.archive.summary)")
    }

    /// The app's launch ended: what it preserved is kept for the next launch, unless the user
    /// swiped the app away (“the system deletes the app's preserved state when the user force
    /// quits the app”).
    mutating func keepOrDiscardPreservedState() {
        guard preserved != nil else { return }
        if lastTermination == .user {
            preserved = nil
            log("State restoration: the user swiped \(infoPlist.bundleName) away, so the system discards its preserved state")
        }
    }
}
