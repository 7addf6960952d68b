/// A held background task assertion, as `status` lists it.
public struct AssertionStatus: Encodable, Sendable, Equatable {
    public let name: String?
    public let identifier: Int
    /// Seconds of background time left; nil while unlimited (the app is in the foreground).
    public let timeRemaining: Double?
    /// Where in the app's code it was begun.
    public let begunAt: String

    private enum CodingKeys: String, CodingKey {
        case name, identifier, timeRemaining, begunAt
    }

    /// Encodes every key, with `null` for an absent value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(identifier, forKey: .identifier)
        try container.encode(timeRemaining, forKey: .timeRemaining)
        try container.encode(begunAt, forKey: .begunAt)
    }
}
