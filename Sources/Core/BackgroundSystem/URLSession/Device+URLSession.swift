import BackgroundWire

/// Background URL sessions on the system's side (`SystemStateMachine+URLSession.swift`).
extension Device {
    /// The system's transfer service ended a background transfer: the app's session hears it
    /// now if the app runs with the session made, else the system keeps the event and resumes
    /// or launches the app for the session's events once all its transfers have ended. False,
    /// doing nothing, when no transfer `event.task` is waiting or running.
    @discardableResult
    public func endTransfer(_ event: BackgroundTransferEvent) -> Bool {
        let ended = handle { $0.endTransfer(event, at: $1) }
        settle()
        return ended
    }

    /// The background sessions' transfers the system keeps, oldest first: waiting, running, or
    /// ended with their events not yet handed to the app.
    public var backgroundTransfers: [BackgroundTransferStatus] {
        read(\.backgroundTransferStatuses)
    }

    /// The transfers and their revision, or nil, reading nothing more, while the revision is
    /// still `revision`: for the transfer service, which follows every change the device
    /// announces and needs the transfers only when they changed.
    package func backgroundTransfers(changedSince revision: Int?) -> (revision: Int, transfers: [BackgroundTransferStatus])? {
        read { machine in
            let current = machine.urlSessions.transfersRevision
            return current == revision ? nil : (current, machine.backgroundTransferStatuses)
        }
    }

    /// Reads the background sessions saved in the storage directory before the app first runs,
    /// then, once the system runs, launches the app for the sessions whose transfers all
    /// ended. A file that cannot be read is set aside, and the device starts with none.
    func restoreBackgroundSessions() {
        guard let store = storage?.backgroundSessions.store else { return }
        let stored: StoredBackgroundSessions?
        do {
            stored = try store.load()
        } catch {
            let aside = store.setAside().map { "; it was moved to \($0.path)" } ?? ""
            console.log("Background sessions: cannot read the transfers: \(error)\(aside). Starting with none")
            return
        }
        guard let stored else { return }
        handle { $0.restoreBackgroundSessions(stored, from: store.fileURL.path, at: $1) }
        guard stored.transfers.contains(where: { $0.phase == .ended }) else { return }
        loop.schedule(after: .zero) { [weak self] in
            self?.handle { $0.routeRestoredSessionEvents(at: $1) }
            self?.settle()
        }
    }
}
