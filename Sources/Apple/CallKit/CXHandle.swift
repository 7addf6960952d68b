/// Who a call is with (`CXHandle`): a phone number, an email address, or any other text.
public final class CXHandle: Sendable {
    /// The kind of `value` (`CXHandle.HandleType`).
    public enum HandleType: Int, Sendable {
        case generic = 1
        case phoneNumber = 2
        case emailAddress = 3
    }

    public let type: HandleType
    public let value: String

    public init(type: HandleType, value: String) {
        self.type = type
        self.value = value
    }
}
