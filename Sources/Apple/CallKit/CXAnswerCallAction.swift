import BackgroundRuntime

/// The user accepted the call (`CXAnswerCallAction`): the app is on screen; connect the call and
/// fulfill, or fail, which ends the call.
// Unchecked: a subclass of CXCallAction, which is not final; it adds no state.
public final class CXAnswerCallAction: CXCallAction, @unchecked Sendable {
    /// Fulfills it, the call connected at `dateConnected`.
    public func fulfill(withDateConnected dateConnected: Date) {
        fulfill()
    }

    /// The app could not connect the call: it ends (the runtime's ``BackgroundRuntime/Application/reportCallEnded()``).
    public override func fail() {
        super.fail()
        guard let application = application ?? Application.current else { return }
        application.onMain { application.reportCallEnded() }
    }
}
