import BackgroundWire

/// Why the app refused a tap (``Application/handleTaps(named:_:)``): one sentence the command
/// line and the web UI show.
public struct AppCommandRefusal: Error, Sendable, Equatable {
    public let reason: String

    public init(_ reason: String) {
        self.reason = reason
    }
}
