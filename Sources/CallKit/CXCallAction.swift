/// An action on one call (`CXCallAction`).
public class CXCallAction: CXAction, @unchecked Sendable {
    /// The call's UUID, as the app reported it.
    public let callUUID: UUID

    public init(call callUUID: UUID) {
        self.callUUID = callUUID
    }
}
