/// Why a push's payload cannot be read.
public enum PushPayloadError: Error, Equatable, CustomStringConvertible {
    /// No bytes at all.
    case empty
    /// Not JSON; the parser's reason.
    case notJSON(String)
    /// JSON, but not an object.
    case notAnObject
    /// `aps` is there but is not an object.
    case apsNotAnObject

    public var description: String {
        switch self {
        case .empty: "the payload is empty; it must be a JSON object such as {\"aps\":{\"alert\":\"Hello\"}}"
        case .notJSON(let reason): "the payload is not JSON: \(reason)"
        case .notAnObject: "the payload must be a JSON object, such as {\"aps\":{\"content-available\":1}}"
        case .apsNotAnObject: "the payload's \"aps\" must be a JSON object, such as {\"content-available\":1}"
        }
    }
}
