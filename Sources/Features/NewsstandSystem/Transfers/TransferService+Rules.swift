import BackgroundSystem
import BackgroundWire
import NewsstandWire

/// The background rules of Newsstand downloads: they go on while the app is suspended only
/// for a Newsstand app (`UINewsstandApp`) that declares `newsstand-content`, on an iOS that
/// has Newsstand Kit (5 to 16). They never keep the app running (``Rule/newsstand``).
extension TransferService {
    /// Why downloads must stop while the app is suspended, or nil when they may go on.
    public var backgroundRefusal: (rule: DiagnosticRule, reason: String)? {
        let plist = device.infoPlist
        if !device.profile.hasNewsstand {
            return (.newsstandUnavailable, "Newsstand Kit does not exist in \(device.profile.name): it \(device.profile.history(of: .newsstand))")
        }
        if !plist.declares(.newsstandContent) {
            return (.missingBackgroundMode, "UIBackgroundModes in \(plist.source) lacks newsstand-content")
        }
        if !plist.isNewsstandApp {
            return (.notNewsstandApp, "UINewsstandApp is not true in \(plist.source)")
        }
        return nil
    }

    func appStateChanged(_ change: AppStateChange) {
        state.withLock { $0.appRuns = change.to.isRunning }
        if change.to == .notRunning {
            // The launch's delegates and the events on their way ended with it.
            state.withLock { state in
                for id in state.transfers.keys { state.transfers[id]?.progressPosted = false }
                state.attached.removeAll()
                state.delivering.removeAll()
            }
        }
        if change.to == .suspended || change.to == .notRunning, let refusal = backgroundRefusal {
            let running = state.withLock { state in
                state.transfers.filter { !$0.value.isPaused }.keys.sorted()
            }
            guard !running.isEmpty else { return }
            let issues = Set(running.compactMap { try? store.asset($0)?.issueName }).sorted()
            stop(running, .paused)
            device.report(
                refusal.rule,
                "Newsstand downloads of issue \(issues.joined(separator: ", ")) stop while \(device.infoPlist.bundleName) is \(change.to == .suspended ? "suspended" : "not running"): \(refusal.reason); they resume when the app runs again")
        } else if change.to.isRunning, !change.from.isRunning {
            resumePaused()
        }
    }

    private func resumePaused() {
        let paused = state.withLock { state -> [String] in
            let ids = state.transfers.filter { $0.value.isPaused }.keys.sorted()
            for id in ids { state.transfers[id]?.isPaused = false }
            return ids
        }
        for id in paused { launchAttempt(id) }
    }
}
