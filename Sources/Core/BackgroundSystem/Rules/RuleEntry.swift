import BackgroundWire

/// A ``Rule`` as `backgrounder rules --json` and the web UI show it.
public struct RuleEntry: Sendable, Codable, Equatable {
    public let id: String
    public let statement: String
    public let eras: String
    /// `iOS` or `model`.
    public let origin: String
    /// The source, or the model's reason.
    public let source: String
    public let test: String
}
