import BackgroundWire

extension BackgroundTransferPhase {
    /// The phase as the console says it.
    var consoleText: String {
        switch self {
        case .waitingForPower: "waits for external power and the network (discretionary)"
        case .scheduled: "waits for its earliestBeginDate"
        case .waitingForNetwork: "waits for the network"
        case .delayed: "waits for the resume rate limiter's delay"
        case .running: "the system carries it, whatever the app's state"
        case .cancelling: "cancelled by the app; the transfer service stops it and makes its resume data"
        case .ended: "ended"
        }
    }
}
