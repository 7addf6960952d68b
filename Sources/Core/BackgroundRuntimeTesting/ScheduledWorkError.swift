/// Why a ``ScheduledWorkDriver`` call could not act.
public enum ScheduledWorkError: Error, Equatable, CustomStringConvertible {
    /// No request with this identifier is pending: it was never submitted, has run, or was
    /// cancelled.
    case noPendingRequest(identifier: String, pending: [String])
    /// The request is pending but the system has not planned it: the app is on screen, or
    /// Background App Refresh is off, or the app was swiped away.
    case notPlanned(identifier: String)

    public var description: String {
        switch self {
        case .noPendingRequest(let identifier, let pending):
            "no pending task request \"\(identifier)\" (pending: \(pending.isEmpty ? "none" : pending.joined(separator: ", ")))"
        case .notPlanned(let identifier):
            "the task request \"\(identifier)\" is pending but the system has not planned it: the app is on screen, "
                + "Background App Refresh is off, or the app was swiped away"
        }
    }
}
