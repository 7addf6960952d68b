/// A PushKit push as its delegate gets it (`PKPushPayload`).
// Unchecked: dictionaryPayload ([AnyHashable: Any]) is not Sendable in its type; it is a let of JSON values, never mutated.
public final class PKPushPayload: @unchecked Sendable {
    public let type: PKPushType
    /// The push's JSON object, e.g. `["caller": "Ray"]`.
    public let dictionaryPayload: [AnyHashable: Any]

    init(type: PKPushType, dictionaryPayload: [AnyHashable: Any]) {
        self.type = type
        self.dictionaryPayload = dictionaryPayload
    }
}
