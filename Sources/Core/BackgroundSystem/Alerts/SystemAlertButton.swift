import BackgroundWire

/// One answer of a ``SystemAlert``: its title, and the command line that gives that answer
/// (the web UI runs it when the button is clicked; a script types it).
public struct SystemAlertButton: Sendable, Equatable, Encodable {
    public let title: String
    public let command: String

    public init(title: String, command: String) {
        self.title = title
        self.command = command
    }
}
