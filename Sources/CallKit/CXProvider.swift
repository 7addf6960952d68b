import BackgroundRuntime

/// The app's line to the system's call screens (`CXProvider`): reporting an incoming call is
/// the runtime's ``BackgroundRuntime/Application/reportNewIncomingCall(uuid:caller:)`` — the
/// incoming-call screen rings, and a VoIP push being handled has its call — and the user's
/// answer reaches the delegate as an action.
///
/// As on iOS the app keeps its provider; the launch's latest one hears the answers. The
/// delegate runs on the app's main executor whatever queue it was set with.
@preconcurrency @AppMain
public final class CXProvider {
    public var configuration: CXProviderConfiguration
    private(set) weak var delegate: (any CXProviderDelegate)?
    private let application: Application
    private var relay: CallRelay?

    /// A provider of the launch whose code runs now.
    ///
    /// - precondition: the caller is the app's code on a device of iOS 10 or later (CallKit is
    ///   new in iOS 10).
    public init(configuration: CXProviderConfiguration) {
        let application = Application.current(for: "CXProvider(configuration:)")
        guard application.profile.iOSVersion >= 10 else {
            preconditionFailure("CallKit is available from iOS 10; this device runs iOS \(application.profile.iOSVersion)")
        }
        self.configuration = configuration
        self.application = application
        let relay = CallRelay(provider: self)
        self.relay = relay
        application.callReceiver = relay
    }

    /// Sets the delegate, held weakly; `queue` is not used (see the type).
    public func setDelegate(_ delegate: (any CXProviderDelegate)?, queue: DispatchQueue?) {
        self.delegate = delegate
    }

    /// Reports a new incoming call: the incoming-call screen rings with the update's caller.
    /// `completion` is called at once with no error (Backgrounder refuses no call).
    public func reportNewIncomingCall(with UUID: UUID, update: CXCallUpdate, completion: @escaping ((any Error)?) -> Void) {
        application.reportNewIncomingCall(uuid: UUID.uuidString, caller: update.caller)
        completion(nil)
    }

    /// Reports a new incoming call (see ``reportNewIncomingCall(with:update:completion:)``).
    public func reportNewIncomingCall(with UUID: UUID, update: CXCallUpdate) async throws {
        application.reportNewIncomingCall(uuid: UUID.uuidString, caller: update.caller)
    }

    /// Reports that the call ended: the runtime's ``BackgroundRuntime/Application/reportCallEnded()``.
    public func reportCall(with UUID: UUID, endedAt dateEnded: Date?, reason endedReason: CXCallEndedReason) {
        application.reportCallEnded()
    }

    /// Stops hearing the user's answers.
    public func invalidate() {
        if let relay, application.callReceiver === relay { application.callReceiver = nil }
        relay = nil
    }

    /// The user answered the call `call`.
    func receiveAnswer(to call: IncomingCall, accepted: Bool) {
        guard let delegate else { return }
        let uuid = UUID(uuidString: call.uuid) ?? UUID()
        if accepted {
            delegate.provider(self, perform: CXAnswerCallAction(call: uuid))
        } else {
            delegate.provider(self, perform: CXEndCallAction(call: uuid))
        }
    }
}
