import BackgroundWire

/// Why a debugging hook (`bgtask simulate-launch`, `bgtask simulate-expiration`) could not act.
public enum TaskSimulationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The iOS era has no `BGTaskScheduler`.
    case unavailable(profile: String)
    /// No request with this identifier is pending.
    case notPending(String)
    /// No task with this identifier is running.
    case notRunning(String)

    public var description: String {
        switch self {
        case .unavailable(let profile):
            "BGTaskScheduler does not exist in \(profile); it came with iOS \(AvailableAPI.backgroundTaskScheduler.introduced) (try --ios \(AvailableAPI.backgroundTaskScheduler.firstVersion))"
        case .notPending(let identifier):
            "no request for task \(identifier) is pending; the app must submit one first"
        case .notRunning(let identifier):
            "task \(identifier) is not running"
        }
    }
}
