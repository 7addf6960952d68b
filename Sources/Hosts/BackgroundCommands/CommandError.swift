import BackgroundRuntime

/// Why a command line could not be carried out; its description is the one-line error.
public enum CommandError: Error, Equatable, CustomStringConvertible {
    case unknown(String)
    case usage(String)
    case invalidArgument(String)
    case notOnScreen(AppState)
    /// The system refused; the message says why.
    case refused(String)

    public var description: String {
        switch self {
        case .unknown(let line):
            "unknown command \"\(line)\"; type help for the list of commands"
        case .usage(let usage):
            "usage: \(usage)"
        case .invalidArgument(let message):
            message
        case .notOnScreen(let state):
            "the app is not on screen (it is \(state.rawValue)); open it first"
        case .refused(let message):
            message
        }
    }
}
