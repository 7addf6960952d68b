import BackgroundRuntime

/// An action on one call (`CXCallAction`).
// Unchecked: not final, as CallKit's; its application is set by the provider before the action is handed over.
public class CXCallAction: CXAction, @unchecked Sendable {
    /// The call's UUID, as the app reported it.
    public let callUUID: UUID
    /// The launch whose provider performs it, set before the delegate gets it, so that a delegate
    /// on a queue of its own may fail it.
    var application: Application?

    public init(call callUUID: UUID) {
        self.callUUID = callUUID
    }
}
