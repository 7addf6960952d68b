import BackgroundRuntime

/// The app's line to the system's call screens (`CXProvider`): reporting an incoming call is
/// the runtime's ``BackgroundRuntime/Application/reportNewIncomingCall(uuid:caller:)`` — the
/// incoming-call screen rings, and a VoIP push being handled has its call — and the user's
/// answer reaches the delegate as an action.
///
/// As Apple's (`class CXProvider`, not isolated to an actor), any code may make and call it, a
/// nonisolated class of the Swift 6 language mode included; its reports are carried out on the
/// app's main executor, at once from the app's main thread, after the jobs already queued from
/// another. The delegate runs on the queue given with it, as Apple's `setDelegate(_:queue:)`
/// says: "If nil, delegate methods are performed on the main queue" — here the app's main
/// executor for nil or the main queue. As on iOS the app keeps its provider; the launch's
/// latest one hears the answers.
public final class CXProvider: MainExecutorBound {
    public var configuration: CXProviderConfiguration
    /// The delegate, held weakly, and the queue it runs on; like Apple's, set from one thread.
    private(set) weak var delegate: (any CXProviderDelegate)?
    private var delegateQueue: DispatchQueue?
    package let application: Application
    @AppMain private var relay: CallRelay?
    /// The calls the app reported that have not ended, as far as the provider heard: what a
    /// ``CXCallController`` may act on.
    @AppMain private var calls: Set<UUID> = []

    /// A provider of the launch whose code runs now.
    ///
    /// Before iOS 10, where CallKit does not exist, the use is reported (`[unavailable-api]`)
    /// and the provider goes on over the runtime's call reports.
    ///
    /// - precondition: the caller is the app's code.
    public init(configuration: CXProviderConfiguration) {
        let application = Application.current(for: "CXProvider(configuration:)")
        if !application.profile.has(.callKit) {
            application.report(
                .unavailableAPI,
                "CXProvider(configuration:) does not exist in \(application.profile.name); \(application.profile.absence(of: .callKit))")
        }
        self.configuration = configuration
        self.application = application
        onMain { provider in
            let relay = CallRelay(provider: provider)
            provider.relay = relay
            provider.application.callReceiver = relay
        }
    }

    /// Sets the delegate, held weakly, and the queue its methods run on (the app's main
    /// executor for nil).
    public func setDelegate(_ delegate: (any CXProviderDelegate)?, queue: DispatchQueue?) {
        self.delegate = delegate
        delegateQueue = queue
    }

    /// Reports a new incoming call: the incoming-call screen rings with the update's caller.
    /// `completion` is called with no error (Backgrounder refuses no call) once the report is
    /// made: at once from the app's main thread.
    public func reportNewIncomingCall(with UUID: UUID, update: CXCallUpdate, completion: @escaping ((any Error)?) -> Void) {
        report(UUID, update)
        completion(nil)
    }

    /// Reports a new incoming call (see ``reportNewIncomingCall(with:update:completion:)``).
    public func reportNewIncomingCall(with UUID: UUID, update: CXCallUpdate) async throws {
        report(UUID, update)
    }

    private func report(_ call: UUID, _ update: CXCallUpdate) {
        let caller = update.caller
        onMain { provider in
            provider.calls.insert(call)
            provider.application.reportNewIncomingCall(uuid: call.uuidString, caller: caller)
        }
    }

    /// Reports that the call ended: the runtime's ``BackgroundRuntime/Application/reportCallEnded()``.
    public func reportCall(with UUID: UUID, endedAt dateEnded: Date?, reason endedReason: CXCallEndedReason) {
        let call = UUID
        onMain { provider in
            provider.calls.remove(call)
            provider.application.reportCallEnded()
        }
    }

    /// Whether the app reported call `uuid` and the provider has not heard it end.
    @AppMain func hasCall(_ uuid: UUID) -> Bool {
        calls.contains(uuid)
    }

    /// The end the app asked for through a ``CXCallController``: the delegate performs it, and
    /// its fulfillment ends the call.
    @AppMain func performRequested(_ end: CXEndCallAction) {
        end.requestingProvider = self
        deliver(end)
    }

    /// The app fulfilled the end it asked for: the call ends.
    @AppMain func endRequestedCall(_ uuid: UUID) {
        calls.remove(uuid)
        application.reportCallEnded()
    }

    /// Stops hearing the user's answers.
    public func invalidate() {
        onMain { provider in
            if let relay = provider.relay, provider.application.callReceiver === relay { provider.application.callReceiver = nil }
            provider.relay = nil
        }
    }

    /// The user answered the call `call`.
    @AppMain func receiveAnswer(to call: IncomingCall, accepted: Bool) {
        let uuid = UUID(uuidString: call.uuid) ?? UUID()
        if !accepted { calls.remove(uuid) }
        deliver(accepted ? CXAnswerCallAction(call: uuid) : CXEndCallAction(call: uuid))
    }

    /// Has the delegate perform `action`, on its queue.
    @AppMain private func deliver(_ action: CXCallAction) {
        guard let delegate else { return }
        action.application = application
        let perform = { (provider: CXProvider, delegate: any CXProviderDelegate) in
            if let answer = action as? CXAnswerCallAction {
                delegate.provider(provider, perform: answer)
            } else if let end = action as? CXEndCallAction {
                delegate.provider(provider, perform: end)
            }
        }
        guard let queue = delegateQueue, !DispatchQueue.meansAppMain(queue) else { return perform(self, delegate) }
        // Unchecked: CallKit hands the provider and its delegate to the queue the app named, as
        // here; the app answers for what its delegate touches there.
        nonisolated(unsafe) let handOver = (provider: self, delegate: delegate, perform: perform)
        queue.async { handOver.perform(handOver.provider, handOver.delegate) }
    }
}
