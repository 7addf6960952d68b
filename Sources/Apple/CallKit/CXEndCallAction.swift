/// The user declined the call (`CXEndCallAction`): it is gone from the incoming-call screen.
/// Backgrounder does not tell the app when the user hangs up a call in progress. Made by the app
/// and requested through a ``CXCallController``, it ends the call once the provider's delegate
/// fulfills it.
// Unchecked: a subclass of CXCallAction, which is not final; its provider is set before the action is handed over.
public final class CXEndCallAction: CXCallAction, @unchecked Sendable {
    /// The provider that performs it for a ``CXCallController``'s request; nil for the user's.
    weak var requestingProvider: CXProvider?

    /// The app did it: a requested end ends the call.
    public override func fulfill() {
        super.fulfill()
        guard let provider = requestingProvider else { return }
        let call = callUUID
        provider.onMain { $0.endRequestedCall(call) }
    }

    /// Fulfills it, the call ended at `dateEnded`.
    public func fulfill(withDateEnded dateEnded: Date) {
        fulfill()
    }
}
