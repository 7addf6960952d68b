/// The user declined the call (`CXEndCallAction`): it is gone from the incoming-call screen.
/// Backgrounder does not tell the app when the user hangs up a call in progress.
public final class CXEndCallAction: CXCallAction, @unchecked Sendable {
    /// Fulfills it, the call ended at `dateEnded`.
    public func fulfill(withDateEnded dateEnded: Date) {
        fulfill()
    }
}
