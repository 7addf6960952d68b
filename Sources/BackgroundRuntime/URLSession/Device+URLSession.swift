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
}
