import Foundation

/// The two socket errors a person meets when starting or reaching a listener, in plain words
/// instead of SwiftNIO's description (`…Connection refused) (errno: 111)`), which carries its
/// internals. The kernel's own words follow in parentheses, for searching.
public enum SocketProblem {
    /// Nothing listens at the address connected to (`ECONNREFUSED`).
    case refused
    /// Another socket has the address to listen on (`EADDRINUSE`).
    case taken

    /// The problem `error` is, told from its description (NIO's errors name the errno, and
    /// the errors that wrap them keep only their text); nil for any other error.
    public init?(_ error: any Error) {
        self.init(description: "\(error)")
    }

    /// The problem an error's `description` names; nil for any other.
    public init?(description: String) {
        if description.contains("(errno: \(ECONNREFUSED))") {
            self = .refused
        } else if description.contains("(errno: \(EADDRINUSE))") {
            self = .taken
        } else {
            return nil
        }
    }

    /// The plain words: "nothing listens there (Connection refused)" or "the port is taken
    /// (Address already in use)", to follow the address they are about.
    public var reason: String {
        switch self {
        case .refused: "nothing listens there (\(String(cString: strerror(ECONNREFUSED))))"
        case .taken: "the port is taken (\(String(cString: strerror(EADDRINUSE))))"
        }
    }

    /// The plain words for the error described as `description`, or the description itself.
    public static func reason(for description: String) -> String {
        SocketProblem(description: description)?.reason ?? description
    }
}
