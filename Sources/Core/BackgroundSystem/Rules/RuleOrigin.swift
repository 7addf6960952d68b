import BackgroundWire

/// Where a ``Rule`` comes from.
public enum RuleOrigin: Sendable, Equatable {
    /// iOS behaves so; `source` names the Apple document, Technical Q&A, WWDC session or
    /// tutorial that says it.
    case iOS(source: String)
    /// Backgrounder's model: no source settles the point, and `reason` says what the model
    /// stands in for.
    case model(reason: String)

    /// `iOS` or `model`.
    public var kind: String {
        switch self {
        case .iOS: "iOS"
        case .model: "model"
        }
    }

    /// The source, or the model's reason.
    public var detail: String {
        switch self {
        case .iOS(let source): source
        case .model(let reason): reason
        }
    }
}
