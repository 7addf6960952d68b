import BackgroundWire

/// One screen as `status` shows it: the snapshot the app last published, with the system's
/// facts about it as more fields of the same JSON object.
public struct ScreenStatus: Encodable, Sendable {
    /// What the app last published; nil if only the system's facts are known so far.
    public let snapshot: (any ScreenSnapshot)?
    /// The system's facts, by field name.
    public let facts: [String: any Encodable & Sendable]

    public init(snapshot: (any ScreenSnapshot)?, facts: [String: any Encodable & Sendable] = [:]) {
        self.snapshot = snapshot
        self.facts = facts
    }

    public func encode(to encoder: any Encoder) throws {
        if let snapshot { try snapshot.encode(to: encoder) }
        var container = encoder.container(keyedBy: FieldKey.self)
        for (field, value) in facts.sorted(by: { $0.key < $1.key }) {
            try container.encode(value, forKey: FieldKey(field))
        }
    }
}
