import BackgroundWire

/// One report of a broken rule, as logged on the console and counted in `status`.
public struct Diagnostic: Sendable, Equatable {
    public let rule: DiagnosticRule
    public let message: String
    /// When it happened, as time since the device booted.
    public let time: Duration

    /// The console line: `Diagnostic [double-end]: …`.
    public var consoleMessage: String { "Diagnostic [\(rule)]: \(message)" }
}
