import BackgroundWire

/// Who ended the app.
public enum TerminationCause: Sendable, Equatable {
    /// The user swiped the app away in the app switcher (or quit the command line).
    case user
    /// The system reclaimed the app, e.g. for memory.
    case system(reason: String)
    /// The app crashed.
    case crash(reason: String)

    var consoleMessage: String {
        switch self {
        case .user: "Terminated by the user"
        case .system(let reason): "Terminated by the system: \(reason)"
        case .crash(let reason): "Crashed: \(reason)"
        }
    }
}
