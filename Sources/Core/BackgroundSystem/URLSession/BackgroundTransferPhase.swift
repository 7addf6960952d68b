import BackgroundWire

/// Where a background transfer stands, as `status` shows it.
public enum BackgroundTransferPhase: String, Codable, Sendable {
    /// A discretionary transfer waits for external power and the network.
    case waitingForPower
    /// The task's `earliestBeginDate` has not come yet (iOS 11).
    case scheduled
    /// The transfer waits for the network.
    case waitingForNetwork
    /// Created while the app was in the background, it waits for the resume rate limiter's delay.
    case delayed
    /// The system's transfer service carries it, whatever the app's state.
    case running
    /// The app cancelled it with `cancel(byProducingResumeData:)`: the transfer service stops
    /// it and ends it with its resume data.
    case cancelling
    /// It ended; its events wait for the app to make its session.
    case ended
}
